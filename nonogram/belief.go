package nonogram

import "math"

// Belief propagation: an estimate, for every cell, of how likely it is to
// be filled in a picture, for choosing which way to guess a cell. Each line
// is a factor over its cells, the automaton of its clue (the pattern
// 0* 1^L1 0+ 1^L2 ... 0*); a forward-backward pass over the automaton with
// the messages of the crossing lines as cell weights gives the weight of
// the placements that fill each cell and of those that leave it empty,
// without the cell's own weight (the message the line sends back). Rows and
// columns send messages in turn, damped, for a fixed number of rounds (the
// sum-product algorithm; Kschischang, Frey and Loeliger, "Factor graphs and
// the sum-product algorithm", IEEE Trans. Inf. Theory 47(2), 2001). On a
// picture without a unique solution the estimate is rough, but it points
// the first guesses of a search toward the region where pictures are, which
// on random pictures of middling density is what decides whether a
// picture is found at all.

// lineBelief is the scratch space of the forward-backward pass of one line.
type lineBelief struct {
	fwd, bwd []float64
}

// linePattern returns the states of the automaton of clue, the pattern
// 0 1^L1 0 1^L2 ... 1^Lk 0: true for a filled cell. A state of an empty
// cell may repeat; the first and the last may also be skipped.
func linePattern(clue []int) []bool {
	p := []bool{false}
	for _, l := range clue {
		for range l {
			p = append(p, true)
		}
		p = append(p, false)
	}
	return p
}

// beliefState holds the messages of belief propagation between calls, so
// that a search can refine them as cells become known.
type beliefState struct {
	g *grid
	// rowMsg[i] and colMsg[i]: the probability of "filled" that the row
	// (column) of cell i tells it, from the rest of that line.
	rowMsg, colMsg []float64
	belief         []float64
	patterns       [][]bool // per line
	lb             lineBelief
	in, out        []float64
}

func (g *grid) newBeliefState() *beliefState {
	n := g.w * g.h
	b := &beliefState{g: g, rowMsg: make([]float64, n), colMsg: make([]float64, n), belief: make([]float64, n),
		in: make([]float64, max(g.w, g.h)), out: make([]float64, max(g.w, g.h))}
	for _, clue := range g.clues {
		b.patterns = append(b.patterns, linePattern(clue))
	}
	for i := range n {
		b.rowMsg[i], b.colMsg[i] = 0.5, 0.5
	}
	return b
}

// run runs rounds of belief propagation from the messages held, with the
// cells of st fixed, and updates b.belief.
func (b *beliefState) run(st *state, rounds int) {
	g := b.g
	in, out := b.in, b.out
	known := func(r, c int) (bool, bool) { return g.cell(st, r, c) }
	const damping = 0.5
	for range rounds {
		for r := range g.h {
			if g.lineKnown(st, r) {
				continue
			}
			for c := range g.w {
				in[c] = cellWeight(known, r, c, b.colMsg[r*g.w+c])
			}
			if !b.lb.solve(b.patterns[r], in[:g.w], out[:g.w]) {
				continue
			}
			for c := range g.w {
				i := r*g.w + c
				b.rowMsg[i] = damping*b.rowMsg[i] + (1-damping)*out[c]
			}
		}
		for c := range g.w {
			if g.lineKnown(st, g.h+c) {
				continue
			}
			for r := range g.h {
				in[r] = cellWeight(known, r, c, b.rowMsg[r*g.w+c])
			}
			if !b.lb.solve(b.patterns[g.h+c], in[:g.h], out[:g.h]) {
				continue
			}
			for r := range g.h {
				i := r*g.w + c
				b.colMsg[i] = damping*b.colMsg[i] + (1-damping)*out[r]
			}
		}
	}
	for r := range g.h {
		for c := range g.w {
			i := r*g.w + c
			if k, f := known(r, c); k {
				b.belief[i] = 0
				if f {
					b.belief[i] = 1
				}
				continue
			}
			x, y := b.rowMsg[i]*b.colMsg[i], (1-b.rowMsg[i])*(1-b.colMsg[i])
			if x+y > 0 {
				b.belief[i] = x / (x + y)
			} else {
				b.belief[i] = 0.5
			}
		}
	}
}

// lineKnown reports whether every cell of line l is known in st; such a
// line sends no message that matters.
func (g *grid) lineKnown(st *state, l int) bool {
	black, white := g.lineBits(st, l)
	n := g.lineLen(l)
	for i := range black {
		want := ^uint64(0)
		if i == len(black)-1 && n%64 != 0 {
			want = 1<<(n%64) - 1
		}
		if black[i]|white[i] != want {
			return false
		}
	}
	return true
}

// cellWeight is the weight of "filled" that a line gets for cell (r, c):
// certain for a known cell, else the crossing line's message, kept away
// from 0 and 1 so that no placement's weight vanishes for good.
func cellWeight(known func(r, c int) (bool, bool), r, c int, msg float64) float64 {
	if k, f := known(r, c); k {
		if f {
			return 1
		}
		return 0
	}
	return min(max(msg, 1e-6), 1-1e-6)
}

