package sudoku

import (
	"fmt"
	"math/bits"
)

// Intersections (locked candidates): a digit confined to where a box and a line meet.

// bandMask returns the positions of line k of a box (rows if col is false)
// as a mask over the box's cells, which are numbered row-major; for a row or
// column it is the mask of the positions in its k-th box.
func bandMask(b, k int, col bool) uint64 {
	if !col {
		return (uint64(1)<<b - 1) << (k * b)
	}
	var m uint64
	for i := range b {
		m |= 1 << (i*b + k)
	}
	return m
}

// lockedStep is the step of a locked candidate (pointing or claiming):
// digit d (0-based) lies in unit u only at the positions ps, all inside
// unit other, and the pending eliminations remove it from the rest of other.
func (l *logic) lockedStep(t Technique, name string, u, other, d int, ps uint64) Step {
	el := l.takeElims()
	return Step{
		Technique:    t,
		Eliminations: el,
		Units:        []Unit{l.unit(u), l.unit(other)},
		Cells:        l.cells(l.cellsAt(u, ps)),
		Digits:       []int{d + 1},
		Text: fmt.Sprintf("%s: in %s, %s lies only in %s, so %s",
			name, l.unit(u), digitName(d+1), l.unit(other), elimText(el)),
	}
}

// pointing: within a box, a digit confined to one row or column is removed
// from the rest of that line.
func (l *logic) pointing() (Step, bool) {
	l.index()
	n, b := l.n, l.g.box
	for bx := range n {
		u := 2*n + bx
		for m := l.full &^ l.placed[u]; m != 0; m &= m - 1 {
			d := bits.TrailingZeros64(m)
			ps := l.pos[u*n+d]
			if bits.OnesCount64(ps) < 2 {
				continue
			}
			first := bits.TrailingZeros64(ps)
			for line, col := range [2]bool{false, true} {
				k := first / b
				if col {
					k = first % b
				}
				if ps&^bandMask(b, k, col) != 0 {
					continue
				}
				lu := int(l.g.unitsOf[l.g.units[u][first]][line])
				for _, c := range l.g.units[lu] {
					if int(l.g.unitsOf[c][2]) != u {
						l.eliminate(int(c), 1<<d)
					}
				}
				if len(l.elimCells) == 0 {
					continue
				}
				return l.lockedStep(Pointing, "Pointing", u, lu, d, ps), true
			}
		}
	}
	return Step{}, false
}

// claiming: within a row or column, a digit confined to one box is removed
// from the rest of that box.
func (l *logic) claiming() (Step, bool) {
	l.index()
	n, b := l.n, l.g.box
	for u := range 2 * n {
		for m := l.full &^ l.placed[u]; m != 0; m &= m - 1 {
			d := bits.TrailingZeros64(m)
			ps := l.pos[u*n+d]
			if bits.OnesCount64(ps) < 2 {
				continue
			}
			first := bits.TrailingZeros64(ps)
			if ps&^bandMask(b, first/b, false) != 0 {
				continue
			}
			bu := int(l.g.unitsOf[l.g.units[u][first]][2])
			line := 0
			if u >= n {
				line = 1
			}
			for _, c := range l.g.units[bu] {
				if int(l.g.unitsOf[c][line]) != u {
					l.eliminate(int(c), 1<<d)
				}
			}
			if len(l.elimCells) == 0 {
				continue
			}
			return l.lockedStep(Claiming, "Claiming", u, bu, d, ps), true
		}
	}
	return Step{}, false
}
