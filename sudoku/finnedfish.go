package sudoku

import (
	"fmt"
	"math/bits"
	"slices"
)

// Finned and sashimi fish: X-wing, swordfish and jellyfish with fins.
//
// A fish of size k takes k base lines of one kind (rows, or columns) whose
// places for a digit lie within k cover lines of the other kind. A finned
// fish has a few more places in its base lines, the fins, all in one box.
// Either a fin holds the digit, or the base lines hold it only within the
// covers and the fish removes it from the rest of the covers: so the digit
// goes from the cells of the covers that see every fin, which are those in
// the fins' box outside the base lines. The fish is sashimi when one of its
// base lines holds the digit only once outside the fins: without its fins
// it would be no fish at all. The definitions are those of Sudopedia's and
// HoDoKu's pages on finned fish.

// finnedFish finds a finned (or sashimi) fish of size k, with rows and then
// columns as base lines.
func (l *logic) finnedFish(k int, t Technique) (Step, bool) {
	l.index()
	n, b := l.n, l.g.box
	// group[s]: the positions along a line that lie in its s-th box, a
	// stack of columns for a row, a band of rows for a column.
	group := make([]uint64, b)
	for s := range b {
		group[s] = (uint64(1)<<b - 1) << (s * b)
	}
	var lines []int
	var masks []uint64
	var step Step
	found := false
	for d := range n {
		for _, base := range [2]int{0, n} {
			lines, masks = lines[:0], masks[:0]
			for u := base; u < base+n; u++ {
				if l.placed[u]&(1<<d) != 0 {
					continue
				}
				if pc := bits.OnesCount64(l.pos[u*n+d]); pc >= 2 && pc <= k+b {
					lines = append(lines, u)
					masks = append(masks, l.pos[u*n+d])
				}
			}
			if len(lines) < k {
				continue
			}
			finnedSubsets(masks, k, group, func(idx []int, union uint64) bool {
				step, found = l.finnedFishAt(d, base, k, t, lines, masks, idx, union, group)
				return found
			})
			if found {
				return step, true
			}
		}
	}
	return Step{}, false
}

// finnedSubsets calls f with every k-subset of masks (increasing indices)
// whose union lies within k positions but for those of one group, until f
// returns true.
func finnedSubsets(masks []uint64, k int, group []uint64, f func(idx []int, union uint64) bool) bool {
	idx := make([]int, k)
	fits := func(u uint64) bool {
		for _, g := range group {
			if bits.OnesCount64(u&^g) <= k {
				return true
			}
		}
		return false
	}
	var rec func(start, depth int, union uint64) bool
	rec = func(start, depth int, union uint64) bool {
		if depth == k {
			return bits.OnesCount64(union) > k && f(idx, union)
		}
		for i := start; i <= len(masks)-(k-depth); i++ {
			u := union | masks[i]
			if !fits(u) {
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

// finnedFishAt looks for the covers and fins of the base lines idx (their
// places for digit d, 0-based, are union) that remove something.
func (l *logic) finnedFishAt(d, base, k int, t Technique, lines []int, masks []uint64, idx []int, union uint64, group []uint64) (Step, bool) {
	n := l.n
	cover := n - base // the first line of the other kind
	var baseSet uint64
	for _, j := range idx {
		baseSet |= 1 << (lines[j] - base)
	}
	for _, g := range group {
		outside := union &^ g // must all be covers
		inside := union & g
		// Some covers must lie in the group (the eliminations are there),
		// and some of its places must be left for fins.
		need := k - bits.OnesCount64(outside)
		if need < 1 || need >= bits.OnesCount64(inside) {
			continue
		}
		// Cheap test before choosing the covers: the digit must be in a
		// line of the group, off the base lines, within the band of a base
		// line with places in the group.
		var targets, finBands uint64
		for m := inside; m != 0; m &= m - 1 {
			targets |= l.pos[(cover+bits.TrailingZeros64(m))*n+d]
		}
		for _, j := range idx {
			if masks[j]&inside != 0 {
				finBands |= group[(lines[j]-base)/l.g.box]
			}
		}
		if targets&^baseSet&finBands == 0 {
			continue
		}
		// Choose the covers within the group; the rest of it holds the fins.
		for extra := inside; ; extra = (extra - 1) & inside {
			if bits.OnesCount64(extra) == need {
				covers := outside | extra
				fins := inside &^ extra
				if st, ok := l.finnedFishWith(d, base, cover, k, t, lines, masks, idx, baseSet, covers, fins, g); ok {
					return st, true
				}
			}
			if extra == 0 {
				break
			}
		}
	}
	return Step{}, false
}

// finnedFishWith checks one choice of covers and fins (positions along the
// base lines, the fins within the group of positions finGroup) and builds
// the step.
func (l *logic) finnedFishWith(d, base, cover, k int, t Technique, lines []int, masks []uint64, idx []int, baseSet, covers, fins, finGroup uint64) (Step, bool) {
	b := l.g.box
	if fins == 0 {
		return Step{}, false // a plain fish
	}
	finBand := -1 // the base lines' group holding every fin
	sashimi := false
	var body uint64
	for _, j := range idx {
		m := masks[j]
		if m&covers == 0 {
			return Step{}, false // a line with fins only
		}
		body |= m & covers
		if bits.OnesCount64(m&covers) == 1 {
			sashimi = true
		}
		if m&fins != 0 {
			band := (lines[j] - base) / b
			if finBand >= 0 && finBand != band {
				return Step{}, false // fins in two boxes
			}
			finBand = band
		}
	}
	if body != covers {
		return Step{}, false // a cover without a place of the fish
	}
	// The cells of the covers in the fins' box, outside the base lines.
	for m := covers & finGroup; m != 0; m &= m - 1 {
		cu := cover + bits.TrailingZeros64(m)
		for i := finBand * b; i < (finBand+1)*b; i++ {
			if baseSet&(1<<i) == 0 {
				l.eliminate(int(l.g.units[cu][i]), 1<<d)
			}
		}
	}
	if len(l.elimCells) == 0 {
		return Step{}, false
	}
	el := l.takeElims()
	var us []int
	var cs, finCells []int
	for _, j := range idx {
		us = append(us, lines[j])
		cs = append(cs, l.cellsAt(lines[j], masks[j])...)
		finCells = append(finCells, l.cellsAt(lines[j], masks[j]&fins)...)
	}
	for m := covers; m != 0; m &= m - 1 {
		us = append(us, cover+bits.TrailingZeros64(m))
	}
	slices.Sort(cs)
	slices.Sort(finCells)
	box := int(l.g.unitsOf[finCells[0]][2])
	us = append(us, box)
	kind := techniqueTable[t].title
	if sashimi {
		kind += " (sashimi)"
	}
	finWord := "the fin"
	if len(finCells) > 1 {
		finWord = "the fins"
	}
	plain := techniqueTable[XWing+Technique(k-2)].name // the fish without its fins
	if k == 2 {
		plain = techniqueTable[XWing].title
	}
	return Step{
		Technique:    t,
		Eliminations: el,
		Units:        l.units(us),
		Cells:        l.cells(cs),
		Digits:       []int{d + 1},
		Text: fmt.Sprintf("%s: %s in %s lies only in %s but for %s %s in %s; either a fin is %s or the %s holds, and either way %s",
			kind, digitName(d+1), lineList(l.units(us[:k])), lineList(l.units(us[k:2*k])),
			finWord, cellList(l.cells(finCells)), l.unit(box), digitName(d+1), plain, elimText(el)),
	}, true
}
