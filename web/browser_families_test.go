package web

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"sort"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/puzzlesolvers/puzzle/queens"
	"github.com/puzzlesolvers/puzzle/sliding"
)

// TestBrowserSliding shuffles an 8-puzzle in the page, solves it, lets
// the moves play to the goal and plays a few moves by clicking tiles.
func TestBrowserSliding(t *testing.T) {
	ctx := browser(t)
	ts := httptest.NewServer(newTestServer(t, Config{}))
	defer ts.Close()
	dir := screenshotDir(t)

	want := sliding.Shuffle(rand.New(rand.NewPCG(11, 0)), 3, 3, sliding.BlankLast)
	act(t, ctx,
		chromedp.Navigate(ts.URL+"/#sliding"),
		chromedp.WaitVisible(css("#sliding-board .tile")),
		chromedp.SetValue(id("sliding-size"), "3"),
		chromedp.SetValue(id("sliding-seed"), "11"),
		chromedp.Click(id("sliding-shuffle")),
		chromedp.WaitVisible(css(fmt.Sprintf(`#sliding-board[data-tiles="%s"]`, want.Line()))),
	)
	if sel := eval[string](t, ctx, `document.getElementById("tabbtn-sliding").getAttribute("aria-selected")`); sel != "true" {
		t.Errorf("sliding tab aria-selected %q", sel)
	}
	if msg := text(t, ctx, "#sliding-status"); !strings.Contains(msg, "seed 11") {
		t.Errorf("the seed is not shown: %q", msg)
	}
	screenshot(t, ctx, dir, "sliding-shuffled.png")
	act(t, ctx,
		chromedp.SetValue(id("sliding-speed"), "fast"),
		chromedp.Click(id("sliding-solve")),
		chromedp.WaitVisible(css(`#sliding-board[data-state="playing"]`)),
	)
	screenshot(t, ctx, dir, "sliding-animating.png")
	act(t, ctx, chromedp.WaitVisible(css(`#sliding-board[data-state="solved"]`)))
	tiles := eval[string](t, ctx, `document.getElementById("sliding-board").dataset.tiles`)
	drawn := eval[[]string](t, ctx, `[...document.querySelectorAll("#sliding-board .tile")].sort((a, b) => a.dataset.i - b.dataset.i).map(d => d.textContent)`)
	counter := text(t, ctx, "#sliding-counter")
	stats := text(t, ctx, "#sliding-stats")
	length := bfsLength(t, want, sliding.BlankLast)
	if tiles != "1 2 3 4 5 6 7 8 0" || strings.Join(drawn, " ") != "1 2 3 4 5 6 7 8" {
		t.Errorf("after the animation: tiles %q, drawn in cell order %q", tiles, drawn)
	}
	if counter != fmt.Sprintf("move %d of %d", length, length) || !strings.Contains(stats, "walking-distance+linear-conflict") ||
		!strings.Contains(stats, "generated") || !strings.Contains(stats, fmt.Sprintf("%d (optimal)", length)) {
		t.Errorf("counter %q, stats %q; BFS finds %d moves", counter, stats, length)
	}
	screenshot(t, ctx, dir, "sliding-solved.png")

	// Play: tile 8 is left of the blank; a click slides it, another brings
	// it back and the board is solved again. Tile 1 is not next to the
	// blank: a click does nothing.
	act(t, ctx, chromedp.Click(css(`#sliding-board .tile[data-tile="1"]`)))
	if got := eval[string](t, ctx, `document.getElementById("sliding-board").dataset.tiles`); got != "1 2 3 4 5 6 7 8 0" {
		t.Errorf("a click on tile 1 moved it: %q", got)
	}
	act(t, ctx, chromedp.Click(css(`#sliding-board .tile[data-tile="8"]`)))
	if got := eval[string](t, ctx, `document.getElementById("sliding-board").dataset.tiles + " " + document.getElementById("sliding-board").dataset.state`); got != "1 2 3 4 5 6 7 0 8 playing" {
		t.Errorf("after a click on tile 8: %q", got)
	}
	act(t, ctx,
		chromedp.Click(css(`#sliding-board .tile[data-tile="8"]`)),
		chromedp.WaitVisible(css(`#sliding-board[data-state="solved"]`)),
	)
	if msg := text(t, ctx, "#sliding-status"); !strings.HasPrefix(msg, fmt.Sprintf("Solved in %d moves", length+2)) || !strings.HasSuffix(msg, "with the solver's help.") {
		t.Errorf("status %q", msg)
	}

	// A board of the wrong parity, loaded from its text, is reported at
	// once (status none, reason parity).
	act(t, ctx,
		chromedp.Click(css("#tab-sliding details.import summary")),
		chromedp.SetValue(id("sliding-text"), "2 1 3 4 5 6 7 8 0"),
		chromedp.Click(id("sliding-load")),
		chromedp.Click(id("sliding-solve")),
		chromedp.WaitVisible(css(`#sliding-board[data-state="unsolvable"]`)),
	)
	if msg := text(t, ctx, "#sliding-status"); !strings.HasPrefix(msg, "Unsolvable") {
		t.Errorf("unsolvable: status %q", msg)
	}

	// A seed above 2^53 is kept to the last digit: the board is that of
	// the seed, and the message shows the seed as it was given.
	const big = "18446744073709551557"
	bigBoard := sliding.Shuffle(rand.New(rand.NewPCG(18446744073709551557, 0)), 4, 4, sliding.BlankLast)
	act(t, ctx,
		chromedp.SetValue(id("sliding-size"), "4"),
		chromedp.SetValue(id("sliding-seed"), big),
		chromedp.Click(id("sliding-shuffle")),
		chromedp.WaitVisible(css(fmt.Sprintf(`#sliding-board[data-tiles="%s"]`, bigBoard.Line()))),
	)
	if msg := text(t, ctx, "#sliding-status"); !strings.Contains(msg, "seed "+big) {
		t.Errorf("big seed: status %q", msg)
	}

	// A 24-puzzle: solved row by row (not optimal), played to the goal.
	act(t, ctx,
		chromedp.SetValue(id("sliding-size"), "5"),
		chromedp.SetValue(id("sliding-seed"), "3"),
		chromedp.Click(id("sliding-shuffle")),
		chromedp.WaitVisible(css(`#sliding-board .tile[data-tile="24"]`)),
		chromedp.SetValue(id("sliding-speed"), "instant"),
		chromedp.Click(id("sliding-solve")),
		chromedp.WaitVisible(css(`#sliding-board[data-state="solved"]`)),
	)
	goal := sliding.GoalBoard(5, 5, sliding.BlankLast).Line()
	if tiles := eval[string](t, ctx, `document.getElementById("sliding-board").dataset.tiles`); tiles != goal || !strings.Contains(text(t, ctx, "#sliding-stats"), "not optimal") {
		t.Errorf("5×5: tiles %q, stats %q", tiles, text(t, ctx, "#sliding-stats"))
	}
	screenshot(t, ctx, dir, "sliding-24.png")
}

