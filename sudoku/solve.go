package sudoku

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/puzzlesolvers/puzzle/status"
)

// Options control Solve.
type Options struct {
	// Limit is how many solutions to look for. 0 means 2, which proves
	// uniqueness; 1 finds one solution without proof (status Solved);
	// a negative Limit enumerates every solution.
	Limit int
	// General forces the general n²×n² solver even for 9×9 grids, which
	// otherwise use the specialised 9×9 solver. For cross-checks and benchmarks.
	General bool
	// NoLearning keeps large grids on the depth-first engine instead of
	// handing hard ones to the clause-learning engine. For measurements.
	NoLearning bool
	// Workers is the number of clause-learning searches, each with its
	// own policy, that may run at once, one per core, on a hard grid
	// (one the depth-first search does not finish quickly); the first to
	// finish answers. 0 means 1. Listing solutions (Limit other than 1
	// or 2) runs one search.
	Workers int
	// NoLockedCandidates turns off the box-line reduction of the general
	// solver, leaving naked and hidden singles only. For measurements.
	NoLockedCandidates bool
	// Found, when set, is called with each solution as the search finds
	// it (a row-major grid that Found may keep), in the order found,
	// instead of keeping it in Result.Solutions, so that enumerating the
	// solutions of a nearly empty grid takes no memory for them. Found
	// returns false to stop the search.
	Found func(solution []uint8) bool
}

// Result is the outcome of Solve.
type Result struct {
	Status status.Status
	// Solutions holds the solutions found, in the order found, each a
	// row-major grid of values 1..N (none with Options.Found).
	Solutions [][]uint8
	// Count is the number of solutions found.
	Count int
	Stats Stats
}

// Stats is the work a solve took.
type Stats struct {
	// Nodes counts search nodes: every guess (a decision, in the
	// clause-learning engine), over every search when several ran
	// (Options.Workers).
	Nodes int64 `json:"nodes"`
	// Conflicts counts the conflicts the clause-learning engine analysed.
	Conflicts int64 `json:"conflicts,omitempty"`
	// Solver names the engine that ran: "9x9", "dfs", "dfs+cdcl", or
	// "repair" for the path of sparse grids (sparse.go), whose nodes are
	// those of its depth-first search.
	Solver string        `json:"solver"`
	Time   time.Duration `json:"-"`
}

// Solve finds the solutions of p up to opt.Limit and classifies the puzzle.
// An invalid puzzle gives status Invalid and the error; a cancelled or
// expired ctx gives status Timeout, the solutions found so far and ctx.Err().
func Solve(ctx context.Context, p *Puzzle, opt Options) (Result, error) {
	return solve(ctx, p, opt, nil)
}

// SolveInto is Solve with the result in *res, whose solutions' memory it
// reuses: the one or two solutions of a 9×9 grid (Limit 0, 1 or 2, without
// Found) are written over the grids res.Solutions holds, up to its
// capacity, when each has room for 81 cells. A loop that solves puzzle after
// puzzle into one Result allocates nothing for them; each call overwrites
// the solutions of the one before.
func SolveInto(ctx context.Context, p *Puzzle, opt Options, res *Result) error {
	grids := res.Solutions[:cap(res.Solutions)]
	r, err := solve(ctx, p, opt, grids)
	switch {
	case len(r.Solutions) == 0:
		r.Solutions = grids[:0] // kept for the next call
	case len(grids) > 0 && &r.Solutions[0] == &grids[0]:
		r.Solutions = grids[:len(r.Solutions)]
	}
	*res = r
	return err
}

// solve is Solve, writing the solutions it keeps of a 9×9 grid over the
// grids of reuse when they have room for them (see SolveInto).
func solve(ctx context.Context, p *Puzzle, opt Options, reuse [][]uint8) (Result, error) {
	start := clock()
	// The 9×9 solver checks the givens as it reads them, and ctx after.
	nine := p.Box == 3 && len(p.Cells) == 81 && !opt.General
	if !nine {
		if err := p.Validate(); err != nil {
			return Result{Status: status.Invalid}, fmt.Errorf("sudoku: %w", err)
		}
		if err := ctx.Err(); err != nil { // the searches look at ctx only now and then
			return Result{Status: status.Timeout}, err
		}
	}
	limit := opt.Limit
	if limit == 0 {
		limit = 2
	}
	var res Result
	var err error
	if nine {
		// One or two solutions kept, the usual case, need no sink of
		// their own: the solver keeps them (solve9x9Into).
		var k *sink
		if opt.Found != nil || limit < 1 || limit > 2 {
			k = newSink(limit, opt.Found, len(p.Cells))
		}
		res, err = solve9x9Into(ctx, p, k, limit, reuse)
		if err == errGivens9 {
			if verr := p.Validate(); verr != nil {
				err = verr
			}
			return Result{Status: status.Invalid}, fmt.Errorf("sudoku: %w", err)
		}
		if k != nil {
			res.Solutions, res.Count = k.sols, k.count
		}
		res.Stats.Solver = "9x9"
	} else {
		k := newSink(limit, opt.Found, len(p.Cells))
		res, err = solveLarge(ctx, p, k, opt)
		res.Solutions, res.Count = k.sols, k.count
	}
	res.Stats.Time = clock() - start
	res.Status = status.OfSearch(res.Count, limit, err != nil)
	return res, err
}

// clockBase is the origin of clock.
var clockBase = time.Now()

// clock returns the time on the monotonic clock: one read of it, where
// time.Now reads the wall clock too (a read costs about 0.1 µs under some
// hypervisors, and Solve takes 2 µs on an easy 9×9 grid).
func clock() time.Duration { return time.Since(clockBase) }

