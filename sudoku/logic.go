package sudoku

import (
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

// Technique is a human solving technique, ordered from the simplest up.
type Technique uint8

// The techniques, in the order the engine tries them.
const (
	NakedSingle     Technique = iota + 1 // a cell with one candidate left
	HiddenSingle                         // a digit with one place left in a unit
	Pointing                             // a digit confined to one line within a box
	Claiming                             // a digit confined to one box within a line
	NakedPair                            // two cells of a unit holding the same two digits
	HiddenPair                           // two digits of a unit confined to the same two cells
	NakedTriple                          // three cells of a unit holding three digits between them
	HiddenTriple                         // three digits of a unit confined to three cells
	NakedQuad                            // four cells of a unit holding four digits between them
	HiddenQuad                           // four digits of a unit confined to four cells
	XWing                                // a digit in two rows confined to two columns (or vice versa)
	Swordfish                            // the same with three lines
	Jellyfish                            // the same with four lines
	XYWing                               // a bivalue pivot and two bivalue pincers
	XYZWing                              // a trivalue pivot and two bivalue pincers
	WWing                                // two equal bivalue cells joined by a strong link
	SimpleColouring                      // two-colouring the strong links of one digit
	XChain                               // alternating strong and weak links of one digit
	XYChain                              // a chain of bivalue cells
	// Guess is not a technique: it stands for the point where the
	// techniques above are stuck and a player must guess (or backtrack).
	Guess
)

type techniqueInfo struct {
	name  string // lower case, for String and JSON
	title string // capitalised, to start a sentence
	level Difficulty
	score float64
}

var techniqueTable = [...]techniqueInfo{
	NakedSingle:     {"naked single", "Naked single", Easy, 1.0},
	HiddenSingle:    {"hidden single", "Hidden single", Easy, 1.2},
	Pointing:        {"pointing", "Pointing", Medium, 1.7},
	Claiming:        {"claiming", "Claiming", Medium, 1.9},
	NakedPair:       {"naked pair", "Naked pair", Medium, 2.0},
	HiddenPair:      {"hidden pair", "Hidden pair", Hard, 2.4},
	NakedTriple:     {"naked triple", "Naked triple", Hard, 2.6},
	HiddenTriple:    {"hidden triple", "Hidden triple", Hard, 2.8},
	NakedQuad:       {"naked quad", "Naked quad", Hard, 3.0},
	HiddenQuad:      {"hidden quad", "Hidden quad", Hard, 3.2},
	XWing:           {"x-wing", "X-wing", Expert, 3.4},
	Swordfish:       {"swordfish", "Swordfish", Expert, 3.8},
	Jellyfish:       {"jellyfish", "Jellyfish", Expert, 4.2},
	XYWing:          {"xy-wing", "XY-wing", Expert, 4.4},
	XYZWing:         {"xyz-wing", "XYZ-wing", Expert, 4.6},
	WWing:           {"w-wing", "W-wing", Expert, 4.8},
	SimpleColouring: {"simple colouring", "Simple colouring", Expert, 5.0},
	XChain:          {"x-chain", "X-chain", Expert, 5.4},
	XYChain:         {"xy-chain", "XY-chain", Expert, 5.8},
	Guess:           {"guess", "Guess", Extreme, 10},
}

func (t Technique) valid() bool { return t >= NakedSingle && int(t) < len(techniqueTable) }

// String returns the technique's lower-case name, such as "hidden single".
func (t Technique) String() string {
	if !t.valid() {
		return fmt.Sprintf("technique(%d)", uint8(t))
	}
	return techniqueTable[t].name
}

// Difficulty returns the difficulty level a puzzle needing t reaches.
func (t Technique) Difficulty() Difficulty {
	if !t.valid() {
		return 0
	}
	return techniqueTable[t].level
}

// Score returns the weight of t on the rating scale: 1.0 for a naked
// single up to 5.8 for an XY-chain, and 10 for Guess.
func (t Technique) Score() float64 {
	if !t.valid() {
		return 0
	}
	return techniqueTable[t].score
}

// ParseTechnique returns the Technique with the given lower-case name.
func ParseTechnique(name string) (Technique, error) {
	for t := NakedSingle; t.valid(); t++ {
		if techniqueTable[t].name == name {
			return t, nil
		}
	}
	return 0, fmt.Errorf("sudoku: unknown technique %q", name)
}

// MarshalText encodes the technique as its name.
func (t Technique) MarshalText() ([]byte, error) {
	if !t.valid() {
		return nil, fmt.Errorf("sudoku: invalid technique %d", uint8(t))
	}
	return []byte(t.String()), nil
}

// UnmarshalText decodes a technique name.
func (t *Technique) UnmarshalText(b []byte) error {
	v, err := ParseTechnique(string(b))
	if err != nil {
		return err
	}
	*t = v
	return nil
}

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
	// then cover lines).
	Units []Unit `json:"units,omitempty"`
	// Cells are the cells that form the pattern (for a chain, in order).
	Cells []Cell `json:"cells,omitempty"`
	// Digits are the digits the pattern is about.
	Digits []int `json:"digits,omitempty"`
	// Text says it in a sentence, such as "Hidden single: 7 can only go
	// in r3c5 within box 2".
	Text string `json:"text"`
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
				return fmt.Errorf("%s has no place left for %s", l.unit(u), digitName(d+1))
			}
		}
	}
	return nil
}

