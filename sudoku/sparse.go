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
// leaves most cells open, Solve first runs a short depth-first search that
// settles the tightly constrained cells (those of a band full of givens,
// say) and hands each node where every open cell has many candidates to a
// local search that repairs a template grid (repair.go, template.go); it
// restarts with random digit orders when its node budget runs out. The
// grid is then proved to have several solutions by exchanging an
// unavoidable set of the first one (unavoidable.go); a limit above two is
// met by exchanging subsets of disjoint unavoidable sets. Every answer is
// checked against the rules and the givens before it goes out. Anything
// else (the budgets running out, too few unavoidable sets free of givens,
// every solution wanted) goes to the depth-first and clause-learning
// engines.

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

// The depth-first search hands a node to the local search once every open
// cell has at least N/leafShare candidates, and gives up (leaving the grid
// to the engines that follow) after maxRepairs local searches or
// dfsRestarts restarts, restart k with a budget of k/4 nodes per cell.
const (
	leafShare   = 4
	maxRepairs  = 8
	dfsRestarts = 8
)

// solveSparse tries the sparse path for a positive limit. It reports done
// when the answer is complete; otherwise first, if not nil, is a solution
// already handed to k, which the caller must not count again.
func solveSparse(ctx context.Context, p *Puzzle, k *sink) (res Result, first []uint8, done bool) {
	if k.limit <= 0 {
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
	// A depth-first search settles the tightly constrained cells (a band
	// full of givens, say), and the local search fills in the rest.
	e := &engine{s: s, ctx: ctx, done: ctx.Done(), locked: true}
	tmpl := template(p.Box, p.Cells)
	e.prefer = tmpl
	e.sink = &sink{limit: 1}
	e.leafAt = max(2, p.Size()/leafShare)
	attempts := 0
	e.leaf = func() bool {
		for range repairAttempts {
			attempts++
			rng := rand.New(rand.NewPCG(uint64(cells), uint64(attempts)))
			if g, ok := repair(ctx, s, tmpl, rng, repairSteps*cells); ok && p.IsSolutionOf(g) {
				return e.sink.add(g)
			}
			if ctx.Err() != nil {
				e.err = ctx.Err()
				return true
			}
		}
		if attempts >= maxRepairs {
			e.err = errBudget
			return true
		}
		return false // taken as a dead end
	}
	// Restarts with random digit orders cut the heavy tail of the search.
	root := len(s.trail)
	for restart := range dfsRestarts {
		res.Stats.Nodes += e.nodes
		e.nodes, e.err = 0, nil
		e.budget = int64(cells / 4 * (restart + 1))
		if restart > 0 {
			e.rng = rand.New(rand.NewPCG(uint64(cells), uint64(restart)))
			e.prefer = nil
		}
		e.search()
		s.undo(root)
		if e.err != errBudget || len(e.sink.sols) > 0 || attempts >= maxRepairs {
			break
		}
	}
	res.Stats.Nodes += e.nodes
	if ctx.Err() != nil {
		return res, nil, true
	}
	if len(e.sink.sols) == 0 {
		// A search that ran to its end without handing on a node proved
		// that there is no solution.
		return res, nil, e.err == nil && attempts == 0
	}
	sol := e.sink.sols[0]
	if k.limit > 2 {
		// Limit more solutions from exchanges of disjoint unavoidable
		// sets, if there are enough of them; else nothing is handed on.
		return res, nil, moreSolutions(ctx, p, sol, k)
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

// moreSolutions hands k.limit solutions to k, sol and sol with the cells
// of subsets of its disjoint unavoidable sets exchanged, each subset given
// by the bits of a counter. It hands on nothing and returns false when
// there are too few sets for the limit. It stops early, reporting true,
// when ctx is done.
func moreSolutions(ctx context.Context, p *Puzzle, sol []uint8, k *sink) bool {
	sets := disjointExchanges(p, sol)
	if len(sets) < 62 && 1<<len(sets) < k.limit {
		return false
	}
	for i := uint64(0); ; i++ {
		if i&255 == 255 && ctx.Err() != nil {
			return true
		}
		g := slices.Clone(sol)
		for j := 0; i>>j != 0; j++ {
			if i>>j&1 != 0 {
				for _, pair := range sets[j] {
					g[pair[0]], g[pair[1]] = g[pair[1]], g[pair[0]]
				}
			}
		}
		if !p.IsSolutionOf(g) {
			panic("sudoku: exchanging an unavoidable set broke the grid")
		}
		if k.add(g) {
			return true
		}
	}
}