// boardQueens reads the queens drawn on the board: the row of each
// column's queen (-1 for none).
func boardQueens(t *testing.T, ctx context.Context, n int) []int {
	t.Helper()
	sq := eval[[][2]int](t, ctx, `[...document.querySelectorAll("#queens-board .sq.queen")].map(d => [Number(d.dataset.c), Number(d.dataset.r)])`)
	rows := make([]int, n)
	for i := range rows {
		rows[i] = -1
	}
	for _, q := range sq {
		if rows[q[0]] != -1 {
			t.Fatalf("two queens drawn in column %d: %v", q[0], sq)
		}
		rows[q[0]] = q[1]
	}
	return rows
}

// TestBrowserQueens browses solutions, places queens and completes them,
// counts and dominates, in the page.
func TestBrowserQueens(t *testing.T) {
	ctx := browser(t)
	ts := httptest.NewServer(newTestServer(t, Config{}))
	defer ts.Close()
	dir := screenshotDir(t)
	all := bruteSolutions(8)

	act(t, ctx,
		chromedp.Navigate(ts.URL+"/#queens"),
		chromedp.WaitVisible(css(`#queens-board .sq[data-c="7"][data-r="7"]`)),
		chromedp.Click(id("queens-solve")),
		chromedp.WaitVisible(css("#queens-status.ok")),
	)
	first := boardQueens(t, ctx, 8)
	if err := queens.Verify(first); err != nil || fmt.Sprint(first) != fmt.Sprint(all[0]) {
		t.Errorf("first solution drawn %v (%v), want %v", first, err, all[0])
	}
	act(t, ctx, chromedp.Click(id("queens-next")), chromedp.Click(id("queens-next")))
	third := boardQueens(t, ctx, 8)
	if err := queens.Verify(third); err != nil || fmt.Sprint(third) != fmt.Sprint(all[2]) || text(t, ctx, "#queens-counter") != "solution 3 of 92" {
		t.Errorf("third solution drawn %v (%v), want %v; counter %q", third, err, all[2], text(t, ctx, "#queens-counter"))
	}
	screenshot(t, ctx, dir, "queens-solution.png")

	// Place two queens, then complete: a solution keeping them.
	act(t, ctx,
		chromedp.Click(id("queens-clear")),
		chromedp.Click(css(`#queens-board .sq[data-c="0"][data-r="3"]`)),
		chromedp.Click(css(`#queens-board .sq[data-c="1"][data-r="6"]`)),
	)
	if attacked := eval[int](t, ctx, `document.querySelectorAll("#queens-board .sq.attacked").length`); attacked == 0 {
		t.Error("no square shown attacked by the queens placed")
	}
	act(t, ctx, chromedp.Click(id("queens-complete")), chromedp.WaitVisible(css("#queens-status.ok")))
	done := boardQueens(t, ctx, 8)
	given := eval[int](t, ctx, `document.querySelectorAll("#queens-board .sq.given").length`)
	if err := queens.Verify(done); err != nil || done[0] != 3 || done[1] != 6 || given != 2 {
		t.Errorf("completed %v (%v), %d given drawn", done, err, given)
	}
	screenshot(t, ctx, dir, "queens-completed.png")

	// Two queens that attack each other: red, and no completion.
	act(t, ctx,
		chromedp.Click(id("queens-clear")),
		chromedp.Click(css(`#queens-board .sq[data-c="0"][data-r="0"]`)),
		chromedp.Click(css(`#queens-board .sq[data-c="2"][data-r="2"]`)),
	)
	if red := eval[int](t, ctx, `document.querySelectorAll("#queens-board .sq.conflict").length`); red != 2 {
		t.Errorf("%d queens drawn in conflict, want 2", red)
	}
	act(t, ctx, chromedp.Click(id("queens-complete")), chromedp.WaitVisible(css("#queens-status.warn")))
	if msg := text(t, ctx, "#queens-status"); !strings.HasPrefix(msg, "No completion") {
		t.Errorf("conflict: %q", msg)
	}

	// Count, then dominate: 5 queens cover the 8×8 board.
	act(t, ctx, chromedp.Click(id("queens-count")), chromedp.WaitVisible(id("queens-counts")))
	if counts := text(t, ctx, "#queens-counts"); !strings.Contains(counts, "92") || !strings.Contains(counts, "12 (up to rotation") || !strings.Contains(counts, "multiple") {
		t.Errorf("counts %q", counts)
	}
	act(t, ctx, chromedp.Click(id("queens-dominate")), chromedp.WaitVisible(css(`#queens-board[data-kind="dominate"]`)))
	dom := eval[[]string](t, ctx, `[...document.querySelectorAll("#queens-board .sq.dominating")].map(d => d.dataset.c + ":" + d.dataset.r)`)
	covered := eval[int](t, ctx, `document.querySelectorAll("#queens-board .sq.covered").length`)
	var qs []queens.Queen
	for _, d := range dom {
		var q queens.Queen
		fmt.Sscanf(d, "%d:%d", &q.Col, &q.Row)
		qs = append(qs, q)
	}
	sort.Strings(dom)
	if err := queens.VerifyDomination(8, qs, false); err != nil || len(qs) != 5 || covered != 64-5 {
		t.Errorf("dominating queens drawn %v (%v), %d squares covered", dom, err, covered)
	}
	screenshot(t, ctx, dir, "queens-dominate.png")
}
