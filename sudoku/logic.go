package sudoku

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// This file is the human-style logic engine behind Explain and Rate: pencil
// marks (one uint64 bitset of candidates per cell) and a ladder of solving
// techniques, always applying the simplest one that makes progress, as a
// player would. The technique names and their grouping into difficulty
// levels follow the vocabulary of Andrew Stuart's sudokuwiki.org strategy
// pages; giving each technique a fixed weight and rating a puzzle by its
// hardest step is the idea of Nicolas Juillerat's Sudoku Explainer. The
// weights below are this package's own scale. Every technique here is a
// sound deduction for any puzzle: none relies on the solution being unique.

// Cell names a cell by its 0-based row and column.
type Cell struct {
	Row int `json:"row"`
	Col int `json:"col"`
}

// String returns the 1-based "r3c5" notation.
func (c Cell) String() string { return "r" + strconv.Itoa(c.Row+1) + "c" + strconv.Itoa(c.Col+1) }

// Candidate is a digit in a cell: a placement or an elimination.
// Row and Col are 0-based, as in Puzzle.At.
type Candidate struct {
	Row   int `json:"row"`
	Col   int `json:"col"`
	Digit int `json:"digit"`
}

// String returns "r3c5=7"; digits above 9 are letters, A = 10.
func (c Candidate) String() string {
	return Cell{c.Row, c.Col}.String() + "=" + digitName(c.Digit)
}

// UnitKind is the kind of a unit: row, column or box.
type UnitKind uint8

// The kinds of unit.
const (
	RowUnit UnitKind = iota
	ColumnUnit
	BoxUnit
)

var unitKindNames = [...]string{RowUnit: "row", ColumnUnit: "column", BoxUnit: "box"}

// Unit is a row, column or box; Index is 0-based, boxes numbered row-major.
type Unit struct {
	Kind  UnitKind
	Index int
}

// String returns the 1-based name, such as "box 2".
func (u Unit) String() string {
	if int(u.Kind) >= len(unitKindNames) {
		return fmt.Sprintf("unit(%d) %d", u.Kind, u.Index+1)
	}
	return unitKindNames[u.Kind] + " " + strconv.Itoa(u.Index+1)
}

// MarshalText encodes the unit as its name, such as "box 2".
func (u Unit) MarshalText() ([]byte, error) {
	if int(u.Kind) >= len(unitKindNames) {
		return nil, fmt.Errorf("sudoku: invalid unit kind %d", u.Kind)
	}
	return []byte(u.String()), nil
}

// UnmarshalText decodes a unit name such as "column 4".
func (u *Unit) UnmarshalText(b []byte) error {
	kind, num, ok := strings.Cut(string(b), " ")
	i, err := strconv.Atoi(num)
	if !ok || err != nil || i < 1 {
		return fmt.Errorf("sudoku: bad unit %q", b)
	}
	for k, name := range unitKindNames {
		if name == kind {
			*u = Unit{UnitKind(k), i - 1}
			return nil
		}
	}
	return fmt.Errorf("sudoku: bad unit %q", b)
}

// Step is one application of a technique.
type Step struct {
	Technique    Technique   `json:"technique"`
	Placements   []Candidate `json:"placements,omitempty"`
	Eliminations []Candidate `json:"eliminations,omitempty"`
	// Units are the units the pattern lives in (for a fish: base lines,
	// then cover lines, then for a finned fish the fins' box).
	Units []Unit `json:"units,omitempty"`
	// Cells are the cells that form the pattern (for a chain, in order).
	Cells []Cell `json:"cells,omitempty"`
	// Digits are the digits the pattern is about.
	Digits []int `json:"digits,omitempty"`
	// Text says it in a sentence, such as "Hidden single: 7 can only go
	// in r3c5 within box 2".
	Text string `json:"text"`
	// SE is this step's difficulty estimated on Sudoku Explainer's scale
	// (see SE in se.go): 1.0 for a full house up to 11.9 for a nested
	// forcing chain.
	SE float64 `json:"se,omitempty"`
}

