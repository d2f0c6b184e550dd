package queens

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/puzzlesolvers/puzzle/status"
)

// MaxComplete is the largest board the completion search accepts.
const MaxComplete = 1 << 14

// complete extends the queens placed in advance (on the board, none
// twice) to a solution by the completion search (see Solve), or proves
// there is none (status None).
func complete(ctx context.Context, n int, fixed []Queen) (Result, error) {
	res := Result{Status: status.None}
	c, err := newCompleter(ctx, n)
	if err != nil {
		res.Status = status.Timeout
		return res, err
	}
	for i, q := range fixed {
		// Each queen costs O(n): on the largest boards, look at ctx often.
		if i&0xf == 0 && ctx.Err() != nil {
			res.Status = status.Timeout
			return res, ctx.Err()
		}
		if c.rows[q.Col] >= 0 || !c.has(q.Col, q.Row) || !c.assign(q.Col, q.Row) {
			return res, nil // attacked by an earlier queen, or no room left
		}
	}
	ok := c.solve()
	res.Stats = Stats{Nodes: c.nodes, Restarts: c.restarts}
	if c.stopped {
		res.Status = status.Timeout
		return res, ctx.Err()
	}
	if ok {
		sol := slices.Clone(c.rows)
		if err := Verify(sol); err != nil {
			panic(fmt.Sprintf("queens: complete found a wrong placement: %v", err))
		}
		res.Status, res.Solutions = status.Solved, [][]int{sol}
	}
	return res, nil
}

// completer holds the domains of the columns: dom[k*words:(k+1)*words] is
// the set of rows still open to column k, those whose row, diagonal and
// anti-diagonal no queen holds. Undo derives the squares to give back from
// the queens still placed, so the search keeps no trail of cleared squares
// (which took O(n²) memory: 3 GB on a board of 16384 squares a side).
type completer struct {
	ctx      context.Context
	done     <-chan struct{}
	n, words int
	rows     []int    // the row of each column's queen, -1 if none yet
	dom      []uint64 // the rows open to each column
	size     []int32  // the number of rows open to each column
	support  []int32  // the number of empty columns open to each row
	rowUsed  []bool
	diagUsed []bool  // r - c + n - 1
	antiUsed []bool  // r + c
	placed   []int32 // the columns of the queens placed, in order
	nodes    int64
	// every is the number of nodes between looks at ctx: each node costs
	// O(n), so large boards look at every node.
	every   int64
	stopped bool
	// Restarts: the node budget of this run, whether it ran out, the runs
	// so far, and the random choices of ties.
	budget   int64
	aborted  bool
	restarts int
	rng      *rand.Rand
}

// newCompleter gives up with ctx's error when ctx is done: the domains of
// the largest boards take 32 MB.
func newCompleter(ctx context.Context, n int) (*completer, error) {
	words := (n + 63) / 64
	dom, err := makeContext[uint64](ctx, n*words)
	if err != nil {
		return nil, err
	}
	c := &completer{ctx: ctx, done: ctx.Done(), n: n, words: words, rows: make([]int, n), dom: dom,
		size: make([]int32, n), support: make([]int32, n), rowUsed: make([]bool, n),
		diagUsed: make([]bool, 2*n), antiUsed: make([]bool, 2*n), every: 0xff,
		rng: rand.New(rand.NewPCG(uint64(n), 79))}
	if n >= 256 {
		c.every = 0
	}
	for k := range n {
		if k&0xff == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		c.rows[k] = -1
		c.size[k] = int32(n)
		c.support[k] = int32(n)
		d := c.dom[k*words : (k+1)*words]
		for w := range d {
			d[w] = ^uint64(0)
		}
		if n%64 != 0 {
			d[words-1] = 1<<(n%64) - 1
		}
	}
	return c, nil
}

// has reports whether row is open to the column col.
func (c *completer) has(col, row int) bool {
	return row >= 0 && row < c.n && c.dom[col*c.words+row/64]&(1<<(row%64)) != 0
}

// free reports whether no queen holds the row, diagonal or anti-diagonal
// of (col, row), which is on the board.
func (c *completer) free(col, row int) bool {
	return !c.rowUsed[row] && !c.diagUsed[row-col+c.n-1] && !c.antiUsed[row+col]
}

// mark sets or unsets the lines of the queen at (col, row).
func (c *completer) mark(col, row int, on bool) {
	c.rowUsed[row], c.diagUsed[row-col+c.n-1], c.antiUsed[row+col] = on, on, on
}

// assign puts a queen at (col, row) and takes the squares it attacks from
// the domains; it reports false on a dead end (a column or a free row left
// without a square). Either way undo takes it back.
func (c *completer) assign(col, row int) bool {
	// The column's open rows no longer count as support.
	for w := range c.words {
		for x := c.dom[col*c.words+w]; x != 0; x &= x - 1 {
			c.support[w*64+bits.TrailingZeros64(x)]--
		}
	}
	c.rows[col] = row
	c.placed = append(c.placed, int32(col))
	ok := true
	// The squares it attacks in each empty column: its row and, d columns
	// away, the rows d above and below.
	for k := range c.n {
		if c.rows[k] >= 0 {
			continue
		}
		d := k - col
		if d < 0 {
			d = -d
		}
		for _, r := range [3]int{row, row + d, row - d} {
			if c.has(k, r) {
				c.dom[k*c.words+r/64] &^= 1 << (r % 64)
				c.size[k]--
				c.support[r]--
				ok = ok && c.size[k] > 0 && (c.support[r] > 0 || r == row)
			}
		}
	}
	c.mark(col, row, true)
	if !ok {
		return false
	}
	// Every free row must still be open to some empty column.
	for r, used := range c.rowUsed {
		if !used && c.support[r] == 0 {
			return false
		}
	}
	return true
}

