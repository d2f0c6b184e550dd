package sudoku

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/status"
)

// TestBuildUp checks the puzzles built up against Solve: each is unique
// with the grid it was built for, and each given (pair, when symmetric)
// that buildUp says is witnessed has a second solution without it.
func TestBuildUp(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ box, seeds int }{{2, 20}, {3, 20}, {4, 2}} {
		for _, symmetric := range []bool{false, true} {
			for seed := range tc.seeds {
				rng := rand.New(rand.NewPCG(uint64(seed), 11))
				sol, err := RandomSolution(t.Context(), tc.box, nil, rng)
				if err != nil {
					t.Fatal(err)
				}
				order := rng.Perm(len(sol))
				p := &Puzzle{Box: tc.box, Cells: slices.Clone(sol)}
				bu, err := buildUp(t.Context(), p, sol, order, symmetric, rng, time.Minute, time.Time{}, nil)
				if err != nil || bu.timeouts != 0 {
					t.Fatalf("box %d seed %d symmetric %v: %+v, %v", tc.box, seed, symmetric, bu, err)
				}
				name := func() string { return p.String() }
				res, err := Solve(t.Context(), p, Options{})
				if err != nil || res.Status != status.Unique || !slices.Equal(res.Solutions[0], sol) {
					t.Fatalf("%s: %v, %v", name(), res.Status, err)
				}
				witnessed := 0
				for c, d := range p.Cells {
					mate := len(sol) - 1 - c
					if d == 0 || !bu.witnessed[c] || symmetric && mate < c {
						continue
					}
					if symmetric && bu.witnessed[mate] != bu.witnessed[c] {
						t.Fatalf("%s: the pair %d, %d is witnessed %v and %v", name(), c, mate, bu.witnessed[c], bu.witnessed[mate])
					}
					witnessed++
					q := p.Clone()
					q.Cells[c] = 0
					if symmetric {
						q.Cells[mate] = 0
					}
					if res, err := Solve(t.Context(), q, Options{}); err != nil || res.Status != status.Multiple {
						t.Fatalf("%s: given %d is witnessed, but without it the puzzle is %v (%v)", name(), c, res.Status, err)
					}
				}
				for c, w := range bu.witnessed {
					if w && p.Cells[c] == 0 {
						t.Fatalf("%s: cell %d is witnessed but not a given", name(), c)
					}
				}
				if witnessed == 0 {
					t.Errorf("box %d seed %d symmetric %v: no given witnessed", tc.box, seed, symmetric)
				}
			}
		}
	}
}

// TestGenerateBuiltUp checks the generator's way from 36×36 up, on small
// grids: built up, then the givens not witnessed checked by races, it
// makes puzzles that Solve finds unique and minimal.
func TestGenerateBuiltUp(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ box, seeds int }{{3, 10}, {4, 2}} {
		for _, symmetric := range []bool{false, true} {
			for seed := range tc.seeds {
				pl := plan{build: true, solve: true, learning: true, races: true, workers: 2}
				g, err := generateOnce(t.Context(), tc.box, uint64(seed), 0, symmetric, pl, limits{check: time.Minute})
				if err != nil || !g.Minimal {
					t.Fatalf("box %d seed %d symmetric %v: minimal %v, %v", tc.box, seed, symmetric, g.Minimal, err)
				}
				res, err := Solve(t.Context(), g.Puzzle, Options{})
				if err != nil || res.Status != status.Unique || !slices.Equal(res.Solutions[0], g.Solution) {
					t.Fatalf("%s: %v, %v", g.Puzzle, res.Status, err)
				}
				if !minimal(t.Context(), g.Puzzle, symmetric, time.Minute) {
					t.Fatalf("%s: not minimal", g.Puzzle)
				}
			}
		}
	}
}
