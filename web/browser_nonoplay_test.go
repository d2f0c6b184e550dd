package web

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/puzzlesolvers/puzzle/nonogram"
	"github.com/puzzlesolvers/puzzle/status"
)

// playPicture is a picture drawn for these tests; its clues are made
// here, and the solver says it has no other picture.
var playPicture = []string{
	".##...",
	"####..",
	".#####",
	"..###.",
	"...#.#",
	"..##.#",
}

// runsOf is the clue of a line of '#' and '.'.
func runsOf(line string) []int {
	var out []int
	n := 0
	for i := 0; i <= len(line); i++ {
		if i < len(line) && line[i] == '#' {
			n++
		} else if n > 0 {
			out = append(out, n)
			n = 0
		}
	}
	return out
}

// plainOf writes the clues of a picture in the plain format.
func plainOf(pic []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d %d\n", len(pic), len(pic[0]))
	clue := func(r []int) {
		s := make([]string, len(r))
		for i, v := range r {
			s[i] = fmt.Sprint(v)
		}
		if len(s) == 0 {
			s = []string{"0"}
		}
		b.WriteString(strings.Join(s, " ") + "\n")
	}
	for _, row := range pic {
		clue(runsOf(row))
	}
	for c := range pic[0] {
		col := make([]byte, len(pic))
		for r := range pic {
			col[r] = pic[r][c]
		}
		clue(runsOf(string(col)))
	}
	return b.String()
}

// openPlay loads the puzzle text, solves it and opens the game.
func openPlay(t *testing.T, ctx context.Context, url, puzzle string) {
	t.Helper()
	act(t, ctx,
		chromedp.Navigate(url),
		chromedp.WaitVisible(id("nonogram-text")),
		chromedp.SetValue(id("nonogram-speed"), "instant"),
		chromedp.SetValue(id("nonogram-text"), puzzle),
		chromedp.Click(id("nonogram-solve")),
		chromedp.WaitEnabled(id("nonogram-playmine")),
		chromedp.Click(id("nonogram-playmine")),
		chromedp.WaitVisible(css(`#nonogram-playboard[data-state="playing"]`)),
	)
}

// boardState reads the game from the cells' labels: '#' filled, 'x'
// crossed, '.' empty, one string per row.
func boardState(t *testing.T, ctx context.Context) []string {
	t.Helper()
	return eval[[]string](t, ctx, `[...document.querySelectorAll("#nonogram-grid [role=row]")].map(r =>
		[...r.children].map(c => { const l = c.getAttribute("aria-label"); return l.endsWith("crossed") ? "x" : l.includes(", filled") ? "#" : "."; }).join(""))`)
}

// keysFor are the keys that play the picture from the top-left cell of an
// empty board: Space on each filled cell, X on each empty one.
func keysFor(pic []string) string {
	var b strings.Builder
	for r, row := range pic {
		for c := range row {
			if row[c] == '#' {
				b.WriteString(" ")
			} else {
				b.WriteString("x")
			}
			if c < len(row)-1 {
				b.WriteString(kb.ArrowRight)
			}
		}
		if r < len(pic)-1 {
			b.WriteString(kb.ArrowDown + kb.Home)
		}
	}
	return b.String()
}

func crossed(pic []string) []string {
	out := make([]string, len(pic))
	for r, row := range pic {
		out[r] = strings.ReplaceAll(row, ".", "x")
	}
	return out
}

