package nonogram

import "math"

// The Bethe estimate of the weight of all pictures: from the messages of
// belief propagation (belief.go), log Z ≈ Σ over lines of the log of the
// line's total weight under the messages its cells receive, minus Σ over
// unknown cells of the log of the agreement of the two messages the cell
// holds (Yedidia, Freeman and Weiss, "Constructing free-energy
// approximations and generalized belief propagation algorithms", IEEE
// Trans. Inf. Theory 51(7), 2005: each cell lies in two factors, its row
// and its column, so the terms of the cells and of the edges reduce to
// one per cell). On a factor graph without loops, with converged messages,
// the estimate is exact: Z is then the number of pictures that complete
// the state. Decimation compares it with a cell fixed each way
// (decimate_clamp.go).

// logZ returns the log of the total weight of the placements of the line
// whose automaton is P (linePattern), each weighted by the product of its
// cells' weights (in[j] for filled, 1-in[j] for empty), from the forward
// pass of solve. It is -Inf when no placement has weight.
func (lb *lineBelief) logZ(P []bool, in []float64) float64 {
	logZ, ok := lb.forward(P, in, true)
	if !ok {
		return math.Inf(-1)
	}
	return logZ
}

// bethe returns the Bethe estimate of log Z from b's messages, with the
// cells of st fixed. Lines whose cells are all known contribute nothing
// (their weight is 1 or the state is contradictory, which propagation
// has ruled out).
func (b *beliefState) bethe(st *state) float64 {
	g := b.g
	known := func(r, c int) (bool, bool) { return g.cell(st, r, c) }
	in := b.in
	logZ := 0.0
	for r := range g.h {
		if g.lineKnown(st, r) {
			continue
		}
		for c := range g.w {
			in[c] = cellWeight(known, r, c, b.colMsg[r*g.w+c])
		}
		logZ += b.lb.logZ(b.patterns[r], in[:g.w])
	}
	for c := range g.w {
		if g.lineKnown(st, g.h+c) {
			continue
		}
		for r := range g.h {
			in[r] = cellWeight(known, r, c, b.rowMsg[r*g.w+c])
		}
		logZ += b.lb.logZ(b.patterns[g.h+c], in[:g.h])
	}
	for r := range g.h {
		for c := range g.w {
			if k, _ := known(r, c); k {
				continue
			}
			i := r*g.w + c
			x := cellWeight(known, r, c, b.rowMsg[i])
			y := cellWeight(known, r, c, b.colMsg[i])
			logZ -= math.Log(x*y + (1-x)*(1-y))
		}
	}
	return logZ
}
