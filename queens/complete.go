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
	c := newCompleter(ctx, n)
	for _, q := range fixed {
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
// the set of rows still open to column k.
type completer struct {
	ctx      context.Context
	n, words int
	rows     []int    // the row of each column's queen, -1 if none yet
	dom      []uint64 // the rows open to each column
	size     []int32  // the number of rows open to each column
	support  []int32  // the number of empty columns open to each row
	rowUsed  []bool
	trail    []cleared // what to undo
	nodes    int64
	stopped  bool
	// Restarts: the node budget of this run, whether it ran out, the runs
	// so far, and the random choices of ties.
	budget   int64
	aborted  bool
	restarts int
	rng      *rand.Rand
}

// cleared records a row taken from a column's domain, or (row < 0) a
// column whose rows stopped counting towards support when it was filled.
type cleared struct{ col, row int32 }

func newCompleter(ctx context.Context, n int) *completer {
	words := (n + 63) / 64
	c := &completer{ctx: ctx, n: n, words: words, rows: make([]int, n), dom: make([]uint64, n*words),
		size: make([]int32, n), support: make([]int32, n), rowUsed: make([]bool, n), rng: rand.New(rand.NewPCG(uint64(n), 79))}
	for k := range n {
		c.rows[k] = -1
		c.size[k] = int32(n)
		c.support[k] = int32(n)
		for r := range n {
			c.dom[k*words+r/64] |= 1 << (r % 64)
		}
	}
	return c
}

func (c *completer) has(col, row int) bool {
	return c.dom[col*c.words+row/64]&(1<<(row%64)) != 0
}

// clear takes row from the domain of the empty column col; it reports
// false when the column or the row is left without a square.
func (c *completer) clear(col, row int) bool {
	if row < 0 || row >= c.n || !c.has(col, row) {
		return true
	}
	c.dom[col*c.words+row/64] &^= 1 << (row % 64)
	c.size[col]--
	c.support[row]--
	c.trail = append(c.trail, cleared{int32(col), int32(row)})
	return c.size[col] > 0 && (c.support[row] > 0 || c.rowUsed[row])
}

// assign puts a queen at (col, row) and clears the squares it attacks;
// it reports false on a dead end (the changes stay on the trail).
func (c *completer) assign(col, row int) bool {
	c.rows[col] = row
	c.rowUsed[row] = true
	// The column's open rows no longer count as support.
	for w := range c.words {
		for x := c.dom[col*c.words+w]; x != 0; x &= x - 1 {
			c.support[w*64+bits.TrailingZeros64(x)]--
		}
	}
	c.trail = append(c.trail, cleared{int32(col), -1})
	ok := true
	for k := range c.n {
		if c.rows[k] >= 0 {
			continue
		}
		d := k - col
		if d < 0 {
			d = -d
		}
		ok = c.clear(k, row) && ok
		ok = c.clear(k, row+d) && ok
		ok = c.clear(k, row-d) && ok
	}
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

// undo takes back the changes after mark.
func (c *completer) undo(mark int) {
	for i := len(c.trail) - 1; i >= mark; i-- {
		ch := c.trail[i]
		col := int(ch.col)
		if ch.row < 0 {
			for w := range c.words {
				for x := c.dom[col*c.words+w]; x != 0; x &= x - 1 {
					c.support[w*64+bits.TrailingZeros64(x)]++
				}
			}
			c.rowUsed[c.rows[col]] = false
			c.rows[col] = -1
			continue
		}
		row := int(ch.row)
		c.dom[col*c.words+row/64] |= 1 << (row % 64)
		c.size[col]++
		c.support[row]++
	}
	c.trail = c.trail[:mark]
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
	var choices []Queen
	if c.support[bestRow] < c.size[bestCol] {
		for k := range c.n {
			if c.rows[k] < 0 && c.has(k, bestRow) {
				choices = append(choices, Queen{Col: k, Row: bestRow})
			}
		}
	} else {
		for w := range c.words {
			for x := c.dom[bestCol*c.words+w]; x != 0; x &= x - 1 {
				choices = append(choices, Queen{Col: bestCol, Row: w*64 + bits.TrailingZeros64(x)})
			}
		}
	}
	if c.restarts > 0 {
		c.rng.Shuffle(len(choices), func(i, j int) { choices[i], choices[j] = choices[j], choices[i] })
	}
	for _, q := range choices {
		c.nodes++
		if c.nodes&0xff == 0 && c.ctx.Err() != nil {
			c.stopped = true
		}
		if c.nodes > c.budget {
			c.aborted = true
		}
		if c.stopped || c.aborted {
			return false
		}
		mark := len(c.trail)
		if c.assign(q.Col, q.Row) && c.search() {
			return true
		}
		c.undo(mark)
	}
	return false
}
