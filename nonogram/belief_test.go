package nonogram

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestLineBeliefMatchesEnumeration checks the forward-backward pass against
// the sum, over every picture of the line that meets its clue, of the
// product of the other cells' weights.
func TestLineBeliefMatchesEnumeration(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	var lb lineBelief
	for iter := range 3000 {
		clue, in := randomWeightedLine(rng, iter%5 == 0)
		n := len(in)
		want, wantOK, _ := enumerateBelief(n, clue, in)
		out := make([]float64, n)
		ok := lb.solve(linePattern(clue), in, out)
		if ok != wantOK {
			t.Fatalf("n %d clue %v weights %v: ok %v, enumeration %v", n, clue, in, ok, wantOK)
		}
		if !ok {
			continue
		}
		for i := range n {
			if math.Abs(out[i]-want[i]) > 1e-9 {
				t.Fatalf("n %d clue %v weights %v: cell %d %.12f, enumeration %.12f", n, clue, in, i, out[i], want[i])
			}
		}
	}
}

// randomWeightedLine returns the clue of a random line of 1 to 12 cells, one
// of its blocks lengthened when impossible is set (often no placement at
// all), and random weights for its cells: 0, 1 or between.
func randomWeightedLine(rng *rand.Rand, impossible bool) (clue []int, in []float64) {
	n := 1 + rng.IntN(12)
	line := make([]bool, n)
	for i := range line {
		line[i] = rng.Float64() < 0.5
	}
	clue = runsOf(line)
	if impossible && len(clue) > 0 {
		clue[rng.IntN(len(clue))]++
	}
	in = make([]float64, n)
	for i := range in {
		switch rng.IntN(4) {
		case 0:
			in[i] = 0
		case 1:
			in[i] = 1
		default:
			in[i] = rng.Float64()
		}
	}
	return clue, in
}

// runsOf returns the clue of a line.
func runsOf(line []bool) []int {
	var runs []int
	run := 0
	for _, f := range append(line, false) {
		if f {
			run++
		} else if run > 0 {
			runs = append(runs, run)
			run = 0
		}
	}
	return runs
}

// enumerateBelief is the oracle: for each cell, the weight of the pictures
// that meet clue with the cell filled, over that of all of them, each
// picture weighted by its other cells; and total, the weight of all of
// them with every cell counted. ok is false when total is 0.
func enumerateBelief(n int, clue []int, in []float64) (out []float64, ok bool, total float64) {
	z0, z1 := make([]float64, n), make([]float64, n)
	line := make([]bool, n)
	for m := range 1 << n {
		for i := range n {
			line[i] = m>>i&1 == 1
		}
		if !slices.Equal(runsOf(line), clue) {
			continue
		}
		all := 1.0
		for j := range n {
			if line[j] {
				all *= in[j]
			} else {
				all *= 1 - in[j]
			}
		}
		total += all
		for i := range n {
			w := 1.0
			for j := range n {
				if j == i {
					continue
				}
				if line[j] {
					w *= in[j]
				} else {
					w *= 1 - in[j]
				}
			}
			if line[i] {
				z1[i] += w
			} else {
				z0[i] += w
			}
		}
	}
	if total == 0 {
		return nil, false, 0
	}
	out = make([]float64, n)
	for i := range n {
		out[i] = z1[i] / (z0[i] + z1[i])
	}
	return out, true, total
}
