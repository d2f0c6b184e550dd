package nonogram

import (
	"math/bits"
	"slices"

	"github.com/puzzlesolvers/puzzle/internal/sat"
)

// Line solving inside the clause-learning search, as a propagator with
// explanations (lazy clause generation: Ohrimenko, Stuckey and Codish,
// "Propagation via lazy clause generation", Constraints 14(3), 2009). The
// solver's variables are the cells alone; whenever unit propagation on the
// learned clauses has nothing left, the lines whose cells changed are solved
// by the complete line solver (line.go), and the cells it fixes are
// implied. When analysis needs to know why a cell was fixed, or why a line
// has no placement, the explanation is a small set of the line's cells
// known before: the shortest prefix of them in the order they were set that
// still forces the cell (or leaves no placement), then thinned one cell at
// a time. Learned clauses are thus over cells only, each standing for a
// piece of whole-line reasoning, where the clauses of the lines' automata
// (line_automaton.go) learn over automaton states as well.

// lineTheory is the lines of a puzzle as a sat.Propagator over the cell
// variables (cell (r, c) is variable r*w+c).
type lineTheory struct {
	g      *grid
	queued []bool
	queue  []int32 // lines to solve
	by     []int32 // per cell: the line that fixed it
	// Scratch: a line's known cells, a subset of them, the solver's
	// answer, and the known cells in the order they were set.
	black, white, subB, subW, fill, empty []uint64
	order                                 []int    // pos<<orderShift | index
	preB, preW                            []uint64 // per prefix of order: its filled and empty cells
	kept                                  []int
	wide                                  lineSolverN
	cache                                 lineCache
	// The known cells of every line, kept as the trail is shown: lineB
	// and lineW hold line l's filled and empty cells in words
	// [l*lineWords, (l+1)*lineWords); shown lists the variables of the
	// trail as last shown, in order, to undo what was unassigned since;
	// implied lists the variables Propagate assigned since, which the
	// masks hold already and the trail shows next time.
	lineB, lineW []uint64
	lineWords    int
	shown        []int32
	implied      []int32
	rowOf, colOf []int32 // per cell variable
}

// orderShift makes room in t.order's keys for a cell's index in its line
// below its place on the trail, so that sorting the keys sorts the cells by
// place.
const orderShift = 20

func newLineTheory(g *grid) *lineTheory {
	words := max(g.rw, g.cw)
	t := &lineTheory{g: g, queued: make([]bool, g.lines()), by: make([]int32, g.w*g.h)}
	for _, b := range []*[]uint64{&t.black, &t.white, &t.subB, &t.subW, &t.fill, &t.empty} {
		*b = make([]uint64, words)
	}
	t.lineWords = words
	t.lineB = make([]uint64, g.lines()*words)
	t.lineW = make([]uint64, g.lines()*words)
	t.rowOf, t.colOf = make([]int32, g.w*g.h), make([]int32, g.w*g.h)
	for v := range g.w * g.h {
		t.rowOf[v], t.colOf[v] = int32(v/g.w), int32(v%g.w)
	}
	for l := range g.lines() {
		t.push(l)
	}
	return t
}

// setKnown records in the masks of cell v's row and column that it is
// filled or empty, or (known false) that it is unknown again.
func (t *lineTheory) setKnown(v int, filled, known bool) {
	r, c := int(t.rowOf[v]), int(t.colOf[v])
	i, j := r*t.lineWords+c>>6, (t.g.h+c)*t.lineWords+r>>6
	bi, bj := uint64(1)<<(c&63), uint64(1)<<(r&63)
	switch {
	case !known:
		t.lineB[i] &^= bi
		t.lineW[i] &^= bi
		t.lineB[j] &^= bj
		t.lineW[j] &^= bj
	case filled:
		t.lineB[i] |= bi
		t.lineB[j] |= bj
	default:
		t.lineW[i] |= bi
		t.lineW[j] |= bj
	}
}

// encodeLines returns a SAT solver over the cells with the lines as its
// propagator and the cells that st knows as unit clauses.
func (g *grid) encodeLines(st *state) *sat.Solver {
	s := sat.New()
	for range g.w * g.h {
		s.NewVar()
	}
	for r := range g.h {
		for c := range g.w {
			if known, filled := g.cell(st, r, c); known {
				s.AddClause(cellLit(r*g.w+c, filled))
			}
		}
	}
	s.SetPropagator(newLineTheory(g))
	return s
}

