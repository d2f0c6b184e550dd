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
// propagation to a fixpoint (propagate.go), then a depth-first search with
// binary branches: the cell with the fewest candidates takes one digit,
// and when that fails the digit leaves the cell's candidates and the search
// goes on from the propagated result. One board serves the whole search;
// backtracking undoes the trail.
type engine struct {
	s      *board
	locked bool       // apply locked candidates during propagation
	rng    *rand.Rand // if set, candidates are tried in random order
	// prefer, if set, gives for each cell the digit to try first
	// (template.go); 0 or a digit that is no longer a candidate means none.
	prefer []uint8
	sink   *sink // the solutions found, and the limit
	budget int64 // if positive, give up with errBudget after this many nodes
	// leaf, if set, takes over the search of a node where every open
	// cell has at least leafAt candidates; it reports whether to stop,
	// like search.
	leaf   func() bool
	leafAt int

	nodes int64
	done  <-chan struct{}
	ctx   context.Context
	err   error
}

func newEngine(ctx context.Context, box int) *engine {
	return &engine{s: newBoard(box), ctx: ctx, done: ctx.Done()}
}

// run searches from the givens. It returns ctx's error if cancelled, or
// errBudget.
func (e *engine) run(givens []uint8) error {
	s := e.s
	s.reset()
	s.locked = e.locked
	for c, v := range givens {
		if v != 0 {
			s.pending = append(s.pending, uint32(c)<<6|uint32(v-1))
		}
	}
	e.search()
	return e.err
}

// search explores the board and reports whether to stop. The changes it
// makes stay on the trail for the caller to undo.
func (e *engine) search() bool {
	s := e.s
	for {
		if !s.propagate() {
			return false
		}
		if s.left == 0 {
			return e.sink.add(append([]uint8(nil), s.val...))
		}
		c, i, count := e.choose()
		if e.leaf != nil && count >= e.leafAt {
			return e.leaf()
		}
		e.nodes++
		if e.nodes&255 == 0 && e.cancelled() {
			return true
		}
		mark := len(s.trail)
		s.pending = append(s.pending, uint32(c)<<6|uint32(i))
		if e.search() {
			return true
		}
		s.undo(mark)
		if !s.remove(c, i) {
			return false
		}
	}
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

// choose picks the unassigned cell with the fewest candidates (the first
// in row-major order among equals) and the digit to try there: the
// preferred one if it is still a candidate, else a random one with rng,
// else the smallest. It returns the cell, the digit less one, and the
// cell's number of candidates.
func (e *engine) choose() (cell, digit, count int) {
	s := e.s
	best, bestCount := -1, 65
	for c, m := range s.cand {
		if s.val[c] != 0 {
			continue
		}
		if k := bits.OnesCount64(m); k < bestCount {
			best, bestCount = c, k
			if k == 2 {
				break
			}
		}
	}
	m := s.cand[best]
	if e.prefer != nil {
		if v := e.prefer[best]; v != 0 && m>>(v-1)&1 != 0 {
			return best, int(v - 1), bestCount
		}
	}
	if e.rng != nil {
		for k := e.rng.IntN(bestCount); k > 0; k-- {
			m &= m - 1
		}
	}
	return best, bits.TrailingZeros64(m), bestCount
}