// finders maps each technique to its search; each returns the first
// application that makes progress, without applying it.
var finders = [...]func(*logic) (Step, bool){
	NakedSingle:     (*logic).nakedSingle,
	HiddenSingle:    (*logic).hiddenSingle,
	Pointing:        (*logic).pointing,
	Claiming:        (*logic).claiming,
	NakedPair:       func(l *logic) (Step, bool) { return l.nakedSubset(2, NakedPair) },
	HiddenPair:      func(l *logic) (Step, bool) { return l.hiddenSubset(2, HiddenPair) },
	NakedTriple:     func(l *logic) (Step, bool) { return l.nakedSubset(3, NakedTriple) },
	HiddenTriple:    func(l *logic) (Step, bool) { return l.hiddenSubset(3, HiddenTriple) },
	NakedQuad:       func(l *logic) (Step, bool) { return l.nakedSubset(4, NakedQuad) },
	HiddenQuad:      func(l *logic) (Step, bool) { return l.hiddenSubset(4, HiddenQuad) },
	XWing:           func(l *logic) (Step, bool) { return l.fish(2, XWing) },
	Swordfish:       func(l *logic) (Step, bool) { return l.fish(3, Swordfish) },
	Jellyfish:       func(l *logic) (Step, bool) { return l.fish(4, Jellyfish) },
	XYWing:          (*logic).xyWing,
	XYZWing:         (*logic).xyzWing,
	WWing:           (*logic).wWing,
	SimpleColouring: (*logic).simpleColouring,
	XChain:          (*logic).xChain,
	XYChain:         (*logic).xyChain,
}

