package web

import (
	"fmt"
	"net/http/httptest"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserTextSize checks that the page's text follows the browser's
// text size: with the root font size raised from 16 to 24 px (what a
// reader's larger default does), every visible text outside drawings grows
// by the same factor, buttons, fields, labels and messages included.
func TestBrowserTextSize(t *testing.T) {
	ctx := browser(t)
	watchErrors(t, ctx)
	ts := httptest.NewServer(newTestServer(t, Config{}))
	defer ts.Close()
	const sizes = `(() => {
		const out = {};
		for (const e of document.querySelectorAll("body *")) {
			if (e.closest("svg, [hidden]") || !e.getClientRects().length) continue;
			const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
			if (!own && !["INPUT", "SELECT", "TEXTAREA"].includes(e.tagName)) continue;
			out[e.tagName + "#" + e.id + "." + e.className + "@" + [...e.parentNode.children].indexOf(e)] = parseFloat(getComputedStyle(e).fontSize);
		}
		return out;
	})()`
	for _, tab := range []string{"sudoku", "nonogram", "sliding", "queens"} {
		act(t, ctx,
			chromedp.Navigate(fmt.Sprintf("%s/?%s#%s", ts.URL, tab, tab)),
			chromedp.WaitVisible(css("#tab-"+tab+" button")),
			chromedp.Evaluate[chromedp.Void](`document.documentElement.style.fontSize = "16px"`),
		)
		base := eval[map[string]float64](t, ctx, sizes)
		act(t, ctx, chromedp.Evaluate[chromedp.Void](`document.documentElement.style.fontSize = "24px"`))
		big := eval[map[string]float64](t, ctx, sizes)
		if len(base) < 10 {
			t.Fatalf("%s: only %d texts found", tab, len(base))
		}
		for k, v := range base {
			w, ok := big[k]
			if !ok {
				continue
			}
			if ratio := w / v; ratio < 1.45 || ratio > 1.55 {
				t.Errorf("%s: %s is %.1f px at a 16 px root and %.1f px at 24 px (×%.2f, want ×1.5)", tab, k, v, w, ratio)
			}
		}
	}
}
