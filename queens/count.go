package queens

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// MaxCount is the largest board Count accepts. Counting n = 27 took a
// year of FPGA time; the limit only keeps the bit masks in one word.
const MaxCount = 32

// Counts is the outcome of Count: the number of solutions and of
// fundamental solutions (classes under the 8 symmetries of the square).
type Counts struct {
	N int
	// Solutions is the number of solutions (OEIS A000170).
	Solutions uint64
	// Fundamental is the number of solutions up to rotation and reflection
	// (OEIS A002562): Sym1 + Sym2 + Sym4 + Sym8.
	Fundamental uint64
	// Sym1, Sym2, Sym4 and Sym8 count the fundamental solutions whose
	// class has 1 member (the board of size 1), 2 (symmetric under a
	// quarter turn), 4 (under a half turn only) and 8 (no symmetry).
	// Solutions = Sym1 + 2·Sym2 + 4·Sym4 + 8·Sym8.
	Sym1 uint64
	Sym2 uint64
	Sym4 uint64
	Sym8 uint64
	// Nodes counts the partial placements the search visited.
	Nodes uint64
	// Subproblems is the number of sub-problems counted (this shard's
	// share); Total is the number for the whole board.
	Subproblems int
	Total       int
	// Shard and Shards name the share counted: 1..Shards, or 0 and 0 for
	// the whole count.
	Shard  int
	Shards int
	Time   time.Duration
}

// CountOptions control Count.
type CountOptions struct {
	// Workers is the number of goroutines; 0 means GOMAXPROCS.
	Workers int
	// Shard and Shards, when Shards > 1, count only the Shard-th (1-based)
	// of Shards deterministic shares of the sub-problems. Adding the Counts
	// of every share (Merge) gives the whole count.
	Shard, Shards int
	// Progress, if set, is called after each sub-problem with the number
	// done and the number to do. It may be called from several goroutines,
	// but never concurrently.
	Progress func(done, total int)
	// SplitDepth is the number of rows placed to make a sub-problem, from
	// 2 to 8; 0 chooses by n.
	SplitDepth int
}

// Count counts the solutions of the n-queens problem and its fundamental
// solutions, splitting the work into independent sub-problems run on
// opt.Workers goroutines. On cancellation it returns the partial counts
// and ctx.Err().
func Count(ctx context.Context, n int, opt CountOptions) (Counts, error) {
	start := time.Now()
	res := Counts{N: n}
	if n < 1 || n > MaxCount {
		return res, fmt.Errorf("queens: count: n must be between 1 and %d, not %d", MaxCount, n)
	}
	if opt.Shards < 0 || opt.Shards > 1 && (opt.Shard < 1 || opt.Shard > opt.Shards) {
		return res, fmt.Errorf("queens: count: shard %d/%d: want 1 ≤ shard ≤ shards", opt.Shard, opt.Shards)
	}
	if opt.Shards > 1 {
		res.Shard, res.Shards = opt.Shard, opt.Shards
	}
	if n == 1 {
		// The only board whose solution is symmetric under every rotation
		// and reflection: one class of one.
		res.Sym1, res.Subproblems, res.Total = 1, 1, 1
		if opt.Shards > 1 && opt.Shard != 1 {
			res.Sym1, res.Subproblems = 0, 0
		}
		res.Solutions, res.Fundamental = res.Sym1, res.Sym1
		res.Time = time.Since(start)
		return res, ctx.Err()
	}
	split := opt.SplitDepth
	if split <= 0 {
		split = defaultSplit(n)
	}
	all := subproblems(n, split)
	res.Total = len(all)
	mine := all
	if opt.Shards > 1 {
		mine = nil
		for i := opt.Shard - 1; i < len(all); i += opt.Shards {
			mine = append(mine, all[i])
		}
	}
	res.Subproblems = len(mine)
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, len(mine)))

	var (
		next atomic.Int64
		stop atomic.Bool
		mu   sync.Mutex
		done int
		wg   sync.WaitGroup
	)
	quit := context.AfterFunc(ctx, func() { stop.Store(true) })
	defer quit()
	for range workers {
		wg.Go(func() {
			s := newSearcher(n)
			for !stop.Load() {
				i := int(next.Add(1)) - 1
				if i >= len(mine) {
					break
				}
				s.run(&mine[i])
				if opt.Progress != nil {
					mu.Lock()
					done++
					opt.Progress(done, len(mine))
					mu.Unlock()
				}
			}
			mu.Lock()
			res.Sym2 += s.sym2
			res.Sym4 += s.sym4
			res.Sym8 += s.sym8
			res.Nodes += s.nodes
			mu.Unlock()
		})
	}
	wg.Wait()
	res.Fundamental = res.Sym2 + res.Sym4 + res.Sym8
	res.Solutions = 2*res.Sym2 + 4*res.Sym4 + 8*res.Sym8
	res.Time = time.Since(start)
	if err := ctx.Err(); err != nil {
		return res, err
	}
	return res, nil
}

