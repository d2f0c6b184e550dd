package web

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/puzzlesolvers/puzzle/sliding"
)

// TestBrowserBroken drives the page through what issue 16 found broken: a
// rectangular sliding board read from text, the Queens stats panel after
// Count then Dominate, seeds above 2^53, and the page at 390 px.
func TestBrowserBroken(t *testing.T) {
	bctx := browser(t)
	ts := httptest.NewServer(newTestServer(t, Config{}))
	defer ts.Close()
	tab := func(t *testing.T) context.Context {
		ctx, cancel := chromedp.NewContext(bctx)
		t.Cleanup(cancel)
		watchErrors(t, ctx)
		return ctx
	}

	t.Run("sliding 2x3 from text", func(t *testing.T) {
		ctx := tab(t)
		// Rows one per line, and rows separated by slashes on one line.
		act(t, ctx,
			chromedp.Navigate(ts.URL+"/#sliding"),
			chromedp.WaitVisible(css("#sliding-board .tile")),
			chromedp.Click(css("#tab-sliding details.import summary")),
		)
		for _, board := range []string{"1 2 3\n4 0 5", "1 2 3 / 4 0 5"} {
			act(t, ctx,
				chromedp.SetValue(id("sliding-text"), "1 2\n3 0"), // another board first
				chromedp.Click(id("sliding-load")),
				chromedp.WaitVisible(css(`#sliding-board[data-tiles="1 2 3 0"]`)),
				chromedp.SetValue(id("sliding-text"), board),
				chromedp.Click(id("sliding-load")),
				chromedp.Click(id("sliding-reset")), // the same board twice: its progress was kept
				chromedp.WaitVisible(css(`#sliding-board[data-tiles="1 2 3 4 0 5"]`)),
				chromedp.SetValue(id("sliding-speed"), "instant"),
				chromedp.Click(id("sliding-solve")),
				chromedp.Poll[chromedp.Void](`["solved", "unsolvable"].includes(document.getElementById("sliding-board").dataset.state) || document.querySelector("#sliding-status.error") !== null`,
					chromedp.WithPollingTimeout(10*time.Second)),
			)
			got := eval[string](t, ctx, `document.getElementById("sliding-board").dataset.tiles + " | " + document.getElementById("sliding-board").dataset.state`)
			if msg := text(t, ctx, "#sliding-status"); got != "1 2 3 4 5 0 | solved" {
				t.Errorf("board %q: after Solve %q, status %q", board, got, msg)
			}
		}
	})

	t.Run("queens stats after count then dominate", func(t *testing.T) {
		ctx := tab(t)
		act(t, ctx,
			chromedp.Navigate(ts.URL+"/#queens"),
			chromedp.WaitVisible(css(`#queens-board .sq`)),
			chromedp.Click(id("queens-count")),
			chromedp.WaitVisible(id("queens-counts")),
			chromedp.Click(id("queens-dominate")),
			chromedp.WaitVisible(css(`#queens-board[data-kind="dominate"]`)),
		)
		panel := text(t, ctx, "#queens-result")
		if strings.Contains(panel, "92") || !strings.Contains(panel, "5") || !strings.Contains(strings.ToLower(panel), "queens") {
			t.Errorf("after Count then Dominate the stats panel says %q", panel)
		}
	})

	// A seed drawn by the server is shown to the last digit and, typed in
	// again, gives the same board or puzzle. Drawn seeds are below 2^64
	// (2^63 for Sudoku): above 2^53 but for one in 2^10.
	t.Run("seeds", func(t *testing.T) {
		ctx := tab(t)
		seedRE := regexp.MustCompile(`seed (\d+)`)
		act(t, ctx,
			chromedp.Navigate(ts.URL+"/#sliding"),
			chromedp.WaitVisible(css("#sliding-board .tile")),
			chromedp.SetValue(id("sliding-size"), "4"),
			chromedp.Click(id("sliding-shuffle")),
			chromedp.WaitVisible(css(`#sliding-board .tile[data-tile="15"]`)),
		)
		m := seedRE.FindStringSubmatch(text(t, ctx, "#sliding-status"))
		if m == nil {
			t.Fatalf("no seed shown: %q", text(t, ctx, "#sliding-status"))
		}
		seed, err := strconv.ParseUint(m[1], 10, 64)
		if err != nil {
			t.Fatalf("seed %q: %v", m[1], err)
		}
		want := sliding.Shuffle(rand.New(rand.NewPCG(seed, 0)), 4, 4, sliding.BlankLast).Line()
		if got := eval[string](t, ctx, `document.getElementById("sliding-board").dataset.tiles`); got != want {
			t.Errorf("seed shown %s: board %q, the seed gives %q", m[1], got, want)
		}
		// Reused: the same board again. The field is text, not a number
		// (whose arrows would step through a float64).
		act(t, ctx,
			chromedp.Click(id("sliding-reseed")),
			chromedp.Click(id("sliding-shuffle")),
			chromedp.WaitVisible(css(fmt.Sprintf(`#sliding-board[data-tiles="%s"]`, want))),
		)
		if typ := eval[string](t, ctx, `document.getElementById("sliding-seed").type + " " + document.getElementById("sliding-seed").value`); typ != "text "+m[1] {
			t.Errorf("seed field %q, want text %s", typ, m[1])
		}

		// Sudoku: generate, read the seed, generate again with it.
		act(t, ctx,
			chromedp.Click(id("tabbtn-sudoku")),
			chromedp.WaitVisible(css("#sudoku-grid .cell")),
			chromedp.SetValue(id("sudoku-size"), "2"),
			chromedp.SetValue(id("sudoku-difficulty"), "easy"),
			chromedp.Click(id("sudoku-generate")),
			chromedp.WaitVisible(css("#sudoku-status.ok")),
		)
		m = seedRE.FindStringSubmatch(text(t, ctx, "#sudoku-status"))
		if m == nil {
			t.Fatalf("no seed shown: %q", text(t, ctx, "#sudoku-status"))
		}
		first := eval[string](t, ctx, `[...document.querySelectorAll("#sudoku-grid .cell")].map(c => c.textContent || ".").join("")`)
		act(t, ctx,
			chromedp.Click(id("sudoku-empty")),
			chromedp.SetValue(id("sudoku-seed"), m[1]),
			chromedp.Click(id("sudoku-generate")),
			chromedp.WaitVisible(css("#sudoku-status.ok")),
		)
		again := eval[string](t, ctx, `[...document.querySelectorAll("#sudoku-grid .cell")].map(c => c.textContent || ".").join("")`)
		if again != first || !strings.Contains(text(t, ctx, "#sudoku-status"), "seed "+m[1]) {
			t.Errorf("seed %s gave %q, then %q (%q)", m[1], first, again, text(t, ctx, "#sudoku-status"))
		}
	})

	t.Run("390 px", func(t *testing.T) {
		ctx := tab(t)
		act(t, ctx,
			chromedp.EmulateViewport(390, 844),
			chromedp.Navigate(ts.URL+"/"),
			chromedp.WaitVisible(css("[role=tab]")),
		)
		for _, name := range []string{"sudoku", "nonogram", "sliding", "queens"} {
			act(t, ctx,
				chromedp.Click(id("tabbtn-"+name)),
				tabBuilt(name),
			)
			checkNarrow(t, ctx, name)
		}
	})
}

