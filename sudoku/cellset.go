package sudoku

import (
	"math/bits"
	"sync"
)

// cellSet is a set of cells of a grid up to 9×9 (81 cells in two words),
// for the techniques that work on sets of cells: almost locked sets
// (als.go) and grouped chains (aic.go).
type cellSet [2]uint64

// maxSetN is the largest grid side whose cells fit in a cellSet.
const maxSetN = 9

func (s *cellSet) add(c int)            { s[c>>6] |= 1 << (c & 63) }
func (s cellSet) has(c int) bool        { return s[c>>6]&(1<<(c&63)) != 0 }
func (s cellSet) and(t cellSet) cellSet { return cellSet{s[0] & t[0], s[1] & t[1]} }
func (s cellSet) or(t cellSet) cellSet  { return cellSet{s[0] | t[0], s[1] | t[1]} }
func (s cellSet) minus(t cellSet) cellSet {
	return cellSet{s[0] &^ t[0], s[1] &^ t[1]}
}
func (s cellSet) empty() bool             { return s[0]|s[1] == 0 }
func (s cellSet) within(t cellSet) bool   { return s[0]&^t[0]|s[1]&^t[1] == 0 }
func (s cellSet) count() int              { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }
func (s cellSet) disjoint(t cellSet) bool { return s[0]&t[0]|s[1]&t[1] == 0 }

// first returns the lowest cell of a non-empty set.
func (s cellSet) first() int {
	if s[0] != 0 {
		return bits.TrailingZeros64(s[0])
	}
	return 64 + bits.TrailingZeros64(s[1])
}

// list returns the cells in increasing order.
func (s cellSet) list() []int {
	var cs []int
	for w, m := range s {
		for ; m != 0; m &= m - 1 {
			cs = append(cs, w*64+bits.TrailingZeros64(m))
		}
	}
	return cs
}

var peerSetCache, unitSetCache [maxSetN + 1]struct {
	once sync.Once
	sets []cellSet
}

// unitSets returns the cells of every unit as sets; box at most 3.
func (g *geometry) unitSets() []cellSet {
	e := &unitSetCache[g.n]
	e.once.Do(func() {
		e.sets = make([]cellSet, len(g.units))
		for u, cs := range g.units {
			for _, c := range cs {
				e.sets[u].add(int(c))
			}
		}
	})
	return e.sets
}

// peerSets returns the peers of every cell as sets; box at most 3.
func (g *geometry) peerSets() []cellSet {
	e := &peerSetCache[g.n]
	e.once.Do(func() {
		e.sets = make([]cellSet, g.cells)
		for c, ps := range g.peers {
			for _, q := range ps {
				e.sets[c].add(int(q))
			}
		}
	})
	return e.sets
}

// candidateCells returns, for each digit (0-based), the empty cells where
// it is still a candidate.
func (l *logic) candidateCells() []cellSet { return l.candidateCellsInto(nil) }

// candidateCellsInto is candidateCells reusing out's storage.
func (l *logic) candidateCellsInto(out []cellSet) []cellSet {
	out = grow(out, l.n)
	clear(out)
	for c, m := range l.cand {
		for ; m != 0; m &= m - 1 {
			out[bits.TrailingZeros64(m)].add(c)
		}
	}
	return out
}

// seeAll returns the cells that see every cell of s (none of s itself).
func seeAll(peers []cellSet, s cellSet) cellSet {
	out := cellSet{^uint64(0), ^uint64(0)}
	for w, m := range s {
		for ; m != 0; m &= m - 1 {
			out = out.and(peers[w*64+bits.TrailingZeros64(m)])
		}
	}
	return out
}