func defaultSplit(n int) int {
	switch {
	case n >= 22:
		return 5
	case n >= 18:
		return 4
	}
	return 3
}

// A subproblem is a partial placement of the first rows: rows 0..y-1 hold
// a queen each, and the search goes on from row y.
type subproblem struct {
	bound1            int8 // the column of row 0's queen
	y                 int8 // the next row to fill
	board             [8]uint64
	left, down, right uint64
}

// A rowState is the search's record of row y: its queen, and constants
// that setBound computes once per bound.
type rowState struct {
	queen       uint64 // the column of the row's queen, as a bit
	next, next2 uint64 // the columns the canonical form leaves to rows y+1 and y+2
	// shift is 2^k, k = n-2-y the number of rows from row y+1 to the last,
	// and below is 2^k - 1: the last-row look-ahead shifts by
	// multiplying, which needs no shift count in CX (the compiler spilled
	// the loop's state to free it). shiftAgain is shift once more, so that
	// the compiler loads it twice instead of keeping it in a register.
	shift, below, shiftAgain uint64
	child                    *rowState // row y+1
	lastThree                bool      // y = last-2
	_                        [7]byte   // 64 bytes
}

// searcher is one worker's state. Bit c of a mask is column c. A placement
// is counted only in its canonical form (see doc.go), with the size of its
// class under the symmetries of the square.
type searcher struct {
	n, last                 int
	mask                    uint64
	bound1, bound2          int              // the column b of row 0's queen, and n-1-b
	forbid                  [MaxCount]uint64 // per row, the columns the canonical form forbids
	lastFree                uint64           // the columns the last row may use
	topbit, endbit          uint64           // column n-1; column n-1-bound1
	rows                    [MaxCount]rowState
	sym2, sym4, sym8, nodes uint64
	col, rowOf              [MaxCount]int // scratch for check
}

func newSearcher(n int) *searcher {
	s := &searcher{n: n, last: n - 1, mask: 1<<n - 1, topbit: 1 << (n - 1)}
	for y := range n - 1 {
		s.rows[y].child = &s.rows[y+1]
		s.rows[y].lastThree = y == n-3
	}
	return s
}

// setBound prepares the rules of the canonical form for the placements
// whose row 0 queen is at column b, 1 ≤ b ≤ (n-1)/2: the queens of the
// other three edges are no farther than b from a corner.
func (s *searcher) setBound(b int) {
	n := s.n
	s.bound1, s.bound2 = b, n-1-b
	s.endbit = 1 << (n - 1 - b)
	clear(s.forbid[:])
	side := uint64(1) | s.topbit
	for y := b + 1; y < n-1-b; y++ {
		s.forbid[y] = side
	}
	// The last row keeps the b+1 columns nearest to either corner.
	near := uint64(1)<<(b+1) - 1
	s.lastFree = near | near<<(n-1-b)
	s.forbid[n-1] = s.mask &^ s.lastFree
	if b == n-1-b {
		// Row 0's queen in the middle column: the mirror image is the same
		// kind of placement, so row 1's queen is taken left of the middle.
		s.forbid[1] |= s.mask &^ (uint64(1)<<b - 1)
	}
	for y := range n - 1 {
		s.rows[y].next = s.mask &^ s.forbid[y+1]
		if y+2 < n {
			s.rows[y].next2 = s.mask &^ s.forbid[y+2]
		}
		s.rows[y].shift = 1 << (n - 2 - y)
		s.rows[y].below = s.rows[y].shift - 1
		s.rows[y].shiftAgain = s.rows[y].shift
	}
}