// solve sets out[i] to the probability that cell i is filled over the
// placements of the line whose automaton is P (linePattern), each
// weighted by the product of the weights of its other cells (in[j] for
// filled, 1-in[j] for empty). It reports false when no placement has
// weight.
//
// Every state t > 0 is entered from t-1 by one cell, filled if state t is
// filled and empty otherwise, and an empty state may also repeat on an
// empty cell. So after i cells the automaton is in a state from
// max(0, S-2-(n-i)) to min(i, S-1): it has taken at most one step per
// cell, and it still needs one per cell to reach S-2, the last filled
// state, or S-1. fwd[i][t] is the weight of the first i cells ending in
// state t, bwd[i][t] that of cells i.. from state t; both are scaled to
// sum 1 at each i, which leaves the ratio out[i] unchanged.
func (lb *lineBelief) solve(P []bool, in, out []float64) bool {
	S, n := len(P), len(in)
	if _, ok := lb.forward(P, in, false); !ok {
		return false
	}
	fwd, bwd := lb.fwd[:(n+1)*S], lb.bwd[:(n+1)*S]
	lo := func(i int) int { return max(0, S-2-(n-i)) }
	hi := func(i int) int { return min(i, S-1) }
	// Outside the window the table must read 0.
	clear(bwd)
	last := bwd[n*S : (n+1)*S]
	last[S-1] = 1
	if S >= 2 {
		last[S-2] = 1
	}
	for i := n - 1; i >= 0; i-- {
		b, nb := bwd[i*S:(i+1)*S], bwd[(i+1)*S:(i+2)*S]
		w1 := in[i]
		w0 := 1 - w1
		sum := 0.0
		for t := lo(i); t <= hi(i); t++ {
			x := 0.0
			if t+1 < S {
				if P[t+1] {
					x = w1 * nb[t+1]
				} else {
					x = w0 * nb[t+1]
				}
			}
			if !P[t] {
				x += w0 * nb[t]
			}
			b[t] = x
			sum += x
		}
		if sum == 0 {
			return false
		}
		inv := 1 / sum
		for t := lo(i); t <= hi(i); t++ {
			b[t] *= inv
		}
	}
	for i := range n {
		f, nb := fwd[i*S:(i+1)*S], bwd[(i+1)*S:(i+2)*S]
		var z0, z1 float64
		for t := lo(i); t <= hi(i); t++ {
			x := f[t]
			if t+1 < S {
				if P[t+1] {
					z1 += x * nb[t+1]
				} else {
					z0 += x * nb[t+1]
				}
			}
			if !P[t] {
				z0 += x * nb[t]
			}
		}
		if z0+z1 == 0 {
			return false
		}
		out[i] = z1 / (z0 + z1)
	}
	return true
}

// forward is the forward pass of solve: it fills lb.fwd, scaled to sum 1
// at each cell, and reports false when no placement has weight. With
// wantLog it also returns the log of the line's total weight (logZ in
// belief_bethe.go): the sum of the logs of the scale factors and of the
// weight left in the accepting states.
func (lb *lineBelief) forward(P []bool, in []float64, wantLog bool) (logZ float64, ok bool) {
	S, n := len(P), len(in)
	if cap(lb.fwd) < (n+1)*S {
		lb.fwd = make([]float64, (n+1)*S)
		lb.bwd = make([]float64, (n+1)*S)
	}
	if S-2 > n {
		return 0, false
	}
	fwd := lb.fwd[:(n+1)*S]
	lo := func(i int) int { return max(0, S-2-(n-i)) }
	hi := func(i int) int { return min(i, S-1) }
	// Outside the window the table must read 0.
	clear(fwd)
	fwd[0] = 1
	for i := range n {
		f, nf := fwd[i*S:(i+1)*S], fwd[(i+1)*S:(i+2)*S]
		w1 := in[i]
		w0 := 1 - w1
		sum := 0.0
		for t := lo(i + 1); t <= hi(i+1); t++ {
			x := 0.0
			if t > 0 {
				if P[t] {
					x = f[t-1] * w1
				} else {
					x = f[t-1] * w0
				}
			}
			if !P[t] {
				x += f[t] * w0
			}
			nf[t] = x
			sum += x
		}
		if sum == 0 {
			return 0, false
		}
		inv := 1 / sum
		for t := lo(i + 1); t <= hi(i+1); t++ {
			nf[t] *= inv
		}
		if wantLog {
			logZ += math.Log(sum)
		}
	}
	end := fwd[n*S+S-1]
	if S >= 2 {
		end += fwd[n*S+S-2]
	}
	if end == 0 {
		return 0, false
	}
	if wantLog {
		logZ += math.Log(end)
	}
	return logZ, true
}
