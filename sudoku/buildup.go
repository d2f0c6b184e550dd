package sudoku

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"
)

// The first pass of the generator from 36×36 up builds a unique puzzle
// bottom-up, from no givens, and proves givens needed as it goes. A given
// g of a puzzle P with solution S is needed exactly when P∖{g} has a
// solution W other than S (W then differs from S at g): W is g's witness.
//
// The pass visits the cells in a random order. For each cell c that the
// givens so far do not force, it asks: has the puzzle a solution T with c
// not S[c]? If not, c is forced: S[c] in every solution of the givens. If
// so, one cell where T differs from S becomes a given, with T its witness
// (T agrees with S on every other given), and the question about c is
// asked again, until c is forced. Givens only come, so the solutions only
// shrink: a forced cell stays forced and is a fact of every later search,
// and singles and box-line intersections (techniques that do not assume a
// unique solution) force more cells with no search. When every cell is a
// given or forced, the puzzle is unique by those proofs.
//
// Of the cells where T differs, the one that breaks the fewest standing
// witnesses becomes the given: a witness stands until a later given lies
// where it differs from S. The givens whose witnesses stand at the end are
// needed in the final puzzle and in any made from it by removing givens;
// the others go through the removal pass of removal_fresh.go, which makes
// the puzzle minimal, in the order they came: the first are the likeliest
// to have been made redundant by later ones, and their checks are the
// cheapest while the puzzle is densest.
//
// T is drawn at random, first by the randomized depth-first search of
// RandomSolution under a node budget, which on a sparse grid takes
// milliseconds, else by clause learning with the engine's own first
// guesses: both land far from S, unlike the removal checks' searches,
// which are anchored to S. This is what makes the pass work. It grows a
// puzzle with more givens than a minimal one (a third of them go in the
// removal pass) whose removal checks take a fraction of a second each on
// 36×36 grids, where those of the puzzle that the logic-only pass digs
// down to take over a second, and on 49×49 grids some of those get no
// verdict in ten minutes (docs/benchmarks.md). The draws follow from the generator's seed, so the
// same options build the same puzzle, as long as no search runs out of its
// time: a cell whose question times out becomes a given with no witness,
// to be checked like the others.

// builtUp is what buildUp made.
type builtUp struct {
	// witnessed marks the givens whose witnesses stand: needed in the
	// puzzle and in any made from it by removing givens.
	witnessed []bool
	added     []int // the givens in the order they came (one cell of each pair)
	timeouts  int   // questions that ran out of time
}

// buildUp builds a unique puzzle with solution sol in p (which it empties
// first), visiting the cells in order, with each search bounded by bound
// and none after deadline (if not zero); the cells not visited by then
// become givens. With symmetric, givens come in pairs under the 180°
// rotation, and a witness of a pair differs from sol at one of them. If
// progress is not nil it is told how many cells of order were visited.
func buildUp(ctx context.Context, p *Puzzle, sol []uint8, order []int, symmetric bool, rng *rand.Rand,
	bound time.Duration, deadline time.Time, progress func(visited int)) (builtUp, error) {
	cells := len(sol)
	out := builtUp{witnessed: make([]bool, cells)}
	for c := range p.Cells {
		p.Cells[c] = 0
	}
	forced := make([]bool, cells)
	grid, _ := New(p.Box)
	// cover[c] lists the givens whose witnesses still stand and differ
	// from sol at c; diff[g] lists the cells where g's witness differs.
	cover := make([][]int32, cells)
	diff := make([][]int32, cells)
	unwitness := func(g int32) {
		out.witnessed[g] = false
		for _, c := range diff[g] {
			cover[c] = slices.DeleteFunc(cover[c], func(x int32) bool { return x == g })
		}
		diff[g] = nil
	}
	// addGivens makes the cells of pair givens, with witness as the
	// witness of them all (nil for none).
	addGivens := func(pair []int, witness []uint8) {
		out.added = append(out.added, pair[0])
		for _, c := range pair {
			for len(cover[c]) > 0 {
				unwitness(cover[c][0])
			}
			p.Cells[c] = sol[c]
		}
		for _, c := range pair {
			out.witnessed[c] = witness != nil
			for cell, d := range witness {
				if d != sol[cell] && p.Cells[cell] == 0 {
					diff[c] = append(diff[c], int32(cell))
					cover[cell] = append(cover[cell], int32(c))
				}
			}
		}
	}
	pairOf := func(pair []int, c int) []int {
		pair = append(pair[:0], c)
		if mate := cells - 1 - c; symmetric && mate != c {
			pair = append(pair, mate)
		}
		return pair
	}
	pair := make([]int, 0, 2)
	facts := make([]uint8, cells)
	for i, c := range order {
		if progress != nil {
			progress(i)
		}
		for p.Cells[c] == 0 && !forced[c] {
			if err := ctx.Err(); err != nil {
				return out, err
			}
			if !deadline.IsZero() && time.Now().After(deadline) {
				addGivens(pairOf(pair, c), nil)
				break
			}
			for cell := range facts {
				facts[cell] = 0
				if p.Cells[cell] != 0 || forced[cell] {
					facts[cell] = sol[cell]
				}
			}
			witness, v, err := randomSolutionAvoiding(ctx, grid, facts, c, sol, rng)
			if err == nil && v == unchecked {
				witness, v, err = solutionAvoiding(ctx, grid, facts, c, sol, bound, deadline)
			}
			if err != nil {
				return out, err
			}
			switch v {
			case removable:
				forced[c] = true
			case checkTimeout:
				out.timeouts++
				addGivens(pairOf(pair, c), nil)
			default:
				// The cell where the witness differs that breaks the
				// fewest standing witnesses becomes the given.
				best := c
				for cell, d := range witness {
					if d != sol[cell] && len(cover[cell]) < len(cover[best]) {
						best = cell
					}
				}
				addGivens(pairOf(pair, best), witness)
			}
			forceBySingles(p, forced, sol)
		}
	}
	if progress != nil {
		progress(len(order))
	}
	for c := range forced {
		if !forced[c] && p.Cells[c] == 0 {
			return out, fmt.Errorf("sudoku: building up: cell %d neither given nor forced", c)
		}
	}
	return out, nil
}

