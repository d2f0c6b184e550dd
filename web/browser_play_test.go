package web

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/puzzlesolvers/puzzle/sliding"
	"github.com/puzzlesolvers/puzzle/status"
)

// keyOf is the key that makes the blank's move m: the tile beyond the
// blank slides the other way.
var keyOf = map[sliding.Move]string{sliding.Up: kb.ArrowDown, sliding.Down: kb.ArrowUp, sliding.Left: kb.ArrowRight, sliding.Right: kb.ArrowLeft}

// domKeyOf is keyOf's key as the DOM names it.
var domKeyOf = map[sliding.Move]string{sliding.Up: "ArrowDown", sliding.Down: "ArrowUp", sliding.Left: "ArrowRight", sliding.Right: "ArrowLeft"}

// solveBFS returns a shortest solution of the board, by breadth-first
// search.
func solveBFS(t *testing.T, b *sliding.Board) sliding.Moves {
	t.Helper()
	res, err := sliding.Solve(context.Background(), &sliding.Puzzle{Board: b, Goal: sliding.BlankLast}, sliding.Options{Algorithm: sliding.BFS})
	if err != nil || res.Status != status.Solved {
		t.Fatalf("BFS on %s: %v %v", b.Line(), res.Status, err)
	}
	return res.Moves
}

// keyTime sends one key to the element by a synthetic keydown and returns
// the milliseconds its handlers took, layout included.
func keyTime(t *testing.T, ctx context.Context, elem, key string) float64 {
	t.Helper()
	return eval[float64](t, ctx, fmt.Sprintf(`(() => {
		const e = document.getElementById(%q), t0 = performance.now();
		e.dispatchEvent(new KeyboardEvent("keydown", {key: %q, bubbles: true}));
		void document.body.offsetWidth;
		return performance.now() - t0;
	})()`, elem, key))
}

