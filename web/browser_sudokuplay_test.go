package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/puzzlesolvers/puzzle/sudoku"
)

// TestBrowserSudokuPlay plays the classic puzzle: pencil marks, a digit
// that clears them from its peers, undo and redo, Solve correcting a
// wrong digit, then every empty cell by keyboard to the end, timed.
func TestBrowserSudokuPlay(t *testing.T) {
	p := parseSudoku(t, sudokuClassic)
	res, _ := sudoku.Solve(context.Background(), p, sudoku.Options{})
	sol := res.Solutions[0]
	ctx := browser(t)
	watchErrors(t, ctx)
	ts := httptest.NewServer(newTestServer(t, Config{}))
	defer ts.Close()
	dir := screenshotDir(t)
	act(t, ctx,
		chromedp.Navigate(ts.URL+"/#sudoku"),
		chromedp.WaitVisible(css("#sudoku-grid .cell")),
		chromedp.Click(css("#tab-sudoku details.import summary")),
		chromedp.SetValue(id("sudoku-text"), sudokuClassic),
		chromedp.Click(id("sudoku-load")),
	)
	label := func(i int) string {
		return eval[string](t, ctx, fmt.Sprintf(`document.querySelector('#sudoku-grid .cell[data-i="%d"]').getAttribute("aria-label")`, i))
	}
	cellText := func(i int) string { return text(t, ctx, fmt.Sprintf(`#sudoku-grid .cell[data-i="%d"]`, i)) }
	d := fmt.Sprint(sol[2])
	wrong := fmt.Sprint(sol[2]%9 + 1)
	// r1c4 (empty) gets the candidate d; r1c3 the candidates 1 2.
	act(t, ctx,
		chromedp.Click(css(`#sudoku-grid .cell[data-i="3"]`)),
		chromedp.SendKeys(id("sudoku-grid"), "p"+d+kb.ArrowLeft+"12"),
	)
	if l := label(2); l != "row 1, column 3, empty, candidates 1 2" {
		t.Errorf("r1c3 with pencil marks 1 2: %q", l)
	}
	if l := label(3); l != "row 1, column 4, empty, candidates "+d {
		t.Errorf("r1c4 with pencil mark %s: %q", d, l)
	}
	screenshot(t, ctx, dir, "sudoku-pencil.png")
	// A digit in r1c3: its marks go, and d leaves r1c4's.
	act(t, ctx, chromedp.SendKeys(id("sudoku-grid"), "p"+d))
	if l := label(2); l != "row 1, column 3, "+d {
		t.Errorf("r1c3 after typing %s: %q", d, l)
	}
	if l := label(3); l != "row 1, column 4, empty" {
		t.Errorf("r1c4 keeps the candidate %s of its peer: %q", d, l)
	}
	// Undo brings both back, as one step; Ctrl+Y and the button redo it.
	act(t, ctx, chromedp.Click(id("sudoku-undo")))
	if l2, l3 := label(2), label(3); l2 != "row 1, column 3, empty, candidates 1 2" || l3 != "row 1, column 4, empty, candidates "+d {
		t.Errorf("after undo: %q, %q", l2, l3)
	}
	eval[bool](t, ctx, `document.getElementById("sudoku-grid").dispatchEvent(new KeyboardEvent("keydown", {key: "y", ctrlKey: true, bubbles: true}))`)
	if l := label(2); l != "row 1, column 3, "+d {
		t.Errorf("after Ctrl+Y: %q", l)
	}
	// A wrong digit in r1c3, then Solve: the right digit, in red.
	act(t, ctx,
		chromedp.SendKeys(id("sudoku-grid"), wrong),
		chromedp.Click(id("sudoku-solve")),
		chromedp.WaitVisible(css("#sudoku-status.warn")),
	)
	if got, cls := cellText(2), eval[string](t, ctx, `document.querySelector('#sudoku-grid .cell[data-i="2"]').className`); got != d || !strings.Contains(cls, "wrong") {
		t.Errorf("Solve with %s typed in r1c3: it shows %q (%s), the solution has %s", wrong, got, cls, d)
	}
	if msg := text(t, ctx, "#sudoku-status"); !strings.Contains(msg, "1 of your digits were wrong") {
		t.Errorf("solve message %q", msg)
	}
	screenshot(t, ctx, dir, "sudoku-corrected.png")

	// Every empty cell by keyboard, from r1c1: solved, timed.
	var keys strings.Builder
	for i := range 81 {
		if sudokuClassic[i] == '.' {
			keys.WriteString(fmt.Sprint(sol[i]))
		}
		if i%9 < 8 {
			keys.WriteString(kb.ArrowRight)
		} else {
			keys.WriteString(kb.ArrowDown + kb.Home)
		}
	}
	act(t, ctx,
		chromedp.Click(id("sudoku-clear")),
		chromedp.Click(css(`#sudoku-grid .cell[data-i="0"]`)),
		chromedp.SendKeys(id("sudoku-grid"), keys.String()),
		chromedp.WaitVisible(css(`#sudoku-grid[data-state="solved"]`)),
	)
	if msg := text(t, ctx, "#sudoku-status"); !strings.HasPrefix(msg, "Solved in 0:") {
		t.Errorf("played to the end: %q", msg)
	}
	screenshot(t, ctx, dir, "sudoku-played.png")
}

