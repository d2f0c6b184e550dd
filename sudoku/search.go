package sudoku

import (
	"context"
	"errors"
	"math/bits"
	"math/rand/v2"
)

var (
	errNoSolution = errors.New("sudoku: no solution")
	errBudget     = errors.New("sudoku: node budget exhausted")
)

// engine is the general solver for any N×N grid: candidates as bitsets,
// propagation to a fixpoint (propagate.go), then depth-first search on the
// cell with the fewest candidates.
type engine struct {
	g      *geometry
	full   uint64
	locked bool       // apply locked candidates during propagation
	rng    *rand.Rand // if set, candidates are tried in random order
	sink   *sink      // the solutions found, and the limit
	budget int64      // if positive, give up with errBudget after this many nodes

	nodes int64
	done  <-chan struct{}
	ctx   context.Context
	err   error

	stack          []*board // stack[d] is the board at depth d
	queue          []int32  // assigned cells whose digit is not yet removed from their peers
	dirty          []bool   // units changed since their last hidden-single scan
	dirtyList      []int32
	rowSeg, colSeg []uint64 // scratch for locked candidates
	unitBranching  bool     // also branch on the places of a digit in a unit
	counts         []int32  // scratch for choose
}

func newEngine(ctx context.Context, box int) *engine {
	g := geometryFor(box)
	return &engine{
		g:      g,
		full:   fullMask(g.n),
		ctx:    ctx,
		done:   ctx.Done(),
		dirty:  make([]bool, 3*g.n),
		rowSeg: make([]uint64, g.n*box),
		colSeg: make([]uint64, g.n*box),
		counts: make([]int32, 64),
	}
}

func (e *engine) boardAt(depth int) *board {
	for len(e.stack) <= depth {
		e.stack = append(e.stack, &board{
			cand: make([]uint64, e.g.cells),
			val:  make([]uint8, e.g.cells),
		})
	}
	return e.stack[depth]
}

// run searches from the givens. It returns ctx's error if cancelled.
func (e *engine) run(givens []uint8) error {
	b := e.boardAt(0)
	for i := range b.cand {
		b.cand[i] = e.full
		b.val[i] = 0
	}
	b.left = e.g.cells
	e.resetQueues()
	for c, v := range givens {
		if v != 0 && !e.assign(b, int32(c), v) {
			return nil // contradictory givens: no solution
		}
	}
	for u := range e.dirty {
		if !e.dirty[u] {
			e.dirty[u] = true
			e.dirtyList = append(e.dirtyList, int32(u))
		}
	}
	e.search(0)
	return e.err
}

// search explores the subtree of stack[depth] and reports whether to stop.
func (e *engine) search(depth int) bool {
	b := e.stack[depth]
	if !e.propagate(b) {
		return false
	}
	if b.left == 0 {
		return e.sink.add(append([]uint8(nil), b.val...))
	}
	cell, unit, digit := e.choose(b)
	next := e.boardAt(depth + 1)
	if cell < 0 {
		// Branch on the places of digit in unit.
		for _, c := range e.g.units[unit] {
			if b.val[c] != 0 || b.cand[c]&(1<<(digit-1)) == 0 {
				continue
			}
			e.nodes++
			if e.nodes&255 == 0 && e.cancelled() {
				return true
			}
			next.copyFrom(b)
			e.assign(next, c, digit)
			if e.search(depth + 1) {
				return true
			}
		}
		return false
	}
	cands := b.cand[cell]
	var order [64]uint8
	k := 0
	for m := cands; m != 0; m &= m - 1 {
		order[k] = uint8(bits.TrailingZeros64(m)) + 1
		k++
	}
	if e.rng != nil {
		e.rng.Shuffle(k, func(i, j int) { order[i], order[j] = order[j], order[i] })
	}
	for _, d := range order[:k] {
		e.nodes++
		if e.nodes&255 == 0 && e.cancelled() {
			return true
		}
		next.copyFrom(b)
		e.assign(next, cell, d)
		if e.search(depth + 1) {
			return true
		}
	}
	return false
}

func (e *engine) cancelled() bool {
	if e.budget > 0 && e.nodes >= e.budget {
		e.err = errBudget
		return true
	}
	select {
	case <-e.done:
		e.err = e.ctx.Err()
		return true
	default:
		return false
	}
}

// choose picks the branching with the fewest alternatives: the unassigned
// cell with the fewest candidates, or, if smaller, the digit with the fewest
// places in some unit (the column choice of exact-cover search). It returns
// cell >= 0 for a cell, or cell = -1 with the unit and digit.
func (e *engine) choose(b *board) (cell, unit int32, digit uint8) {
	best, bestCount := int32(-1), 65
	for c, m := range b.cand {
		if b.val[c] != 0 {
			continue
		}
		if k := bits.OnesCount64(m); k < bestCount {
			best, bestCount = int32(c), k
			if k == 2 {
				return best, 0, 0
			}
		}
	}
	if !e.unitBranching {
		return best, 0, 0
	}
	counts := e.counts[:e.g.n]
	for u, cells := range e.g.units {
		clear(counts)
		var placed uint64
		for _, c := range cells {
			if b.val[c] != 0 {
				placed |= b.cand[c]
				continue
			}
			for m := b.cand[c]; m != 0; m &= m - 1 {
				counts[bits.TrailingZeros64(m)]++
			}
		}
		for m := e.full &^ placed; m != 0; m &= m - 1 {
			d := bits.TrailingZeros64(m)
			if k := int(counts[d]); k < bestCount {
				best, bestCount = -1, k
				unit, digit = int32(u), uint8(d+1)
				if k == 2 {
					return -1, unit, digit
				}
			}
		}
	}
	return best, unit, digit
}