// TestBrowserSlidingPlay plays an 8-puzzle with the keyboard only: a hint,
// undo and redo, a reload that keeps the game, a share link that carries
// it, and the moves to the goal against the optimum.
func TestBrowserSlidingPlay(t *testing.T) {
	bctx := browser(t)
	watchErrors(t, bctx)
	ts := httptest.NewServer(newTestServer(t, Config{}))
	defer ts.Close()
	dir := screenshotDir(t)
	ctx := bctx

	board := sliding.Shuffle(rand.New(rand.NewPCG(5, 0)), 3, 3, sliding.BlankLast)
	optimum := len(solveBFS(t, board))
	act(t, ctx,
		chromedp.Navigate(ts.URL+"/#sliding"),
		chromedp.WaitVisible(css("#sliding-board .tile")),
		chromedp.SetValue(id("sliding-size"), "3"),
		chromedp.SetValue(id("sliding-seed"), "5"),
		chromedp.Click(id("sliding-shuffle")),
		chromedp.WaitVisible(css(fmt.Sprintf(`#sliding-board[data-tiles="%s"]`, board.Line()))),
		chromedp.Focus(id("sliding-board")),
		chromedp.SendKeys(id("sliding-board"), "h"),
		chromedp.WaitVisible(css(`#sliding-board[data-hint]`)),
	)
	// The hint: a tile, its way, and the length of a shortest solution
	// from here; its move leaves a board one move nearer the goal.
	var tile, length int
	var way string
	if _, err := fmt.Sscanf(eval[string](t, ctx, `document.getElementById("sliding-board").dataset.hint`), "%d %s %d", &tile, &way, &length); err != nil {
		t.Fatal(err)
	}
	hinted := map[string]sliding.Move{"up": sliding.Down, "down": sliding.Up, "left": sliding.Right, "right": sliding.Left}[way]
	after := board.Clone()
	if err := after.Apply(hinted); err != nil || length != optimum || len(solveBFS(t, after)) != optimum-1 {
		t.Fatalf("hint: slide %d %s, %d moves (%v); BFS: %d from the start", tile, way, length, err, optimum)
	}
	if msg := text(t, ctx, "#sliding-status"); !strings.Contains(msg, fmt.Sprintf("Hint: slide %d %s", tile, way)) || !strings.Contains(msg, fmt.Sprintf("%d moves", optimum)) {
		t.Errorf("hint message %q", msg)
	}
	screenshot(t, ctx, dir, "sliding-hint.png")

	// The hinted move, by its key; undo, redo.
	ms := keyTime(t, ctx, "sliding-board", domKeyOf[hinted])
	tilesNow := func() string { return eval[string](t, ctx, `document.getElementById("sliding-board").dataset.tiles`) }
	if got := tilesNow(); got != after.Line() {
		t.Fatalf("after the hinted move: %q, want %q", got, after.Line())
	}
	act(t, ctx, chromedp.SendKeys(id("sliding-board"), "u"))
	if got := tilesNow(); got != board.Line() {
		t.Errorf("after undo: %q, want %q", got, board.Line())
	}
	act(t, ctx, chromedp.SendKeys(id("sliding-board"), "y"))
	if got := tilesNow(); got != after.Line() {
		t.Errorf("after redo: %q, want %q", got, after.Line())
	}

	// Two more moves of a shortest solution, then a reload: the game goes on.
	rest := solveBFS(t, after)
	act(t, ctx, chromedp.SendKeys(id("sliding-board"), keyOf[rest[0]]+keyOf[rest[1]]))
	for _, m := range rest[:2] {
		after.Apply(m)
	}
	rest = rest[2:]
	act(t, ctx,
		chromedp.Reload(),
		chromedp.WaitVisible(css(`#sliding-board[data-moves="3"]`)),
	)
	if got := tilesNow(); got != after.Line() {
		t.Errorf("after a reload: %q, want %q", got, after.Line())
	}

	// The share link with the progress opens the same game in another tab.
	link := shareLink(t, ctx, ts.URL, "sliding")
	other, cancel := chromedp.NewContext(bctx)
	defer cancel()
	act(t, other,
		chromedp.Navigate(link),
		chromedp.WaitVisible(css(`#sliding-board[data-moves="3"]`)),
	)
	if got := eval[string](t, other, `document.getElementById("sliding-board").dataset.tiles + " " + document.getElementById("tabbtn-sliding").getAttribute("aria-selected")`); got != after.Line()+" true" {
		t.Errorf("the link %s opens %q, want %q", link, got, after.Line())
	}
	cancel()

	// To the goal, keyboard only: the optimum, told.
	keys := ""
	for _, m := range rest {
		keys += keyOf[m]
	}
	act(t, ctx,
		chromedp.SendKeys(id("sliding-board"), keys),
		chromedp.WaitVisible(css(`#sliding-board[data-state="solved"][data-optimum]`)),
	)
	msg := text(t, ctx, "#sliding-status")
	if !strings.HasPrefix(msg, fmt.Sprintf("Solved in %d moves", optimum)) || !strings.Contains(msg, "That is the optimum") {
		t.Errorf("solved: %q, the optimum is %d", msg, optimum)
	}
	if moves := text(t, ctx, "#sliding-counter"); moves != fmt.Sprintf("%d moves", optimum) {
		t.Errorf("counter %q", moves)
	}
	screenshot(t, ctx, dir, "sliding-played.png")
	t.Logf("one move by its key: %.2f ms (handlers and layout)", ms)

	// A click slides every tile between it and the blank: 7 and 8.
	act(t, ctx, chromedp.Click(css(`#sliding-board .tile[data-tile="7"]`)))
	if got := tilesNow(); got != "1 2 3 4 5 6 0 7 8" {
		t.Errorf("a click on tile 7 of the goal: %q", got)
	}

	// A rectangle, by its text: one key solves it, the optimum.
	act(t, ctx,
		chromedp.Click(css("#tab-sliding details.import summary")),
		chromedp.SetValue(id("sliding-text"), "1 2 3 4 / 5 6 0 7"),
		chromedp.Click(id("sliding-load")),
		chromedp.Click(id("sliding-reset")),
		chromedp.WaitVisible(css(`#sliding-board[data-tiles="1 2 3 4 5 6 0 7"]`)),
		chromedp.SendKeys(id("sliding-board"), kb.ArrowLeft),
		chromedp.WaitVisible(css(`#sliding-board[data-state="solved"][data-optimum="1"]`)),
	)
	if msg := text(t, ctx, "#sliding-status"); !strings.Contains(msg, "That is the optimum") {
		t.Errorf("2×4: %q", msg)
	}

	// A rectangle, shuffled: the board of the seed, as the CLI's
	// --rows 3 --cols 4 gives it; a hint there has the length IDA* finds
	// (breadth-first search cannot hold a 3×4 board's 239 million
	// positions).
	rect := sliding.Shuffle(rand.New(rand.NewPCG(9, 0)), 3, 4, sliding.BlankLast)
	act(t, ctx,
		chromedp.SetValue(id("sliding-size"), "3x4"),
		chromedp.SetValue(id("sliding-seed"), "9"),
		chromedp.Click(id("sliding-shuffle")),
		chromedp.WaitVisible(css(fmt.Sprintf(`#sliding-board[data-tiles="%s"]`, rect.Line()))),
		chromedp.Click(id("sliding-reset")),
		chromedp.Click(id("sliding-hint")),
		chromedp.WaitVisible(css(`#sliding-board[data-hint]`)),
	)
	res, err := sliding.Solve(context.Background(), &sliding.Puzzle{Board: rect, Goal: sliding.BlankLast}, sliding.Options{Algorithm: sliding.IDAStar})
	if err != nil || !res.Optimal {
		t.Fatalf("IDA* on %s: %v %v", rect.Line(), res.Status, err)
	}
	if _, err := fmt.Sscanf(eval[string](t, ctx, `document.getElementById("sliding-board").dataset.hint`), "%d %s %d", &tile, &way, &length); err != nil || length != len(res.Moves) {
		t.Errorf("3×4 hint: %d moves (%v), IDA* finds %d", length, err, len(res.Moves))
	}
}

