package web

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/puzzlesolvers/puzzle/nonogram"
	"github.com/puzzlesolvers/puzzle/status"
	"github.com/puzzlesolvers/puzzle/sudoku"
)

// The browser tests drive Debian's chromium, headless, through the page:
// they load it, solve a puzzle in each tab, read back what is drawn and
// take screenshots, into $PUZZLE_SCREENSHOTS when set (a temporary
// directory otherwise). $PUZZLE_CHROMIUM names the browser to use. They
// skip when no chromium is found.

// findChromium returns the path of a Chromium or Chrome binary, or "".
func findChromium() string {
	if p := os.Getenv("PUZZLE_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// browser starts a headless browser for the test, or skips it.
func browser(t *testing.T) context.Context {
	t.Helper()
	path := findChromium()
	if path == "" {
		t.Skip("no chromium found (apt-get install chromium, or set $PUZZLE_CHROMIUM): skipping the browser tests")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.Headless,
		chromedp.DisableGPU,
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.WindowSize(1280, 900),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelBrowser := chromedp.NewContext(actx)
	// The deadline only stops a hung page: a test that takes many
	// screenshots needs a minute or more under the race detector on a
	// busy host.
	ctx, cancelTime := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(func() {
		cancelTime()
		cancelBrowser()
		cancelAlloc()
	})
	if err := chromedp.Do(ctx); err != nil { // start it now, to tell a broken browser from a failing page
		t.Skipf("chromium at %s does not start: %v", path, err)
	}
	return ctx
}

// screenshotDir returns where screenshots go.
// tabBuilt waits until a tab is shown and built: the page builds the
// selected tab after its first paint, and keeps it aria-busy until then.
func tabBuilt(name string) chromedp.Action[chromedp.Void] {
	return chromedp.WaitVisible(css("#tab-" + name + ":not([aria-busy])"))
}

func screenshotDir(t *testing.T) string {
	if d := os.Getenv("PUZZLE_SCREENSHOTS"); d != "" {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		return d
	}
	return t.TempDir()
}

func screenshot(t *testing.T, ctx context.Context, dir, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", path)
}

func TestBrowser(t *testing.T) {
	bctx := browser(t)
	s := newTestServer(t, Config{})
	ts := httptest.NewServer(s)
	defer ts.Close()
	dir := screenshotDir(t)

	// Each subtest has its own tab.
	tab := func(t *testing.T) context.Context {
		ctx, cancel := chromedp.NewContext(bctx)
		t.Cleanup(cancel)
		return ctx
	}

	t.Run("sudoku", func(t *testing.T) {
		ctx := tab(t)
		p := parseSudoku(t, sudokuClassic)
		res, _ := sudoku.Solve(context.Background(), p, sudoku.Options{})
		sol := res.Solutions[0]
		act(t, ctx,
			chromedp.Navigate(ts.URL+"/#sudoku"),
			chromedp.WaitVisible(css("#sudoku-grid .cell")),
			// Load the classic puzzle from its text.
			chromedp.Click(css("#tab-sudoku details.import summary")),
			chromedp.SetValue(id("sudoku-text"), sudokuClassic),
			chromedp.Click(id("sudoku-load")),
		)
		if sel := eval[string](t, ctx, `document.getElementById("tabbtn-sudoku").getAttribute("aria-selected")`); sel != "true" {
			t.Errorf("sudoku tab aria-selected %q", sel)
		}
		if givens := eval[int](t, ctx, `document.querySelectorAll("#sudoku-grid .cell.given").length`); givens != p.Givens() {
			t.Fatalf("%d givens drawn, want %d", givens, p.Givens())
		}
		// Keyboard: from r1c1, two steps right, and type r1c3's digit.
		act(t, ctx,
			chromedp.Click(css(`#sudoku-grid .cell[data-i="0"]`)),
			chromedp.SendKeys(id("sudoku-grid"), kb.ArrowRight+kb.ArrowRight+fmt.Sprint(sol[2])),
		)
		if typed := text(t, ctx, `#sudoku-grid .cell[data-i="2"]`); typed != fmt.Sprint(sol[2]) {
			t.Fatalf("typed into r1c3: %q, want %d", typed, sol[2])
		}
		// A hint, applied, places a digit of the solution.
		act(t, ctx,
			chromedp.Click(id("sudoku-hint-btn")),
			chromedp.WaitVisible(id("sudoku-apply")),
		)
		hintText := text(t, ctx, "#sudoku-hint")
		target := eval[int](t, ctx, `Number(document.querySelector("#sudoku-grid .cell.target").dataset.i)`)
		screenshot(t, ctx, dir, "sudoku-hint.png")
		act(t, ctx, chromedp.Click(id("sudoku-apply")))
		if placed := text(t, ctx, fmt.Sprintf(`#sudoku-grid .cell[data-i="%d"]`, target)); !strings.Contains(strings.ToLower(hintText), "single") || placed != fmt.Sprint(sol[target]) {
			t.Errorf("hint %q placed %q at cell %d, the solution has %d", hintText, placed, target, sol[target])
		}
		// Solve: the grid shows the solution.
		act(t, ctx,
			chromedp.Click(id("sudoku-solve")),
			chromedp.WaitVisible(css("#sudoku-status.ok")),
		)
		statusText := text(t, ctx, "#sudoku-status")
		drawn := eval[[]string](t, ctx, `[...document.querySelectorAll("#sudoku-grid .cell")].map(c => c.textContent)`)
		if !strings.HasPrefix(statusText, "Unique solution") || len(drawn) != 81 {
			t.Fatalf("status %q, %d cells", statusText, len(drawn))
		}
		for i, v := range sol {
			if drawn[i] != fmt.Sprint(v) {
				t.Fatalf("r%dc%d shows %q, the solution has %d", i/9+1, i%9+1, drawn[i], v)
			}
		}
		screenshot(t, ctx, dir, "sudoku-solved.png")
		// Generate an easy puzzle: the givens drawn have one solution.
		act(t, ctx,
			chromedp.SetValue(id("sudoku-difficulty"), "easy"),
			chromedp.Click(id("sudoku-generate")),
			chromedp.WaitVisible(css("#sudoku-status.ok")),
		)
		statusText = text(t, ctx, "#sudoku-status")
		drawn = eval[[]string](t, ctx, `[...document.querySelectorAll("#sudoku-grid .cell")].map(c => c.textContent || ".")`)
		g := parseSudoku(t, strings.Join(drawn, ""))
		if r, _ := sudoku.Solve(context.Background(), g, sudoku.Options{}); !strings.HasPrefix(statusText, "New easy puzzle") || r.Status != status.Unique {
			t.Errorf("generated: status %q, puzzle %s is %v", statusText, g, r.Status)
		}
		if !regexp.MustCompile(`\(seed \d+\)`).MatchString(statusText) {
			t.Errorf("generated: status %q does not show the seed", statusText)
		}
		// Rate it: the page shows the rating of the record.
		act(t, ctx,
			chromedp.Click(id("sudoku-rate")),
			chromedp.Poll[chromedp.Void](`document.getElementById("sudoku-status").textContent.startsWith("Difficulty")`, chromedp.WithPollingTimeout(20*time.Second)),
		)
		rt, _ := sudoku.Rate(context.Background(), g)
		if statusText = text(t, ctx, "#sudoku-status"); statusText != fmt.Sprintf("Difficulty: %v (hardest technique: %v, %d steps, score %.1f; about %.1f on Sudoku Explainer's scale, our estimate)", rt.Difficulty, rt.Hardest, rt.Steps, rt.Score, rt.SE) {
			t.Errorf("rated: status %q, want %+v", statusText, rt)
		}
		// An empty grid is for entering a puzzle: typed digits are givens.
		act(t, ctx,
			chromedp.Click(id("sudoku-empty")),
			chromedp.Click(css(`#sudoku-grid .cell[data-i="0"]`)),
			chromedp.SendKeys(id("sudoku-grid"), "7"+kb.ArrowDown+"3"),
		)
		if givens := eval[[]string](t, ctx, `[...document.querySelectorAll("#sudoku-grid .cell.given")].map(c => c.dataset.i + "=" + c.textContent)`); strings.Join(givens, " ") != "0=7 9=3" {
			t.Errorf("givens typed: %q, want 0=7 9=3", givens)
		}
	})

	// solveNonogram puts text in the puzzle box, solves it with the
	// animation at full speed and returns the picture drawn ('#' filled,
	// '.' empty, '?' undecided) and the status badge.
	solveNonogram := func(t *testing.T, ctx context.Context, puzzle string) (rows []string, badge string) {
		t.Helper()
		act(t, ctx,
			chromedp.SetValue(id("nonogram-speed"), "instant"),
			chromedp.SetValue(id("nonogram-text"), puzzle),
			chromedp.Click(id("nonogram-solve")),
			chromedp.WaitVisible(css(`#nonogram-svg[data-state="done"]`)),
		)
		rows = eval[[]string](t, ctx, `(() => {
			const svg = document.getElementById("nonogram-svg");
			const w = Number(svg.dataset.width), h = Number(svg.dataset.height);
			const cells = [...svg.querySelectorAll("rect.cell")];
			const rows = [];
			for (let r = 0; r < h; r++) {
				rows.push(cells.slice(r * w, r * w + w).map(c =>
					c.classList.contains("filled") ? "#" : c.classList.contains("empty") ? "." : "?").join(""));
			}
			return rows;
		})()`)
		return rows, text(t, ctx, "#nonogram-badge")
	}

	// A colour puzzle has no step-by-step explanation: the page draws the
	// solver's picture in its colours.
	t.Run("nonogram colour", func(t *testing.T) {
		ctx := tab(t)
		src := solveColourExample(t, ctx, ts.URL)
		fills := eval[[]string](t, ctx, `[...document.querySelectorAll("#nonogram-board svg.rendered g[fill] rect")].map(r => r.parentNode.getAttribute("fill"))`)
		count := map[string]int{}
		for _, f := range fills {
			count[f]++
		}
		p := parseNonogram(t, string(src))
		res, _ := nonogram.Solve(context.Background(), p, nonogram.Options{})
		want := map[string]int{}
		for _, c := range res.Solutions[0].Colors {
			if c != 0 {
				want["#"+strings.ToLower(p.Colors[c].RGB)]++
			}
		}
		badge := text(t, ctx, "#nonogram-badge")
		if badge != "Unique: exactly one picture" || fmt.Sprint(count) != fmt.Sprint(want) || len(want) != 3 {
			t.Errorf("badge %q, cells drawn per colour %v, want %v", badge, count, want)
		}
		screenshot(t, ctx, dir, "nonogram-colour.png")
	})

	t.Run("nonogram", func(t *testing.T) {
		ctx := tab(t)
		duck, err := os.ReadFile("../examples/nonogram/duck.txt")
		if err != nil {
			t.Skipf("no example: %v", err)
		}
		act(t, ctx,
			chromedp.Navigate(ts.URL+"/#nonogram"),
			chromedp.WaitVisible(id("nonogram-text")),
		)
		rows, badge := solveNonogram(t, ctx, string(duck))
		res, _ := nonogram.Solve(context.Background(), parseNonogram(t, string(duck)), nonogram.Options{})
		if badge != "Unique: exactly one picture" || strings.Join(rows, "\n") != strings.Join(res.Solutions[0].Rows(), "\n") {
			t.Fatalf("badge %q, drawn:\n%s\nwant:\n%s", badge, strings.Join(rows, "\n"), res.Solutions[0])
		}
		screenshot(t, ctx, dir, "nonogram-duck.png")

		// The animation: at normal speed a few steps are shown after half a
		// second, with the line of the last one highlighted; Pause stops it.
		act(t, ctx,
			chromedp.SetValue(id("nonogram-speed"), "normal"),
			chromedp.Click(id("nonogram-solve")),
			chromedp.WaitVisible(css(`#nonogram-svg[data-state="playing"]`)),
			chromedp.Sleep(600*time.Millisecond),
			chromedp.Click(id("nonogram-play")),
		)
		paused := text(t, ctx, "#nonogram-counter")
		screenshot(t, ctx, dir, "nonogram-animating.png")
		act(t, ctx, chromedp.Sleep(400*time.Millisecond))
		if again := text(t, ctx, "#nonogram-counter"); again != paused || !strings.HasPrefix(paused, "step ") {
			t.Errorf("paused at %q, then %q", paused, again)
		}
		if active := eval[int](t, ctx, `document.querySelectorAll("#nonogram-svg .clue.active").length`); active != 1 {
			t.Errorf("%d clues highlighted while paused, want 1", active)
		}

		// Several pictures: exactly the 8 cells where pictures differ
		// (rows 12–13 from 0, columns 3, 4, 7, 8) are drawn undecided,
		// the others agree with every picture.
		rocket := "14 12\n2\n4\n1 1\n1 1\n4\n6\n2 2\n2 2\n8\n3 2 3\n2 2 2\n2\n1 1\n1 1\n1\n2\n2\n5 1\n8 1\n2 2 4\n2 2 4\n8 1\n5 1\n2\n2\n1\n"
		rows, badge = solveNonogram(t, ctx, rocket)
		two, _ := nonogram.Solve(context.Background(), parseNonogram(t, rocket), nonogram.Options{})
		undecided := 0
		for r, row := range rows {
			for c, ch := range row {
				a := two.Solutions[0].At(r, c)
				differ := (r == 12 || r == 13) && (c == 3 || c == 4 || c == 7 || c == 8)
				switch {
				case differ && ch == '?':
					undecided++
				case differ:
					t.Errorf("r%dc%d drawn %c, the pictures differ there", r+1, c+1, ch)
				case ch != map[bool]rune{true: '#', false: '.'}[a]:
					t.Errorf("r%dc%d drawn %c, every picture has %v", r+1, c+1, ch, a)
				}
			}
		}
		if two.Status != status.Multiple || badge != "Several pictures meet these clues" || undecided != 8 {
			t.Errorf("rocket: %v, badge %q, %d undecided cells", two.Status, badge, undecided)
		}
		// The hints suggested make the first picture the only one.
		act(t, ctx, chromedp.WaitVisible(css("#nonogram-step[data-suggest]")))
		give := eval[string](t, ctx, `document.getElementById("nonogram-step").dataset.suggest`)
		if !strings.Contains(text(t, ctx, "#nonogram-step"), "To make it unique, print "+give+" on the grid (the fewest)") {
			t.Errorf("step text %q does not suggest %q", text(t, ctx, "#nonogram-step"), give)
		}
		fixed := &nonogram.Board{Width: 12, Height: 14, Cells: make([]nonogram.Cell, 12*14)}
		for _, g := range strings.Fields(give) {
			var r, c int
			var v rune
			if _, err := fmt.Sscanf(g, "r%dc%d=%c", &r, &c, &v); err != nil {
				t.Fatalf("hint %q: %v", g, err)
			}
			fixed.Cells[(r-1)*12+c-1] = map[rune]nonogram.Cell{'#': nonogram.Filled, '.': nonogram.Empty}[v]
		}
		if one, _ := nonogram.Solve(context.Background(), parseNonogram(t, rocket), nonogram.Options{Fixed: fixed}); len(strings.Fields(give)) != 2 || one.Status != status.Unique {
			t.Errorf("rocket with hints %q: %v", give, one.Status)
		}
		screenshot(t, ctx, dir, "nonogram-multiple.png")

		// No picture.
		if _, badge = solveNonogram(t, ctx, "2 2\n2\n0\n0\n2\n"); badge != "No picture meets these clues" {
			t.Errorf("none: badge %q", badge)
		}
		// Junk: a plain message.
		act(t, ctx,
			chromedp.SetValue(id("nonogram-text"), "3 3\n1\n1\n"),
			chromedp.Click(id("nonogram-solve")),
			chromedp.WaitVisible(css("#nonogram-status.error")),
		)
		if msg := text(t, ctx, "#nonogram-status"); msg == "" {
			t.Errorf("junk: no message")
		}
	})

	t.Run("nonogram-file", func(t *testing.T) {
		ctx := tab(t)
		// Open a .non file with a Latin-1 title: its name tells the format,
		// its bytes go to the server as they are.
		path := filepath.Join(t.TempDir(), "heart.non")
		non := "title \"C\xe6ur\"\nwidth 7\nheight 5\nrows\n2,2\n7\n5\n3\n1\ncolumns\n1\n3\n4\n4\n4\n3\n1\n"
		if err := os.WriteFile(path, []byte(non), 0o644); err != nil {
			t.Fatal(err)
		}
		act(t, ctx,
			chromedp.Navigate(ts.URL+"/#nonogram"),
			chromedp.WaitVisible(id("nonogram-file")),
			chromedp.SetValue(id("nonogram-speed"), "instant"),
			chromedp.SetUploadFiles(id("nonogram-file"), []string{path}),
			chromedp.WaitVisible(css(`#nonogram-svg[data-state="done"]`)),
		)
		rows := eval[[]string](t, ctx, `[...Array(5).keys()].map(r => [...document.querySelectorAll("#nonogram-svg rect.cell")].slice(r*7, r*7+7).map(c => c.classList.contains("filled") ? "#" : ".").join(""))`)
		if strings.Join(rows, "\n") != strings.Join(heartPicture, "\n") {
			t.Errorf("heart.non drawn as %q", rows)
		}
		if msg := text(t, ctx, "#nonogram-status"); !strings.Contains(msg, "unique") {
			t.Errorf("status %q", msg)
		}
	})

	t.Run("nonogram-draw", func(t *testing.T) {
		ctx := tab(t)
		// Draw an L in a 5×5 grid, get its clues, solve them: the picture
		// comes back.
		want := []string{"#....", "#....", "#....", "#....", "####."}
		steps := []chromedp.Action[chromedp.Void]{
			chromedp.Navigate(ts.URL + "/#nonogram"),
			chromedp.WaitVisible(id("nonogram-mode-draw")),
			chromedp.Click(id("nonogram-mode-draw")),
			chromedp.SetValue(id("nonogram-width"), "5"),
			chromedp.SetValue(id("nonogram-height"), "5"),
			chromedp.Click(css("#nonogram-drawpane button")), // New
			chromedp.WaitVisible(css(`#nonogram-draw-svg rect[data-i="24"]`)),
		}
		for r, row := range want {
			for c, ch := range row {
				if ch == '#' {
					steps = append(steps, chromedp.Click(css(fmt.Sprintf(`#nonogram-draw-svg rect[data-i="%d"]`, r*5+c))))
				}
			}
		}
		steps = append(steps, chromedp.Click(id("nonogram-clues")), chromedp.WaitVisible(id("nonogram-textpane")))
		act(t, ctx, steps...)
		clues, err := chromedp.Run(ctx, chromedp.Value(id("nonogram-text")))
		if err != nil || !strings.Contains(clues, "\n5 5\n") {
			t.Fatalf("clues text %q, %v", clues, err)
		}
		screenshot(t, ctx, dir, "nonogram-drawn-clues.png")
		rows, badge := solveNonogram(t, ctx, clues)
		if strings.Join(rows, "\n") != strings.Join(want, "\n") || badge != "Unique: exactly one picture" {
			t.Errorf("drawn %q came back as %q (%s)", want, rows, badge)
		}
	})
}

func css(s string) chromedp.CSS { return chromedp.CSS(s) }
func id(s string) chromedp.ID   { return chromedp.ID(s) }

// act runs browser actions, failing the test on an error.
func act(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatal(err)
	}
}

// shareLink asks family's tab for a share link with the progress, checks
// that it is the page's own address with a #family?… fragment, and
// returns it.
func shareLink(t *testing.T, ctx context.Context, pageURL, family string) string {
	t.Helper()
	act(t, ctx,
		chromedp.Click(id(family+"-share-progress")),
		chromedp.Click(id(family+"-share")),
		chromedp.WaitVisible(id(family+"-share-link")),
	)
	link := eval[string](t, ctx, `document.getElementById("`+family+`-share-link").value`)
	if !strings.HasPrefix(link, pageURL+"/#"+family+"?") {
		t.Fatalf("share link %q, want %s/#%s?…", link, pageURL, family)
	}
	return link
}

// eval evaluates a JavaScript expression in the page.
func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// text returns the visible text of the element that a CSS selector finds.
func text(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Text(css(sel)))
	if err != nil {
		t.Fatalf("text of %s: %v", sel, err)
	}
	return v
}

// solveColourExample opens the Nonogram tab, solves the colour example
// (examples/nonogram/colour.xml, skipping the test without it) until its
// picture is drawn, and returns the example's text.
func solveColourExample(t *testing.T, ctx context.Context, pageURL string) []byte {
	t.Helper()
	src, err := os.ReadFile("../examples/nonogram/colour.xml")
	if err != nil {
		t.Skipf("no example: %v", err)
	}
	act(t, ctx,
		chromedp.Navigate(pageURL+"/#nonogram"),
		chromedp.WaitVisible(id("nonogram-text")),
		chromedp.SetValue(id("nonogram-text"), string(src)),
		chromedp.Click(id("nonogram-solve")),
		chromedp.WaitVisible(css("#nonogram-board svg.rendered")),
	)
	return src
}
