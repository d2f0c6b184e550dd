package web

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserNonogramImage loads a generated PNG into the nonogram tab's
// drawing: the drawing is the picture painted, its clues solve back to it;
// a tall picture keeps its shape within 60 cells.
func TestBrowserNonogramImage(t *testing.T) {
	ctx := browser(t)
	ts := httptest.NewServer(newTestServer(t, Config{}))
	defer ts.Close()
	dir := t.TempDir()
	heart := []string{".##...##.", "####.####", "#########", "#########", ".#######.", "..#####..", "...###...", "....#...."}
	path := filepath.Join(dir, "heart.png")
	if err := os.WriteFile(path, picturePNG(t, heart, 12), 0o644); err != nil {
		t.Fatal(err)
	}
	act(t, ctx,
		chromedp.Navigate(ts.URL+"/#nonogram"),
		tabBuilt("nonogram"),
		chromedp.Click(id("nonogram-mode-draw")),
		chromedp.WaitVisible(id("nonogram-image")),
		chromedp.SetValue(id("nonogram-width"), "9"),
		chromedp.SetUploadFiles(id("nonogram-image"), []string{path}),
		chromedp.WaitVisible(css(`#nonogram-draw[data-loaded="heart.png"]`)),
	)
	drawing := func() []string {
		return eval[[]string](t, ctx, `(() => {
			const w = Number(document.getElementById("nonogram-width").value), h = Number(document.getElementById("nonogram-height").value);
			const cells = [...document.querySelectorAll("#nonogram-draw-svg rect.dcell")];
			if (cells.length !== w * h) return ["wrong size: " + cells.length + " cells for " + w + "×" + h];
			const rows = [];
			for (let r = 0; r < h; r++) rows.push(cells.slice(r * w, r * w + w).map(c => c.classList.contains("on") ? "#" : ".").join(""));
			return rows;
		})()`)
	}
	if got := drawing(); strings.Join(got, "\n") != strings.Join(heart, "\n") {
		t.Fatalf("heart.png drawn as\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(heart, "\n"))
	}
	if msg := text(t, ctx, "#nonogram-status"); !strings.Contains(msg, "Loaded heart.png (108×96 pixels) as a 8×9 picture") ||
		!strings.Contains(msg, "one picture") {
		t.Errorf("status %q", msg)
	}
	// The controls are labelled and reachable by keyboard.
	if ok := eval[bool](t, ctx, `["nonogram-image", "nonogram-image-mode"].every(id => {
		const e = document.getElementById(id);
		return e.labels.length === 1 && e.labels[0].textContent.trim() !== "" && e.tabIndex >= 0 && !e.disabled;
	})`); !ok {
		t.Error("the picture controls are not labelled and focusable")
	}

	// Its clues, solved, give the picture back.
	act(t, ctx,
		chromedp.Click(id("nonogram-clues")),
		chromedp.WaitVisible(id("nonogram-textpane")),
		chromedp.SetValue(id("nonogram-speed"), "instant"),
		chromedp.Click(id("nonogram-solve")),
		chromedp.WaitVisible(css(`#nonogram-svg[data-state="done"]`)),
	)
	solved := eval[[]string](t, ctx, `(() => {
		const svg = document.getElementById("nonogram-svg");
		const w = Number(svg.dataset.width), h = Number(svg.dataset.height);
		const cells = [...svg.querySelectorAll("rect.cell")];
		const rows = [];
		for (let r = 0; r < h; r++) rows.push(cells.slice(r * w, r * w + w).map(c => c.classList.contains("filled") ? "#" : ".").join(""));
		return rows;
	})()`)
	if strings.Join(solved, "\n") != strings.Join(heart, "\n") || text(t, ctx, "#nonogram-badge") != "Unique: exactly one picture" {
		t.Errorf("the clues solve to\n%s", strings.Join(solved, "\n"))
	}

	// A tall picture at width 30 would be 300 rows: it loads 60 high. It
	// is black, so that its puzzle solves at once even under the race
	// detector (a dithered checkerboard's took over 10 s there).
	tall := make([]string, 20)
	for r := range tall {
		tall[r] = "##"
	}
	path = filepath.Join(dir, "tall.png")
	if err := os.WriteFile(path, picturePNG(t, tall, 5), 0o644); err != nil {
		t.Fatal(err)
	}
	act(t, ctx,
		chromedp.Click(id("nonogram-mode-draw")),
		chromedp.SetValue(id("nonogram-width"), "30"),
		chromedp.SetValue(id("nonogram-image-mode"), "dither"),
		chromedp.SetUploadFiles(id("nonogram-image"), []string{path}),
		chromedp.WaitVisible(css(`#nonogram-draw[data-loaded="tall.png"]`)),
	)
	if got := drawing(); len(got) != 60 || len(got[0]) != 6 {
		t.Errorf("tall.png (10×100 pixels) drawn %d×%d, want 60×6", len(got), len(got[0]))
	}
	if msg := text(t, ctx, "#nonogram-status"); !strings.Contains(msg, "by dithering") {
		t.Errorf("status %q", msg)
	}
	// A file that is no picture: a message, the drawing kept.
	path = filepath.Join(dir, "notes.png")
	os.WriteFile(path, []byte("not a picture"), 0o644)
	act(t, ctx,
		chromedp.SetUploadFiles(id("nonogram-image"), []string{path}),
		chromedp.WaitVisible(css("#nonogram-status.error")),
	)
	if msg := text(t, ctx, "#nonogram-status"); !strings.Contains(msg, "notes.png: not a PNG, GIF or JPEG image") {
		t.Errorf("status %q", msg)
	}
}
