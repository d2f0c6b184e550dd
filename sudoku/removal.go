package sudoku

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"
)

// The removal pass of the generator on large grids, by incremental clause
// learning. A given g of a unique puzzle P with solution S can go when P
// without g has no solution but S. Any other solution of P∖{g} differs
// from S at g, since one that agreed there would satisfy P. So the check
// asks: "has P∖{g} a solution with cell g not S[g]?" The solver
// (cdcl_assume.go) assumes ¬x(g, S[g]) and x(c, S[c]) for the other givens
// c. A model is a second solution: g is needed, and the model is checked
// as a grid. No model means g can go. A single negative literal propagates
// at once, where a clause blocking S would not, and no first solution is
// searched for. Several givens removed together (a symmetric pair) are
// checked one at a time: a second solution differs from S at one of them.
//
// A given kept in its turn, proved needed or kept after its check timed
// out, stays in every later puzzle of the pass. So it becomes a fact of
// level 0 of the solver, and only the givens whose turn has not come are
// assumptions. Every learned clause then follows from the rules and the
// kept givens, which every later puzzle holds: one solver, with its
// learned clauses and activities, serves the whole pass. Its search is
// anchored to S (policy.anchored): every decision takes S's digit, in every
// check, as removal_fresh.go explains. A second solution T found for g
// tells nothing about later givens (it breaks the given g, which stays),
// and as phases it served the next check worse than S.
//
// With several workers, each with its own solver, the pass checks ahead.
// A verdict "needed" holds for every later puzzle (any solution of P∖{g}
// is one of a subset of it). So it may be found on a puzzle that still
// holds givens whose turn comes first. A verdict "can go" holds only for
// the puzzle it was found on. So a worker takes the first given not yet
// checked, on the current puzzle. The pass commits the verdicts in the
// visiting order, and a "can go" found before an earlier given went is
// checked again. The puzzle is the one the sequential pass makes, check
// for check. The workers share their short learned clauses: each follows
// from the rules and givens that every puzzle of the pass keeps.

// verdict is the outcome of one removal check.
type verdict uint8

const (
	unchecked    verdict = iota
	needed               // a second solution was found
	removable            // no second solution: the givens can go
	checkTimeout         // the check ran out of time: the givens stay
	passStopped          // the pass was cancelled or ran out of budget
)

// remover is one worker's solver, for puzzles with solution sol.
type remover struct {
	s     *cdcl
	sol   []uint8
	grid  *Puzzle // an empty grid, to check second solutions on
	fixed int     // job.kept[:fixed] are facts of level 0
	lits  []int32
	pass  context.Context
}

func newRemover(pass context.Context, box int, sol []uint8) *remover {
	s := newCDCL(pass, box, false)
	s.policy = defaultPolicy
	s.policy.anchored = true
	s.setPhases(sol) // once: anchored, the search never moves them
	grid, _ := New(box)
	return &remover{s: s, sol: sol, grid: grid, pass: pass}
}

// removalJob is one removal check: can cells go from the puzzle made of
// the givens assume and kept?
type removalJob struct {
	cand   int   // index in the visiting order
	cells  []int // the candidate, and its mate when symmetric
	assume []int // the givens whose turn has not come, other than cells
	kept   []int // the givens kept in their turn, in the order kept
	epoch  int   // removals committed when the check began
	ctx    context.Context
	cancel context.CancelFunc
	worker int
}

// check answers job. A second solution it finds is checked as a grid.
func (r *remover) check(job *removalJob) verdict {
	s := r.s
	for ; r.fixed < len(job.kept); r.fixed++ {
		c := job.kept[r.fixed]
		s.fix(s.cellLit(c, r.sol[c]))
	}
	lits := append(r.lits[:0], 0)
	for _, c := range job.assume {
		lits = append(lits, s.cellLit(c, r.sol[c]))
	}
	r.lits = lits
	for _, c := range job.cells {
		lits[0] = s.cellLit(c, r.sol[c]) ^ 1
		switch s.solveUnder(job.ctx, lits) {
		case 1:
			r.verify(job, c, s.model())
			return needed
		case 0:
			if r.pass.Err() != nil || !errors.Is(s.err, context.DeadlineExceeded) {
				return passStopped
			}
			return checkTimeout
		}
		if s.err != nil {
			panic(fmt.Sprintf("sudoku: removal check: %v", s.err))
		}
	}
	return removable
}

// verify panics unless second is a grid that agrees with the givens of job
// and differs from the solution at cell c.
func (r *remover) verify(job *removalJob, c int, second []uint8) {
	ok := r.grid.IsSolutionOf(second) && second[c] != r.sol[c]
	for _, list := range [][]int{job.assume, job.kept} {
		for _, g := range list {
			ok = ok && second[g] == r.sol[g]
		}
	}
	if !ok {
		panic("sudoku: removal check: the second solution found is wrong")
	}
}

// removal is what a removal pass did.
type removal struct {
	complete  bool  // every given was visited
	timedOut  bool  // a check timed out
	checks    int   // checks begun, those made again included
	ahead     int   // checks begun before the given's turn
	conflicts int64 // over all workers
}

