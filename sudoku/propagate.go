package sudoku

import (
	"math/bits"
	"sync"
)

// board is the state of the depth-first search, one for the whole search:
// a move is undone from a trail, never by copying the board. The
// candidates are kept in four views that change together, each a 64-bit
// word (N ≤ 64): the digits of every cell, and for every digit the places
// left to it in every row (a bit per column), column (a bit per row) and
// box (a bit per position). Removing a candidate updates the four words in
// constant time and sees at once a naked single (a cell word with one bit),
// a hidden single (a unit word with one bit) or a contradiction (a word
// with none). Locked candidates are a mask test on the same words. So the
// state is 4N² words and the trail at most N³ entries, whatever the depth.
type board struct {
	lay  *layout
	cand []uint64 // cand[c]: digits (bit d-1 for d) possible in cell c
	val  []uint8  // val[c]: the digit of cell c, 0 while unassigned
	left int      // cells not yet assigned

	// rowP[i*n+r], colP[i*n+c], boxP[i*n+x]: places of digit i+1 in row r
	// (bit per column), column c (bit per row), box x (bit per position,
	// row-major inside the box).
	rowP, colP, boxP []uint64

	// trail lists every change since the root, for undo: a removed
	// candidate as cell<<6|digit-1, an assignment with assigned set.
	trail []uint32
	// pending holds singles found but not yet assigned, as cell<<6|digit-1.
	pending []uint32
	// dirty has bit i set when the places of digit i+1 changed since the
	// last locked-candidates pass.
	dirty  uint64
	locked bool // apply locked candidates in propagate
}

const assigned = 1 << 31

// layout holds the index tables of one box size, shared read-only.
type layout struct {
	b, n, cells int
	full        uint64
	row, col    []uint8  // of each cell
	box, pos    []uint8  // box of each cell, position inside it
	boxCell     []uint16 // boxCell[x*n+k]: the cell at position k of box x
	run         []uint64 // run[j]: bits j*b..j*b+b-1 (a box row, a stack, a band)
	boxCol      []uint64 // boxCol[j]: the positions of column j inside a box
}

var layouts [MaxBox + 1]struct {
	once sync.Once
	l    *layout
}

func layoutFor(b int) *layout {
	e := &layouts[b]
	e.once.Do(func() { e.l = newLayout(b) })
	return e.l
}

func newLayout(b int) *layout {
	n := b * b
	l := &layout{b: b, n: n, cells: n * n, full: fullMask(n)}
	l.row, l.col = make([]uint8, n*n), make([]uint8, n*n)
	l.box, l.pos = make([]uint8, n*n), make([]uint8, n*n)
	l.boxCell = make([]uint16, n*n)
	for c := range n * n {
		r, k := c/n, c%n
		x, p := (r/b)*b+k/b, (r%b)*b+k%b
		l.row[c], l.col[c], l.box[c], l.pos[c] = uint8(r), uint8(k), uint8(x), uint8(p)
		l.boxCell[x*n+p] = uint16(c)
	}
	l.run, l.boxCol = make([]uint64, b), make([]uint64, b)
	for j := range b {
		l.run[j] = (uint64(1)<<b - 1) << (j * b)
		for i := range b {
			l.boxCol[j] |= 1 << (i*b + j)
		}
	}
	return l
}

func newBoard(b int) *board {
	l := layoutFor(b)
	n := l.n
	return &board{
		lay:  l,
		cand: make([]uint64, l.cells),
		val:  make([]uint8, l.cells),
		rowP: make([]uint64, n*n),
		colP: make([]uint64, n*n),
		boxP: make([]uint64, n*n),
	}
}

// reset empties the board: every digit possible everywhere.
func (s *board) reset() {
	full := s.lay.full
	for i := range s.cand {
		s.cand[i] = full
		s.val[i] = 0
	}
	for i := range s.rowP {
		s.rowP[i], s.colP[i], s.boxP[i] = full, full, full
	}
	s.left = s.lay.cells
	s.trail, s.pending = s.trail[:0], s.pending[:0]
	s.dirty = full
}

// remove takes digit i+1 from the candidates of cell c. It returns false
// on a contradiction; the change is on the trail either way.
func (s *board) remove(c, i int) bool {
	bit := uint64(1) << i
	m := s.cand[c]
	if m&bit == 0 {
		return true
	}
	m &^= bit
	s.cand[c] = m
	s.trail = append(s.trail, uint32(c)<<6|uint32(i))
	if m == 0 {
		return false
	}
	l := s.lay
	if m&(m-1) == 0 && s.val[c] == 0 {
		s.pending = append(s.pending, uint32(c)<<6|uint32(bits.TrailingZeros64(m)))
	}
	s.dirty |= bit
	n := l.n
	r, k, x := int(l.row[c]), int(l.col[c]), int(l.box[c])
	w := s.rowP[i*n+r] &^ (1 << k)
	s.rowP[i*n+r] = w
	if w == 0 {
		return false
	}
	if w&(w-1) == 0 {
		s.single(r*n+bits.TrailingZeros64(w), i)
	}
	w = s.colP[i*n+k] &^ (1 << r)
	s.colP[i*n+k] = w
	if w == 0 {
		return false
	}
	if w&(w-1) == 0 {
		s.single(bits.TrailingZeros64(w)*n+k, i)
	}
	w = s.boxP[i*n+x] &^ (1 << l.pos[c])
	s.boxP[i*n+x] = w
	if w == 0 {
		return false
	}
	if w&(w-1) == 0 {
		s.single(int(l.boxCell[x*n+bits.TrailingZeros64(w)]), i)
	}
	return true
}

