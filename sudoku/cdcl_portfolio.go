package sudoku

import (
	"context"
	"sync"
)

// A portfolio runs several clause-learning searches on one puzzle, one per
// core, each with its own policy (portfolio[i]) and clauses; the first to
// finish answers and the others are cancelled. Searches with different
// policies take very different numbers of conflicts on the same puzzle, so
// the first of two finishes well before either on average (as in ManySAT,
// Hamadi, Jabbour and Sais, 2009, without clause sharing).

// portfolioSearch is one search of a portfolio: its policy, and whether its
// variables include the segment variables of locked candidates.
type portfolioSearch struct {
	policy   policy
	segments bool
}

// portfolio lists the searches in the order they are added: one worker
// runs the first, two run the first two, and so on.
var portfolio = []portfolioSearch{
	{defaultPolicy, false},
	{stablePolicy, false},
}

// stablePolicy, the second search's, stays in stable mode and bumps the
// variables of reasons too: of the variants measured on Gecode's 25×25
// puzzles, it is fastest where the default is slowest.
var stablePolicy = func() policy {
	p := defaultPolicy
	p.mode = stableOnly
	p.bumpReasons = true
	return p
}()

// learningResult is the work of the clause-learning engine on a puzzle.
type learningResult struct {
	decisions, conflicts int64
	err                  error
}

// solveLearning solves givens by clause learning with up to workers
// searches at once, the solutions going to k. Enumerating every solution
// (k.limit < 0) runs one search, since each search would find them all.
// The work reported is that of every search.
func solveLearning(ctx context.Context, box int, givens []uint8, k *sink, workers int) learningResult {
	workers = min(workers, len(portfolio))
	if workers <= 1 || k.limit < 0 {
		ps := portfolio[0]
		s := newCDCL(ctx, box, ps.segments)
		s.policy = ps.policy
		s.solveInto(givens, k)
		return learningResult{s.decisions, s.conflicts, s.err}
	}
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	searches := make([]*cdcl, workers)
	sinks := make([]*sink, workers)
	var wg sync.WaitGroup
	var once sync.Once
	winner := -1
	for i := range workers {
		ps := portfolio[i]
		searches[i] = newCDCL(runCtx, box, ps.segments)
		searches[i].policy = ps.policy
		sinks[i] = &sink{limit: k.limit}
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := searches[i]
			s.solveInto(givens, sinks[i])
			if s.err == nil {
				once.Do(func() {
					winner = i
					cancel()
				})
			}
		}()
	}
	wg.Wait()
	var res learningResult
	for _, s := range searches {
		res.decisions += s.decisions
		res.conflicts += s.conflicts
	}
	if winner < 0 {
		// Every search was stopped by ctx: the one that found the most
		// solutions answers.
		res.err = ctx.Err()
		winner = 0
		for i, kk := range sinks {
			if len(kk.sols) > len(sinks[winner].sols) {
				winner = i
			}
		}
		if res.err == nil {
			res.err = searches[winner].err
		}
	}
	for _, sol := range sinks[winner].sols {
		if k.add(sol) {
			break
		}
	}
	return res
}