// String returns the step's sentence.
func (s Step) String() string { return s.Text }

// logic is a grid with pencil marks that techniques are applied to.
type logic struct {
	g    *geometry
	n    int
	full uint64
	grid []uint8  // placed values, 0 empty
	cand []uint64 // candidates of each empty cell, 0 for filled cells
	left int      // empty cells

	indexed bool
	pos     []uint64 // pos[u*n+d]: positions in unit u (bit j = units[u][j]) where digit d+1 can go
	placed  []uint64 // digits placed in each unit
	order   []int    // units in scanning order: boxes, rows, columns

	elimMask  []uint64 // scratch: eliminations being collected, per cell
	elimCells []int32

	ctx    context.Context // ends the long searches (forcing chains) early; nil for none
	unique bool            // the puzzle is known to have one solution: uniqueness techniques apply

	alsCache *alsState // the almost locked sets of the last pencil marks asked for (als.go)
}

// newLogic sets up the pencil marks of a valid puzzle.
func newLogic(p *Puzzle) *logic {
	g := geometryFor(p.Box)
	n := g.n
	l := &logic{
		g:        g,
		n:        n,
		full:     fullMask(n),
		grid:     append([]uint8(nil), p.Cells...),
		cand:     make([]uint64, g.cells),
		pos:      make([]uint64, 3*n*n),
		placed:   make([]uint64, 3*n),
		elimMask: make([]uint64, g.cells),
	}
	for c, v := range l.grid {
		if v == 0 {
			l.cand[c] = l.full
			l.left++
		}
	}
	for c, v := range l.grid {
		if v != 0 {
			for _, q := range g.peers[c] {
				l.cand[q] &^= 1 << (v - 1)
			}
		}
	}
	for u := 2 * n; u < 3*n; u++ {
		l.order = append(l.order, u)
	}
	for u := range 2 * n {
		l.order = append(l.order, u)
	}
	return l
}

func (l *logic) place(c int, d int) {
	l.grid[c] = uint8(d)
	l.cand[c] = 0
	l.left--
	for _, q := range l.g.peers[c] {
		l.cand[q] &^= 1 << (d - 1)
	}
	l.indexed = false
}

// apply carries out a step's placements and eliminations.
func (l *logic) apply(s Step) {
	for _, p := range s.Placements {
		l.place(p.Row*l.n+p.Col, p.Digit)
	}
	for _, e := range s.Eliminations {
		l.cand[e.Row*l.n+e.Col] &^= 1 << (e.Digit - 1)
	}
	l.indexed = false
}

// index computes pos and placed for the current pencil marks.
func (l *logic) index() {
	if l.indexed {
		return
	}
	n := l.n
	for u, cells := range l.g.units {
		ps := l.pos[u*n : (u+1)*n]
		clear(ps)
		var placed uint64
		for j, c := range cells {
			if v := l.grid[c]; v != 0 {
				placed |= 1 << (v - 1)
				continue
			}
			for m := l.cand[c]; m != 0; m &= m - 1 {
				ps[bits.TrailingZeros64(m)] |= 1 << j
			}
		}
		l.placed[u] = placed
	}
	l.indexed = true
}

// contradiction reports a cell without candidates or a digit without a place
// in some unit: the puzzle as it stands has no solution.
func (l *logic) contradiction() error {
	for c, v := range l.grid {
		if v == 0 && l.cand[c] == 0 {
			return fmt.Errorf("%s has no candidate left", l.cell(c))
		}
	}
	l.index()
	for u := range l.g.units {
		for m := l.full &^ l.placed[u]; m != 0; m &= m - 1 {
			d := bits.TrailingZeros64(m)
			if l.pos[u*l.n+d] == 0 {
				// Name the unit's empty cells, which all rule the digit out,
				// so that a reader (and the page) can see where it failed.
				var open []string
				for _, c := range l.g.units[u] {
					if l.grid[c] == 0 {
						open = append(open, l.cell(int(c)).String())
					}
				}
				msg := fmt.Sprintf("%s has no place left for %s", l.unit(u), digitName(d+1))
				if len(open) > 0 {
					msg += fmt.Sprintf(": its empty cells %s all rule it out", strings.Join(open, ", "))
				}
				return errors.New(msg)
			}
		}
	}
	return nil
}

