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

// printTitles are the titles the page prints above each tab's board, as
// CSS gives them: those of the sheets of 'puzzle <family> print'.
var printTitles = map[string]string{"sudoku": `"Sudoku"`, "nonogram": `"Nonogram"`, "sliding": `"Sliding puzzle"`, "queens": `"N-Queens"`}

// printMedia makes the page use its print style sheet (on), or not.
func printMedia(on bool) chromedp.Action[chromedp.Void] {
	media := ""
	if on {
		media = "print"
	}
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: media})
		return err
	})
}

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

// TestBrowserTabs opens every tab at 1280, 390 and 360 px, light and dark: the
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
		for _, width := range []int64{1280, 390, 360} {
			for _, tab := range []string{"sudoku", "nonogram", "sliding", "queens"} {
				name := fmt.Sprintf("%s-%d-%s", tab, width, scheme)
				act(t, ctx,
					colorScheme(scheme),
					chromedp.EmulateViewport(width, 900),
					chromedp.Navigate(ts.URL+"/?"+name+"#"+tab),
					tabBuilt(tab),
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
				checkContrast(t, ctx, name)
				if shots && width != 360 {
					screenshot(t, ctx, dir, name+".png")
				}
				if scheme == "light" && width == 1280 {
					// Printed: the board alone, black on white.
					act(t, ctx, printMedia(true))
					shown := eval[[]string](t, ctx, fmt.Sprintf(`["header.top", "#tab-%[1]s .side-col", "footer", "#tab-%[1]s .board-col"].map(s => getComputedStyle(document.querySelector(s)).display)`, tab))
					if shown[0] != "none" || shown[1] != "none" || shown[2] != "none" || shown[3] == "none" {
						t.Errorf("%s printed: header, side column, footer, board shown as %q", tab, shown)
					}
					// The title of puzzle print's sheets above the board.
					if title := eval[string](t, ctx, fmt.Sprintf(`getComputedStyle(document.querySelector("#tab-%s .board-col"), "::before").content`, tab)); title != printTitles[tab] {
						t.Errorf("%s printed: title %s, want %s", tab, title, printTitles[tab])
					}
					// The empty puzzle: no digit but the givens, no filled cell.
					switch tab {
					case "sudoku":
						if n := eval[int](t, ctx, `[...document.querySelectorAll("#sudoku-grid .cell:not(.given)")].filter((c) => c.textContent && getComputedStyle(c).color !== "rgba(0, 0, 0, 0)").length`); n != 0 {
							t.Errorf("sudoku printed: %d cells other than givens show a digit", n)
						}
					case "nonogram":
						if n := eval[int](t, ctx, `[...document.querySelectorAll("#nonogram-svg rect.cell")].filter((c) => getComputedStyle(c).fill !== "rgb(255, 255, 255)").length`); n != 0 {
							t.Errorf("nonogram printed: %d cells not white", n)
						}
					}
					if shots {
						screenshot(t, ctx, dir, tab+"-print.png")
					}
					act(t, ctx, printMedia(false))
				}
			}
		}
	}
}

// contrastJS lists the visible texts whose colour has less contrast with
// the background behind them than WCAG 2's level AA asks: 4.5, or 3 for
// large text (24 px, or 18.66 px bold). Disabled controls are exempt, as
// WCAG exempts them.
const contrastJS = `(() => {
	const rgb = (s) => { const m = s.match(/[\d.]+/g).map(Number); return m.length > 3 ? m : [...m, 1]; };
	const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }; return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
	const back = (e) => {
		for (; e; e = e.parentElement) {
			const c = rgb(getComputedStyle(e).backgroundColor);
			if (c[3] > 0.5) return c;
		}
		return rgb(getComputedStyle(document.documentElement).backgroundColor);
	};
	const bad = [];
	for (const e of document.querySelectorAll("body *")) {
		if (![...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
		if (!e.getClientRects().length || e.closest("[hidden], .sr-only, :disabled, svg")) continue;
		const st = getComputedStyle(e);
		if (st.visibility !== "visible" || Number(st.opacity) < 1) continue;
		const fg = rgb(st.color), bg = back(e);
		const l1 = lum(fg), l2 = lum(bg), ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
		const size = parseFloat(st.fontSize), large = size >= 24 || (size >= 18.66 && Number(st.fontWeight) >= 700);
		if (ratio < (large ? 3 : 4.5)) bad.push(e.tagName + "#" + e.id + "." + e.className + " '" + e.textContent.trim().slice(0, 20) + "' " + ratio.toFixed(2));
	}
	return bad;
})()`

// checkContrast fails the test for each text below AA contrast.
func checkContrast(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	for _, b := range eval[[]string](t, ctx, contrastJS) {
		t.Errorf("%s: low contrast: %s", name, b)
	}
}
