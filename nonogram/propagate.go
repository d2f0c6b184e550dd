package nonogram

import "math/bits"

// grid is the fixed shape of a puzzle for the solver: its lines (rows
// 0..h-1, then columns) and where each line's bits live in a state.
type grid struct {
	w, h   int
	rw, cw int // words per row, per column
	clues  [][]int
	// Offsets into state.bits.
	rowB, rowW, colB, colW int
	size                   int
	// automatonLearner makes the clause-learning search work on the
	// clauses of the lines' automata instead of using line solving as
	// its propagator (tests and measurements).
	automatonLearner bool
	// decimationClampFrom is the first round of decimation that ranks
	// its candidates by clamping (decimationClampFrom; tests lower it).
	decimationClampFrom int
}

func newGrid(p *Puzzle) *grid {
	g := &grid{w: p.Width(), h: p.Height(), decimationClampFrom: decimationClampFrom}
	g.rw, g.cw = (g.w+63)/64, (g.h+63)/64
	g.clues = append(append([][]int{}, p.Rows...), p.Cols...)
	g.rowB = 0
	g.rowW = g.h * g.rw
	g.colB = 2 * g.h * g.rw
	g.colW = g.colB + g.w*g.cw
	g.size = g.colW + g.w*g.cw
	return g
}

// lines returns the number of lines, rows first.
func (g *grid) lines() int { return g.h + g.w }

// lineLen returns the number of cells of line l.
func (g *grid) lineLen(l int) int {
	if l < g.h {
		return g.w
	}
	return g.h
}

// state is a partial picture: for every row and every column, the cells
// known filled (B) and known empty (W) as bitsets, so that each cell is
// held twice. unknown counts the cells that are neither.
type state struct {
	bits    []uint64
	unknown int
}

func (g *grid) newState() *state {
	return &state{bits: make([]uint64, g.size), unknown: g.w * g.h}
}

func (st *state) copyFrom(src *state) {
	copy(st.bits, src.bits)
	st.unknown = src.unknown
}

// lineBits returns the known-filled and known-empty words of line l.
func (g *grid) lineBits(st *state, l int) (black, white []uint64) {
	if l < g.h {
		o := l * g.rw
		return st.bits[g.rowB+o : g.rowB+o+g.rw], st.bits[g.rowW+o : g.rowW+o+g.rw]
	}
	o := (l - g.h) * g.cw
	return st.bits[g.colB+o : g.colB+o+g.cw], st.bits[g.colW+o : g.colW+o+g.cw]
}

// cell returns whether cell (r, c) is known, and if so whether it is filled.
func (g *grid) cell(st *state, r, c int) (known, filled bool) {
	b := st.bits[g.rowB+r*g.rw+c/64]>>(c%64)&1 == 1
	w := st.bits[g.rowW+r*g.rw+c/64]>>(c%64)&1 == 1
	return b || w, b
}

// set marks the unknown cell (r, c) filled or empty in its row and column.
func (g *grid) set(st *state, r, c int, filled bool) {
	rb, cb := g.rowW, g.colW
	if filled {
		rb, cb = g.rowB, g.colB
	}
	st.bits[rb+r*g.rw+c/64] |= 1 << (c % 64)
	st.bits[cb+c*g.cw+r/64] |= 1 << (r % 64)
	st.unknown--
}

// picture converts a complete state to a Grid.
func (g *grid) picture(st *state) *Grid {
	out := NewGrid(g.w, g.h)
	for r := range g.h {
		for c := range g.w {
			_, out.Cells[r*g.w+c] = g.cell(st, r, c)
		}
	}
	return out
}

// propagator runs line solving to a fixpoint with a queue of the lines that
// changed since they were last solved.
type propagator struct {
	*grid
	queue   []int32 // ring buffer of line indices
	head, n int
	queued  []bool
	multi   lineSolverN
	// slackSolver serves long lines with little slack.
	slackSolver slackLine
	trimmer     lineTrimmer
	cache       lineCache
	fill        []uint64
	empty       []uint64
	// lineSolves counts calls of a line solver.
	lineSolves int64
	// failed is the last line found with no placement.
	failed int
	// onLine, when set, is told every line solve that fixed cells (explain).
	onLine func(st *state, l int, fill, empty []uint64)
}

func newPropagator(g *grid) *propagator {
	n := g.lines()
	w := max(g.rw, g.cw)
	return &propagator{grid: g, queue: make([]int32, n), queued: make([]bool, n),
		fill: make([]uint64, w), empty: make([]uint64, w)}
}

func (p *propagator) push(l int) {
	if p.queued[l] {
		return
	}
	p.queued[l] = true
	p.queue[(p.head+p.n)%len(p.queue)] = int32(l)
	p.n++
}

func (p *propagator) pop() int {
	l := int(p.queue[p.head])
	p.head = (p.head + 1) % len(p.queue)
	p.n--
	p.queued[l] = false
	return l
}

// reset empties the queue.
func (p *propagator) reset() {
	for p.n > 0 {
		p.pop()
	}
}

// pushAll queues every line.
func (p *propagator) pushAll() {
	for l := range p.lines() {
		p.push(l)
	}
}

// pushCell queues the row and column of cell (r, c).
func (p *propagator) pushCell(r, c int) {
	p.push(r)
	p.push(p.h + c)
}

// setCell sets an unknown cell and queues its lines.
func (p *propagator) setCell(st *state, r, c int, filled bool) {
	p.set(st, r, c, filled)
	p.pushCell(r, c)
}

// run solves queued lines until none is left. It returns false, with the
// queue emptied, when a line has no placement: the state is contradictory.
func (p *propagator) run(st *state) bool {
	for p.n > 0 {
		l := p.pop()
		if !p.solveLine(st, l) {
			p.failed = l
			p.reset()
			return false
		}
	}
	return true
}

// solveLine applies the complete line solver to line l and records its
// new cells in the crossing lines.
func (p *propagator) solveLine(st *state, l int) bool {
	p.lineSolves++
	black, white := p.lineBits(st, l)
	n := p.lineLen(l)
	fill, empty := p.fill[:len(black)], p.empty[:len(black)]
	if n <= 63 {
		f, e, ok := p.cache.solve(l, n, p.clues[l], black[0], white[0])
		if !ok {
			return false
		}
		fill[0], empty[0] = f, e
	} else if !p.trimmer.solve(p, n, p.clues[l], black, white, fill, empty) {
		return false
	}
	changed := false
	for i := range black {
		fill[i] &^= black[i]
		empty[i] &^= white[i]
		if fill[i]|empty[i] != 0 {
			changed = true
		}
	}
	if !changed {
		return true
	}
	if p.onLine != nil {
		p.onLine(st, l, fill, empty)
	}
	for i := range black {
		for m := fill[i]; m != 0; m &= m - 1 {
			p.cross(st, l, i*64+bits.TrailingZeros64(m), true)
		}
		for m := empty[i]; m != 0; m &= m - 1 {
			p.cross(st, l, i*64+bits.TrailingZeros64(m), false)
		}
	}
	return true
}

// cross sets cell at position i of line l and queues the crossing line.
func (p *propagator) cross(st *state, l, i int, filled bool) {
	if l < p.h {
		p.set(st, l, i, filled)
		p.push(p.h + i)
	} else {
		p.set(st, i, l-p.h, filled)
		p.push(i)
	}
}