// subproblems lists, in a fixed order, the placements of the first split
// rows (fewer near the last row) from which every canonical solution is
// reached exactly once.
func subproblems(n, split int) []subproblem {
	s := newSearcher(n)
	split = max(2, min(split, n-1, len(subproblem{}.board)))
	var out []subproblem
	var expand func(p subproblem)
	expand = func(p subproblem) {
		y := int(p.y)
		if y >= split || y == s.last {
			out = append(out, p)
			return
		}
		free := s.mask &^ (p.left | p.down | p.right | s.forbid[y])
		for free != 0 {
			bit := free & -free
			free ^= bit
			q := p
			q.board[y] = bit
			q.y++
			q.left, q.down, q.right = (p.left|bit)<<1, p.down|bit, (p.right|bit)>>1
			expand(q)
		}
	}
	// Row 0's queen is at distance b from the nearest corner, the greatest
	// of the four edges, on the left half (or in the middle).
	for b := 1; b <= n-1-b; b++ {
		s.setBound(b)
		bit := uint64(1) << b
		p := subproblem{bound1: int8(b), y: 1}
		p.board[0] = bit
		p.left, p.down, p.right = bit<<1, bit, bit>>1
		expand(p)
	}
	return out
}

// run counts the canonical solutions below p.
func (s *searcher) run(p *subproblem) {
	s.setBound(int(p.bound1))
	for i, q := range p.board[:p.y] {
		s.rows[i].queen = q
	}
	y := int(p.y)
	s.nodes++
	if y == s.last {
		if f := s.mask &^ (p.left | p.down | p.right | s.forbid[y]); f != 0 {
			s.rows[y].queen = f
			s.check()
		}
		return
	}
	free := s.mask &^ (p.left | p.down | p.right | s.forbid[y])
	if y+1 == s.last {
		s.lastTwo(y, free, ^p.left, ^p.down, ^p.right)
	} else {
		s.row(&s.rows[y], free, ^p.left, ^p.down, ^p.right)
	}
}

// row tries each of the free columns of the row at, some row y ≤ last-2.
// The attack masks are complemented: a set bit is a column that no queen
// above attacks, so that a test is a chain of ANDs with no NOT (a queen's
// bit is set in all three masks, so removing it is an XOR). The right
// diagonals' mask takes in zeros (attacked) at the top as it shifts down,
// and they stay above column 31 in the at most 32 rows. The last column
// tried continues in the same call (a tail call made by hand), so that
// only the others pay for a call. Each column tried is written to
// at.queen at once: one store, where keeping it for later cost a spill
// and a reload.
func (s *searcher) row(at *rowState, free, left, down, right uint64) {
again:
	if at.lastThree {
		s.lastThree(at, free, left, down, right)
		return
	}
	for free != 0 {
		rest := free & (free - 1)
		bit := free ^ rest
		free = rest
		// A left diagonal moves one column up per row: the rotation
		// brings in a free column 0 (no diagonal reaches bit 63: at most
		// column 31 plus 31 rows).
		l, d, r := bits.RotateLeft64(left^bit, 1), down^bit, (right^bit)>>1
		s.nodes++
		at.queen = bit
		// Looking two rows ahead, and to the last row, prunes dead ends
		// earlier. The last row, k rows below the next: its columns free
		// of the left diagonals are l<<k with the k lowest columns free,
		// and a column c is free of the right diagonals if bit c+k of r
		// is, so the free columns, moved k up, are tested against r.
		if at.next2&bits.RotateLeft64(l, 1)&d&(r>>1) == 0 {
			continue
		}
		f := at.next & l & d & r
		if f == 0 || (s.lastFree&d&(l*at.shift|at.below))*at.shiftAgain&r == 0 {
			continue
		}
		if free == 0 {
			at, free, left, down, right = at.child, f, l, d, r
			goto again
		}
		s.row(at.child, f, l, d, r)
	}
}

