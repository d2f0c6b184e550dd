package sudoku

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// Uniqueness techniques: deductions valid only because the puzzle has one
// solution, so they run only when that is known (logic.unique).
//
// A unique rectangle is four empty cells at the corners of a rectangle
// spanning two rows, two columns and exactly two boxes. Were they all
// {a,b}, a and b could swap in them and the puzzle would have two
// solutions; so the pattern is broken by something else:
//
//   - type 1: three corners are exactly {a,b}: the fourth is not a or b;
//   - type 2: two corners are {a,b} and the other two exactly {a,b,x}: one
//     of those is x, so cells seeing both are not x;
//   - type 3: two corners are {a,b} and the other two, sharing a unit,
//     hold more digits X besides: one of them takes a digit of X, so the
//     two act as one cell with candidates X; with k-1 other cells of that
//     unit whose candidates lie within X and k digits in all, they form a
//     naked subset, and those k digits go from the rest of the unit;
//   - type 4: two corners are {a,b} and the other two, in one row or
//     column, hold a only there in that line: one of them is a, so neither
//     is b.
//
// BUG+1 (bivalue universal grave): when every empty cell but one holds two
// candidates, and removing one candidate d of that last cell would leave
// every digit exactly twice in every unit, the grid without d would have
// two solutions or none: that cell is d.

func (l *logic) uniqueRectangle() (Step, bool) {
	if !l.unique {
		return Step{}, false
	}
	n, b := l.n, l.g.box
	for r1 := range n {
		for r2 := r1 + 1; r2 < n; r2++ {
			sameBand := r1/b == r2/b
			for c1 := range n {
				for c2 := c1 + 1; c2 < n; c2++ {
					if sameBand == (c1/b == c2/b) {
						continue // one box or four boxes
					}
					cs := [4]int{r1*n + c1, r1*n + c2, r2*n + c1, r2*n + c2}
					common := l.full
					for _, c := range cs {
						common &= l.cand[c] // 0 for a filled cell
					}
					if bits.OnesCount64(common) < 2 {
						continue
					}
					for m := common; m != 0; m &= m - 1 {
						for m2 := m & (m - 1); m2 != 0; m2 &= m2 - 1 {
							ab := (m & -m) | (m2 & -m2)
							if s, ok := l.urStep(cs, ab); ok {
								return s, true
							}
						}
					}
				}
			}
		}
	}
	return Step{}, false
}

// urStep tries types 1, 2, 4 and 3 on the corners cs (row-major: the first
// two share a row) and the digits ab.
func (l *logic) urStep(cs [4]int, ab uint64) (Step, bool) {
	var roof []int // the corners that are not exactly {a,b}
	for _, c := range cs {
		if l.cand[c] != ab {
			roof = append(roof, c)
		}
	}
	ds := digitsOf(ab)
	step := func(kind string, el []Candidate, why string) Step {
		return Step{
			Technique:    UniqueRectangle,
			Eliminations: el,
			Cells:        l.cells(cs[:]),
			Digits:       ds,
			Text: fmt.Sprintf("Unique rectangle (%s) on %s in %s: were they all {%s,%s}, the puzzle would have two solutions; %s, so %s",
				kind, digitList(ds), cellList(l.cells(cs[:])), digitName(ds[0]), digitName(ds[1]), why, elimText(el)),
		}
	}
	switch len(roof) {
	case 1:
		l.eliminate(roof[0], ab)
		if el := l.takeElims(); len(el) > 0 {
			return step("type 1", el, l.cell(roof[0]).String()+" must hold something else"), true
		}
	case 2:
		x := l.cand[roof[0]] &^ ab
		if l.cand[roof[0]] == l.cand[roof[1]] && oneBit(x) {
			l.commonPeersElim(roof, x)
			if el := l.takeElims(); len(el) > 0 {
				return step("type 2", el, fmt.Sprintf("%s or %s is %s", l.cell(roof[0]), l.cell(roof[1]), digitName(lowDigit(x)))), true
			}
		}
		ua, ub := l.g.unitsOf[roof[0]], l.g.unitsOf[roof[1]]
		for k := range 2 { // a row or a column the roof shares
			if ua[k] != ub[k] {
				continue
			}
			u := int(ua[k])
			l.index()
			for _, a := range ds {
				if bits.OnesCount64(l.pos[u*l.n+a-1]) != 2 {
					continue
				}
				other := ab &^ (1 << (a - 1))
				l.eliminate(roof[0], other)
				l.eliminate(roof[1], other)
				if el := l.takeElims(); len(el) > 0 {
					return step("type 4", el, fmt.Sprintf("in %s, %s lies only in %s and %s, so one of them is %s",
						l.unit(u), digitName(a), l.cell(roof[0]), l.cell(roof[1]), digitName(a))), true
				}
			}
		}
		if others, el, why, ok := l.urType3(roof, ab); ok {
			s := step("type 3", el, why)
			s.Cells = append(s.Cells, l.cells(others)...)
			return s, true
		}
	}
	return Step{}, false
}