func (t *lineTheory) push(l int) {
	if !t.queued[l] {
		t.queued[l] = true
		t.queue = append(t.queue, int32(l))
	}
}

// cellVar returns the variable of cell i of line l.
func (t *lineTheory) cellVar(l, i int) int {
	if l < t.g.h {
		return l*t.g.w + i
	}
	return i*t.g.w + (l - t.g.h)
}

// Propagate solves the lines whose cells changed.
func (t *lineTheory) Propagate(s *sat.Solver, from int) []sat.Lit {
	g := t.g
	// Undo what was unassigned since the trail was last shown, then take
	// the new part.
	for _, v := range t.shown[min(from, len(t.shown)):] {
		t.setKnown(int(v), false, false)
	}
	for _, v := range t.implied {
		t.setKnown(int(v), false, false)
	}
	t.shown, t.implied = t.shown[:min(from, len(t.shown))], t.implied[:0]
	for _, l := range s.Trail()[from:] {
		v := l.Var()
		t.shown = append(t.shown, int32(v))
		if v < g.w*g.h {
			t.setKnown(v, l == sat.Pos(v), true)
			t.push(int(t.rowOf[v]))
			t.push(g.h + int(t.colOf[v]))
		}
	}
	for len(t.queue) > 0 {
		l := int(t.queue[0])
		t.queue = t.queue[1:]
		t.queued[l] = false
		n := g.lineLen(l)
		words := (n + 63) / 64
		black, white := t.black[:words], t.white[:words]
		copy(black, t.lineB[l*t.lineWords:])
		copy(white, t.lineW[l*t.lineWords:])
		fill, empty := t.fill[:words], t.empty[:words]
		if !t.solve(l, n, black, white, fill, empty) {
			t.push(l) // to solve again once the conflict is undone
			return t.conflict(s, l, n)
		}
		for w := range words {
			for m := fill[w] &^ black[w]; m != 0; m &= m - 1 {
				t.imply(s, l, t.cellVar(l, w*64+bits.TrailingZeros64(m)), true)
			}
			for m := empty[w] &^ white[w]; m != 0; m &= m - 1 {
				t.imply(s, l, t.cellVar(l, w*64+bits.TrailingZeros64(m)), false)
			}
		}
	}
	return nil
}

// imply assigns cell variable v as line l forces it, unless it is
// assigned already, and records it in the lines' masks at once, so that
// the lines solved next in this call see it.
func (t *lineTheory) imply(s *sat.Solver, l, v int, filled bool) {
	lit := sat.Neg(v)
	if filled {
		lit = sat.Pos(v)
	}
	if s.LitValue(lit) != 0 {
		return
	}
	t.by[v] = int32(l)
	s.Imply(lit)
	t.setKnown(v, filled, true)
	t.implied = append(t.implied, int32(v))
}

// solve runs the complete line solver on line l of n cells.
func (t *lineTheory) solve(l, n int, black, white, fill, empty []uint64) bool {
	clue := t.g.clues[l]
	if n <= 63 {
		f, e, ok := t.cache.solve(l, n, clue, black[0], white[0])
		fill[0], empty[0] = f, e
		return ok
	}
	return t.wide.solve(n, clue, black, white, fill, empty)
}

// Explain gives the cells of the line that fixed lit's cell that force it.
func (t *lineTheory) Explain(s *sat.Solver, lit sat.Lit, out []sat.Lit) []sat.Lit {
	v := lit.Var()
	l := int(t.by[v])
	n := t.g.lineLen(l)
	t.known(s, l, n, s.TrailPos(v))
	i := v % t.g.w
	if l >= t.g.h {
		i = v / t.g.w
	}
	return t.explain(s, l, n, out, i, lit == sat.Pos(v))
}

// conflict gives the cells of line l that leave it no placement.
func (t *lineTheory) conflict(s *sat.Solver, l, n int) []sat.Lit {
	t.known(s, l, n, len(s.Trail()))
	return t.explain(s, l, n, nil, -1, false)
}

// known sets t.order to the cells of line l set before trail position
// before, in the order they were set.
func (t *lineTheory) known(s *sat.Solver, l, n, before int) {
	t.order = t.order[:0]
	for i := range n {
		v := t.cellVar(l, i)
		if s.LitValue(sat.Pos(v)) != 0 {
			if p := s.TrailPos(v); p < before {
				t.order = append(t.order, p<<orderShift|i)
			}
		}
	}
	slices.Sort(t.order)
}