// TestBrowserNonogramPlay plays a nonogram with the keyboard only: greyed
// clues, undo and redo, check, a hint applied, a reload and a share link
// that keep the game, then the whole picture to the end.
func TestBrowserNonogramPlay(t *testing.T) {
	p, err := nonogram.Parse(strings.NewReader(plainOf(playPicture)))
	if err != nil {
		t.Fatal(err)
	}
	if res, err := nonogram.Solve(context.Background(), p, nonogram.Options{Limit: 2}); err != nil || res.Status != status.Unique {
		t.Fatalf("the test's picture: %v %v, want unique", res.Status, err)
	}
	bctx := browser(t)
	watchErrors(t, bctx)
	ts := httptest.NewServer(newTestServer(t, Config{}))
	defer ts.Close()
	dir := screenshotDir(t)
	ctx := bctx

	openPlay(t, ctx, ts.URL+"/?play#nonogram", plainOf(playPicture))
	// The greying rule on known lines, clue numbers as [length, colour].
	cases := []struct {
		line, clue, want string
	}{
		{"[1,1,-1,0,0,0,-1,1]", "[[2,1],[1,1],[1,1]]", "true,false,true"}, // placed at both ends
		{"[1,1,0,0,0,0,0,1]", "[[2,1],[1,1],[1,1]]", "false,false,false"}, // both runs open on their inner side
		{"[-1,1,-1,1,0]", "[[1,1],[2,1]]", "true,false"},                  // the second run is still open
		{"[1,0,1,1,0]", "[[1,1],[2,1]]", "true,true"},                     // the filled cells are the clue
		{"[1,1,-1,1,-1]", "[[1,1],[2,1]]", "false,false"},                 // from the left, 2 is not 1; from the right, 1 is not 2
		{"[2,2,-1,1,0,0,0]", "[[2,2],[1,1],[1,2]]", "true,false,false"},   // colours
		{"[1,-1,2,0]", "[[1,1],[1,2],[1,2]]", "true,false,false"},         // a colour run after a cross
	}
	for _, c := range cases {
		got := eval[string](t, ctx, fmt.Sprintf(`Puzzle.nonoplay.greyed(%s, %s).join(",")`, c.line, c.clue))
		if got != c.want {
			t.Errorf("greyed(%s, %s) = %s, want %s", c.line, c.clue, got, c.want)
		}
	}

	// The first two rows by keyboard: their clues greyed, the third's not.
	cell := func(r, c int) string { return fmt.Sprintf(`#nonogram-grid [data-r="%d"][data-c="%d"]`, r, c) }
	act(t, ctx, chromedp.Focus(css(cell(0, 0))), chromedp.SendKeys(css(cell(0, 0)), keysFor(playPicture[:2])))
	want := []string{crossed(playPicture)[0], crossed(playPicture)[1], "......", "......", "......", "......"}
	if got := boardState(t, ctx); strings.Join(got, "/") != strings.Join(want, "/") {
		t.Fatalf("after two rows by keyboard: %q, want %q", got, want)
	}
	greyedNow := eval[[]string](t, ctx, `[...document.querySelectorAll("#nonogram-playboard .np-rows .np-clue")].map(c => [...c.children].map(s => s.classList.contains("done") ? "d" : "o").join(""))`)
	// Rows 1 and 2 are done. Columns: the first, whose filled cells (one)
	// are its clue [1]; no other, each run placed being open below.
	if greyedNow[0] != "d" || greyedNow[1] != "d" || greyedNow[2] != "o" {
		t.Errorf("row clues greyed: %q", greyedNow)
	}
	colsNow := eval[[]string](t, ctx, `[...document.querySelectorAll("#nonogram-playboard .np-cols .np-clue")].map(c => [...c.children].map(s => s.classList.contains("done") ? "d" : "o").join(""))`)
	if strings.Join(colsNow, " ") != "d o oo o o oo" {
		t.Errorf("column clues greyed after two rows: %q", colsNow)
	}
	if l := eval[string](t, ctx, `document.activeElement.getAttribute("aria-label")`); l != "row 2, column 6, crossed" {
		t.Errorf("the focused cell is labelled %q", l)
	}
	if l := eval[string](t, ctx, `document.querySelector('`+cell(1, 0)+`').getAttribute("aria-label")`); l != "row 2, column 1, filled" {
		t.Errorf("r2c1 is labelled %q", l)
	}

	// Undo, redo; a wrong cell found by check, then cleared by Delete.
	act(t, ctx, chromedp.SendKeys(css(cell(1, 5)), "u"))
	if got := boardState(t, ctx)[1]; got != "####x." {
		t.Errorf("after undo: row 2 %q", got)
	}
	act(t, ctx, chromedp.SendKeys(css(cell(1, 5)), "y"))
	if got := boardState(t, ctx)[1]; got != "####xx" {
		t.Errorf("after redo: row 2 %q", got)
	}
	act(t, ctx, chromedp.SendKeys(css(cell(1, 5)), kb.ArrowDown+kb.Home+" c"))
	if got := eval[string](t, ctx, `document.getElementById("nonogram-playboard").dataset.wrong + " " + document.querySelectorAll("#nonogram-grid .wrong").length + " " + document.querySelector("#nonogram-grid .wrong").dataset.r + document.querySelector("#nonogram-grid .wrong").dataset.c`); got != "1 1 20" {
		t.Errorf("check after a wrong fill at r3c1: %q", got)
	}
	screenshot(t, ctx, dir, "nonogram-play-check.png")
	act(t, ctx, chromedp.SendKeys(css(cell(2, 0)), kb.Delete))

	// A hint: a line the solver deduces next, the cells it settles, all
	// of them the picture's; asked again, it fills them in.
	act(t, ctx, chromedp.Click(id("nonogram-hint")), chromedp.WaitVisible(css(`#nonogram-playboard[data-hint]`)))
	hinted := eval[[][3]int](t, ctx, `[...document.querySelectorAll("#nonogram-grid .hint-fill, #nonogram-grid .hint-cross")].map(c => [+c.dataset.r, +c.dataset.c, c.classList.contains("hint-fill") ? 1 : 0])`)
	if len(hinted) == 0 {
		t.Fatal("a hint settles no cell")
	}
	for _, h := range hinted {
		if (playPicture[h[0]][h[1]] == '#') != (h[2] == 1) {
			t.Errorf("the hint says r%dc%d is %v; the picture says %c", h[0]+1, h[1]+1, h[2] == 1, playPicture[h[0]][h[1]])
		}
	}
	if msg := text(t, ctx, "#nonogram-playmsg"); !strings.HasPrefix(msg, "Hint: ") || !strings.Contains(msg, "It settles") {
		t.Errorf("hint message %q", msg)
	}
	screenshot(t, ctx, dir, "nonogram-play-hint.png")
	act(t, ctx, chromedp.Click(id("nonogram-hint")))
	state := boardState(t, ctx)
	for _, h := range hinted {
		if got := state[h[0]][h[1]]; (h[2] == 1) != (got == '#') || (h[2] == 0 && got != 'x') {
			t.Errorf("after the hint is applied, r%dc%d is %c", h[0]+1, h[1]+1, got)
		}
	}

	// A reload keeps the game; a share link with progress carries it.
	act(t, ctx, chromedp.Reload(), chromedp.WaitVisible(css(`#nonogram-playboard[data-state="playing"]`)))
	if got := boardState(t, ctx); strings.Join(got, "/") != strings.Join(state, "/") {
		t.Errorf("after a reload: %q, want %q", got, state)
	}
	link := shareLink(t, ctx, ts.URL, "nonogram")
	other, cancel := chromedp.NewContext(bctx)
	act(t, other, chromedp.Navigate(link), chromedp.WaitVisible(css(`#nonogram-playboard[data-state="playing"]`)))
	if got := boardState(t, other); strings.Join(got, "/") != strings.Join(state, "/") {
		t.Errorf("the link %s opens %q, want %q", link, got, state)
	}
	cancel()

	// Restart, and the whole picture by keyboard: solved, the time told.
	act(t, ctx,
		chromedp.Click(id("nonogram-restart")),
		chromedp.Focus(css(cell(0, 0))),
		chromedp.SendKeys(css(cell(0, 0)), keysFor(playPicture)),
		chromedp.WaitVisible(css(`#nonogram-playboard[data-state="solved"]`)),
	)
	if got := boardState(t, ctx); strings.Join(got, "/") != strings.Join(crossed(playPicture), "/") {
		t.Errorf("played: %q", got)
	}
	if msg := text(t, ctx, "#nonogram-status"); !strings.HasPrefix(msg, "Solved in 0:") {
		t.Errorf("solved: %q", msg)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#nonogram-playboard .num:not(.done):not(.zero)").length`); n != 0 {
		t.Errorf("%d clue numbers not greyed at the end", n)
	}
	screenshot(t, ctx, dir, "nonogram-play-solved.png")
}

