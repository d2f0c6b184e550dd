package sudoku

import (
	"bytes"
	"context"
	"slices"
	"testing"

	"github.com/puzzlesolvers/puzzle/status"
)

// TestSolveFound checks that Options.Found receives every solution the
// kept list would hold, keeps none in the Result, and stops the search
// when asked.
func TestSolveFound(t *testing.T) {
	t.Parallel()
	empty4, _ := New(2)
	empty9, _ := New(3)
	empty16, _ := New(4)
	for _, tt := range []struct {
		name  string
		p     *Puzzle
		opt   Options
		count int
		st    status.Status
	}{
		{"4x4 all", empty4, Options{Limit: -1}, 288, status.Multiple},
		{"4x4 general all", empty4, Options{Limit: -1, General: true, NoLearning: true}, 288, status.Multiple},
		{"9x9 limit", empty9, Options{Limit: 500}, 500, status.Multiple},
		{"9x9 general limit", empty9, Options{Limit: 300, General: true}, 300, status.Multiple},
		{"16x16 limit", empty16, Options{Limit: 50}, 50, status.Multiple},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			kept, err := Solve(context.Background(), tt.p, tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			var streamed [][]uint8
			opt := tt.opt
			opt.Found = func(sol []uint8) bool {
				streamed = append(streamed, sol)
				return true
			}
			res, err := Solve(context.Background(), tt.p, opt)
			if err != nil {
				t.Fatal(err)
			}
			if res.Count != tt.count || kept.Count != tt.count || len(streamed) != tt.count {
				t.Fatalf("count %d, kept %d, streamed %d; want %d", res.Count, kept.Count, len(streamed), tt.count)
			}
			if res.Status != tt.st || kept.Status != tt.st {
				t.Errorf("status %v (kept %v), want %v", res.Status, kept.Status, tt.st)
			}
			if res.Solutions != nil {
				t.Errorf("Found set, yet Result holds %d solutions", len(res.Solutions))
			}
			if !slices.EqualFunc(streamed, kept.Solutions, bytes.Equal) {
				t.Errorf("streamed solutions differ from the kept ones")
			}
			for _, s := range streamed {
				if err := (&Puzzle{Box: tt.p.Box, Cells: s}).Validate(); err != nil || slices.Contains(s, 0) {
					t.Fatalf("streamed grid is not a solution: %v", err)
				}
			}
		})
	}
	t.Run("stop", func(t *testing.T) {
		n := 0
		res, err := Solve(context.Background(), empty9, Options{Limit: -1, Found: func([]uint8) bool {
			n++
			return n < 7
		}})
		if err != nil || n != 7 || res.Count != 7 || res.Status != status.Multiple {
			t.Errorf("Found stopped after 7: got %d calls, count %d, status %v, err %v", n, res.Count, res.Status, err)
		}
	})
}