// next returns the simplest step available, false if the techniques are stuck.
func (l *logic) next() (Step, bool) {
	for t := NakedSingle; t < Guess; t++ {
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

// cellsAt returns the cells of unit u at the positions of mask ps.
func (l *logic) cellsAt(u int, ps uint64) []int {
	var cs []int
	for ; ps != 0; ps &= ps - 1 {
		cs = append(cs, int(l.g.units[u][bits.TrailingZeros64(ps)]))
	}
	return cs
}

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

// strongLinks returns, for digit d (0-based), the cells linked to each cell
// by a unit where d has exactly those two places.
func (l *logic) strongLinks(d int) [][]int32 {
	l.index()
	n := l.n
	adj := make([][]int32, l.g.cells)
	for u := range l.g.units {
		ps := l.pos[u*n+d]
		if bits.OnesCount64(ps) != 2 {
			continue
		}
		a := l.g.units[u][bits.TrailingZeros64(ps)]
		b := l.g.units[u][63-bits.LeadingZeros64(ps)]
		if !slices.Contains(adj[a], b) {
			adj[a] = append(adj[a], b)
			adj[b] = append(adj[b], a)
		}
	}
	return adj
}

// simpleColouring two-colours each cluster of cells joined by strong links
// of one digit: exactly one colour holds the digit. If two cells of one
// colour see each other, that colour is false; a cell outside the cluster
// that sees both colours cannot hold the digit.
func (l *logic) simpleColouring() (Step, bool) {
	colour := make([]int8, l.g.cells)   // 1 or 2 once coloured
	cluster := make([]int32, l.g.cells) // 1 + the cluster's start cell
	for d := range l.n {
		bit := uint64(1) << d
		adj := l.strongLinks(d)
		clear(colour)
		for start := range adj {
			if len(adj[start]) == 0 || colour[start] != 0 {
				continue
			}
			id := int32(start + 1)
			members := []int{start}
			colour[start], cluster[start] = 1, id
			odd := false
			for i := 0; i < len(members); i++ {
				c := members[i]
				for _, q := range adj[c] {
					switch colour[q] {
					case 0:
						colour[q], cluster[q] = 3-colour[c], id
						members = append(members, int(q))
					case colour[c]:
						odd = true
					}
				}
			}
			if odd || len(members) < 3 {
				continue // an odd cycle means a contradiction; leave it to others
			}
			var side [3][]int
			for _, c := range members {
				side[colour[c]] = append(side[colour[c]], c)
			}
			// Colour wrap.
			for k := 1; k <= 2; k++ {
				a, b, clash := 0, 0, false
				for i, x := range side[k] {
					for _, y := range side[k][i+1:] {
						if l.sees(x, y) {
							a, b, clash = x, y, true
							break
						}
					}
					if clash {
						break
					}
				}
				if !clash {
					continue
				}
				for _, c := range side[k] {
					l.eliminate(c, bit)
				}
				el := l.takeElims()
				return Step{
					Technique:    SimpleColouring,
					Eliminations: el,
					Cells:        l.cells(members),
					Digits:       []int{d + 1},
					Text: fmt.Sprintf("Simple colouring on %s: the strong links join %s (one colour) and %s (the other); %s and %s share a colour and see each other, so that colour is false: %s",
						digitName(d+1), cellList(l.cells(side[1])), cellList(l.cells(side[2])),
						l.cell(a), l.cell(b), elimText(el)),
				}, true
			}
			// Colour trap.
			for c, m := range l.cand {
				if m&bit == 0 || (colour[c] != 0 && cluster[c] == id) {
					continue
				}
				s1 := slices.ContainsFunc(side[1], func(x int) bool { return l.sees(c, x) })
				if s1 && slices.ContainsFunc(side[2], func(x int) bool { return l.sees(c, x) }) {
					l.eliminate(c, bit)
				}
			}
			if len(l.elimCells) == 0 {
				continue
			}
			el := l.takeElims()
			return Step{
				Technique:    SimpleColouring,
				Eliminations: el,
				Cells:        l.cells(members),
				Digits:       []int{d + 1},
				Text: fmt.Sprintf("Simple colouring on %s: the strong links join %s (one colour) and %s (the other); one colour holds %s, so %s",
					digitName(d+1), cellList(l.cells(side[1])), cellList(l.cells(side[2])),
					digitName(d+1), elimText(el)),
			}, true
		}
	}
	return Step{}, false
}

// chainSearch is the scratch of a breadth-first chain search over states
// (for X-chains a cell and a parity, for XY-chains a cell and a digit).
type chainSearch struct {
	parent  []int32 // -2 unvisited, -1 the start
	depth   []int32
	queue   []int32
	touched []int32
	div     int // state / div is the cell
}

func newChainSearch(states, div int) *chainSearch {
	cs := &chainSearch{parent: make([]int32, states), depth: make([]int32, states), div: div}
	for i := range cs.parent {
		cs.parent[i] = -2
	}
	return cs
}

func (cs *chainSearch) reset() {
	for _, s := range cs.touched {
		cs.parent[s] = -2
	}
	cs.touched, cs.queue = cs.touched[:0], cs.queue[:0]
}

func (cs *chainSearch) visit(s, parent int, depth int) {
	cs.parent[s] = int32(parent)
	cs.depth[s] = int32(depth)
	cs.touched = append(cs.touched, int32(s))
	cs.queue = append(cs.queue, int32(s))
}

// onPath reports whether cell c is on the path ending at state s.
func (cs *chainSearch) onPath(s, c int) bool {
	for ; s >= 0; s = int(cs.parent[s]) {
		if s/cs.div == c {
			return true
		}
	}
	return false
}

// path lists the cells of the path ending at state s, start first.
func (cs *chainSearch) path(s int) []int {
	var p []int
	for ; s >= 0; s = int(cs.parent[s]) {
		p = append(p, s/cs.div)
	}
	slices.Reverse(p)
	return p
}

// xChain: a chain of one digit starting and ending with strong links,
// alternating strong (=) and weak (-) links: if its first cell is not the
// digit, its last is, so the digit is removed from cells seeing both ends.
// The shortest productive chain is reported.
func (l *logic) xChain() (Step, bool) {
	var best Step
	bestLen := 0
	// State 2*cell+1: reached by a strong link, the cell holds the digit if
	// the start does not; 2*cell: reached by a weak link, it does not.
	cs := newChainSearch(2*l.g.cells, 2)
	for d := range l.n {
		bit := uint64(1) << d
		strong := l.strongLinks(d)
		for start := range l.g.cells {
			if l.cand[start]&bit == 0 || len(strong[start]) == 0 {
				continue
			}
			cs.reset()
			cs.visit(2*start, -1, 0)
			for qi := 0; qi < len(cs.queue); qi++ {
				s := int(cs.queue[qi])
				c, par, length := s/2, s%2, int(cs.depth[s])
				if bestLen > 0 && length+1 >= bestLen {
					break
				}
				next := strong[c]
				if par == 1 {
					next = l.g.peers[c]
				}
				for _, q := range next {
					if l.cand[q]&bit == 0 {
						continue
					}
					t := 2*int(q) + 1 - par
					if cs.parent[t] != -2 || cs.onPath(s, int(q)) {
						continue
					}
					cs.visit(t, s, length+1)
					if t%2 == 0 || length+1 < 3 {
						continue
					}
					l.commonPeersElim([]int{start, int(q)}, bit)
					if len(l.elimCells) == 0 {
						continue
					}
					el := l.takeElims()
					path := cs.path(t)
					best = Step{
						Technique:    XChain,
						Eliminations: el,
						Cells:        l.cells(path),
						Digits:       []int{d + 1},
						Text: fmt.Sprintf("X-chain on %s: %s (= strong link, - weak link): one end is %s, so %s",
							digitName(d+1), l.chainText(path), digitName(d+1), elimText(el)),
					}
					bestLen = length + 1
					break
				}
			}
		}
	}
	return best, bestLen > 0
}

// chainText writes an X-chain's cells joined by = and - alternately.
func (l *logic) chainText(path []int) string {
	var b strings.Builder
	for i, c := range path {
		if i > 0 {
			if i%2 == 1 {
				b.WriteString(" = ")
			} else {
				b.WriteString(" - ")
			}
		}
		b.WriteString(l.cell(c).String())
	}
	return b.String()
}

// xyChain: a chain of bivalue cells, each seeing the next and sharing a
// digit with it. If the first cell is not x it forces the next, and so on
// until the last cell is x; so x is removed from cells seeing both ends.
// The shortest productive chain is reported.
func (l *logic) xyChain() (Step, bool) {
	n := l.n
	var bi []int
	for c, m := range l.cand {
		if l.grid[c] == 0 && bits.OnesCount64(m) == 2 {
			bi = append(bi, c)
		}
	}
	if len(bi) < 3 {
		return Step{}, false
	}
	// State cell*n+f: the cell takes digit f+1 if the start is not x.
	cs := newChainSearch(l.g.cells*n, n)
	var best Step
	bestLen := 0
	for _, start := range bi {
		for xm := l.cand[start]; xm != 0; xm &= xm - 1 {
			x := bits.TrailingZeros64(xm)
			cs.reset()
			cs.visit(start*n+bits.TrailingZeros64(l.cand[start]&^(1<<x)), -1, 0)
			for qi := 0; qi < len(cs.queue); qi++ {
				s := int(cs.queue[qi])
				c, t, length := s/n, s%n, int(cs.depth[s])
				if bestLen > 0 && length+1 >= bestLen {
					break
				}
				for _, q := range l.g.peers[c] {
					qm := l.cand[q]
					if l.grid[q] != 0 || bits.OnesCount64(qm) != 2 || qm&(1<<t) == 0 || int(q) == start {
						continue
					}
					f := bits.TrailingZeros64(qm &^ (1 << t))
					ns := int(q)*n + f
					if cs.parent[ns] != -2 || cs.onPath(s, int(q)) {
						continue
					}
					cs.visit(ns, s, length+1)
					if f != x || length+1 < 2 {
						continue
					}
					l.commonPeersElim([]int{start, int(q)}, 1<<x)
					if len(l.elimCells) == 0 {
						continue
					}
					el := l.takeElims()
					path := cs.path(ns)
					best = Step{
						Technique:    XYChain,
						Eliminations: el,
						Cells:        l.cells(path),
						Digits:       []int{x + 1},
						Text: fmt.Sprintf("XY-chain: %s: if %s is not %s, %s is, so %s",
							l.xyChainText(path, x), l.cell(start), digitName(x+1), l.cell(int(q)), elimText(el)),
					}
					bestLen = length + 1
					break
				}
			}
		}
	}
	return best, bestLen > 0
}

// xyChainText writes each cell of an XY-chain with the digit it loses and
// the digit it then takes: r1c1(3=5) - r1c4(5=7).
func (l *logic) xyChainText(path []int, x int) string {
	var b strings.Builder
	in := x
	for i, c := range path {
		if i > 0 {
			b.WriteString(" - ")
		}
		out := bits.TrailingZeros64(l.cand[c] &^ (1 << in))
		fmt.Fprintf(&b, "%s(%s=%s)", l.cell(c), digitName(in+1), digitName(out+1))
		in = out
	}
	return b.String()
}

// hardestOf is the hardest technique of each difficulty level.
var hardestOf = [...]Technique{Easy: HiddenSingle, Medium: NakedPair, Hard: HiddenQuad, Expert: XYChain, Extreme: Guess}

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
