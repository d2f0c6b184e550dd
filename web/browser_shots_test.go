package web

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// colorScheme makes the page see prefers-color-scheme as scheme ("light"
// or "dark").
func colorScheme(scheme string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
		})
		return err
	})
}

// TestBrowserTabs opens every tab at 1280 and 390 px, light and dark: the
// page never scrolls sideways and no tab label wraps. With
// $PUZZLE_SCREENSHOTS set it keeps a screenshot of each, for a person to
// look at.
func TestBrowserTabs(t *testing.T) {
	ctx := browser(t)
	watchErrors(t, ctx)
	ts := httptest.NewServer(newTestServer(t, Config{}))
	defer ts.Close()
	shots := os.Getenv("PUZZLE_SCREENSHOTS") != ""
	dir := screenshotDir(t)
	for _, scheme := range []string{"light", "dark"} {
		for _, width := range []int64{1280, 390} {
			for _, tab := range []string{"sudoku", "nonogram", "sliding", "queens"} {
				name := fmt.Sprintf("%s-%d-%s", tab, width, scheme)
				act(t, ctx,
					colorScheme(scheme),
					chromedp.EmulateViewport(width, 900),
					chromedp.Navigate(ts.URL+"/?"+name+"#"+tab),
					chromedp.WaitVisible(id("tab-"+tab)),
				)
				if dark := eval[bool](t, ctx, `matchMedia("(prefers-color-scheme: dark)").matches`); dark != (scheme == "dark") {
					t.Fatalf("%s: the page sees dark %v", name, dark)
				}
				// Something to see: a hint, a few steps of the search.
				switch tab {
				case "sliding":
					act(t, ctx, chromedp.Click(id("sliding-hint")), chromedp.WaitVisible(css("#sliding-board[data-hint]")))
				case "nonogram":
					act(t, ctx, chromedp.SetValue(id("nonogram-speed"), "instant"), chromedp.Click(id("nonogram-solve")),
						chromedp.WaitVisible(css(`#nonogram-svg[data-state="done"]`)))
				case "queens":
					act(t, ctx, chromedp.Click(id("queens-step")), chromedp.Click(id("queens-step")), chromedp.Click(id("queens-step")),
						chromedp.Click(id("queens-step")), chromedp.Click(id("queens-step")), chromedp.Click(id("queens-step")))
				}
				checkNarrow(t, ctx, name)
				if shots {
					screenshot(t, ctx, dir, name+".png")
				}
			}
		}
	}
}