// forceBySingles marks the cells that singles and box-line intersections
// fill in p with the forced cells placed.
func forceBySingles(p *Puzzle, forced []bool, sol []uint8) {
	q := &Puzzle{Box: p.Box, Cells: make([]uint8, len(p.Cells))}
	for c, d := range p.Cells {
		if d != 0 || forced[c] {
			q.Cells[c] = sol[c]
		}
	}
	l := newLogic(q)
	l.solveUpTo(Claiming)
	for c, d := range l.grid {
		if d != 0 && q.Cells[c] == 0 {
			if d != sol[c] {
				panic("sudoku: building up: techniques placed a digit the solution has not")
			}
			forced[c] = true
		}
	}
}

// randomSolutionAvoiding looks for a solution of facts with cell c not
// sol[c] by the randomized depth-first search of RandomSolution, trying
// each digit c may hold other than sol[c] in an order drawn from rng, each
// under a node budget: on a sparse grid it finds one far faster than clause
// learning does, and it draws it at random. It returns the solution and
// needed, or removable when every search was exhausted with none, or
// unchecked when a search ran out of its budget.
func randomSolutionAvoiding(ctx context.Context, grid *Puzzle, facts []uint8, c int, sol []uint8,
	rng *rand.Rand) ([]uint8, verdict, error) {
	g := geometryFor(grid.Box)
	var seen uint64
	for _, q := range g.peers[c] {
		if d := facts[q]; d != 0 {
			seen |= 1 << (d - 1)
		}
	}
	cells := slices.Clone(facts)
	for _, i := range rng.Perm(g.n) {
		d := uint8(i + 1)
		if d == sol[c] || seen&(1<<i) != 0 {
			continue
		}
		cells[c] = d
		t, err := drawSolution(ctx, grid.Box, cells, rng, 6)
		switch {
		case err == errBudget:
			return nil, unchecked, nil
		case err != nil:
			return nil, passStopped, err
		case t != nil:
			if t[c] != d || !isOtherSolution(grid, t, facts, c, sol) {
				panic("sudoku: building up: the solution drawn is wrong")
			}
			return t, needed, nil
		}
	}
	return nil, removable, nil
}

// solutionAvoiding looks for a solution of facts with cell c not sol[c], by
// one search with the engine's own guesses, bounded by bound and deadline.
// It returns the solution and needed, or removable when there is none, or
// checkTimeout.
func solutionAvoiding(ctx context.Context, grid *Puzzle, facts []uint8, c int, sol []uint8, bound time.Duration,
	deadline time.Time) ([]uint8, verdict, error) {
	sctx, cancel := context.WithTimeout(ctx, bound)
	defer cancel()
	if !deadline.IsZero() {
		var cancelD context.CancelFunc
		sctx, cancelD = context.WithDeadline(sctx, deadline)
		defer cancelD()
	}
	k := &sink{limit: 1}
	r := solveLearningWith(sctx, grid.Box, facts, k, 1, func(_ int, s *cdcl) {
		s.fix(s.cellLit(c, sol[c]) ^ 1)
	})
	switch {
	case len(k.sols) > 0:
		t := k.sols[0]
		if !isOtherSolution(grid, t, facts, c, sol) {
			panic("sudoku: building up: the solution found is wrong")
		}
		return t, needed, nil
	case r.err == nil:
		return nil, removable, nil
	case ctx.Err() != nil:
		return nil, passStopped, ctx.Err()
	case errors.Is(r.err, context.DeadlineExceeded):
		return nil, checkTimeout, nil
	}
	return nil, 0, fmt.Errorf("sudoku: building up: %w", r.err)
}
