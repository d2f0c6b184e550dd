package sudoku

import (
	"fmt"
	"math/bits"
	"slices"
)

// Fish: X-wing, swordfish and jellyfish.

// fish: a digit whose places in k rows lie within k columns is removed from
// the rest of those columns (and the same with rows and columns swapped).
func (l *logic) fish(k int, t Technique) (Step, bool) {
	l.index()
	n := l.n
	var lines []int
	var masks []uint64
	var step Step
	for d := range n {
		for _, base := range [2]int{0, n} { // base lines: rows, then columns
			lines, masks = lines[:0], masks[:0]
			for u := base; u < base+n; u++ {
				if l.placed[u]&(1<<d) != 0 {
					continue
				}
				if pc := bits.OnesCount64(l.pos[u*n+d]); pc >= 2 && pc <= k {
					lines = append(lines, u)
					masks = append(masks, l.pos[u*n+d])
				}
			}
			if len(lines) < k {
				continue
			}
			cover := n - base // the other kind of line
			found := subsets(masks, k, func(idx []int, union uint64) bool {
				var baseSet uint64
				var us []int
				for _, j := range idx {
					baseSet |= 1 << (lines[j] - base)
					us = append(us, lines[j])
				}
				for m := union; m != 0; m &= m - 1 {
					cu := cover + bits.TrailingZeros64(m)
					us = append(us, cu)
					for i, c := range l.g.units[cu] {
						if baseSet&(1<<i) == 0 {
							l.eliminate(int(c), 1<<d)
						}
					}
				}
				if len(l.elimCells) == 0 {
					return false
				}
				el := l.takeElims()
				var cs []int
				for _, j := range idx {
					cs = append(cs, l.cellsAt(lines[j], l.pos[lines[j]*n+d])...)
				}
				slices.Sort(cs)
				step = Step{
					Technique:    t,
					Eliminations: el,
					Units:        l.units(us),
					Cells:        l.cells(cs),
					Digits:       []int{d + 1},
					Text: fmt.Sprintf("%s: %s in %s lies only in %s, so %s",
						techniqueTable[t].title, digitName(d+1), lineList(l.units(us[:k])),
						lineList(l.units(us[k:])), elimText(el)),
				}
				return true
			})
			if found {
				return step, true
			}
		}
	}
	return Step{}, false
}
