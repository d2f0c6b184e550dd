package web

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserNonogramImageTimeout loads a picture whose puzzle the server
// cannot settle within its time limit: the reply is 504 with the picture,
// and the drawing is that picture all the same, the message saying that
// the clues have no verdict. A tall one that times out at the drawing's
// width is asked again 60 rows high, as one that does not.
func TestBrowserNonogramImageTimeout(t *testing.T) {
	ctx := browser(t)
	ts := httptest.NewServer(newTestServer(t, Config{Timeout: 300 * time.Millisecond}))
	defer ts.Close()
	// A random 60×60 picture, 45% black: the density whose clues are the
	// hardest (docs/benchmarks.md, random 50×40 pictures), so that neither
	// line solving nor a short search settles them, however fast the host
	// (a half-black one is settled within 300 ms on an idle host).
	rng := rand.New(rand.NewPCG(60, 60))
	noise := make([]string, 60)
	for r := range noise {
		b := make([]byte, 60)
		for c := range b {
			b[c] = '.'
			if rng.IntN(100) < 45 {
				b[c] = '#'
			}
		}
		noise[r] = string(b)
	}
	data := picturePNG(t, noise, 4)
	rep := do(t, newTestServer(t, Config{Timeout: 300 * time.Millisecond}), "POST", "/api/nonogram/from-image?width=60", string(data))
	if rep.Code != 504 || !strings.Contains(rep.Body.String(), `"picture":["`+noise[0]) {
		t.Fatalf("the picture's puzzle was settled in time, or the record has no picture: %d %.300s", rep.Code, rep.Body.String())
	}
	path := filepath.Join(t.TempDir(), "noise.png")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	act(t, ctx,
		chromedp.Navigate(ts.URL+"/#nonogram"),
		tabBuilt("nonogram"),
		chromedp.Click(id("nonogram-mode-draw")),
		chromedp.WaitVisible(id("nonogram-image")),
		chromedp.SetValue(id("nonogram-width"), "60"),
		chromedp.SetUploadFiles(id("nonogram-image"), []string{path}),
		chromedp.WaitVisible(css(`#nonogram-draw[data-loaded="noise.png"]`)),
	)
	got := eval[[]string](t, ctx, `(() => {
		const w = Number(document.getElementById("nonogram-width").value), h = Number(document.getElementById("nonogram-height").value);
		const cells = [...document.querySelectorAll("#nonogram-draw-svg rect.dcell")];
		const rows = [];
		for (let r = 0; r < h; r++) rows.push(cells.slice(r * w, r * w + w).map(c => c.classList.contains("on") ? "#" : ".").join(""));
		return rows;
	})()`)
	if strings.Join(got, "\n") != strings.Join(noise, "\n") {
		t.Errorf("noise.png drawn as\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(noise, "\n"))
	}
	if msg := text(t, ctx, "#nonogram-status"); !strings.Contains(msg, "Loaded noise.png (240×240 pixels) as a 60×60 picture") ||
		!strings.Contains(msg, "no answer within 300ms") {
		t.Errorf("status %q", msg)
	}

	// 30 columns of noise 300 rows high time out; 60 rows high, 6 wide,
	// they are settled at once.
	tall := make([]string, 300)
	for r := range tall {
		tall[r] = strings.Repeat(noise[r%60][r/60:r/60+1], 2) + noise[r%60][:28]
	}
	data = picturePNG(t, tall, 2)
	rep = do(t, newTestServer(t, Config{Timeout: 300 * time.Millisecond}), "POST", "/api/nonogram/from-image?width=30", string(data))
	if rep.Code != 504 || !strings.Contains(rep.Body.String(), `"rows":300`) {
		t.Fatalf("the tall picture's puzzle was settled in time, or the record has no size: %d %.300s", rep.Code, rep.Body.String())
	}
	path = filepath.Join(t.TempDir(), "tall.png")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	act(t, ctx,
		chromedp.SetValue(id("nonogram-width"), "30"),
		chromedp.SetUploadFiles(id("nonogram-image"), []string{path}),
		chromedp.WaitVisible(css(`#nonogram-draw[data-loaded="tall.png"]`)),
	)
	if h := eval[string](t, ctx, `document.getElementById("nonogram-height").value`); h != "60" {
		t.Errorf("tall.png loaded %s rows high, want 60", h)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#nonogram-draw-svg rect.dcell").length`); n != 60*6 {
		t.Errorf("tall.png drawn with %d cells, want 60×6", n)
	}
	if msg := text(t, ctx, "#nonogram-status"); !strings.Contains(msg, "Loaded tall.png (60×600 pixels) as a 60×6 picture") {
		t.Errorf("status %q", msg)
	}
}

// TestBrowserNonogramImageUndecided loads a picture whose clues have two
// pictures (a diagonal pair of cells can be the other diagonal): the
// drawing outlines exactly the cells the route calls undecided, the four
// of that square, and the outlines go at the first edit.
func TestBrowserNonogramImageUndecided(t *testing.T) {
	ctx := browser(t)
	srv := newTestServer(t, Config{})
	ts := httptest.NewServer(srv)
	defer ts.Close()
	pic := fromImageDiagonal
	data := picturePNG(t, pic, 10)
	rep := do(t, srv, "POST", "/api/nonogram/from-image?width=6", string(data))
	var rec struct {
		Status    string
		Undecided []struct{ Row, Col int }
	}
	if err := json.Unmarshal(rep.Body.Bytes(), &rec); err != nil || rec.Status != "multiple" {
		t.Fatalf("%v: %s", err, rep.Body.String())
	}
	var want []string
	for _, c := range rec.Undecided {
		want = append(want, fmt.Sprint(c.Row*6+c.Col))
	}
	if strings.Join(want, " ") != "0 1 6 7" {
		t.Fatalf("undecided %v, want the square r1c1, r1c2, r2c1, r2c2", rec.Undecided)
	}
	path := filepath.Join(t.TempDir(), "diagonal.png")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	act(t, ctx,
		chromedp.Navigate(ts.URL+"/#nonogram"),
		tabBuilt("nonogram"),
		chromedp.Click(id("nonogram-mode-draw")),
		chromedp.WaitVisible(id("nonogram-image")),
		chromedp.SetValue(id("nonogram-width"), "6"),
		chromedp.SetUploadFiles(id("nonogram-image"), []string{path}),
		chromedp.WaitVisible(css(`#nonogram-draw[data-loaded="diagonal.png"]`)),
	)
	outlined := func() string {
		return eval[string](t, ctx, `[...document.querySelectorAll("#nonogram-draw-svg rect.undecided")].map(r => r.dataset.i).join(" ")`)
	}
	if got := outlined(); got != strings.Join(want, " ") {
		t.Errorf("outlined cells %q, want %q", got, strings.Join(want, " "))
	}
	if msg := text(t, ctx, "#nonogram-status"); !strings.Contains(msg, "differ on the 4 cells outlined in amber") {
		t.Errorf("status %q", msg)
	}
	screenshot(t, ctx, screenshotDir(t), "nonogram-image-undecided.png")
	act(t, ctx, chromedp.Click(css(`#nonogram-draw-svg rect.dcell[data-i="20"]`)))
	if got := outlined(); got != "" {
		t.Errorf("after an edit, cells %q are still outlined", got)
	}
}

// TestBrowserNonogramImageColour loads a picture in three colours whose
// clues have one picture (the route says so first): the
// page asks the route for colors=3, puts the colour puzzle in the puzzle
// text, solves and draws it, and plays it to the end with the keyboard,
// each cell in the colour the route's picture gives it.
func TestBrowserNonogramImageColour(t *testing.T) {
	ctx := browser(t)
	watchErrors(t, ctx)
	srv := newTestServer(t, Config{})
	ts := httptest.NewServer(srv)
	defer ts.Close()
	// Runs of two colours side by side: one picture meets its clues.
	pic := []string{"rrrrbb", "rrrbbb", "rrbbbr", "rbbbrr", "..rr.."}
	data := picturePNG(t, pic, 12)
	rep := do(t, srv, "POST", "/api/nonogram/from-image?width=6&colors=3", string(data))
	var rec struct {
		Status  string
		Picture []string
		Colors  []struct{ Char, Name string }
	}
	if err := json.Unmarshal(rep.Body.Bytes(), &rec); err != nil || rep.Code != 200 || len(rec.Colors) != 3 || rec.Status != "unique" {
		t.Fatalf("%v: %d %s", err, rep.Code, rep.Body.String())
	}
	path := filepath.Join(t.TempDir(), "flag.png")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	act(t, ctx,
		chromedp.Navigate(ts.URL+"/#nonogram"),
		tabBuilt("nonogram"),
		chromedp.SetValue(id("nonogram-speed"), "instant"),
		chromedp.Click(id("nonogram-mode-draw")),
		chromedp.WaitVisible(id("nonogram-image")),
		chromedp.SetValue(id("nonogram-width"), "6"),
		chromedp.SetValue(id("nonogram-image-colors"), "3"),
		chromedp.SetUploadFiles(id("nonogram-image"), []string{path}),
		chromedp.WaitVisible(css("#nonogram-board svg.rendered")),
		chromedp.WaitReady(css(`#nonogram-draw[data-loaded="flag.png"]`)), // in the drawing pane, hidden for the puzzle text
		chromedp.WaitEnabled(id("nonogram-playmine")),
	)
	if n := eval[int](t, ctx, `(document.getElementById("nonogram-text").value.match(/<color /g) || []).length`); n != 3 {
		t.Errorf("the puzzle text has %d colours, want 3", n)
	}
	names := rec.Colors[1].Name + ", " + rec.Colors[2].Name
	if msg := text(t, ctx, "#nonogram-status"); !strings.Contains(msg, "Loaded flag.png (72×60 pixels) as a 5×6 picture in 3 colours ("+rec.Colors[0].Name+", "+names+")") {
		t.Errorf("status %q", msg)
	}
	if text(t, ctx, "#nonogram-badge") != "Unique: exactly one picture" {
		t.Errorf("badge %q for a unique picture", text(t, ctx, "#nonogram-badge"))
	}
	screenshot(t, ctx, screenshotDir(t), "nonogram-image-colour.png")

	act(t, ctx, chromedp.Click(id("nonogram-playmine")), chromedp.WaitVisible(css(`#nonogram-playboard[data-state="playing"]`)))
	tools := eval[string](t, ctx, `[...document.querySelectorAll(".np-tools button")].map(b => b.textContent).join("|")`)
	if tools != rec.Colors[1].Name+"|"+rec.Colors[2].Name+"|✕ Cross" {
		t.Errorf("tools %q", tools)
	}
	key := map[byte]string{}
	for k, c := range rec.Colors[1:] {
		key[c.Char[0]] = fmt.Sprint(k + 1)
	}
	var keys strings.Builder
	for r, row := range rec.Picture {
		for c := range row {
			if k, ok := key[row[c]]; ok {
				keys.WriteString(k + " ")
			} else {
				keys.WriteString("x")
			}
			if c < len(row)-1 {
				keys.WriteString(kb.ArrowRight)
			}
		}
		if r < len(rec.Picture)-1 {
			keys.WriteString(kb.ArrowDown + kb.Home)
		}
	}
	first := `#nonogram-grid [data-r="0"][data-c="0"]`
	act(t, ctx, chromedp.Focus(css(first)), chromedp.SendKeys(css(first), keys.String()),
		chromedp.WaitVisible(css(`#nonogram-playboard[data-state="solved"]`)))
	screenshot(t, ctx, screenshotDir(t), "nonogram-image-colour-played.png")
}