// explain appends to out the negations of a subset of t.order that still
// forces cell i of the line to be filled (or empty, as filled says), or,
// when i < 0, that still leaves the line no placement: the shortest prefix,
// then thinned one cell at a time. The whole of t.order must do so.
func (t *lineTheory) explain(s *sat.Solver, l, n int, out []sat.Lit, i int, filled bool) []sat.Lit {
	if n <= 63 {
		return t.explain1(s, l, n, out, i, filled)
	}
	words := (n + 63) / 64
	clue := t.g.clues[l]
	// test reports whether the given cells alone force cell i (or leave
	// no placement): whether the line has no placement with them and
	// cell i set the other way.
	test := func(cells []int) bool {
		b, w := t.subB[:words], t.subW[:words]
		clear(b)
		clear(w)
		for _, c := range cells {
			if s.LitValue(sat.Pos(t.cellVar(l, c))) > 0 {
				b[c/64] |= 1 << (c % 64)
			} else {
				w[c/64] |= 1 << (c % 64)
			}
		}
		if i >= 0 {
			if filled {
				w[i/64] |= 1 << (i % 64)
			} else {
				b[i/64] |= 1 << (i % 64)
			}
		}
		return !t.wide.solve(n, clue, b, w, t.fill[:words], t.empty[:words])
	}
	t.kept = t.kept[:0]
	for _, c := range t.order {
		t.kept = append(t.kept, c&(1<<orderShift-1))
	}
	lo, hi := 0, len(t.kept)
	for lo < hi {
		mid := (lo + hi) / 2
		if test(t.kept[:mid]) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	t.kept = t.kept[:hi]
	for j := len(t.kept) - 2; j >= 0; j-- {
		c := t.kept[j]
		t.kept = slices.Delete(t.kept, j, j+1)
		if !test(t.kept) {
			t.kept = slices.Insert(t.kept, j, c)
		}
	}
	for _, i := range t.kept {
		v := t.cellVar(l, i)
		out = append(out, cellLit(v, s.LitValue(sat.Pos(v)) < 0))
	}
	return out
}

// explain1 is explain for a line of n ≤ 63 cells, whose subsets of known
// cells are two words: the cells of each prefix of t.order are made once,
// and thinning clears one bit at a time.
func (t *lineTheory) explain1(s *sat.Solver, l, n int, out []sat.Lit, i int, filled bool) []sat.Lit {
	clue := t.g.clues[l]
	var flipB, flipW uint64 // cell i set the other way
	if i >= 0 {
		if filled {
			flipW = 1 << i
		} else {
			flipB = 1 << i
		}
	}
	// preB[m], preW[m]: the filled and empty cells among the first m.
	m := len(t.order)
	if cap(t.preB) < m+1 {
		t.preB, t.preW = make([]uint64, m+1), make([]uint64, m+1)
	}
	preB, preW := t.preB[:m+1], t.preW[:m+1]
	for j, c := range t.order {
		bit := uint64(1) << (c & (1<<orderShift - 1))
		preB[j+1], preW[j+1] = preB[j], preW[j]
		if s.LitValue(sat.Pos(t.cellVar(l, c&(1<<orderShift-1)))) > 0 {
			preB[j+1] |= bit
		} else {
			preW[j+1] |= bit
		}
	}
	forces := func(b, w uint64) bool { return !lineFits1(n, clue, b|flipB, w|flipW) }
	lo, hi := 0, m
	for lo < hi {
		mid := (lo + hi) / 2
		if forces(preB[mid], preW[mid]) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	b, w := preB[hi], preW[hi]
	for j := hi - 2; j >= 0; j-- {
		bit := uint64(1) << (t.order[j] & (1<<orderShift - 1))
		if forces(b&^bit, w&^bit) {
			b &^= bit
			w &^= bit
		}
	}
	for j := range hi {
		c := t.order[j] & (1<<orderShift - 1)
		if (b|w)>>c&1 == 1 {
			v := t.cellVar(l, c)
			out = append(out, cellLit(v, b>>c&1 == 0))
		}
	}
	return out
}

// cellLit is the literal "cell variable v is filled" when filled, else its
// negation.
func cellLit(v int, filled bool) sat.Lit {
	if filled {
		return sat.Pos(v)
	}
	return sat.Neg(v)
}
