package web

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// axeSHA256 is the checksum of testdata/axe-core/axe.min.js (see SOURCE.md
// there): the audit runs the file it names, or fails.
const axeSHA256 = "29348999450cdf2849a8e70b7912fc2da85a849da39c0d0d5394f51d4a9ed95c"

// axeViolation is one rule that failed, as axe.run reports it.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target  []any  `json:"target"`
		Summary string `json:"failureSummary"`
	} `json:"nodes"`
}

// awaitPromise makes an evaluation wait for the promise it returns.
func awaitPromise(p *runtime.EvaluateParams) {
	yes := true
	p.AwaitPromise = &yes
}

// TestBrowserAxe audits every tab with axe-core, at 1280 and 390 px, light
// and dark, in the states a player reaches (a hint shown, a nonogram being
// played, the queens' search under way): no violation of impact serious
// or critical, WCAG 2 A and AA rules and axe's best practices alike.
func TestBrowserAxe(t *testing.T) {
	script, err := os.ReadFile("testdata/axe-core/axe.min.js")
	if err != nil {
		t.Fatalf("the audit needs axe-core: %v", err)
	}
	if sum := sha256.Sum256(script); hex.EncodeToString(sum[:]) != axeSHA256 {
		t.Fatalf("testdata/axe-core/axe.min.js is not the file SOURCE.md names (sha256 %x)", sum)
	}
	ts := httptest.NewServer(newTestServer(t, Config{}))
	defer ts.Close()
	audit := func(t *testing.T, ctx context.Context, name string) {
		t.Helper()
		if !eval[bool](t, ctx, `typeof axe === "object"`) {
			act(t, ctx, chromedp.Evaluate[chromedp.Void](string(script)))
		}
		v, err := chromedp.Run(ctx, chromedp.Evaluate[[]axeViolation](
			`axe.run(document, {resultTypes: ["violations"]}).then((r) => r.violations)`, awaitPromise))
		if err != nil {
			t.Fatalf("%s: axe.run: %v", name, err)
		}
		for _, x := range v {
			if x.Impact != "serious" && x.Impact != "critical" {
				t.Logf("%s: %s (%s): %s, %d elements", name, x.ID, x.Impact, x.Help, len(x.Nodes))
				continue
			}
			var where []string
			for _, n := range x.Nodes {
				where = append(where, fmt.Sprint(n.Target)+" "+strings.ReplaceAll(n.Summary, "\n", " "))
			}
			t.Errorf("%s: %s (%s): %s, at %d elements:\n  %s", name, x.ID, x.Impact, x.Help, len(x.Nodes), strings.Join(where, "\n  "))
		}
	}
	for _, scheme := range []string{"light", "dark"} {
		for _, width := range []int64{1280, 390} {
			// A browser for each width and scheme: an audit takes seconds.
			ctx := browser(t)
			watchErrors(t, ctx)
			for _, tab := range []string{"sudoku", "nonogram", "sliding", "queens"} {
				name := fmt.Sprintf("%s-%d-%s", tab, width, scheme)
				act(t, ctx,
					colorScheme(scheme),
					chromedp.EmulateViewport(width, 900),
					chromedp.Navigate(ts.URL+"/?"+name+"#"+tab),
					tabBuilt(tab),
				)
				audit(t, ctx, name)
				// The state a player reaches, audited as well.
				switch tab {
				case "sudoku":
					act(t, ctx, chromedp.Click(id("sudoku-hint-btn")), chromedp.WaitVisible(id("sudoku-hint")))
				case "sliding":
					act(t, ctx, chromedp.Click(id("sliding-hint")), chromedp.WaitVisible(css("#sliding-board[data-hint]")))
				case "nonogram":
					act(t, ctx, chromedp.SetValue(id("nonogram-speed"), "instant"), chromedp.Click(id("nonogram-solve")),
						chromedp.WaitEnabled(id("nonogram-playmine")), chromedp.Click(id("nonogram-playmine")),
						chromedp.WaitVisible(css(`#nonogram-playboard[data-state="playing"]`)))
				case "queens":
					act(t, ctx, chromedp.Click(id("queens-step")), chromedp.Click(id("queens-step")), chromedp.Click(id("queens-step")))
				}
				audit(t, ctx, name+" in play")
			}
		}
	}
}
