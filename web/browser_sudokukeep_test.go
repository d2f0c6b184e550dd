package web

import (
	"fmt"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// sudokuSolutions4 lists every solution of a 4×4 grid (0 for empty) by
// brute force: the oracle of the author's verdict, independent of the
// engines.
func sudokuSolutions4(givens []int) [][]int {
	cells := slices.Clone(givens)
	var out [][]int
	fits := func(i, v int) bool {
		r, c := i/4, i%4
		br, bc := r/2*2, c/2*2
		for k := range 4 {
			if cells[r*4+k] == v || cells[k*4+c] == v || cells[(br+k/2)*4+bc+k%2] == v {
				return false
			}
		}
		return true
	}
	var fill func(i int)
	fill = func(i int) {
		if i == 16 {
			out = append(out, slices.Clone(cells))
			return
		}
		if cells[i] != 0 {
			fill(i + 1)
			return
		}
		for v := 1; v <= 4; v++ {
			if fits(i, v) {
				cells[i] = v
				fill(i + 1)
				cells[i] = 0
			}
		}
	}
	fill(0)
	return out
}

// TestBrowserSudokuAuthor types givens as an author would (setter mode,
// keyboard only) and asks for the verdict: several solutions, with exactly
// the cells where the solutions differ outlined (a 4×4 grid of 12
// solutions, all listed by brute force); a unique grid outlines nothing.
func TestBrowserSudokuAuthor(t *testing.T) {
	ctx := browser(t)
	watchErrors(t, ctx)
	ts := httptest.NewServer(newTestServer(t, Config{}))
	defer ts.Close()
	givens := []int{1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	sols := sudokuSolutions4(givens)
	var want []string
	for i := range 16 {
		if slices.ContainsFunc(sols, func(s []int) bool { return s[i] != sols[0][i] }) {
			want = append(want, fmt.Sprintf("r%dc%d", i/4+1, i%4+1))
		}
	}
	if len(sols) < 2 || len(sols) >= 20 {
		t.Fatalf("the 4×4 givens have %d solutions: the test wants 2 to 19", len(sols))
	}
	// An empty 4×4 grid, then the givens typed cell by cell.
	var keys strings.Builder
	for i, v := range givens {
		if v != 0 {
			keys.WriteString(fmt.Sprint(v))
		}
		if i%4 < 3 {
			keys.WriteString(kb.ArrowRight)
		} else if i < 15 {
			keys.WriteString(kb.ArrowDown + kb.Home)
		}
	}
	act(t, ctx,
		chromedp.Navigate(ts.URL+"/#sudoku"),
		chromedp.WaitVisible(css("#sudoku-grid .cell")),
		chromedp.SetValue(id("sudoku-size"), "2"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("sudoku-size").dispatchEvent(new Event("change"))`),
		chromedp.WaitVisible(css(`#sudoku-grid[data-size="4"]`)),
	)
	if !eval[bool](t, ctx, `document.getElementById("sudoku-setter").checked`) {
		t.Fatal("an empty grid does not start in setter mode")
	}
	act(t, ctx,
		chromedp.Click(css(`#sudoku-grid .cell[data-i="0"]`)),
		chromedp.SendKeys(id("sudoku-grid"), keys.String()),
		chromedp.Click(id("sudoku-solve")),
		chromedp.WaitVisible(css("#sudoku-grid[data-ambiguous]")),
	)
	got := eval[string](t, ctx, `document.getElementById("sudoku-grid").dataset.ambiguous`)
	if got != strings.Join(want, " ") {
		t.Errorf("outlined cells %q, brute force says they are %q", got, strings.Join(want, " "))
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#sudoku-grid .cell.ambiguous").length`); n != len(want) {
		t.Errorf("%d cells drawn as ambiguous, want %d", n, len(want))
	}
	msg := text(t, ctx, "#sudoku-status")
	if !strings.Contains(msg, fmt.Sprintf("%d undecided cells", len(want))) {
		t.Errorf("message %q does not give %d undecided cells", msg, len(want))
	}
	// The givens suggested, checked against brute force: exactly one
	// solution has those digits.
	give := eval[string](t, ctx, `document.getElementById("sudoku-grid").dataset.suggest || ""`)
	if give == "" || !strings.Contains(msg, "to make it unique, give "+give+" (the fewest)") {
		t.Errorf("message %q does not suggest givens %q", msg, give)
	}
	agree := 0
	for _, s := range sols {
		ok := give != ""
		for _, g := range strings.Fields(give) {
			var r, c, d int
			if _, err := fmt.Sscanf(g, "r%dc%d=%d", &r, &c, &d); err != nil || s[(r-1)*4+c-1] != d {
				ok = false
			}
		}
		if ok {
			agree++
		}
	}
	if agree != 1 {
		t.Errorf("%d of the %d solutions have the suggested givens %q, want 1", agree, len(sols), give)
	}
	screenshot(t, ctx, screenshotDir(t), "sudoku-author.png")
	// Fill the grid from a solution except one cell: unique, nothing outlined.
	act(t, ctx, chromedp.Click(id("sudoku-clear")), chromedp.Click(css("#tab-sudoku details.import summary")))
	line := ""
	for i, v := range sols[0] {
		if i == 15 {
			line += "."
		} else {
			line += fmt.Sprint(v)
		}
	}
	act(t, ctx,
		chromedp.SetValue(id("sudoku-text"), line),
		chromedp.Click(id("sudoku-load")),
		chromedp.Click(id("sudoku-solve")),
		chromedp.WaitVisible(css(`#sudoku-status.ok`)),
	)
	if v := eval[bool](t, ctx, `"ambiguous" in document.getElementById("sudoku-grid").dataset && document.getElementById("sudoku-grid").dataset.ambiguous !== ""`); v {
		t.Error("a unique grid has cells outlined as ambiguous")
	}
	if msg := text(t, ctx, "#sudoku-status"); !strings.HasPrefix(msg, "Unique solution") {
		t.Errorf("unique grid: message %q", msg)
	}
}

// TestBrowserSudokuKeep plays a few digits and a pencil mark, reloads (the
// game goes on), shares the puzzle with its progress and opens the link
// with nothing saved (the same game), and plays a 25×25 grid by keyboard.
func TestBrowserSudokuKeep(t *testing.T) {
	ctx := browser(t)
	watchErrors(t, ctx)
	ts := httptest.NewServer(newTestServer(t, Config{}))
	defer ts.Close()
	act(t, ctx,
		chromedp.Navigate(ts.URL+"/#sudoku"),
		chromedp.WaitVisible(css("#sudoku-grid .cell")),
		chromedp.Click(css("#tab-sudoku details.import summary")),
		chromedp.SetValue(id("sudoku-text"), sudokuClassic),
		chromedp.Click(id("sudoku-load")),
		// r1c3 gets 4 (right), r1c4 a pencil mark 6, r1c6 gets 9 (wrong).
		chromedp.Click(css(`#sudoku-grid .cell[data-i="2"]`)),
		chromedp.SendKeys(id("sudoku-grid"), "4"+kb.ArrowRight+"p6p"+kb.ArrowRight+kb.ArrowRight+"9"),
	)
	board := func() string {
		return eval[string](t, ctx, `[...document.querySelectorAll("#sudoku-grid .cell")].slice(0, 9).map((d) => d.getAttribute("aria-label")).join("; ")`)
	}
	before := board()
	if !strings.Contains(before, "row 1, column 3, 4;") || !strings.Contains(before, "row 1, column 4, empty, candidates 6;") ||
		!strings.Contains(before, "row 1, column 6, 9;") {
		t.Fatalf("the first row after play: %s", before)
	}
	act(t, ctx, chromedp.Reload(), chromedp.WaitVisible(css("#sudoku-grid .cell")))
	if after := board(); after != before {
		t.Errorf("after a reload the first row is\n%s\nwant\n%s", after, before)
	}
	if msg := text(t, ctx, "#sudoku-status"); !strings.Contains(msg, "goes on: 2 digits entered") {
		t.Errorf("after a reload: message %q", msg)
	}
	// Undo still has nothing to take back after a reload, but play goes on.
	link := shareLink(t, ctx, ts.URL, "sudoku")
	act(t, ctx,
		chromedp.Evaluate[chromedp.Void](`localStorage.clear()`),
		chromedp.Navigate("about:blank"),
		chromedp.Navigate(link),
		chromedp.WaitVisible(css("#sudoku-grid .cell")),
	)
	shared := board()
	if !strings.Contains(shared, "row 1, column 3, 4;") || !strings.Contains(shared, "row 1, column 6, 9;") ||
		!strings.Contains(shared, "row 1, column 1, 5 (given)") {
		t.Errorf("the share link opens with the first row %s", shared)
	}
	if msg := text(t, ctx, "#sudoku-status"); !strings.Contains(msg, "link, with 2 digits entered") {
		t.Errorf("the share link: message %q", msg)
	}

	// 25×25: a pattern grid without its diagonal, loaded as text, played
	// by keyboard (a letter is a digit above 9), then solved: unique, and
	// every cell the pattern's.
	const sym = "123456789ABCDEFGHIJKLMNOP"
	full := make([]byte, 625)
	for r := range 25 {
		for c := range 25 {
			full[r*25+c] = sym[(r*5+r/5+c)%25]
		}
	}
	holes := slices.Clone(full)
	for i := range 25 {
		holes[i*25+i] = '.'
	}
	act(t, ctx,
		chromedp.Click(css("#tab-sudoku details.import summary")),
		chromedp.SetValue(id("sudoku-text"), string(holes)),
		chromedp.Click(id("sudoku-load")),
		chromedp.WaitVisible(css(`#sudoku-grid[data-size="25"]`)),
		chromedp.Click(css(`#sudoku-grid .cell[data-i="0"]`)),
		chromedp.SendKeys(id("sudoku-grid"), string(full[0])+kb.ArrowDown+kb.ArrowRight+string(full[26])+
			kb.ArrowDown+kb.ArrowRight+strings.ToLower(string(full[52]))),
	)
	if l := eval[string](t, ctx, `document.querySelector('#sudoku-grid .cell[data-i="52"]').getAttribute("aria-label")`); l != "row 3, column 3, "+string(full[52]) {
		t.Errorf("25×25 r3c3 after typing %c: %q", full[52]+'a'-'A', l)
	}
	act(t, ctx, chromedp.Click(id("sudoku-solve")), chromedp.WaitVisible(css(`#sudoku-status.ok`)))
	shown := eval[string](t, ctx, `[...document.querySelectorAll("#sudoku-grid .cell")].map((d) => d.textContent).join("")`)
	if shown != string(full) {
		t.Errorf("25×25 solved: the page shows %q…, want %q…", shown[:50], full[:50])
	}
	checkNarrow(t, ctx, "sudoku 25×25 at 1280")
	act(t, ctx, chromedp.EmulateViewport(390, 900))
	checkNarrow(t, ctx, "sudoku 25×25 at 390")
	screenshot(t, ctx, screenshotDir(t), "sudoku-25-390.png")
}
