package nonogram

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlesolvers/puzzle/status"
)

// TestSolveFound checks that Options.Found receives the pictures the kept
// list would hold, through each search (quick, clause learning, plain),
// and stops the search when asked.
func TestSolveFound(t *testing.T) {
	t.Parallel()
	// Every permutation matrix of 6×6: 720 pictures.
	p, err := Parse(strings.NewReader("6 6\n" + strings.Repeat("1\n", 12)))
	if err != nil {
		t.Fatal(err)
	}
	key := func(g *Grid) string { return g.String() }
	for _, tt := range []struct {
		name  string
		opt   Options
		count int
	}{
		{"all", Options{Limit: -1}, 720},
		{"limit", Options{Limit: 100}, 100},
		{"learn at root", Options{Limit: -1, learnAtRoot: true}, 720},
		{"quick then learning", Options{Limit: 300, quickNodes: 4}, 300},
		{"no learning", Options{Limit: -1, quickNodes: 4, noLearning: true}, 720},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			kept, err := Solve(context.Background(), p, tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			var streamed []string
			opt := tt.opt
			opt.Found = func(g *Grid) bool {
				streamed = append(streamed, key(g))
				return true
			}
			res, err := Solve(context.Background(), p, opt)
			if err != nil {
				t.Fatal(err)
			}
			if res.Count != tt.count || kept.Count != tt.count || len(streamed) != tt.count || len(kept.Solutions) != tt.count {
				t.Fatalf("count %d, kept %d (%d listed), streamed %d; want %d", res.Count, kept.Count, len(kept.Solutions), len(streamed), tt.count)
			}
			if res.Solutions != nil || res.Status != status.Multiple {
				t.Errorf("Found set: %d solutions kept, status %v", len(res.Solutions), res.Status)
			}
			var want []string
			for _, g := range kept.Solutions {
				want = append(want, key(g))
			}
			slices.Sort(want)
			slices.Sort(streamed)
			if !slices.Equal(streamed, want) || len(slices.Compact(streamed)) != tt.count {
				t.Errorf("streamed pictures differ from the kept ones, or repeat")
			}
		})
	}
	t.Run("stop", func(t *testing.T) {
		n := 0
		res, err := Solve(context.Background(), p, Options{Limit: -1, Found: func(*Grid) bool {
			n++
			return n < 5
		}})
		if err != nil || n != 5 || res.Count != 5 {
			t.Errorf("Found stopped after 5: %d calls, count %d, err %v", n, res.Count, err)
		}
	})
}