// cellCentre returns the middle of a cell of the game, in CSS pixels.
func cellCentre(t *testing.T, ctx context.Context, r, c int) (float64, float64) {
	t.Helper()
	xy := eval[[]float64](t, ctx, fmt.Sprintf(`(() => { const b = document.querySelector('#nonogram-grid [data-r="%d"][data-c="%d"]').getBoundingClientRect(); return [b.x + b.width / 2, b.y + b.height / 2]; })()`, r, c))
	return xy[0], xy[1]
}

// drag presses the mouse on the first cell of the path, moves over the
// others and releases on the last.
func drag(t *testing.T, ctx context.Context, right bool, path ...[2]int) {
	t.Helper()
	btn := chromedp.ButtonLeft
	if right {
		btn = chromedp.ButtonRight
	}
	var steps []chromedp.Action[chromedp.Void]
	var x, y float64
	for i, p := range path {
		x, y = cellCentre(t, ctx, p[0], p[1])
		typ := input.DispatchMouseEventTypeMouseMoved
		if i == 0 {
			typ = input.DispatchMouseEventTypeMousePressed
		}
		steps = append(steps, chromedp.MouseEvent(typ, x, y, btn, chromedp.ClickCount(1)))
	}
	steps = append(steps, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, x, y, btn, chromedp.ClickCount(1)))
	act(t, ctx, steps...)
}

