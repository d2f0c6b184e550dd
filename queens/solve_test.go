package queens

import (
	"context"
	"slices"
	"testing"

	"github.com/puzzlesolvers/puzzle/status"
)

func TestSolveAgainstNaive(t *testing.T) {
	t.Parallel()
	for n := 1; n <= 9; n++ {
		want := naiveSolutions(n)
		res, err := Solve(context.Background(), &Puzzle{N: n}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.EqualFunc(res.Solutions, want, slices.Equal[[]int]) {
			t.Errorf("n=%d: %d solutions differ from the %d of the naive search", n, len(res.Solutions), len(want))
		}
		for r := range n {
			res, _ := Solve(context.Background(), &Puzzle{N: n, Queens: []Queen{{Col: 0, Row: r}}}, Options{})
			var sub [][]int
			for _, s := range want {
				if s[0] == r {
					sub = append(sub, s)
				}
			}
			if !slices.EqualFunc(res.Solutions, sub, slices.Equal[[]int]) {
				t.Errorf("n=%d first row %d: %v, want %v", n, r, res.Solutions, sub)
			}
		}
	}
}

func TestSolveVisit(t *testing.T) {
	t.Parallel()
	all, _ := Solve(context.Background(), &Puzzle{N: 8}, Options{})
	var seen [][]int
	res, err := Solve(context.Background(), &Puzzle{N: 8}, Options{Visit: func(rows []int) { seen = append(seen, slices.Clone(rows)) }})
	if err != nil || res.Solutions != nil || res.Count != 92 || !slices.EqualFunc(seen, all.Solutions, slices.Equal[[]int]) {
		t.Errorf("visit: %d solutions, count %d, stored %d", len(seen), res.Count, len(res.Solutions))
	}
}

// The textbook exercise: 5×5, the queen of the first column on row 3.
func TestSolveFiveFromRow3(t *testing.T) {
	t.Parallel()
	res, err := Solve(context.Background(), &Puzzle{N: 5, Queens: []Queen{{Col: 0, Row: 3}}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Solutions) != 2 || res.Status != status.Multiple {
		t.Fatalf("%v: %v, want 2 solutions", res.Status, res.Solutions)
	}
	for _, s := range res.Solutions {
		if s[0] != 3 {
			t.Errorf("%v does not start on row 3", s)
		}
	}
}

func TestSolveLimit(t *testing.T) {
	t.Parallel()
	res, _ := Solve(context.Background(), &Puzzle{N: 8}, Options{Limit: 5})
	if len(res.Solutions) != 5 || res.Status != status.Multiple {
		t.Errorf("limit 5: %d solutions, %v", len(res.Solutions), res.Status)
	}
	res, _ = Solve(context.Background(), &Puzzle{N: 8}, Options{Limit: 1})
	if len(res.Solutions) != 1 || res.Status != status.Solved {
		t.Errorf("limit 1: %d solutions, %v", len(res.Solutions), res.Status)
	}
	res, _ = Solve(context.Background(), &Puzzle{N: 3}, Options{})
	if res.Status != status.None {
		t.Errorf("n=3: %v", res.Status)
	}
	res, _ = Solve(context.Background(), &Puzzle{N: 6, Queens: []Queen{{Col: 0, Row: 0}}}, Options{})
	if res.Status != status.None {
		t.Errorf("n=6 from row 0: %v", res.Status)
	}
	for _, qs := range [][]Queen{{{Col: 0, Row: 8}}, {{Col: 0, Row: -1}}} {
		if _, err := Solve(context.Background(), &Puzzle{N: 8, Queens: qs}, Options{}); err == nil {
			t.Errorf("%+v accepted", qs)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Solve(ctx, &Puzzle{N: 14}, Options{})
	if err == nil || res.Status != status.Timeout {
		t.Errorf("cancelled: %v, %v", res.Status, err)
	}
}

// BenchmarkSolve lists every solution of the 12×12 board, each visited.
func BenchmarkSolve(b *testing.B) {
	var res Result
	for b.Loop() {
		res, _ = Solve(context.Background(), &Puzzle{N: 12}, Options{Visit: func([]int) {}})
	}
	if res.Count != 14200 {
		b.Fatalf("%d solutions", res.Count)
	}
	b.ReportMetric(float64(res.Stats.Nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}