// finders maps each technique to its search; each returns the first
// application that makes progress, without applying it.
var finders = [...]func(*logic) (Step, bool){
	NakedSingle:        (*logic).nakedSingle,
	HiddenSingle:       (*logic).hiddenSingle,
	Pointing:           (*logic).pointing,
	Claiming:           (*logic).claiming,
	NakedPair:          func(l *logic) (Step, bool) { return l.nakedSubset(2, NakedPair) },
	HiddenPair:         func(l *logic) (Step, bool) { return l.hiddenSubset(2, HiddenPair) },
	NakedTriple:        func(l *logic) (Step, bool) { return l.nakedSubset(3, NakedTriple) },
	HiddenTriple:       func(l *logic) (Step, bool) { return l.hiddenSubset(3, HiddenTriple) },
	NakedQuad:          func(l *logic) (Step, bool) { return l.nakedSubset(4, NakedQuad) },
	HiddenQuad:         func(l *logic) (Step, bool) { return l.hiddenSubset(4, HiddenQuad) },
	XWing:              func(l *logic) (Step, bool) { return l.fish(2, XWing) },
	Swordfish:          func(l *logic) (Step, bool) { return l.fish(3, Swordfish) },
	Jellyfish:          func(l *logic) (Step, bool) { return l.fish(4, Jellyfish) },
	FinnedXWing:        func(l *logic) (Step, bool) { return l.finnedFish(2, FinnedXWing) },
	FinnedSwordfish:    func(l *logic) (Step, bool) { return l.finnedFish(3, FinnedSwordfish) },
	FinnedJellyfish:    func(l *logic) (Step, bool) { return l.finnedFish(4, FinnedJellyfish) },
	XYWing:             (*logic).xyWing,
	XYZWing:            (*logic).xyzWing,
	UniqueRectangle:    (*logic).uniqueRectangle,
	BUG:                (*logic).bugPlusOne,
	WWing:              (*logic).wWing,
	SimpleColouring:    (*logic).simpleColouring,
	Medusa3D:           (*logic).medusa3D,
	XChain:             (*logic).xChain,
	XYChain:            (*logic).xyChain,
	GroupedAIC:         (*logic).groupedAIC,
	ALSXZ:              (*logic).alsXZ,
	ALSXYWing:          (*logic).alsXYWing,
	ALSChain:           (*logic).alsChain,
	ForcingChain:       (*logic).forcingChain,
	NestedForcingChain: (*logic).nestedForcingChain,
}

// next returns the simplest step available, false if the techniques are stuck.
//
// Among singles it prefers, as Sudoku Explainer does, the last cell of a
// unit, then a hidden single, then a naked single.
func (l *logic) next() (Step, bool) {
	if s, ok := l.nakedSingle(); ok {
		if l.stepSE(s) > 1.0 {
			if h, ok := l.hiddenSingle(); ok {
				return h, true
			}
		}
		return s, true
	}
	for t := HiddenSingle; t < Guess; t++ {
		if s, ok := finders[t](l); ok {
			return s, true
		}
	}
	return Step{}, false
}

// find returns an application of technique t, false if there is none.
func (l *logic) find(t Technique) (Step, bool) {
	if t < NakedSingle || t >= Guess {
		return Step{}, false
	}
	return finders[t](l)
}

func (l *logic) cell(c int) Cell { return Cell{c / l.n, c % l.n} }

func (l *logic) unit(u int) Unit {
	switch {
	case u < l.n:
		return Unit{RowUnit, u}
	case u < 2*l.n:
		return Unit{ColumnUnit, u - l.n}
	}
	return Unit{BoxUnit, u - 2*l.n}
}

