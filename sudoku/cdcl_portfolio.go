package sudoku

import (
	"context"
	"slices"
	"sync"
)

// A portfolio runs several clause-learning searches on one puzzle, one per
// core, each with its own policy (portfolio[i]); the first to finish
// answers and the others are cancelled. Searches with different policies
// take very different numbers of conflicts on the same puzzle, and they
// share their solutions and their best learned clauses (see exchange), as
// in ManySAT (Hamadi, Jabbour and Sais, 2009).

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
	{seededPolicy, false},
}

// seededPolicy, the second search's, is the default with its first
// decisions drawn at random. With the clauses shared, it beat a second
// search in stable mode only on the four 25×25 puzzles tried. Its random
// activities are set under a heap already filled in cell order, which
// initSearch does not reorder, so its first decisions follow neither order;
// reordered, the pair proved the hard 25×25 puzzles more slowly
// (docs/benchmarks.md).
var seededPolicy = func() policy {
	p := defaultPolicy
	p.seed = 7
	return p
}()

// learningResult is the work of the clause-learning engine on a puzzle.
type learningResult struct {
	decisions, conflicts int64
	err                  error
}

// solveLearning solves givens by clause learning with up to workers
// searches at once, the solutions going to k. A portfolio hands its
// solutions on when it finishes, so listing solutions (a limit other than
// 1 or 2) runs one search, which hands each on as it is found.
// The work reported is that of every search.
func solveLearning(ctx context.Context, box int, givens []uint8, k *sink, workers int) learningResult {
	return solveLearningWith(ctx, box, givens, k, workers, nil)
}

// solveLearningWith is solveLearning with prepare, if not nil, called on
// each search (with its index in portfolio) before it starts, to add facts
// of level 0 that every search shares or to change its policy or phases.
func solveLearningWith(ctx context.Context, box int, givens []uint8, k *sink, workers int, prepare func(i int, s *cdcl)) learningResult {
	workers = min(workers, len(portfolio))
	if workers <= 1 || k.limit < 1 || k.limit > 2 {
		ps := portfolio[0]
		s := newCDCLFor(ctx, box, ps.segments, givens)
		s.policy = ps.policy
		if prepare != nil {
			prepare(0, s)
		}
		s.solveInto(givens, k)
		return learningResult{s.decisions, s.conflicts, s.err}
	}
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	searches := make([]*cdcl, workers)
	share := newExchange(workers, &sink{limit: k.limit})
	var wg sync.WaitGroup
	var once sync.Once
	winner := -1
	for i := range workers {
		ps := portfolio[i]
		searches[i] = newCDCLFor(runCtx, box, ps.segments, givens)
		searches[i].policy = ps.policy
		if prepare != nil {
			prepare(i, searches[i])
		}
		searches[i].share, searches[i].shareID = share, i
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := searches[i]
			s.solveInto(givens, nil)
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
		// Every search was stopped by ctx.
		res.err = ctx.Err()
		if res.err == nil {
			res.err = searches[0].err
		}
	}
	for _, sol := range share.sink.sols {
		if k.add(sol) {
			break
		}
	}
	return res
}

// exchange is what the searches of a portfolio share: the solutions found,
// each counted once, and a log of clauses that every search may add, in
// the order they were derived: the clauses that block found solutions and
// learned clauses of glue at most shareGlue. A learned clause may rest on
// blocking clauses; a search takes the log in order, so it has those
// before it. (ManySAT's sharing, Hamadi, Jabbour and Sais, 2009.)
type exchange struct {
	mu   sync.Mutex
	sink *sink
	log  []sharedClause
	// base counts the clauses dropped from the front of log once every
	// search had taken them; taken[i] is the number search i has taken.
	base  int
	taken []int
}

// newExchange returns the exchange of searches searches.
func newExchange(searches int, k *sink) *exchange {
	return &exchange{sink: k, taken: make([]int, searches)}
}

type sharedClause struct {
	lits []int32
	lbd  int32
	from int // the search that derived it
	keep bool
}

// shareGlue is the largest glue of the learned clauses a search shares.
// Sharing up to 12 rather than 3 cut the wall time of the hardest minimal
// 25×25 puzzles by a third (docs/benchmarks.md).
const shareGlue = 12

func (x *exchange) publish(from int, lits []int32, lbd int32, keep bool) {
	c := sharedClause{lits: slices.Clone(lits), lbd: lbd, from: from, keep: keep}
	x.mu.Lock()
	x.log = append(x.log, c)
	x.mu.Unlock()
}

// solution records a solution found by search from, unless another search
// found it first, and logs the clause that blocks it for the others. It
// reports whether the searches should stop.
func (x *exchange) solution(from int, sol []uint8, s *cdcl) bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	if slices.ContainsFunc(x.sink.sols, func(s []uint8) bool { return slices.Equal(s, sol) }) {
		return false
	}
	stop := x.sink.add(sol)
	block := make([]int32, len(sol))
	for c, d := range sol {
		block[c] = s.cellLit(c, d) ^ 1
	}
	x.log = append(x.log, sharedClause{lits: block, lbd: int32(len(block)), from: from, keep: true})
	return stop
}

// importShared adds, at level 0, the clauses the other searches logged
// since the last call. It reports false if they leave no model.
func (s *cdcl) importShared() bool {
	x := s.share
	x.mu.Lock()
	fresh := x.log[s.imported-x.base:]
	s.imported = x.base + len(x.log)
	x.trim(s.shareID, s.imported)
	x.mu.Unlock()
	for _, c := range fresh {
		if c.from == s.shareID {
			continue
		}
		lits := s.work[:0]
		satisfied := false
		for _, l := range c.lits {
			switch s.val[l] {
			case 1:
				satisfied = true
			case 0:
				lits = append(lits, l)
			}
		}
		s.work = lits[:0]
		switch {
		case satisfied:
		case len(lits) == 0:
			return false
		case len(lits) == 1:
			s.enqueue(lits[0], reasonDecision)
		default:
			s.addClause(lits, min(c.lbd, int32(len(lits))), c.keep)
		}
	}
	return true
}

// trim records that search id has taken the first n clauses logged, and
// drops from the log those that every search has taken, when they are at
// least half of it. A search that holds part of the log (fresh, in
// importShared) keeps reading it: the log kept is a copy.
func (x *exchange) trim(id, n int) {
	x.taken[id] = n
	done := slices.Min(x.taken) - x.base
	if done < 1024 || 2*done < len(x.log) {
		return
	}
	x.log = slices.Clone(x.log[done:])
	x.base += done
}