// TestBrowserNonogramDrag plays the picture with the mouse: a drag per
// run, a right-drag crosses, undo takes back a whole drag; then a 25×25
// game times every kind of interaction.
func TestBrowserNonogramDrag(t *testing.T) {
	ctx := browser(t)
	watchErrors(t, ctx)
	ts := httptest.NewServer(newTestServer(t, Config{}))
	defer ts.Close()
	dir := screenshotDir(t)
	openPlay(t, ctx, ts.URL+"/?drag#nonogram", plainOf(playPicture))

	// A drag that wanders off its row still paints the row only.
	drag(t, ctx, false, [2]int{1, 0}, [2]int{1, 1}, [2]int{2, 3})
	if got := boardState(t, ctx); got[1] != "####.." || got[2] != "......" {
		t.Fatalf("a drag from r2c1 to r3c4 paints %q", got)
	}
	act(t, ctx, chromedp.Click(id("nonogram-undo")))
	if got := strings.Join(boardState(t, ctx), ""); strings.Contains(got, "#") {
		t.Fatalf("undo leaves %q", got)
	}
	// The empty cells of the first row crossed by a right-drag, then
	// every run by a drag along its row.
	drag(t, ctx, true, [2]int{0, 3}, [2]int{0, 5})
	if got := boardState(t, ctx)[0]; got != "...xxx" {
		t.Errorf("the first row after a right-drag: %q", got)
	}
	for r, row := range playPicture {
		for c := 0; c < len(row); {
			if row[c] != '#' {
				c++
				continue
			}
			e := c
			for e+1 < len(row) && row[e+1] == '#' {
				e++
			}
			drag(t, ctx, false, [2]int{r, c}, [2]int{r, e})
			c = e + 1
		}
	}
	act(t, ctx, chromedp.WaitVisible(css(`#nonogram-playboard[data-state="solved"]`)))
	screenshot(t, ctx, dir, "nonogram-play-drag.png")

	// A 25×25 picture: every interaction timed, handlers and layout.
	big := make([]string, 25)
	for r := range big {
		b := make([]byte, 25)
		for c := range b {
			b[c] = ".#"[(r*r+3*c+r*c)%7/3%2]
		}
		big[r] = string(b)
	}
	openPlay(t, ctx, ts.URL+"/?big#nonogram", plainOf(big))
	times := eval[map[string]float64](t, ctx, `(() => {
		const grid = document.getElementById("nonogram-grid");
		const cell = (r, c) => grid.querySelector('[data-r="' + r + '"][data-c="' + c + '"]');
		const time = (f) => { const t0 = performance.now(); f(); void document.body.offsetWidth; return performance.now() - t0; };
		const key = (k) => () => document.activeElement.dispatchEvent(new KeyboardEvent("keydown", {key: k, bubbles: true}));
		const ptr = (type, r, c) => { const b = cell(r, c).getBoundingClientRect();
			grid.dispatchEvent(new PointerEvent(type, {clientX: b.x + b.width / 2, clientY: b.y + b.height / 2, button: 0, pointerId: 7, bubbles: true})); };
		const out = {};
		cell(12, 12).focus();
		out.fill = time(key(" "));
		out.cross = time(key("x"));
		out.move = time(key("ArrowRight"));
		out.undo = time(key("u"));
		out.redo = time(key("y"));
		out.pointerdown = time(() => ptr("pointerdown", 3, 0));
		out.dragrow = time(() => ptr("pointermove", 3, 24));
		out.pointerup = time(() => ptr("pointerup", 3, 24));
		out.painted = [...grid.querySelectorAll('[data-r="3"]')].filter((c) => c.classList.contains("filled")).length;
		out.undodrag = time(() => document.getElementById("nonogram-undo").click());
		out.check = time(() => document.getElementById("nonogram-check").click());
		out.hint = time(() => document.getElementById("nonogram-hint").click());
		out.hintapply = time(() => document.getElementById("nonogram-hint").click());
		return out;
	})()`)
	worst := 0.0
	var parts []string
	for _, k := range []string{"fill", "cross", "move", "undo", "redo", "pointerdown", "dragrow", "pointerup", "undodrag", "check", "hint", "hintapply"} {
		parts = append(parts, fmt.Sprintf("%s %.2f", k, times[k]))
		worst = max(worst, times[k])
	}
	if times["painted"] != 25 {
		t.Errorf("the timed drag along a row of the 25×25 filled %v cells, want 25", times["painted"])
	}
	t.Logf("25×25, ms per interaction (handlers and layout): %s; worst %.2f", strings.Join(parts, ", "), worst)
}