func (l *logic) cells(cs []int) []Cell {
	out := make([]Cell, len(cs))
	for i, c := range cs {
		out[i] = l.cell(c)
	}
	return out
}

func (l *logic) units(us []int) []Unit {
	out := make([]Unit, len(us))
	for i, u := range us {
		out[i] = l.unit(u)
	}
	return out
}

// sees reports whether distinct cells a and b share a unit.
func (l *logic) sees(a, b int) bool {
	if a == b {
		return false
	}
	ua, ub := &l.g.unitsOf[a], &l.g.unitsOf[b]
	return ua[0] == ub[0] || ua[1] == ub[1] || ua[2] == ub[2]
}

func (l *logic) resetElims() {
	for _, c := range l.elimCells {
		l.elimMask[c] = 0
	}
	l.elimCells = l.elimCells[:0]
}

// eliminate records the removal of the digits of m that are still
// candidates of cell c.
func (l *logic) eliminate(c int, m uint64) {
	m &= l.cand[c]
	if m == 0 {
		return
	}
	if l.elimMask[c] == 0 {
		l.elimCells = append(l.elimCells, int32(c))
	}
	l.elimMask[c] |= m
}

// takeElims returns the recorded eliminations in cell, then digit order,
// and resets the record.
func (l *logic) takeElims() []Candidate {
	slices.Sort(l.elimCells)
	var out []Candidate
	for _, c := range l.elimCells {
		for m := l.elimMask[c]; m != 0; m &= m - 1 {
			out = append(out, Candidate{int(c) / l.n, int(c) % l.n, bits.TrailingZeros64(m) + 1})
		}
	}
	l.resetElims()
	return out
}

// oneBit reports whether m has exactly one bit set.
func oneBit(m uint64) bool { return m != 0 && m&(m-1) == 0 }

// lowDigit returns the smallest digit (1-based) of the mask m.
func lowDigit(m uint64) int { return bits.TrailingZeros64(m) + 1 }

// digitsOf lists the digits of mask m.
func digitsOf(m uint64) []int {
	var ds []int
	for ; m != 0; m &= m - 1 {
		ds = append(ds, bits.TrailingZeros64(m)+1)
	}
	return ds
}

// cellsAt returns the cells of unit u at the positions of mask ps.
func (l *logic) cellsAt(u int, ps uint64) []int {
	var cs []int
	for ; ps != 0; ps &= ps - 1 {
		cs = append(cs, int(l.g.units[u][bits.TrailingZeros64(ps)]))
	}
	return cs
}

// commonPeersElim records the removal of the digits m from every cell that
// sees all of cs.
func (l *logic) commonPeersElim(cs []int, m uint64) {
	for _, q := range l.g.peers[cs[0]] {
		ok := true
		for _, c := range cs[1:] {
			if !l.sees(int(q), c) {
				ok = false
				break
			}
		}
		if ok {
			l.eliminate(int(q), m)
		}
	}
}

// hardestOf is the hardest technique of each difficulty level.
var hardestOf = [...]Technique{Easy: HiddenSingle, Medium: NakedPair, Hard: HiddenQuad, Expert: ForcingChain - 1, Extreme: Guess}

// solveUpTo runs the techniques no harder than max until the grid is full,
// placing all singles in batches: faster than explain when only the outcome
// matters. It reports whether the grid was filled; a full grid proves the
// puzzle has no other solution.
func (l *logic) solveUpTo(max Technique) bool {
	for l.left > 0 {
		if !l.singles() {
			return false
		}
		if l.left == 0 || max <= HiddenSingle {
			break
		}
		progress := false
		for t := Pointing; t <= max && t < Guess; t++ {
			if s, ok := finders[t](l); ok {
				l.apply(s)
				progress = true
				break
			}
		}
		if !progress {
			return false
		}
	}
	return l.left == 0
}
