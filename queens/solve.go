package queens

import (
	"context"
	"fmt"
	"time"

	"github.com/puzzlesolvers/puzzle/status"
)

// SolveOptions control Solve.
type SolveOptions struct {
	// Limit is the most solutions to list; 0 lists them all.
	Limit int
	// FixFirstRow keeps only the solutions whose queen of column 0 stands
	// on row FirstRow (0-based), the textbook "start from this square".
	FixFirstRow bool
	FirstRow    int
	// Visit, if set, receives each solution as it is found (checked by
	// Verify; the slice is reused after Visit returns), instead of
	// Result.Solutions holding them all: listing every solution of a large
	// board takes memory in proportion.
	Visit func(rows []int)
}

// Result is the outcome of Solve or Complete.
type Result struct {
	// Status is Unique, Multiple or None; Solved when a limit of 1
	// stopped the search at its first solution (a larger limit that stops
	// it gives Multiple); Timeout when cancelled.
	Status status.Status
	// Solutions lists placements (the row of the queen of each column), in
	// lexicographic order, unless SolveOptions.Visit took them.
	Solutions [][]int
	// Count is the number of solutions found.
	Count int
	Stats Stats
}

// Stats is the work a search took.
type Stats struct {
	// Nodes counts the queens placed (partial placements visited).
	Nodes int64 `json:"nodes"`
	// Restarts counts the fresh starts of Complete's search.
	Restarts int           `json:"restarts,omitempty"`
	Time     time.Duration `json:"-"`
}

// Solve lists the solutions of the n-queens problem (n ≤ MaxCount) in
// lexicographic order, column by column, by backtracking on bit masks.
// Every solution returned has been checked by Verify.
func Solve(ctx context.Context, n int, opt SolveOptions) (Result, error) {
	start := time.Now()
	if n < 1 || n > MaxCount {
		return Result{Status: status.Invalid}, fmt.Errorf("queens: solve: n must be between 1 and %d, not %d", MaxCount, n)
	}
	if opt.FixFirstRow && (opt.FirstRow < 0 || opt.FirstRow >= n) {
		return Result{Status: status.Invalid}, fmt.Errorf("queens: solve: first row %d outside 0..%d", opt.FirstRow, n-1)
	}
	if opt.Limit < 0 {
		return Result{Status: status.Invalid}, fmt.Errorf("queens: solve: negative limit %d", opt.Limit)
	}
	e := enumerator{ctx: ctx, n: n, mask: 1<<n - 1, limit: opt.Limit, rows: make([]int, n), visit: opt.Visit}
	first := e.mask
	if opt.FixFirstRow {
		first = 1 << opt.FirstRow
	}
	e.place(0, first, 0, 0, 0)
	res := Result{Solutions: e.out, Count: e.found, Stats: Stats{Nodes: e.nodes, Time: time.Since(start)}}
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
}

// place tries the rows allowed in column c: bit r of up and down marks the
// rows attacked along the two diagonals, bit r of used the taken rows.
func (e *enumerator) place(c int, allowed, used, up, down uint64) {
	if c == e.n {
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