// clickTime clicks the element and returns the milliseconds its handlers
// took, layout included.
func clickTime(t *testing.T, ctx context.Context, elem string) float64 {
	t.Helper()
	return eval[float64](t, ctx, fmt.Sprintf(`(() => {
		const e = document.getElementById(%q), t0 = performance.now();
		e.click();
		void document.body.offsetWidth;
		return performance.now() - t0;
	})()`, elem))
}

// TestBrowserQueensPlay checks the page's search against the oracle and
// the API, places queens with the keyboard, undoes, reloads, shares, and
// watches the search from the queens placed and step by step.
func TestBrowserQueensPlay(t *testing.T) {
	ctx := browser(t)
	watchErrors(t, ctx)
	ts := httptest.NewServer(newTestServer(t, Config{}))
	defer ts.Close()
	dir := screenshotDir(t)
	act(t, ctx,
		chromedp.Navigate(ts.URL+"/#queens"),
		chromedp.WaitVisible(css(`#queens-board .sq[data-c="7"][data-r="7"]`)),
	)

	// The animated search counts what the oracle and the API count.
	counts := eval[[][2]int](t, ctx, `(() => {
		const out = [];
		for (let n = 1; n <= 9; n++) {
			let k = 0;
			for (const s of Puzzle.queensSearch(n)) if (s.kind === "solution") k++;
			const x = new XMLHttpRequest();
			x.open("GET", "/api/queens/count?n=" + n, false);
			x.send();
			out.push([k, JSON.parse(x.responseText).count]);
		}
		return out;
	})()`)
	for i, c := range counts {
		if n := i + 1; c[0] != len(bruteSolutions(n)) || c[1] != c[0] {
			t.Errorf("n=%d: the page's search finds %d solutions, the API counts %d, the oracle %d", n, c[0], c[1], len(bruteSolutions(n)))
		}
	}
	// From a position: the solutions that keep the queens given.
	keeping := func(n int, given map[int]int) int {
		k := 0
		for _, s := range bruteSolutions(n) {
			ok := true
			for c, r := range given {
				ok = ok && s[c] == r
			}
			if ok {
				k++
			}
		}
		return k
	}
	for _, g := range []map[int]int{{0: 3, 1: 6}, {2: 0}, {0: 0, 2: 2}, {7: 4, 3: 1}} {
		js := "new Map(["
		for c, r := range g {
			js += fmt.Sprintf("[%d, %d],", c, r)
		}
		got := eval[int](t, ctx, `(() => { let k = 0; for (const s of Puzzle.queensSearch(8, `+js+`]))) if (s.kind === "solution") k++; return k; })()`)
		if want := keeping(8, g); got != want {
			t.Errorf("from %v: the page's search finds %d solutions, the oracle %d", g, got, want)
		}
	}

	// Keyboard only: r4c1 and r7c2 (rows and columns from 1 in labels).
	cell := func(c, r int) string {
		return fmt.Sprintf(`#queens-board [role=gridcell][data-c="%d"][data-r="%d"]`, c, r)
	}
	act(t, ctx,
		chromedp.Focus(css(cell(0, 0))),
		chromedp.SendKeys(css(cell(0, 0)), kb.ArrowDown+kb.ArrowDown+kb.ArrowDown),
	)
	enter := eval[float64](t, ctx, `(() => {
		const e = document.activeElement, t0 = performance.now();
		e.dispatchEvent(new KeyboardEvent("keydown", {key: "Enter", bubbles: true}));
		void document.body.offsetWidth;
		return performance.now() - t0;
	})()`)
	act(t, ctx, chromedp.SendKeys(css(cell(0, 3)), kb.ArrowRight+kb.ArrowDown+kb.ArrowDown+kb.ArrowDown+kb.Enter))
	if got := boardQueens(t, ctx, 8); got[0] != 3 || got[1] != 6 {
		t.Fatalf("queens placed by keyboard: %v", got)
	}
	focus := eval[[]string](t, ctx, `[document.activeElement.getAttribute("aria-label"), String(document.querySelectorAll("#queens-board [tabindex='0']").length), document.getElementById("queens-board").getAttribute("role")]`)
	if strings.Join(focus, "|") != "row 7, column 2, queen|1|grid" {
		t.Errorf("focus: %q", focus)
	}
	screenshot(t, ctx, dir, "queens-keyboard.png")
	if l := eval[string](t, ctx, `document.querySelector('`+cell(2, 1)+`').getAttribute("aria-label")`); l != "row 2, column 3, attacked" {
		t.Errorf("r2c3 is labelled %q", l)
	}
	if l := eval[string](t, ctx, `document.querySelector('`+cell(2, 0)+`').getAttribute("aria-label")`); l != "row 1, column 3, empty" {
		t.Errorf("r1c3 is labelled %q", l)
	}
	act(t, ctx, chromedp.Click(id("queens-undo")))
	if got := boardQueens(t, ctx, 8); got[0] != 3 || got[1] != -1 {
		t.Errorf("after undo: %v", got)
	}
	act(t, ctx, chromedp.Click(id("queens-redo")), chromedp.Reload(), chromedp.WaitVisible(css(`#queens-board .sq.queen`)))
	if got := boardQueens(t, ctx, 8); got[0] != 3 || got[1] != 6 {
		t.Errorf("after redo and a reload: %v", got)
	}

	// Shared: the link opens the queens in another tab.
	link := shareLink(t, ctx, ts.URL, "queens")
	other, cancel := chromedp.NewContext(ctx)
	act(t, other, chromedp.Navigate(link), chromedp.WaitVisible(css(`#queens-board .sq.queen`)))
	if got := boardQueens(t, other, 8); got[0] != 3 || got[1] != 6 {
		t.Errorf("the link %s opens %v", link, got)
	}
	cancel()

	// The search from these queens, at once: its count is the oracle's.
	act(t, ctx,
		chromedp.SetValue(id("queens-exercise"), "from"),
		chromedp.SetValue(id("queens-speed"), "instant"),
		chromedp.Click(id("queens-stop-at")), // off
		chromedp.Click(id("queens-animate")),
		chromedp.WaitVisible(css(`#queens-board[data-state="done"]`)),
	)
	want := keeping(8, map[int]int{0: 3, 1: 6})
	if got, msg := eval[string](t, ctx, `document.getElementById("queens-board").dataset.solutions`), text(t, ctx, "#queens-step-text"); got != fmt.Sprint(want) ||
		!strings.HasPrefix(msg, fmt.Sprintf("Done: %d solution", want)) {
		t.Errorf("from r4c1, r7c2: %s solutions, %q; the oracle finds %d", got, msg, want)
	}

	// Step by step, every solution: place, conflict, conflict, place.
	act(t, ctx, chromedp.SetValue(id("queens-exercise"), "all"), chromedp.Click(id("queens-step")))
	steps := []string{eval[string](t, ctx, `document.getElementById("queens-board").dataset.step`)}
	var stepMs float64
	for range 3 {
		stepMs = clickTime(t, ctx, "queens-step")
		steps = append(steps, eval[string](t, ctx, `document.getElementById("queens-board").dataset.step`))
	}
	if got := strings.Join(steps, ", "); got != "place 0 0, conflict 1 0, conflict 1 1, place 1 2" {
		t.Errorf("the first steps: %s", got)
	}
	act(t, ctx, chromedp.Click(id("queens-step")), chromedp.Click(id("queens-step")))
	if tried, by := eval[int](t, ctx, `document.querySelectorAll("#queens-board .sq.trying").length`), eval[int](t, ctx, `document.querySelectorAll("#queens-board .sq.attacker").length`); tried != 1 || by != 1 {
		t.Errorf("a conflict step shows %d squares tried, %d attackers", tried, by)
	}
	screenshot(t, ctx, dir, "queens-step.png")
	t.Logf("place a queen by Enter: %.2f ms; one step of the search: %.2f ms (handlers and layout)", enter, stepMs)
}
