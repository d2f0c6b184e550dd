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
// cells' weights (in[j] for filled, 1-in[j] for empty): the forward pass
// of solve, with its scale factors kept. It is -Inf when no placement has
// weight.
func (lb *lineBelief) logZ(P []bool, in []float64) float64 {
	S, n := len(P), len(in)
	if S-2 > n {
		return math.Inf(-1)
	}
	if cap(lb.fwd) < (n+1)*S {
		lb.fwd = make([]float64, (n+1)*S)
		lb.bwd = make([]float64, (n+1)*S)
	}
	fwd := lb.fwd[:(n+1)*S]
	lo := func(i int) int { return max(0, S-2-(n-i)) }
	hi := func(i int) int { return min(i, S-1) }
	clear(fwd)
	fwd[0] = 1
	logZ := 0.0
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
			return math.Inf(-1)
		}
		inv := 1 / sum
		for t := lo(i + 1); t <= hi(i+1); t++ {
			nf[t] *= inv
		}
		logZ += math.Log(sum)
	}
	end := fwd[n*S+S-1]
	if S >= 2 {
		end += fwd[n*S+S-2]
	}
	if end == 0 {
		return math.Inf(-1)
	}
	return logZ + math.Log(end)
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