// single queues the hidden single digit i+1 in cell c unless it is placed.
func (s *board) single(c, i int) {
	if s.val[c] == 0 {
		s.pending = append(s.pending, uint32(c)<<6|uint32(i))
	}
}

// assign sets cell c to digit i+1 and removes that digit from its peers.
func (s *board) assign(c, i int) bool {
	if v := s.val[c]; v != 0 {
		return int(v) == i+1
	}
	bit := uint64(1) << i
	if s.cand[c]&bit == 0 {
		return false
	}
	s.val[c] = uint8(i + 1)
	s.left--
	s.trail = append(s.trail, assigned|uint32(c)<<6|uint32(i))
	for m := s.cand[c] &^ bit; m != 0; m &= m - 1 {
		if !s.remove(c, bits.TrailingZeros64(m)) {
			return false
		}
	}
	l := s.lay
	n := l.n
	r, k, x := int(l.row[c]), int(l.col[c]), int(l.box[c])
	for w := s.rowP[i*n+r] &^ (1 << k); w != 0; w &= w - 1 {
		if !s.remove(r*n+bits.TrailingZeros64(w), i) {
			return false
		}
	}
	for w := s.colP[i*n+k] &^ (1 << r); w != 0; w &= w - 1 {
		if !s.remove(bits.TrailingZeros64(w)*n+k, i) {
			return false
		}
	}
	for w := s.boxP[i*n+x] &^ (1 << l.pos[c]); w != 0; w &= w - 1 {
		if !s.remove(int(l.boxCell[x*n+bits.TrailingZeros64(w)]), i) {
			return false
		}
	}
	return true
}

// undo takes back every change after trail position mark, which must
// have been taken at a fixpoint of propagate.
func (s *board) undo(mark int) {
	l := s.lay
	n := l.n
	t := s.trail
	for j := len(t) - 1; j >= mark; j-- {
		e := t[j]
		c, i := int(e&^assigned>>6), int(e&63)
		if e&assigned != 0 {
			s.val[c] = 0
			s.left++
			continue
		}
		bit := uint64(1) << i
		s.cand[c] |= bit
		s.rowP[i*n+int(l.row[c])] |= 1 << l.col[c]
		s.colP[i*n+int(l.col[c])] |= 1 << l.row[c]
		s.boxP[i*n+int(l.box[c])] |= 1 << l.pos[c]
	}
	s.trail = t[:mark]
	s.pending = s.pending[:0]
	s.dirty = 0 // the search marks the trail only at a fixpoint
}

// propagate assigns the pending singles, and the singles they make, and
// applies locked candidates if enabled, until nothing changes. It returns
// false on a contradiction (the caller undoes).
func (s *board) propagate() bool {
	for {
		for len(s.pending) > 0 {
			e := s.pending[len(s.pending)-1]
			s.pending = s.pending[:len(s.pending)-1]
			if !s.assign(int(e>>6), int(e&63)) {
				s.pending = s.pending[:0]
				return false
			}
		}
		if !s.locked || s.left == 0 || s.dirty == 0 {
			return true
		}
		if !s.lockedCandidates() {
			s.pending = s.pending[:0]
			return false
		}
		if len(s.pending) == 0 && s.dirty == 0 {
			return true
		}
	}
}

// lockedCandidates applies box-line reduction for the digits whose places
// changed: where a digit's places in a box lie in one row (or column), it
// leaves the rest of that row ("pointing"); where its places in a row (or
// column) lie in one box, it leaves the rest of that box ("claiming").
func (s *board) lockedCandidates() bool {
	l := s.lay
	b, n := l.b, l.n
	dirty := s.dirty
	s.dirty = 0
	for ; dirty != 0; dirty &= dirty - 1 {
		i := bits.TrailingZeros64(dirty)
		boxP, rowP, colP := s.boxP[i*n:i*n+n], s.rowP[i*n:i*n+n], s.colP[i*n:i*n+n]
		for x, w := range boxP {
			if w&(w-1) == 0 {
				continue
			}
			bi, bj := x/b, x%b
			low := bits.TrailingZeros64(w)
			if r := low / b; w&^l.run[r] == 0 {
				r += bi * b
				for o := rowP[r] &^ l.run[bj]; o != 0; o &= o - 1 {
					if !s.remove(r*n+bits.TrailingZeros64(o), i) {
						return false
					}
				}
			}
			if k := low % b; w&^l.boxCol[k] == 0 {
				k += bj * b
				for o := colP[k] &^ l.run[bi]; o != 0; o &= o - 1 {
					if !s.remove(bits.TrailingZeros64(o)*n+k, i) {
						return false
					}
				}
			}
		}
		for r, w := range rowP {
			if w&(w-1) == 0 {
				continue
			}
			if j := bits.TrailingZeros64(w) / b; w&^l.run[j] == 0 {
				x := (r/b)*b + j
				for o := boxP[x] &^ l.run[r%b]; o != 0; o &= o - 1 {
					if !s.remove(int(l.boxCell[x*n+bits.TrailingZeros64(o)]), i) {
						return false
					}
				}
			}
		}
		for k, w := range colP {
			if w&(w-1) == 0 {
				continue
			}
			if j := bits.TrailingZeros64(w) / b; w&^l.run[j] == 0 {
				x := j*b + k/b
				for o := boxP[x] &^ l.boxCol[k%b]; o != 0; o &= o - 1 {
					if !s.remove(int(l.boxCell[x*n+bits.TrailingZeros64(o)]), i) {
						return false
					}
				}
			}
		}
	}
	return true
}
