package sudoku

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"puzzle/internal/status"
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
	// NoLockedCandidates turns off the box-line reduction of the general
	// solver, leaving naked and hidden singles only. For measurements.
	NoLockedCandidates bool
}

// Result is the outcome of Solve.
type Result struct {
	Status status.Status
	// Solutions holds the solutions found, in the order found, each a
	// row-major grid of values 1..N.
	Solutions [][]uint8
	Stats     Stats
}

// Stats is the work a solve took.
type Stats struct {
	// Nodes counts search nodes: every guess (a decision, in the
	// clause-learning engine).
	Nodes int64 `json:"nodes"`
	// Conflicts counts the conflicts the clause-learning engine analysed.
	Conflicts int64 `json:"conflicts,omitempty"`
	// Solver names the engine that ran: "9x9", "dfs" or "dfs+cdcl".
	Solver string        `json:"solver"`
	Time   time.Duration `json:"-"`
}

// Solve finds the solutions of p up to opt.Limit and classifies the puzzle.
// An invalid puzzle gives status Invalid and the error; a cancelled or
// expired ctx gives status Timeout, the solutions found so far and ctx.Err().
func Solve(ctx context.Context, p *Puzzle, opt Options) (Result, error) {
	start := time.Now()
	if err := p.Validate(); err != nil {
		return Result{Status: status.Invalid}, err
	}
	limit := opt.Limit
	if limit == 0 {
		limit = 2
	}
	var res Result
	var err error
	if p.Box == 3 && !opt.General {
		res, err = solve9x9(ctx, p, limit)
		res.Stats.Solver = "9x9"
	} else {
		res, err = solveLarge(ctx, p, limit, opt)
	}
	res.Stats.Time = time.Since(start)
	switch {
	case err != nil:
		res.Status = status.Timeout
	case len(res.Solutions) == 0:
		res.Status = status.None
	case limit == 1:
		res.Status = status.Solved
	case len(res.Solutions) == 1:
		res.Status = status.Unique
	default:
		res.Status = status.Multiple
	}
	return res, err
}

// dfsBudget is the number of search nodes the depth-first engine may spend
// on a large grid before the clause-learning engine takes over. Easy grids
// finish well inside it; hard ones (minimal 25×25 puzzles) need learning.
const dfsBudget = 4096

func solveLarge(ctx context.Context, p *Puzzle, limit int, opt Options) (Result, error) {
	e := newEngine(ctx, p.Box)
	e.locked = !opt.NoLockedCandidates
	e.limit = limit
	if !opt.NoLearning {
		e.budget = dfsBudget
	}
	err := e.run(p.Cells)
	if err != errBudget {
		return Result{Solutions: e.solutions, Stats: Stats{Nodes: e.nodes, Solver: "dfs"}}, err
	}
	s := newCDCL(ctx, p.Box, true)
	sols := s.solve(p.Cells, limit)
	return Result{Solutions: sols, Stats: Stats{
		Nodes:     e.nodes + s.decisions,
		Conflicts: s.conflicts,
		Solver:    "dfs+cdcl",
	}}, s.err
}

// RandomSolution returns a complete grid of box size box drawn by a search
// that tries candidates in an order shuffled by rng, and that agrees with
// the givens of p when p is not nil. A random search has heavy tails on big
// empty grids, so it restarts with a new order after a node budget; an
// empty grid of 36×36 or more that keeps failing is instead made from the
// pattern grid by random symmetries.
func RandomSolution(ctx context.Context, box int, p *Puzzle, rng *rand.Rand) ([]uint8, error) {
	if box < MinBox || box > MaxBox {
		return nil, fmt.Errorf("sudoku: box size %d out of range %d..%d", box, MinBox, MaxBox)
	}
	givens := make([]uint8, box*box*box*box)
	if p != nil {
		if p.Box != box {
			return nil, fmt.Errorf("sudoku: puzzle has box size %d, not %d", p.Box, box)
		}
		if err := p.Validate(); err != nil {
			return nil, err
		}
		copy(givens, p.Cells)
	}
	budget := int64(len(givens))
	for attempt := 0; ; attempt++ {
		e := newEngine(ctx, box)
		e.locked = true
		e.limit = 1
		e.rng = rng
		e.budget = budget
		err := e.run(givens)
		if err == nil {
			if len(e.solutions) == 0 {
				return nil, errNoSolution
			}
			return e.solutions[0], nil
		}
		if err != errBudget {
			return nil, err
		}
		if p == nil && box >= 6 && attempt >= 3 {
			return patternSolution(box, rng), nil
		}
		budget *= 2
	}
}

// patternSolution returns the grid v(r, c) = (b·(r mod b) + r div b + c) mod N,
// shuffled by a random relabelling of digits, permutations of rows within
// bands, of bands, of columns within stacks and of stacks, and a random
// transposition: all of them map Sudoku grids to Sudoku grids.
func patternSolution(b int, rng *rand.Rand) []uint8 {
	n := b * b
	perm := func() []int {
		// a random order of rows (or columns): bands shuffled, rows within each.
		bands := rng.Perm(b)
		out := make([]int, 0, n)
		for _, band := range bands {
			for _, k := range rng.Perm(b) {
				out = append(out, band*b+k)
			}
		}
		return out
	}
	rows, cols, digits := perm(), perm(), rng.Perm(n)
	transpose := rng.IntN(2) == 1
	g := make([]uint8, n*n)
	for r := range n {
		for c := range n {
			rr, cc := rows[r], cols[c]
			if transpose {
				rr, cc = cc, rr
			}
			g[r*n+c] = uint8(digits[(b*(rr%b)+rr/b+cc)%n] + 1)
		}
	}
	return g
}