// removeByLearning removes the givens of p (complete, with solution sol)
// in order, as the file comment says, with up to workers checks at once,
// each bounded by lim.check, and none after deadline (if not zero). If
// progress is not nil it is told, after each verdict, how many cells of
// order the pass has settled and how many checks it began.
func removeByLearning(ctx context.Context, p *Puzzle, sol []uint8, order []int, symmetric bool,
	lim limits, deadline time.Time, workers int, progress func(visited, checks int)) (removal, error) {
	g := geometryFor(p.Box)
	pass, stop := passContext(ctx, deadline)
	defer stop()
	workers = max(workers, 1)
	results := make(chan removalResult, workers)
	jobs := make([]chan *removalJob, workers)
	var share *exchange
	if workers > 1 {
		share = newExchange(workers, &sink{})
	}
	for w := range workers {
		jobs[w] = make(chan *removalJob, 1)
		go func() {
			r := newRemover(pass, p.Box, sol)
			if share != nil {
				r.s.share, r.s.shareID = share, w
			}
			for job := range jobs[w] {
				v := r.check(job)
				results <- removalResult{job, v, r.s.conflicts}
			}
		}()
	}
	defer func() {
		for _, j := range jobs {
			close(j)
		}
	}()

	verdicts := make([]verdict, len(order))
	epochs := make([]int, len(order))
	busy := make([]bool, len(order))
	isKept := make([]bool, len(p.Cells))
	var kept []int
	idle := make([]int, 0, workers)
	for w := range workers {
		idle = append(idle, w)
	}
	var out removal
	conflicts := make([]int64, workers)
	inFlight, epoch, next := 0, 0, 0
	// Checking ahead pays where most givens are needed: only after a
	// check found one needed.
	lastNeeded := false
	cellsOf := func(c int) []int {
		if mate := len(p.Cells) - 1 - c; symmetric && mate != c {
			return []int{c, mate}
		}
		return []int{c}
	}
	// removedFree removes cells from p and reports whether that leaves
	// the solutions as they were (see forced); if not, it puts them back.
	removedFree := func(cells []int) bool {
		for _, c := range cells {
			p.Cells[c] = 0
		}
		if forced(p, g, cells, sol) {
			return true
		}
		for _, c := range cells {
			p.Cells[c] = sol[c]
		}
		return false
	}
	settled := func(i int) bool { c := order[i]; return p.Cells[c] == 0 || isKept[c] }
	wait := func() {
		res := <-results
		job := res.job
		job.cancel()
		conflicts[job.worker] = res.conflicts
		inFlight--
		idle = append(idle, job.worker)
		busy[job.cand] = false
		switch res.v {
		case needed, checkTimeout:
			verdicts[job.cand] = res.v
			out.timedOut = out.timedOut || res.v == checkTimeout
			for _, c := range job.cells {
				if p.Cells[c] != 0 && !isKept[c] {
					isKept[c] = true
					kept = append(kept, c)
				}
			}
		case removable:
			verdicts[job.cand], epochs[job.cand] = removable, job.epoch
		}
		lastNeeded = res.v == needed
		if traceRemoval != nil {
			traceRemoval(job, res.v, res.conflicts, sol)
		}
	}
	finish := func() {
		stop()
		for inFlight > 0 {
			wait()
		}
		for _, c := range conflicts {
			out.conflicts += c
		}
	}
	for {
		// Commit the verdicts of the givens whose turn has come.
		for next < len(order) && settled(next) {
			next++
		}
		for next < len(order) && !busy[next] && pass.Err() == nil {
			cells := cellsOf(order[next])
			if !(removedFree(cells) || verdicts[next] == removable && epochs[next] == epoch) {
				break
			}
			for _, c := range cells {
				p.Cells[c] = 0
			}
			epoch++
			for next < len(order) && settled(next) {
				next++
			}
		}
		if progress != nil {
			progress(next, out.checks)
		}
		if next == len(order) {
			finish()
			out.complete = true
			return out, nil
		}
		if err := pass.Err(); err != nil {
			finish()
			return out, ctx.Err()
		}
		// Hand the first givens not under check to the idle workers.
		for i := next; i < len(order) && len(idle) > 0 && (i == next || lastNeeded); i++ {
			if busy[i] || settled(i) || verdicts[i] == removable && epochs[i] == epoch {
				continue
			}
			cells := cellsOf(order[i])
			if i > next && removedFree(cells) {
				for _, c := range cells {
					p.Cells[c] = sol[c]
				}
				continue // its turn will remove it for free
			}
			w := idle[len(idle)-1]
			idle = idle[:len(idle)-1]
			job := &removalJob{cand: i, cells: cells, kept: kept[:len(kept):len(kept)], epoch: epoch, worker: w}
			for c, v := range p.Cells {
				if v != 0 && !isKept[c] && !slices.Contains(cells, c) {
					job.assume = append(job.assume, c)
				}
			}
			if lim.check > 0 {
				job.ctx, job.cancel = context.WithTimeout(pass, lim.check)
			} else {
				job.ctx, job.cancel = context.WithCancel(pass)
			}
			busy[i] = true
			inFlight++
			out.checks++
			if i > next {
				out.ahead++
			}
			jobs[w] <- job
		}
		wait()
	}
}

// passContext is the context of a removal pass: ctx, ended at deadline if
// that is not zero, and by stop.
func passContext(ctx context.Context, deadline time.Time) (pass context.Context, stop context.CancelFunc) {
	if deadline.IsZero() {
		return context.WithCancel(ctx)
	}
	return context.WithDeadline(ctx, deadline)
}

// traceRemoval, when set (by a measurement test), sees each verdict as
// the pass receives it, with the worker's conflicts so far.
var traceRemoval func(job *removalJob, v verdict, conflicts int64, sol []uint8)

type removalResult struct {
	job       *removalJob
	v         verdict
	conflicts int64 // the worker's, so far
}