// undo takes back the queens placed after the first mark.
func (c *completer) undo(mark int) {
	for len(c.placed) > mark {
		col := int(c.placed[len(c.placed)-1])
		c.placed = c.placed[:len(c.placed)-1]
		row := c.rows[col]
		c.mark(col, row, false)
		for k := range c.n {
			if c.rows[k] >= 0 {
				continue
			}
			d := k - col
			if d < 0 {
				d = -d
			}
			for _, r := range [3]int{row, row + d, row - d} {
				if r >= 0 && r < c.n && !c.has(k, r) && c.free(k, r) {
					c.dom[k*c.words+r/64] |= 1 << (r % 64)
					c.size[k]++
					c.support[r]++
				}
			}
		}
		c.rows[col] = -1
		for w := range c.words {
			for x := c.dom[col*c.words+w]; x != 0; x &= x - 1 {
				c.support[w*64+bits.TrailingZeros64(x)]++
			}
		}
	}
}

// solve runs the search with restarts: each run stops after a budget of
// nodes that doubles from run to run, and breaks ties between equally
// constrained choices at random, which avoids the long detours a fixed
// order can take on large boards. A run that ends within its budget is
// exhaustive, so a "none" is a proof.
func (c *completer) solve() bool {
	for budget := int64(1 << 10); ; budget *= 2 {
		c.budget, c.aborted = c.nodes+budget, false
		if c.search() {
			return true
		}
		if !c.aborted || c.stopped {
			return false
		}
		c.restarts++
	}
}

// maxChoices is the longest list of choices a level of the search makes;
// a longer line is walked in place.
const maxChoices = 1024

// try places q and searches on; done reports that the search ends here,
// found whether with a solution (else stopped or out of budget).
func (c *completer) try(q Queen) (done, found bool) {
	c.nodes++
	if c.nodes&c.every == 0 && c.done != nil {
		select {
		case <-c.done:
			c.stopped = true
		default:
		}
	}
	if c.nodes > c.budget {
		c.aborted = true
	}
	if c.stopped || c.aborted {
		return true, false
	}
	mark := len(c.placed)
	if c.assign(q.Col, q.Row) && c.search() {
		return true, true
	}
	if c.stopped {
		return true, false // the board is dropped: no need to undo
	}
	c.undo(mark)
	// Out of budget, the next choice (if any) says so, as it always has:
	// the node counts, and so the budgets of the restarts, stay the same.
	return false, false
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// search branches on the empty column with the fewest open rows, or the
// free row with the fewest open columns if that is smaller.
func (c *completer) search() bool {
	bestCol, bestRow, ties := -1, -1, 0
	for k := range c.n {
		if c.rows[k] >= 0 {
			continue
		}
		switch {
		case bestCol < 0 || c.size[k] < c.size[bestCol]:
			bestCol, ties = k, 1
		case c.size[k] == c.size[bestCol]:
			ties++
			if c.restarts > 0 && c.rng.IntN(ties) == 0 {
				bestCol = k
			}
		}
	}
	if bestCol < 0 {
		return true
	}
	for r, used := range c.rowUsed {
		if !used && (bestRow < 0 || c.support[r] < c.support[bestRow]) {
			bestRow = r
		}
	}
	byRow := c.support[bestRow] < c.size[bestCol]
	// choice says whether the x-th square of the branching line is open.
	choice := func(x int) (Queen, bool) {
		if byRow {
			return Queen{Col: x, Row: bestRow}, c.rows[x] < 0 && c.has(x, bestRow)
		}
		return Queen{Col: bestCol, Row: x}, c.has(bestCol, x)
	}
	count := int(c.size[bestCol])
	if byRow {
		count = int(c.support[bestRow])
	}
	if count > maxChoices {
		// A long line is walked in place, not listed: the lists of every
		// level of a deep search on a large board took O(n²) memory. A
		// restart walks it from a random square with a random step prime
		// to n, instead of shuffling it.
		start, step := 0, 1
		if c.restarts > 0 {
			start, step = c.rng.IntN(c.n), 1+c.rng.IntN(c.n-1)
			for gcd(step, c.n) != 1 {
				step = 1 + c.rng.IntN(c.n-1)
			}
		}
		for i, x := 0, start; i < c.n; i, x = i+1, (x+step)%c.n {
			if q, ok := choice(x); ok {
				if done, found := c.try(q); done {
					return found
				}
			}
		}
		return false
	}
	choices := make([]Queen, 0, count)
	for x := range c.n {
		if q, ok := choice(x); ok {
			choices = append(choices, q)
		}
	}
	if c.restarts > 0 {
		c.rng.Shuffle(len(choices), func(i, j int) { choices[i], choices[j] = choices[j], choices[i] })
	}
	for _, q := range choices {
		if done, found := c.try(q); done {
			return found
		}
	}
	return false
}
