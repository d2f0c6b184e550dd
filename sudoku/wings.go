package sudoku

import (
	"fmt"
	"math/bits"
)

// Wings: XY-wing, XYZ-wing and W-wing.

// xyWing: a pivot {x,y} sees pincers {x,z} and {y,z}; whichever value the
// pivot takes, one pincer is z, so z is removed from cells seeing both.
func (l *logic) xyWing() (Step, bool) {
	for p, pm := range l.cand {
		if l.grid[p] != 0 || bits.OnesCount64(pm) != 2 {
			continue
		}
		for _, a := range l.g.peers[p] {
			am := l.cand[a]
			if bits.OnesCount64(am) != 2 || bits.OnesCount64(am&pm) != 1 {
				continue
			}
			z := am &^ pm
			want := (pm &^ am) | z
			for _, b := range l.g.peers[p] {
				if l.cand[b] != want {
					continue
				}
				l.commonPeersElim([]int{int(a), int(b)}, z)
				if len(l.elimCells) == 0 {
					continue
				}
				el := l.takeElims()
				cs := []int{p, int(a), int(b)}
				return Step{
					Technique:    XYWing,
					Eliminations: el,
					Cells:        l.cells(cs),
					Digits:       digitsOf(pm | z),
					Text: fmt.Sprintf("XY-wing: pivot %s %s with pincers %s %s and %s %s: one pincer is %s, so %s",
						l.cell(p), candText(pm), l.cell(int(a)), candText(am), l.cell(int(b)), candText(want),
						digitName(lowDigit(z)), elimText(el)),
				}, true
			}
		}
	}
	return Step{}, false
}

// xyzWing: a pivot {x,y,z} sees pincers {x,z} and {y,z}; one of the three
// is z, so z is removed from cells seeing all three.
func (l *logic) xyzWing() (Step, bool) {
	for p, pm := range l.cand {
		if l.grid[p] != 0 || bits.OnesCount64(pm) != 3 {
			continue
		}
		for _, a := range l.g.peers[p] {
			am := l.cand[a]
			if bits.OnesCount64(am) != 2 || am&^pm != 0 {
				continue
			}
			for _, b := range l.g.peers[p] {
				bm := l.cand[b]
				if b <= a || bits.OnesCount64(bm) != 2 || bm&^pm != 0 || am|bm != pm {
					continue
				}
				z := am & bm
				l.commonPeersElim([]int{p, int(a), int(b)}, z)
				if len(l.elimCells) == 0 {
					continue
				}
				el := l.takeElims()
				return Step{
					Technique:    XYZWing,
					Eliminations: el,
					Cells:        l.cells([]int{p, int(a), int(b)}),
					Digits:       digitsOf(pm),
					Text: fmt.Sprintf("XYZ-wing: pivot %s %s with pincers %s %s and %s %s: one of them is %s, so %s",
						l.cell(p), candText(pm), l.cell(int(a)), candText(am), l.cell(int(b)), candText(bm),
						digitName(lowDigit(z)), elimText(el)),
				}, true
			}
		}
	}
	return Step{}, false
}

// wWing: two cells {x,y} that do not see each other, and a unit where x can
// only go in two cells, one seeing each; one of the pair is y, so y is
// removed from cells seeing both.
func (l *logic) wWing() (Step, bool) {
	l.index()
	n := l.n
	var bi []int
	for c, m := range l.cand {
		if l.grid[c] == 0 && bits.OnesCount64(m) == 2 {
			bi = append(bi, c)
		}
	}
	for i, a := range bi {
		for _, b := range bi[i+1:] {
			m := l.cand[a]
			if l.cand[b] != m || l.sees(a, b) {
				continue
			}
			for wm := m; wm != 0; wm &= wm - 1 {
				w := bits.TrailingZeros64(wm)
				v := m &^ (1 << w)
				for u := range l.g.units {
					ps := l.pos[u*n+w]
					if bits.OnesCount64(ps) != 2 {
						continue
					}
					cs := l.cellsAt(u, ps)
					x, y := cs[0], cs[1]
					if x == a || x == b || y == a || y == b {
						continue
					}
					if !(l.sees(x, a) && l.sees(y, b)) && !(l.sees(x, b) && l.sees(y, a)) {
						continue
					}
					l.commonPeersElim([]int{a, b}, v)
					if len(l.elimCells) == 0 {
						continue
					}
					el := l.takeElims()
					return Step{
						Technique:    WWing,
						Eliminations: el,
						Units:        []Unit{l.unit(u)},
						Cells:        l.cells([]int{a, b, x, y}),
						Digits:       digitsOf(m),
						Text: fmt.Sprintf("W-wing: %s and %s hold only %s, and in %s %s can only go in %s or %s, which see one each; so one of the pair is %s, and %s",
							l.cell(a), l.cell(b), digitList(digitsOf(m)), l.unit(u), digitName(w+1),
							l.cell(x), l.cell(y), digitName(lowDigit(v)), elimText(el)),
					}, true
				}
			}
		}
	}
	return Step{}, false
}
