package sudoku

import (
	"fmt"
	"math/bits"
)

// Singles: a cell with one candidate left, a digit with one place left in a unit.

func (l *logic) nakedSingle() (Step, bool) {
	for c, m := range l.cand {
		if l.grid[c] == 0 && oneBit(m) {
			d := lowDigit(m)
			return Step{
				Technique:  NakedSingle,
				Placements: []Candidate{{c / l.n, c % l.n, d}},
				Cells:      []Cell{l.cell(c)},
				Digits:     []int{d},
				Text:       fmt.Sprintf("Naked single: %s can only be %s", l.cell(c), digitName(d)),
			}, true
		}
	}
	return Step{}, false
}

func (l *logic) hiddenSingle() (Step, bool) {
	l.index()
	for _, u := range l.order {
		for m := l.full &^ l.placed[u]; m != 0; m &= m - 1 {
			d := bits.TrailingZeros64(m)
			ps := l.pos[u*l.n+d]
			if !oneBit(ps) {
				continue
			}
			c := int(l.g.units[u][bits.TrailingZeros64(ps)])
			return Step{
				Technique:  HiddenSingle,
				Placements: []Candidate{{c / l.n, c % l.n, d + 1}},
				Units:      []Unit{l.unit(u)},
				Cells:      []Cell{l.cell(c)},
				Digits:     []int{d + 1},
				Text: fmt.Sprintf("Hidden single: %s can only go in %s within %s",
					digitName(d+1), l.cell(c), l.unit(u)),
			}, true
		}
	}
	return Step{}, false
}

// singles places naked and hidden singles until none is left. It returns
// false on a contradiction.
func (l *logic) singles() bool {
	n := l.n
	for {
		changed := false
		for c, m := range l.cand {
			if l.grid[c] != 0 {
				continue
			}
			if m == 0 {
				return false
			}
			if oneBit(m) {
				l.place(c, lowDigit(m))
				changed = true
			}
		}
		l.index()
		for u := range l.g.units {
			for m := l.full &^ l.placed[u]; m != 0; m &= m - 1 {
				d := bits.TrailingZeros64(m)
				ps := l.pos[u*n+d]
				if ps == 0 {
					return false
				}
				if !oneBit(ps) {
					continue
				}
				// pos may be stale after a placement in this pass; place only
				// if the digit is still possible there.
				c := int(l.g.units[u][bits.TrailingZeros64(ps)])
				if l.grid[c] == 0 && l.cand[c]&(1<<d) != 0 {
					l.place(c, d+1)
					changed = true
				}
			}
		}
		if !changed {
			return true
		}
	}
}