// TestBrowserSudokuNone: givens with no solution get the cells of the
// contradiction outlined, those the API names; givens that repeat a digit
// get both copies outlined.
func TestBrowserSudokuNone(t *testing.T) {
	ctx := browser(t)
	watchErrors(t, ctx)
	ts := httptest.NewServer(newTestServer(t, Config{}))
	defer ts.Close()
	dir := screenshotDir(t)
	cellsIn := regexp.MustCompile(`\br(\d+)c(\d+)\b`)
	named := func(text string) string {
		return strings.Join(cellsIn.FindAllString(text, -1), " ")
	}
	// A 4 in r9c3 leaves the classic puzzle without a solution (no digit
	// repeats); a 5 in r9c9 repeats r8c9's.
	none := sudokuClassic[:74] + "4" + sudokuClassic[75:]
	twice := sudokuClassic[:80] + "5"
	for _, c := range []struct{ name, givens, field, want string }{
		{"none", none, "reason", "no solution"},
		{"twice", twice, "error", "appears twice"},
	} {
		resp, err := http.Post(ts.URL+"/api/sudoku/solve?explain=true", "text/plain", strings.NewReader(c.givens))
		if err != nil {
			t.Fatal(err)
		}
		var rec map[string]any
		err = json.NewDecoder(resp.Body).Decode(&rec)
		resp.Body.Close()
		why, _ := rec[c.field].(string)
		if err != nil || named(why) == "" {
			t.Fatalf("%s: the API's %s %q names no cell (%v)", c.name, c.field, why, err)
		}
		act(t, ctx,
			chromedp.Navigate(ts.URL+"/?"+c.name+"#sudoku"),
			chromedp.WaitVisible(css("#sudoku-grid .cell")),
			chromedp.Click(css("#tab-sudoku details.import summary")),
			chromedp.SetValue(id("sudoku-text"), c.givens),
			chromedp.Click(id("sudoku-load")),
			chromedp.Click(id("sudoku-solve")),
			chromedp.WaitVisible(css("#sudoku-grid[data-contradiction]")),
		)
		marked := eval[string](t, ctx, `document.getElementById("sudoku-grid").dataset.contradiction + "|" + [...document.querySelectorAll("#sudoku-grid .cell.contradiction")].length`)
		if want := named(why) + "|" + fmt.Sprint(len(strings.Fields(named(why)))); marked != want {
			t.Errorf("%s: the page outlines %q, the API names %q", c.name, marked, want)
		}
		if msg := text(t, ctx, "#sudoku-status"); !strings.Contains(strings.ToLower(msg), c.want) || !strings.Contains(msg, why) {
			t.Errorf("%s: message %q", c.name, msg)
		}
		screenshot(t, ctx, dir, "sudoku-"+c.name+".png")
	}
}
