package nonogram

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/puzzlesolvers/puzzle/status"
)

// Options control Solve.
type Options struct {
	// Limit is how many solutions to look for. 0 means 2, which proves
	// uniqueness; 1 finds one solution without proof (status Solved); a
	// negative Limit enumerates every solution.
	Limit int
	// Found, when set, is called with each picture as the search finds
	// it (Found may keep it), instead of keeping it in Result.Solutions,
	// so that enumerating many pictures takes no memory for them. Found
	// returns false to stop the search.
	Found func(*Grid) bool
	// NoProbing searches by plain backtracking after line solving, for
	// comparisons and tests.
	NoProbing bool
	// Fixed, when set, gives cells decided before solving: every cell of
	// Fixed that is not Unknown is taken as given (Empty or Filled, in a
	// colour puzzle ColorCell of its colour), and only pictures that agree
	// with it count. Fixed cells that no picture agrees with give status
	// None. Fixed must have the puzzle's size.
	Fixed *Board

	// lineProbeEverywhere probes lines thoroughly at every node (tests).
	lineProbeEverywhere bool
	// learnAtRoot hands the puzzle to the clause-learning search right
	// after line solving (tests and measurements).
	learnAtRoot bool
	// quickNodes, when positive, replaces the quick search's node budget
	// (tests of the hand-over to the clause-learning search).
	quickNodes int64
	// noDecimation skips the belief-guided search for a first picture
	// before clause learning (tests and measurements).
	noDecimation bool
	// noLearning keeps the depth-first search to the end, without the
	// clause-learning search (tests and measurements).
	noLearning bool
	// learnFirst gives clause learning its first budget before any round
	// of decimation, and learnFirstConflicts, when positive, replaces
	// that budget (tests of the hand-over between the two).
	learnFirst          bool
	learnFirstConflicts int64
	// automatonLearner runs the clause-learning search on the clauses of
	// the lines' automata, as for colour puzzles (tests and
	// measurements).
	automatonLearner bool
}

// Result is the outcome of Solve.
type Result struct {
	Status status.Status
	// Solutions holds the pictures found, in the order found (none with
	// Options.Found).
	Solutions []*Grid
	// Count is the number of pictures found.
	Count int
	// LineSolvable reports that line solving alone, from the empty grid,
	// decided every cell: the puzzle needs no probing and no guessing.
	LineSolvable bool
	Stats        Stats
}

// Stats is the work a solve took.
type Stats struct {
	// LineSolves counts runs of the line solver.
	LineSolves int64
	// Probes counts trial assignments made while probing.
	Probes int64
	// Nodes counts search nodes (1 when no guess was needed after probing).
	Nodes int64
	// MaxDepth is the deepest guess.
	MaxDepth int
	// Conflicts counts the conflicts of the clause-learning search, which
	// takes over from depth-first search on puzzles that outlast it.
	Conflicts int64
	// Time is the wall time of the solve.
	Time time.Duration
}

