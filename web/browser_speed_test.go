package web

import (
	"context"
	"fmt"
	"io/fs"
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// TestBrowserFirstPaint loads the page over loopback, per tab five times
// with the browser's cache emptied (a first visit) and ten times with the
// page's files kept (they are named by their content's hash and may be
// kept for good), and reports the first contentful paint and
// the time to a usable tab (its controls built) from the browser's own
// clock (the Paint Timing and Navigation Timing APIs, performance.now()),
// with the size of the page's files. It checks that every load paints
// and builds its tab; the times are reported, not asserted (a loaded host
// is not a slow page): docs/benchmarks.md records them.
func TestBrowserFirstPaint(t *testing.T) {
	ctx := browser(t)
	watchErrors(t, ctx)
	ts := httptest.NewServer(newTestServer(t, Config{}))
	defer ts.Close()
	total, files := 0, 0
	err := fs.WalkDir(static, "static", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err == nil {
			total += int(info.Size())
			files++
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("static/: %d files, %d bytes (%.0f KiB), uncompressed", files, total, float64(total)/1024)
	clearCache := chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, network.ClearBrowserCache, cdp.Empty{})
		return err
	})
	// One load first, not counted: the browser's own start (its network
	// service, its first renderer) is not the page's.
	act(t, ctx, chromedp.Navigate(ts.URL+"/?warm#sudoku"), chromedp.WaitVisible(css("#tab-sudoku button")))
	for _, tab := range []string{"sudoku", "nonogram", "sliding", "queens"} {
		// Five first visits (the browser's cache emptied before each),
		// then ten visits again, the page's files kept by the browser.
		for _, cold := range []bool{true, false} {
			var paint, ready []float64
			for i := range map[bool]int{true: 5, false: 10}[cold] {
				if cold {
					act(t, ctx, clearCache)
				}
				act(t, ctx,
					chromedp.Navigate(fmt.Sprintf("%s/?load%d#%s", ts.URL, i, tab)),
					chromedp.WaitVisible(css("#tab-"+tab+" button")),
				)
				// The paint entry can come a frame after the tab is visible.
				times, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`new Promise((done) => {
				const read = () => {
					const p = performance.getEntriesByName("first-contentful-paint")[0];
					if (!p) return requestAnimationFrame(read);
					done([p.startTime, performance.now()]);
				};
				read();
			})`, awaitPromise))
				if err != nil {
					t.Fatalf("%s load %d: %v", tab, i, err)
				}
				if len(times) != 2 || times[0] <= 0 {
					t.Fatalf("%s load %d: no first contentful paint (%v)", tab, i, times)
				}
				paint = append(paint, times[0])
				ready = append(ready, times[1])
			}
			slices.Sort(paint)
			slices.Sort(ready)
			visit := map[bool]string{true: "first visit", false: "again"}[cold]
			t.Logf("%-8s %-11s first contentful paint, ms: median %.1f, best %.1f, worst %.1f; tab built by %.1f ms (median)",
				tab, visit, paint[len(paint)/2], paint[0], paint[len(paint)-1], ready[len(ready)/2])
		}
	}
}