// TestBrowserNonogramPlayShots keeps screenshots of the game at 1280 and
// 390 px, light and dark, and checks the page does not scroll sideways
// and keeps AA contrast.
func TestBrowserNonogramPlayShots(t *testing.T) {
	ctx := browser(t)
	watchErrors(t, ctx)
	ts := httptest.NewServer(newTestServer(t, Config{}))
	defer ts.Close()
	dir := screenshotDir(t)
	big := make([]string, 25)
	for r := range big {
		b := make([]byte, 25)
		for c := range b {
			b[c] = ".#"[(r*r+3*c+r*c)%7/3%2]
		}
		big[r] = string(b)
	}
	for _, scheme := range []string{"light", "dark"} {
		for _, width := range []int64{1280, 390} {
			name := fmt.Sprintf("nonogram-play-%d-%s", width, scheme)
			act(t, ctx, colorScheme(scheme), chromedp.EmulateViewport(width, 1000))
			openPlay(t, ctx, ts.URL+"/?"+name+"#nonogram", plainOf(big))
			act(t, ctx,
				chromedp.Click(id("nonogram-restart")),
				chromedp.Focus(css(`#nonogram-grid [data-r="0"][data-c="0"]`)),
				chromedp.SendKeys(css(`#nonogram-grid [data-r="0"][data-c="0"]`), keysFor(big[:2])),
				chromedp.Click(id("nonogram-hint")),
			)
			if got := boardState(t, ctx); got[0] != crossed(big)[0] || got[1] != crossed(big)[1] {
				t.Errorf("%s: the first two rows by keyboard: %q", name, got[:2])
			}
			checkNarrow(t, ctx, name)
			checkContrast(t, ctx, name)
			screenshot(t, ctx, dir, name+".png")
			// The next width starts from a fresh page: a saved game would
			// be reopened while the test clicks, and with a slow server
			// (the race detector) the two interleave.
			eval[bool](t, ctx, `(localStorage.clear(), true)`)
		}
	}
}

