package nonogram

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestLineLogZMatchesEnumeration checks a line's total weight against the
// sum, over every picture of the line that meets its clue, of the product
// of its cells' weights.
func TestLineLogZMatchesEnumeration(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 12))
	var lb lineBelief
	for iter := range 3000 {
		clue, in := randomWeightedLine(rng, iter%5 == 0)
		n := len(in)
		_, _, want := enumerateBelief(n, clue, in)
		got := lb.logZ(linePattern(clue), in)
		if want == 0 {
			if !math.IsInf(got, -1) {
				t.Fatalf("n %d clue %v weights %v: log Z %g, want -Inf (no placement has weight)", n, clue, in, got)
			}
			continue
		}
		if math.Abs(math.Exp(got)-want) > 1e-9*want {
			t.Fatalf("n %d clue %v weights %v: Z %.12g, enumeration %.12g", n, clue, in, math.Exp(got), want)
		}
	}
}

// TestBetheMatchesEnumeration checks the Bethe estimate against the same
// sum computed by enumeration, on random small puzzles with some cells
// known and random messages: for each line not wholly known, the log of
// the total weight of its pictures that meet its clue and the known
// cells, each cell weighted by the crossing line's message; less, for each
// unknown cell, the log of the agreement of its two messages.
func TestBetheMatchesEnumeration(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(13, 14))
	clip := func(m float64) float64 { return min(max(m, 1e-6), 1-1e-6) }
	for range 300 {
		w, h := 1+rng.IntN(8), 1+rng.IntN(8)
		pic := RandomGrid(rng, w, h, 0.3+0.4*rng.Float64())
		p := pic.Clues()
		g := newGrid(p)
		st := g.newState()
		known := make([]bool, w*h)
		for i := range known {
			if rng.Float64() < 0.4 {
				known[i] = true
				g.set(st, i/w, i%w, pic.Cells[i])
			}
		}
		b := g.newBeliefState()
		for i := range w * h {
			b.rowMsg[i], b.colMsg[i] = rng.Float64(), rng.Float64()
		}
		want := 0.0
		// A known cell weighs 1 or 0, as cellWeight has it.
		lineSum := func(n int, clue []int, cell func(k int) int, msg []float64) {
			allKnown := true
			in := make([]float64, n)
			for k := range n {
				i := cell(k)
				switch {
				case !known[i]:
					allKnown, in[k] = false, clip(msg[i])
				case pic.Cells[i]:
					in[k] = 1
				}
			}
			if !allKnown {
				_, _, total := enumerateBelief(n, clue, in)
				want += math.Log(total)
			}
		}
		for r := range h {
			lineSum(w, p.Rows[r], func(k int) int { return r*w + k }, b.colMsg)
		}
		for c := range w {
			lineSum(h, p.Cols[c], func(k int) int { return k*w + c }, b.rowMsg)
		}
		for i := range w * h {
			if !known[i] {
				x, y := clip(b.rowMsg[i]), clip(b.colMsg[i])
				want -= math.Log(x*y + (1-x)*(1-y))
			}
		}
		if got := b.bethe(st); math.Abs(got-want) > 1e-9*max(1, math.Abs(want)) {
			t.Fatalf("%d×%d rows %v cols %v: Bethe log Z %.12g, enumeration %.12g", h, w, p.Rows, p.Cols, got, want)
		}
	}
}