// Solve finds the pictures that meet p's clues, up to opt.Limit, and
// classifies the puzzle. An invalid puzzle gives status Invalid and the
// error; a cancelled or expired ctx gives status Timeout, the pictures found
// so far and ctx.Err().
func Solve(ctx context.Context, p *Puzzle, opt Options) (Result, error) {
	start := time.Now()
	if err := p.Validate(); err != nil {
		return Result{Status: status.Invalid}, err
	}
	if err := p.checkFixed(opt.Fixed); err != nil {
		return Result{Status: status.Invalid}, err
	}
	limit := opt.Limit
	if limit == 0 {
		limit = 2
	}
	var cancelled atomic.Bool
	stopWatch := context.AfterFunc(ctx, func() { cancelled.Store(true) })
	defer stopWatch()
	stop := func() bool { return cancelled.Load() }

	k := &sink{limit: limit, found: opt.Found}
	if p.IsColor() {
		var res Result
		var stopped bool
		stopped, res.LineSolvable, res.Stats.Conflicts = solveColor(p, opt.Fixed, k, stop)
		res.Solutions, res.Count = k.kept, k.count
		res.Stats.Nodes = 1
		res.Stats.Time = time.Since(start)
		res.Status = status.OfSearch(k.count, limit, stopped)
		if stopped {
			return res, ctx.Err()
		}
		return res, nil
	}

	g := newGrid(p)
	g.automatonLearner = opt.automatonLearner
	pr := newPropagator(g)
	defer pr.cache.release()
	root := g.newState()
	if opt.Fixed != nil {
		for i, v := range opt.Fixed.Cells {
			if v != Unknown {
				g.set(root, i/g.w, i%g.w, v == Filled)
			}
		}
	}
	pr.pushAll()
	ok := pr.run(root)

	var res Result
	var conflicts int64
	s := &searcher{prober: newProber(pr), sink: k, stop: stop, noProbing: opt.NoProbing}
	s.interrupted = stop
	s.nodeLineLimit = nodeLineProbe
	if opt.lineProbeEverywhere {
		s.nodeLineLimit = maxLineProbe
	}
	switch {
	case !ok:
	case root.unknown == 0:
		res.LineSolvable = true
		k.add(g.picture(root))
		s.nodes = 1
	case opt.learnAtRoot:
		s.stopped, conflicts = g.cdclSearch(root, nil, k, stop, 0)
	default:
		// A quick search first, with line probing only on lines with few
		// placements: most puzzles end here. A puzzle that outlasts the
		// budget goes to the clause-learning search, which keeps the
		// pictures found and the cells that probing at the root fixed.
		s.budget, s.probeBudget = quickSearchNodes, quickSearchProbes
		if opt.quickNodes > 0 {
			s.budget = opt.quickNodes
		}
		s.rootLineLimit = quickLineProbe
		quick := g.newState()
		quick.copyFrom(root)
		// The quick search keeps its pictures (few: it has a small
		// budget) until it is known whether they stand or a search
		// from the root replaces them.
		hold := &sink{limit: limit}
		s.sink = hold
		s.dfs(quick, 0)
		switch {
		case !s.overBudget:
			hold.passTo(k)
		case opt.noLearning:
			s.sink = k
			s.budget, s.probeBudget, s.overBudget = 0, 0, false
			s.rootLineLimit = maxLineProbe
			s.dfs(root, 0)
		default:
			hold.passTo(k)
			found := hold.kept
			if len(found) == 0 && !opt.noDecimation {
				// No picture yet: belief-guided decimation finds one
				// fast where there are many, and the clause-learning
				// search then starts from it.
				// Decimation mostly succeeds in its first rounds or
				// not at all: after decimationBeforeLearning failed
				// rounds, clause learning gets a budget of
				// learnFirstConflicts, and then decimation goes on.
				settled := false
				budget := int64(learnFirstConflicts)
				if opt.learnFirstConflicts > 0 {
					budget = opt.learnFirstConflicts
				}
				// learnFirst reports whether decimation should give up:
				// the search settled the puzzle, found a picture, or
				// was stopped.
				learnFirst := func() bool {
					first := &sink{limit: limit}
					stopped, n := g.cdclSearch(quick, nil, first, stop, budget)
					conflicts += n
					first.passTo(k)
					found = first.kept
					settled = !stopped
					return !stopped || stop() || len(found) > 0
				}
				var pic *Grid
				var stopped bool
				if !opt.learnFirst || !learnFirst() {
					var n int64
					pic, n, stopped = g.decimate(pr, quick, stop, func(rounds int) bool {
						return rounds == decimationBeforeLearning && learnFirst()
					})
					conflicts += n
				}
				s.stopped = stopped || (!settled && stop())
				if pic != nil {
					k.add(pic)
					found = []*Grid{pic}
				}
				if settled {
					break
				}
			}
			if !s.stopped && !k.full() {
				var more int64
				s.stopped, more = g.cdclSearch(quick, found, k, stop, 0)
				conflicts += more
			}
		}
	}
	res.Solutions, res.Count = k.kept, k.count
	res.Stats = Stats{LineSolves: pr.lineSolves, Probes: s.probes, Nodes: s.nodes, MaxDepth: s.maxDepth, Conflicts: conflicts, Time: time.Since(start)}
	res.Status = status.OfSearch(k.count, limit, s.stopped)
	if s.stopped {
		return res, ctx.Err()
	}
	return res, nil
}