// urType3 looks for the naked subset of type 3 formed by the extra digits
// of the roof (the two corners that are not {a,b}) and the fewest other
// cells of a unit the roof shares. It returns those cells, the
// eliminations and the reason.
func (l *logic) urType3(roof []int, ab uint64) ([]int, []Candidate, string, bool) {
	extra := (l.cand[roof[0]] | l.cand[roof[1]]) &^ ab
	if l.cand[roof[0]]&^ab == 0 || l.cand[roof[1]]&^ab == 0 || bits.OnesCount64(extra) > 3 {
		return nil, nil, "", false
	}
	units := l.commonUnits(roof)
	var cells []int
	var masks []uint64
	var others []int
	var el []Candidate
	var why string
	for k := 2; k <= 4; k++ {
		for _, u := range units {
			// The roof is the first "cell" of the subset, with candidates extra.
			cells, masks = append(cells[:0], -1), append(masks[:0], extra)
			for _, c := range l.g.units[u] {
				if l.grid[c] == 0 && int(c) != roof[0] && int(c) != roof[1] && bits.OnesCount64(l.cand[c]) <= k {
					cells = append(cells, int(c))
					masks = append(masks, l.cand[c])
				}
			}
			el = nil
			found := subsets(masks, k, func(idx []int, union uint64) bool {
				if idx[0] != 0 {
					return true // subsets without the roof come first: none is left
				}
				others = others[:0]
				for _, j := range idx[1:] {
					others = append(others, cells[j])
				}
				for _, c := range l.g.units[u] {
					if int(c) != roof[0] && int(c) != roof[1] && !slices.Contains(others, int(c)) {
						l.eliminate(int(c), union)
					}
				}
				if len(l.elimCells) == 0 {
					return false
				}
				el = l.takeElims()
				var parts []string
				for _, c := range others {
					parts = append(parts, l.cell(c).String()+" "+candText(l.cand[c]))
				}
				why = fmt.Sprintf("one of %s and %s is %s, so with %s they form a naked %s on %s in %s",
					l.cell(roof[0]), l.cell(roof[1]), joinOr(digitNames(digitsOf(extra))),
					joinAnd(parts), subsetNames[k], digitList(digitsOf(union)), l.unit(u))
				return true
			})
			if found && len(el) > 0 {
				return others, el, why, true
			}
		}
	}
	return nil, nil, "", false
}

// subsetNames names a naked subset by its size.
var subsetNames = [...]string{2: "pair", 3: "triple", 4: "quad"}

// joinOr joins "a", "a or b", "a, b or c".
func joinOr(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}

func (l *logic) bugPlusOne() (Step, bool) {
	if !l.unique {
		return Step{}, false
	}
	odd := -1
	for c, m := range l.cand {
		if l.grid[c] != 0 {
			continue
		}
		switch bits.OnesCount64(m) {
		case 2:
		case 3:
			if odd >= 0 {
				return Step{}, false
			}
			odd = c
		default:
			return Step{}, false
		}
	}
	if odd < 0 {
		return Step{}, false
	}
	l.index()
	found := 0
	for m := l.cand[odd]; m != 0; m &= m - 1 {
		d := bits.TrailingZeros64(m)
		grave := true
		for u := range l.g.units {
			inOdd := l.g.unitsOf[odd][0] == int32(u) || l.g.unitsOf[odd][1] == int32(u) || l.g.unitsOf[odd][2] == int32(u)
			for e := range l.n {
				if l.placed[u]&(1<<e) != 0 {
					continue
				}
				k := bits.OnesCount64(l.pos[u*l.n+e])
				if inOdd && e == d {
					k--
				}
				if k != 2 {
					grave = false
				}
			}
		}
		if grave {
			if found != 0 {
				return Step{}, false
			}
			found = d + 1
		}
	}
	if found == 0 {
		return Step{}, false
	}
	return Step{
		Technique:  BUG,
		Placements: []Candidate{{odd / l.n, odd % l.n, found}},
		Cells:      []Cell{l.cell(odd)},
		Digits:     []int{found},
		Text: fmt.Sprintf("BUG+1: every other empty cell holds two candidates; without %s in %s every digit would be left twice in every unit, a pattern with two solutions or none, so %s is %s",
			digitName(found), l.cell(odd), l.cell(odd), digitName(found)),
	}, true
}
