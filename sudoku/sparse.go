package sudoku

import (
	"context"
	"math/rand/v2"
	"slices"
)

// Sparse grids (few givens, the empty grid included) have a great many
// solutions, and a depth-first search on them goes astray: on a 64×64 grid
// with a few hundred givens a choice made early can fail thousands of cells
// later, past the reach of backtracking. So when propagation at the root
// leaves most cells open, Solve first repairs a template grid by local
// search (anneal.go), and proves the grid has several solutions by
// exchanging an unavoidable set of the first one (unavoidable.go). Both
// answers are checked against the rules and the givens before they go out.
// Anything else (the local search running out of steps, no unavoidable set
// free of givens, more than two solutions wanted) goes to the depth-first
// and clause-learning engines.

// sparseShare is the largest share of cells fixed by propagation at the
// root (in percent) for which the local search is tried.
const sparseShare = 30

// The local search gets repairAttempts runs from the same start with
// different random choices, each with a budget of repairSteps moves per
// cell: a run that sticks in a minimum a few conflicts from a solution
// rarely sticks again.
const (
	repairSteps    = 100
	repairAttempts = 4
)

// solveSparse tries the sparse path for limits 1 and 2. It reports done
// when the answer is complete; otherwise first, if not nil, is a solution
// already handed to k, which the caller must not count again.
func solveSparse(ctx context.Context, p *Puzzle, k *sink) (res Result, first []uint8, done bool) {
	if k.limit != 1 && k.limit != 2 {
		return res, nil, false
	}
	s := newBoard(p.Box)
	s.reset()
	s.locked = true
	for c, v := range p.Cells {
		if v != 0 {
			s.pending = append(s.pending, uint32(c)<<6|uint32(v-1))
		}
	}
	res.Stats.Solver = "repair"
	if !s.propagate() {
		return res, nil, true // no solution
	}
	if s.left == 0 {
		k.add(slices.Clone(s.val)) // the only one
		return res, nil, true
	}
	cells := len(p.Cells)
	if (cells-s.left)*100 > sparseShare*cells {
		return res, nil, false
	}
	tmpl := template(p.Box, p.Cells)
	var sol []uint8
	for attempt := range repairAttempts {
		rng := rand.New(rand.NewPCG(uint64(cells), uint64(attempt)))
		if g, ok := repair(ctx, s, tmpl, rng, repairSteps*cells); ok && p.IsSolutionOf(g) {
			sol = g
			break
		}
		if ctx.Err() != nil {
			return res, nil, true
		}
	}
	if sol == nil {
		return res, nil, false
	}
	if k.add(sol) {
		return res, nil, true
	}
	if other := otherSolution(p, sol); other != nil {
		k.add(other)
		return res, nil, true
	}
	return res, sol, false
}