// lastThree tries each of the free columns of row y = last-2, and the
// two rows below in place: two columns are left, and the last row holds
// one queen or none. (Two rows ahead is the last row: one look-ahead.)
func (s *searcher) lastThree(at *rowState, free, left, down, right uint64) {
	next, last := at.next, s.lastFree
	for free != 0 {
		rest := free & (free - 1)
		bit := free ^ rest
		free = rest
		l, d, r := bits.RotateLeft64(left^bit, 1), down^bit, (right^bit)>>1
		s.nodes++
		f := next & l & d & r
		if f == 0 || last&bits.RotateLeft64(l, 1)&d&(r>>1) == 0 {
			continue
		}
		for f != 0 {
			rest := f & (f - 1)
			x := f ^ rest
			f = rest
			s.nodes++
			if g := last & bits.RotateLeft64(l^x, 1) & (d ^ x) & ((r ^ x) >> 1); g != 0 {
				at.queen = bit
				at.child.queen = x
				at.child.child.queen = g
				s.check()
			}
		}
	}
}

// lastTwo tries each of the free columns of row y = last-1: the last row
// holds one queen or none.
func (s *searcher) lastTwo(y int, free, left, down, right uint64) {
	for free != 0 {
		bit := free & -free
		free ^= bit
		s.nodes++
		if f := s.lastFree & bits.RotateLeft64(left^bit, 1) & (down ^ bit) & ((right ^ bit) >> 1); f != 0 {
			s.rows[y&31].queen = bit
			s.rows[(y+1)&31].queen = f
			s.check()
		}
	}
}

// check counts a complete placement if it is the least (row by row, by
// column) of its rotations that also have row 0's queen at column bound1,
// and records the size of its class.
func (s *searcher) check() {
	n := s.n
	rot90 := s.rows[s.bound2].queen == 1         // the left edge's queen turns to row 0, column bound1
	rot180 := s.rows[s.last].queen == s.endbit   // the bottom edge's queen does
	rot270 := s.rows[s.bound1].queen == s.topbit // the right edge's queen does
	if !rot90 && !rot180 && !rot270 {
		s.sym8++
		return
	}
	for r := range n {
		c := bits.TrailingZeros64(s.rows[r].queen)
		s.col[r] = c
		s.rowOf[c] = r
	}
	if rot90 {
		switch s.compareTurned(90) {
		case 1:
			return
		case 0:
			s.sym2++
			return
		}
	}
	if rot180 {
		switch s.compareTurned(180) {
		case 1:
			return
		case 0:
			s.sym4++
			return
		}
	}
	if rot270 && s.compareTurned(270) > 0 {
		return
	}
	s.sym8++
}

// compareTurned compares the placement with its turn by 90, 180 or 270
// degrees clockwise, row by row: -1, 0 or 1. It stops at the first row
// that differs, most often the second.
func (s *searcher) compareTurned(degrees int) int {
	n := s.n
	for i := range n {
		var other int
		switch degrees {
		case 90: // (r, c) → (c, n-1-r): row i holds column n-1-rowOf[i]
			other = n - 1 - s.rowOf[i]
		case 180: // (r, c) → (n-1-r, n-1-c)
			other = n - 1 - s.col[n-1-i]
		default: // (r, c) → (n-1-c, r): row i holds column rowOf[n-1-i]
			other = s.rowOf[n-1-i]
		}
		if c := s.col[i]; c != other {
			if c < other {
				return -1
			}
			return 1
		}
	}
	return 0
}