// checkNarrow fails the test when the page scrolls sideways or a tab's
// label takes more than one line.
func checkNarrow(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	if w := eval[[]int](t, ctx, `[document.scrollingElement.scrollWidth, innerWidth]`); w[0] > w[1] {
		wide := eval[[]string](t, ctx, `[...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > innerWidth + 0.5 && e.offsetParent !== null).slice(0, 5).map(e => e.tagName + "#" + e.id + "." + e.className + " " + Math.round(e.getBoundingClientRect().right))`)
		t.Errorf("%s tab at %d px: the page is %d px wide (%v)", name, w[1], w[0], wide)
	}
	wrapped := eval[[]string](t, ctx, `[...document.querySelectorAll("[role=tab]")].filter(b => {
		const r = document.createRange(); r.selectNodeContents(b);
		return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size > 1;
	}).map(b => b.textContent)`)
	if len(wrapped) > 0 {
		t.Errorf("%s tab: labels wrapped: %q", name, wrapped)
	}
}

// watchErrors fails the test, at its end, on every uncaught exception of
// the page's scripts.
func watchErrors(t *testing.T, ctx context.Context) {
	t.Helper()
	var mu sync.Mutex
	var errs []string
	if err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*runtime.EventExceptionThrown); ok {
			d := e.ExceptionDetails
			msg := d.Text
			if d.Exception != nil {
				msg += " " + d.Exception.Description
			}
			mu.Lock()
			errs = append(errs, fmt.Sprintf("%s:%d: %s", d.URL, d.LineNumber+1, msg))
			mu.Unlock()
		}
	}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, e := range errs {
			t.Errorf("script error: %s", e)
		}
	})
}