// dfsBudget is the number of search nodes the depth-first engine may spend
// on a large grid before the clause-learning engine takes over. Easy grids
// finish well inside it; hard ones (minimal 25×25 puzzles) need learning.
const dfsBudget = 4096

func solveLarge(ctx context.Context, p *Puzzle, k *sink, opt Options) (Result, error) {
	res, first, done := solveSparse(ctx, p, k)
	if done {
		return res, ctx.Err()
	}
	if first != nil {
		// The search below must not count the first solution again: of
		// the two it looks for, it hands on those that differ.
		outer := k
		k = &sink{limit: 2, found: func(sol []uint8) bool {
			return slices.Equal(sol, first) || !outer.add(sol)
		}}
	}
	e := newEngine(ctx, p.Box)
	e.locked = !opt.NoLockedCandidates
	e.prefer = template(p.Box, p.Cells)
	if !opt.NoLearning {
		e.budget = dfsBudget
	}
	// The depth-first engine hands on its solutions at once; the
	// clause-learning engine, if it takes over, must not find them again.
	// With a budget the first engine keeps them, and they go on when it
	// is known which engine's they are.
	e.sink = k
	if e.budget > 0 {
		e.sink = &sink{limit: k.limit}
	}
	err := e.run(p.Cells)
	if err != errBudget {
		if e.sink != k {
			for _, sol := range e.sink.sols {
				if k.add(sol) {
					break
				}
			}
		}
		return Result{Stats: Stats{Nodes: e.nodes, Solver: "dfs"}}, err
	}
	r := solveLearning(ctx, p.Box, p.Cells, k, opt.Workers)
	return Result{Stats: Stats{
		Nodes:     e.nodes + r.decisions,
		Conflicts: r.conflicts,
		Solver:    "dfs+cdcl",
	}}, r.err
}

// RandomSolution returns a complete grid of box size box drawn by a search
// that tries candidates in an order shuffled by rng, and that agrees with
// the givens of p when p is not nil. A random search has heavy tails, so it
// gets a few attempts under a node budget; after them the puzzle is moved
// by a random symmetry of the grid, solved by Solve (whose clause-learning
// engine bounds the tail), and moved back.
func RandomSolution(ctx context.Context, box int, p *Puzzle, rng *rand.Rand) ([]uint8, error) {
	if box < MinBox || box > MaxBox {
		return nil, fmt.Errorf("sudoku: box size %d out of range %d..%d", box, MinBox, MaxBox)
	}
	q, _ := New(box)
	if p != nil {
		if p.Box != box {
			return nil, fmt.Errorf("sudoku: puzzle has box size %d, not %d", p.Box, box)
		}
		if err := p.Validate(); err != nil {
			return nil, fmt.Errorf("sudoku: %w", err)
		}
		copy(q.Cells, p.Cells)
	}
	sol, err := drawSolution(ctx, box, q.Cells, rng, 3)
	switch {
	case err == nil && sol == nil:
		return nil, errNoSolution
	case err == nil:
		return sol, nil
	case err != errBudget:
		return nil, err
	}
	sym := randomSymmetry(box, rng)
	res, err := Solve(ctx, &Puzzle{Box: box, Cells: sym.apply(q.Cells)}, Options{Limit: 1})
	if err != nil {
		return nil, err
	}
	if len(res.Solutions) == 0 {
		return nil, errNoSolution
	}
	return sym.invert(res.Solutions[0]), nil
}

// drawSolution runs the randomized depth-first search on cells up to
// attempts times, each with a fresh order and twice the node budget of the
// one before (a random search has heavy tails). It returns a solution, or
// nil when a search was exhausted with none, or errBudget.
func drawSolution(ctx context.Context, box int, cells []uint8, rng *rand.Rand, attempts int) ([]uint8, error) {
	budget := int64(len(cells))
	for range attempts {
		e := newEngine(ctx, box)
		e.locked = true
		e.sink = &sink{limit: 1}
		e.rng = rng
		e.budget = budget
		if err := e.run(cells); err != errBudget {
			if err != nil || len(e.sink.sols) == 0 {
				return nil, err
			}
			return e.sink.sols[0], nil
		}
		budget *= 2
	}
	return nil, errBudget
}

// symmetry is a map of Sudoku grids onto Sudoku grids: cell (r, c) moves to
// (rows[r], cols[c]), transposed if transpose is set, and digit d becomes
// digits[d-1]+1. Rows move within their band and bands move as wholes;
// likewise columns.
type symmetry struct {
	n          int
	rows, cols []int
	digits     []int
	transpose  bool
}

func randomSymmetry(b int, rng *rand.Rand) symmetry {
	n := b * b
	order := func() []int {
		out := make([]int, 0, n)
		for _, band := range rng.Perm(b) {
			for _, k := range rng.Perm(b) {
				out = append(out, band*b+k)
			}
		}
		return out
	}
	return symmetry{n: n, rows: order(), cols: order(), digits: rng.Perm(n), transpose: rng.IntN(2) == 1}
}

func (s symmetry) target(r, c int) int {
	r, c = s.rows[r], s.cols[c]
	if s.transpose {
		r, c = c, r
	}
	return r*s.n + c
}

func (s symmetry) apply(g []uint8) []uint8 {
	out := make([]uint8, len(g))
	for i, v := range g {
		if v != 0 {
			v = uint8(s.digits[v-1] + 1)
		}
		out[s.target(i/s.n, i%s.n)] = v
	}
	return out
}

func (s symmetry) invert(g []uint8) []uint8 {
	back := make([]uint8, s.n)
	for d, e := range s.digits {
		back[e] = uint8(d + 1)
	}
	out := make([]uint8, len(g))
	for i := range out {
		v := g[s.target(i/s.n, i%s.n)]
		if v != 0 {
			v = back[v-1]
		}
		out[i] = v
	}
	return out
}