// TestBrowserNonogramColour plays the colour example with the keyboard:
// a colour picked by its key for each cell, the clues in colour, a hint
// from the solution, to the end.
func TestBrowserNonogramColour(t *testing.T) {
	xml, err := os.ReadFile("../examples/nonogram/colour.xml")
	if err != nil {
		t.Fatal(err)
	}
	p, err := nonogram.Parse(strings.NewReader(string(xml)))
	if err != nil {
		t.Fatal(err)
	}
	res, err := nonogram.Solve(context.Background(), p, nonogram.Options{Limit: 2})
	if err != nil || res.Status != status.Unique {
		t.Fatalf("the colour example: %v %v, want unique", res.Status, err)
	}
	pic := res.Solutions[0].ColorRows(p.Colors)
	ctx := browser(t)
	watchErrors(t, ctx)
	ts := httptest.NewServer(newTestServer(t, Config{}))
	defer ts.Close()
	dir := screenshotDir(t)
	openPlay(t, ctx, ts.URL+"/?colour#nonogram", string(xml))

	// The tools: a button per colour, and the cross.
	tools := eval[string](t, ctx, `[...document.querySelectorAll(".np-tools button")].map(b => b.textContent).join("|")`)
	if tools != "red|green|blue|✕ Cross" {
		t.Errorf("tools %q", tools)
	}
	if sw := eval[string](t, ctx, `[...document.querySelectorAll(".np-tools .swatch")].map(s => getComputedStyle(s).backgroundColor).join(" ")`); sw != "rgb(224, 32, 32) rgb(32, 160, 64) rgb(32, 64, 224)" {
		t.Errorf("the tools' swatches: %s", sw)
	}
	// The row clues as the file gives them, in their colours.
	rows := eval[[]string](t, ctx, `[...document.querySelectorAll(".np-rows .np-clue")].map(c => [...c.children].map(s => s.textContent + ":" + getComputedStyle(s).backgroundColor).join(" "))`)
	want := []string{"2:rgb(224, 32, 32) 1:rgb(32, 64, 224)", "1:rgb(224, 32, 32) 2:rgb(32, 64, 224)", "1:rgb(32, 160, 64) 2:rgb(32, 64, 224)", "3:rgb(32, 160, 64)"}
	if strings.Join(rows, "/") != strings.Join(want, "/") {
		t.Errorf("row clues %q, want %q", rows, want)
	}

	// A hint: one cell, from the solution.
	act(t, ctx, chromedp.Click(id("nonogram-hint")), chromedp.WaitVisible(css(`#nonogram-playboard[data-hint]`)))
	if msg := text(t, ctx, "#nonogram-playmsg"); !strings.HasPrefix(msg, "Hint: The solution settles r1c1: filled red.") {
		t.Errorf("hint %q", msg)
	}

	// Every cell by keyboard: its colour's key, then Space; X on the
	// empty ones.
	key := map[byte]string{'r': "1", 'g': "2", 'b': "3"}
	var keys strings.Builder
	for r, row := range pic {
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
		if r < len(pic)-1 {
			keys.WriteString(kb.ArrowDown + kb.Home)
		}
	}
	first := `#nonogram-grid [data-r="0"][data-c="0"]`
	act(t, ctx, chromedp.Focus(css(first)), chromedp.SendKeys(css(first), keys.String()),
		chromedp.WaitVisible(css(`#nonogram-playboard[data-state="solved"]`)))
	if l := eval[string](t, ctx, `document.querySelector('#nonogram-grid [data-r="2"][data-c="1"]').getAttribute("aria-label")`); l != "row 3, column 2, filled green" {
		t.Errorf("r3c2 is labelled %q", l)
	}
	checkContrast(t, ctx, "nonogram colour play")
	screenshot(t, ctx, dir, "nonogram-play-colour.png")
}
