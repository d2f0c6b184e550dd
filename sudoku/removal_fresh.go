package sudoku

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// The removal pass of the generator from 36×36 up: each check by a race of
// fresh clause-learning searches. The question is removal.go's: has P∖{g}
// a solution with cell g not S[g]? Here the givens of P∖{g} and the digit
// ruled out at g are facts of level 0 of new solvers, so the givens'
// consequences leave the clauses (cdcl_simplify.go) and each conflict
// costs what it costs when a puzzle is solved. On nearly minimal 36×36
// grids that made conflicts about four times cheaper than in removal.go's
// one solver under assumptions, whose learned clauses carry the givens
// they rest on.
//
// Most checks of such a grid find a second solution, and the number of
// conflicts that takes is heavy-tailed: the same check can take a thousand
// conflicts from one start and a million from another. So the searches race
// (cdcl_portfolio.go, sharing their short learned clauses): one from the
// engine's own first guesses, one anchored to S. The anchored search's
// every decision takes the phase S gives (policy.anchored: no phase saving,
// no target phases), so it tries S's digit in each cell it decides and
// learns why the second solution must leave S there. A second solution
// differs from S on an unavoidable set, most often a small one around g,
// and the anchored search finds those in a few hundred conflicts where a
// search that saves its phases drifts away from S within its first
// restarts and can take millions.
// The first answer settles the check. The puzzle is the one the sequential
// pass makes, check for check, whatever the number of workers.

// removeByRaces removes the givens of p (complete, with solution sol) in
// order, as removeByLearning does, each check a race of up to workers
// searches bounded by lim.check, and none after deadline (if not zero).
func removeByRaces(ctx context.Context, p *Puzzle, sol []uint8, order []int, symmetric bool,
	lim limits, deadline time.Time, workers int, progress func(visited, checks int), log *checkLog) (removal, error) {
	g := geometryFor(p.Box)
	pass, stop := passContext(ctx, deadline)
	defer stop()
	grid, _ := New(p.Box)
	var out removal
	cells := make([]int, 0, 2)
	for i, c := range order {
		if progress != nil {
			progress(i, out.checks)
		}
		if p.Cells[c] == 0 {
			continue
		}
		if pass.Err() != nil {
			return out, ctx.Err()
		}
		cells = append(cells[:0], c)
		if mate := len(p.Cells) - 1 - c; symmetric && mate != c {
			cells = append(cells, mate)
		}
		for _, r := range cells {
			p.Cells[r] = 0
		}
		if forced(p, g, cells, sol) {
			continue
		}
		v := removable
		for _, r := range cells {
			known, ok, err := log.replay(r)
			if err != nil {
				for _, r := range cells {
					p.Cells[r] = sol[r]
				}
				return out, err
			}
			if ok {
				v = known
				if v != removable {
					break
				}
				continue
			}
			out.checks++
			var conflicts int64
			v, conflicts = raceCheck(pass, p, r, sol, grid, lim.check, workers)
			out.conflicts += conflicts
			log.record(r, v)
			if traceRemoval != nil {
				job := &removalJob{cand: i, cells: []int{r}}
				for cell, d := range p.Cells {
					if d != 0 {
						job.assume = append(job.assume, cell)
					}
				}
				traceRemoval(job, v, out.conflicts, sol)
			}
			if v != removable {
				break
			}
		}
		switch v {
		case passStopped:
			for _, r := range cells {
				p.Cells[r] = sol[r]
			}
			return out, ctx.Err()
		case checkTimeout:
			out.timedOut = true
			fallthrough
		case needed:
			for _, r := range cells {
				p.Cells[r] = sol[r]
			}
		}
	}
	if progress != nil {
		progress(len(order), out.checks)
	}
	log.finish()
	out.complete = true
	return out, nil
}

// raceCheck asks whether the puzzle p has a solution with cell c not
// sol[c], by a race of up to workers fresh searches bounded by timeout.
// A second solution found is checked as a grid (on grid, an empty one).
func raceCheck(pass context.Context, p *Puzzle, c int, sol []uint8, grid *Puzzle, timeout time.Duration,
	workers int) (verdict, int64) {
	ctx, cancel := pass, context.CancelFunc(func() {})
	if timeout > 0 {
		ctx, cancel = context.WithTimeout(pass, timeout)
	}
	defer cancel()
	if pass.Err() != nil {
		return passStopped, 0
	}
	if ctx.Err() != nil {
		return checkTimeout, 0
	}
	k := &sink{limit: 1}
	r := solveLearningWith(ctx, p.Box, p.Cells, k, workers, func(i int, s *cdcl) {
		s.fix(s.cellLit(c, sol[c]) ^ 1)
		s.policy = defaultPolicy
		if i == 1 {
			s.setPhases(sol)
			s.policy.anchored = true
		}
	})
	switch {
	case len(k.sols) > 0:
		second := k.sols[0]
		if !isOtherSolution(grid, second, p.Cells, c, sol) {
			panic("sudoku: removal check: the second solution found is wrong")
		}
		return needed, r.conflicts
	case r.err == nil:
		return removable, r.conflicts
	case pass.Err() != nil:
		return passStopped, r.conflicts
	case errors.Is(r.err, context.DeadlineExceeded):
		return checkTimeout, r.conflicts
	}
	panic(fmt.Sprintf("sudoku: removal check: %v", r.err))
}

// isOtherSolution reports whether t is a grid (checked on grid, an empty
// puzzle) that agrees with the givens and differs from sol at cell c.
func isOtherSolution(grid *Puzzle, t, givens []uint8, c int, sol []uint8) bool {
	if !grid.IsSolutionOf(t) || t[c] == sol[c] {
		return false
	}
	for cell, d := range givens {
		if d != 0 && t[cell] != d {
			return false
		}
	}
	return true
}
