package queens

import (
	"context"
	"fmt"
	"time"

	"github.com/puzzlesolvers/puzzle/status"
)

// Options control Solve.
type Options struct {
	// Limit is the most solutions to list; 0 lists them all.
	Limit int
	// Complete asks for one solution found by the completion search
	// (boards up to MaxComplete) instead of the solutions listed in order
	// (boards up to MaxCount); Limit is then ignored.
	Complete bool
	// Visit, if set, receives each solution as it is found (checked by
	// Verify; the slice is reused after Visit returns), instead of
	// Result.Solutions holding them all: listing every solution of a large
	// board takes memory in proportion.
	Visit func(rows []int)
}

// Result is the outcome of Solve.
type Result struct {
	// Status is Unique, Multiple or None when the solutions are listed;
	// Solved when a limit of 1 stopped the listing at its first solution
	// (a larger limit that stops it gives Multiple), or when the
	// completion search found one; Timeout when cancelled; Invalid for a
	// puzzle Solve cannot take (with an error).
	Status status.Status
	// Solutions lists placements (the row of the queen of each column), in
	// lexicographic order, unless Options.Visit took them.
	Solutions [][]int
	// Count is the number of solutions found.
	Count int
	Stats Stats
}

// Stats is the work a search took.
type Stats struct {
	// Nodes counts the queens placed (partial placements visited).
	Nodes int64
	// Restarts counts the fresh starts of the completion search.
	Restarts int
	Time     time.Duration
}

// Solve solves the puzzle: the solutions that keep the queens placed in
// advance. By default it lists them in lexicographic order, column by
// column, by backtracking on bit masks (n ≤ MaxCount). With
// Options.Complete it looks for one by the completion search (n ≤
// MaxComplete), which fills the column with the fewest free rows first
// (forward checking: each queen clears the squares it attacks from the
// other columns, with an undo log), fails as soon as a column or a free
// row has no square left, and restarts with a doubled node budget and
// random ties; a run that ends within its budget is exhaustive, so None is
// a proof (n-queens completion is NP-complete: Gent, Jefferson and
// Nightingale, JAIR 2017).
//
// Queens off the board or given twice are an error (status Invalid);
// queens that attack each other give status None. Every solution returned
// has been checked by Verify. On cancellation Solve returns what it found,
// status Timeout and ctx.Err().
func Solve(ctx context.Context, p *Puzzle, opt Options) (Result, error) {
	start := time.Now()
	res := Result{Status: status.Invalid}
	hi := MaxCount
	if opt.Complete {
		hi = MaxComplete
	}
	n := p.N
	if n < 1 || n > hi {
		return res, fmt.Errorf("queens: n must be between 1 and %d, not %d", hi, n)
	}
	if opt.Limit < 0 {
		return res, fmt.Errorf("queens: negative limit %d", opt.Limit)
	}
	given := make(map[Queen]bool, len(p.Queens)) // a set: thousands of queens may be given
	for _, q := range p.Queens {
		if q.Col < 0 || q.Col >= n || q.Row < 0 || q.Row >= n {
			return res, fmt.Errorf("queens: queen %d:%d is off the %d×%d board", q.Col, q.Row, n, n)
		}
		if given[q] {
			return res, fmt.Errorf("queens: queen %d:%d given twice", q.Col, q.Row)
		}
		given[q] = true
	}
	if opt.Complete {
		res, err := complete(ctx, n, p.Queens)
		res.Stats.Time = time.Since(start)
		if len(res.Solutions) > 0 {
			res.Count = 1
			if opt.Visit != nil {
				opt.Visit(res.Solutions[0])
				res.Solutions = nil
			}
		}
		return res, err
	}
	e := enumerator{ctx: ctx, n: n, mask: 1<<n - 1, limit: opt.Limit, rows: make([]int, n), visit: opt.Visit}
	switch {
	case len(p.Queens) == 0:
		e.place(0, e.mask, 0, 0, 0)
	case len(p.Queens) == 1 && p.Queens[0].Col == 0:
		e.place(0, 1<<p.Queens[0].Row, 0, 0, 0)
	default:
		e.allow = make([]uint64, n+1)
		for c := range e.allow {
			e.allow[c] = e.mask
		}
		for _, q := range p.Queens {
			if e.allow[q.Col] != e.mask && e.allow[q.Col] != 1<<q.Row {
				// Two queens in one column: no solution.
				res.Status, res.Stats.Time = status.None, time.Since(start)
				return res, nil
			}
			e.allow[q.Col] = 1 << q.Row
		}
		e.placeGiven(0, e.allow[0], 0, 0, 0)
	}
	res = Result{Solutions: e.out, Count: e.found, Stats: Stats{Nodes: e.nodes, Time: time.Since(start)}}
	res.Status = status.OfSearch(e.found, opt.Limit, e.stopped)
	if e.stopped {
		return res, ctx.Err()
	}
	return res, nil
}

type enumerator struct {
	ctx          context.Context
	n, limit     int
	mask         uint64
	rows         []int
	out          [][]int
	visit        func([]int)
	found        int
	nodes        int64
	stopped, end bool
	// allow[c] is the set of rows open to column c: every row, or the row
	// of the queen placed in advance (allow has n+1 entries; placeGiven).
	allow []uint64
}

// place tries the rows allowed in column c: bit r of up and down marks the
// rows attacked along the two diagonals, bit r of used the taken rows.
func (e *enumerator) place(c int, allowed, used, up, down uint64) {
	if c == e.n {
		e.solution()
		return
	}
	free := allowed &^ (used | up | down)
	for free != 0 && !e.end {
		bit := free & -free
		free ^= bit
		e.nodes++
		if e.nodes&0xffff == 0 && e.ctx.Err() != nil {
			e.stopped, e.end = true, true
			return
		}
		e.rows[c] = trailingZeros(bit)
		e.place(c+1, e.mask, used|bit, (up|bit)<<1, (down|bit)>>1)
	}
}

// solution takes the placement in e.rows, checked: it lists it or hands it
// to visit, and ends the search at the limit.
func (e *enumerator) solution() {
	if err := Verify(e.rows); err != nil {
		panic(fmt.Sprintf("queens: solve found a wrong placement %v: %v", e.rows, err))
	}
	e.found++
	if e.visit != nil {
		e.visit(e.rows)
	} else {
		e.out = append(e.out, append([]int(nil), e.rows...))
	}
	if e.limit > 0 && e.found >= e.limit {
		e.end = true
	}
}

// placeGiven is place with queens placed in advance: the rows open to the
// next column are allow[c+1]. It is kept apart so that place, the plain
// listing, runs as it did.
func (e *enumerator) placeGiven(c int, allowed, used, up, down uint64) {
	if c == e.n {
		e.solution()
		return
	}
	free := allowed &^ (used | up | down)
	for free != 0 && !e.end {
		bit := free & -free
		free ^= bit
		e.nodes++
		if e.nodes&0xffff == 0 && e.ctx.Err() != nil {
			e.stopped, e.end = true, true
			return
		}
		e.rows[c] = trailingZeros(bit)
		e.placeGiven(c+1, e.allow[c+1], used|bit, (up|bit)<<1, (down|bit)>>1)
	}
}
