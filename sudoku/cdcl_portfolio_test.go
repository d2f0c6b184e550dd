package sudoku

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestPortfolio checks the two-search portfolio against the backtracking
// oracle: the count up to the limit, each solution valid and distinct, the
// solutions handed to a Found callback, and the searches restarting and
// reducing often so that both policies do real work.
func TestPortfolio(t *testing.T) {
	t.Parallel()
	saved := portfolio
	t.Cleanup(func() { portfolio = saved })
	rng := rand.New(rand.NewPCG(15, 2))
	cases := []struct {
		box    int
		keep   float64
		trials int
	}{
		{3, 0.3, 12},
		{4, 0.5, 5},
	}
	var work int64 // a puzzle settled by propagation alone takes no decision
	for _, tc := range cases {
		for range tc.trials {
			p := randomPuzzle(t, rng, tc.box, tc.keep)
			for _, limit := range []int{1, 2, 3, -1} {
				var want int
				if limit > 0 {
					want = countByBacktracking(p, limit)
				}
				if limit < 0 {
					if tc.box > 3 {
						continue
					}
					want = countByBacktracking(p, 50)
					if want == 50 {
						continue // too many to enumerate here
					}
				}
				var streamed [][]uint8
				k := &sink{limit: limit, found: func(sol []uint8) bool {
					streamed = append(streamed, sol)
					return true
				}}
				r := solveLearning(t.Context(), p.Box, p.Cells, k, 2) // limits 3 and -1: one search
				if r.err != nil {
					t.Fatal(r.err)
				}
				if k.count != want || len(streamed) != want {
					t.Fatalf("limit %d: %d solutions (%d streamed), backtracking finds %d\n%v",
						limit, k.count, len(streamed), want, p)
				}
				for i, sol := range streamed {
					if !p.IsSolutionOf(sol) {
						t.Fatalf("limit %d: invalid solution\n%v", limit, p)
					}
					for _, other := range streamed[:i] {
						if bytes.Equal(sol, other) {
							t.Fatalf("limit %d: a solution found twice\n%v", limit, p)
						}
					}
				}
				work += r.conflicts + r.decisions
			}
		}
	}
	if work == 0 {
		t.Fatal("no search did any work: decisions and conflicts are all zero")
	}
}

// TestPortfolioCancel checks that a cancelled or expired context stops
// every search of a portfolio and is reported, with the solutions found
// before it kept.
func TestPortfolioCancel(t *testing.T) {
	t.Parallel()
	p, _ := New(5) // an empty 25×25 grid: the searches find solutions at once
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	k := &sink{limit: 2}
	r := solveLearning(ctx, p.Box, p.Cells, k, 2)
	if !errors.Is(r.err, context.Canceled) {
		t.Errorf("after cancel: err %v", r.err)
	}
	for _, sol := range k.sols {
		if !p.IsSolutionOf(sol) {
			t.Errorf("after cancel: invalid solution")
		}
	}
	res, err := Solve(ctx, p, Options{Workers: 2})
	if !errors.Is(err, context.Canceled) || res.Status.String() != "timeout" {
		t.Errorf("Solve after cancel: status %v, err %v", res.Status, err)
	}
}

// TestPortfolioHardGrid runs Solve with two workers on the two easiest of
// Gecode's 25×25 puzzles, hard enough for the depth-first search to hand
// them to clause learning, and checks the verdict against one worker.
func TestPortfolioHardGrid(t *testing.T) {
	t.Parallel()
	ps := sharedPuzzles(t, "gecode/gecode_25x25.txt")
	var checked int
	for _, p := range ps[len(ps)-2:] {
		one, err := Solve(t.Context(), p, Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		if one.Stats.Solver != "dfs+cdcl" {
			continue
		}
		two, err := Solve(t.Context(), p, Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		if two.Status != one.Status || !slices.EqualFunc(two.Solutions, one.Solutions, bytes.Equal) {
			t.Fatalf("%s: two workers %v %d solutions, one worker %v %d", p.Name, two.Status, two.Count, one.Status, one.Count)
		}
		checked++
	}
	if checked == 0 {
		t.Error("no puzzle went to clause learning: the test no longer exercises the portfolio")
	}
}

// TestExchangeTrim checks that a search of a portfolio takes every clause
// the other one logs exactly once, in order, while the log drops the
// clauses both have taken.
func TestExchangeTrim(t *testing.T) {
	t.Parallel()
	x := newExchange(2, &sink{})
	searches := make([]*cdcl, 2)
	for i := range searches {
		searches[i] = newCDCL(t.Context(), 3, false)
		searches[i].share, searches[i].shareID = x, i
	}
	rng := rand.New(rand.NewPCG(4, 4))
	published := 0
	longest := 0
	for round := range 200 {
		for range rng.IntN(60) {
			// Three cell-digit variables true: satisfiable, and nothing
			// to propagate at level 0.
			lits := []int32{int32(2 * rng.IntN(243)), int32(2 * (243 + rng.IntN(243))), int32(2 * (486 + rng.IntN(243)))}
			x.publish(0, lits, 3, false)
			published++
		}
		longest = max(longest, len(x.log))
		for i, s := range searches {
			if i == 1 || round%7 == 0 {
				if !s.importShared() {
					t.Fatal("shared clauses left no model")
				}
			}
		}
	}
	for _, s := range searches {
		if !s.importShared() {
			t.Fatal("shared clauses left no model")
		}
	}
	if searches[1].learnts != published || searches[0].learnts != 0 {
		t.Fatalf("search 1 took %d of the %d clauses search 0 logged; search 0 took %d of its own",
			searches[1].learnts, published, searches[0].learnts)
	}
	if x.base == 0 || x.base+len(x.log) != published {
		t.Fatalf("log: %d dropped, %d kept, %d logged", x.base, len(x.log), published)
	}
	if longest >= published/2 {
		t.Fatalf("the log grew to %d of %d clauses: not trimmed", longest, published)
	}
}
