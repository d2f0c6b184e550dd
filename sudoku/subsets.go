package sudoku

import (
	"fmt"
	"math/bits"
	"slices"
)

// Subsets: naked and hidden pairs, triples and quads.

// subsets calls f with every k-subset (as increasing indices) of masks
// whose union has exactly k bits, until f returns true.
func subsets(masks []uint64, k int, f func(idx []int, union uint64) bool) bool {
	idx := make([]int, k)
	var rec func(start, depth int, union uint64) bool
	rec = func(start, depth int, union uint64) bool {
		if depth == k {
			return bits.OnesCount64(union) == k && f(idx, union)
		}
		for i := start; i <= len(masks)-(k-depth); i++ {
			u := union | masks[i]
			if bits.OnesCount64(u) > k {
				continue
			}
			idx[depth] = i
			if rec(i+1, depth+1, u) {
				return true
			}
		}
		return false
	}
	return rec(0, 0, 0)
}

// commonUnits returns the units (row, column, box) that hold all of cs.
func (l *logic) commonUnits(cs []int) []int {
	var us []int
	for k := range 3 {
		u := l.g.unitsOf[cs[0]][k]
		all := true
		for _, c := range cs[1:] {
			if l.g.unitsOf[c][k] != u {
				all = false
				break
			}
		}
		if all {
			us = append(us, int(u))
		}
	}
	return us
}

// nakedSubset: k cells of a unit whose candidates together are k digits;
// those digits are removed from every other cell of the units they share.
func (l *logic) nakedSubset(k int, t Technique) (Step, bool) {
	var cells []int
	var masks []uint64
	var step Step
	for _, u := range l.order {
		cells, masks = cells[:0], masks[:0]
		empty := 0
		for _, c := range l.g.units[u] {
			if l.grid[c] != 0 {
				continue
			}
			empty++
			if pc := bits.OnesCount64(l.cand[c]); pc >= 2 && pc <= k {
				cells = append(cells, int(c))
				masks = append(masks, l.cand[c])
			}
		}
		if empty <= k || len(cells) < k {
			continue
		}
		found := subsets(masks, k, func(idx []int, union uint64) bool {
			sub := make([]int, k)
			for i, j := range idx {
				sub[i] = cells[j]
			}
			common := l.commonUnits(sub)
			for _, cu := range common {
				for _, c := range l.g.units[cu] {
					if l.grid[c] == 0 && !slices.Contains(sub, int(c)) {
						l.eliminate(int(c), union)
					}
				}
			}
			if len(l.elimCells) == 0 {
				return false
			}
			el := l.takeElims()
			ds := digitsOf(union)
			step = Step{
				Technique:    t,
				Eliminations: el,
				Units:        l.units(common),
				Cells:        l.cells(sub),
				Digits:       ds,
				Text: fmt.Sprintf("%s: %s hold only %s within %s, so %s",
					techniqueTable[t].title, cellList(l.cells(sub)), digitList(ds),
					joinAnd(unitNames(l.units(common))), elimText(el)),
			}
			return true
		})
		if found {
			return step, true
		}
	}
	return Step{}, false
}

// hiddenSubset: k digits of a unit that can only go in the same k cells;
// every other candidate is removed from those cells.
func (l *logic) hiddenSubset(k int, t Technique) (Step, bool) {
	l.index()
	n := l.n
	var digits []int
	var masks []uint64
	var step Step
	for _, u := range l.order {
		digits, masks = digits[:0], masks[:0]
		for m := l.full &^ l.placed[u]; m != 0; m &= m - 1 {
			d := bits.TrailingZeros64(m)
			if pc := bits.OnesCount64(l.pos[u*n+d]); pc >= 2 && pc <= k {
				digits = append(digits, d)
				masks = append(masks, l.pos[u*n+d])
			}
		}
		if len(digits) < k {
			continue
		}
		found := subsets(masks, k, func(idx []int, union uint64) bool {
			var dm uint64
			for _, j := range idx {
				dm |= 1 << digits[j]
			}
			cs := l.cellsAt(u, union)
			for _, c := range cs {
				l.eliminate(c, ^dm)
			}
			if len(l.elimCells) == 0 {
				return false
			}
			el := l.takeElims()
			ds := digitsOf(dm)
			step = Step{
				Technique:    t,
				Eliminations: el,
				Units:        []Unit{l.unit(u)},
				Cells:        l.cells(cs),
				Digits:       ds,
				Text: fmt.Sprintf("%s: in %s, %s can only go in %s, so %s",
					techniqueTable[t].title, l.unit(u), digitList(ds), cellList(l.cells(cs)), elimText(el)),
			}
			return true
		})
		if found {
			return step, true
		}
	}
	return Step{}, false
}
