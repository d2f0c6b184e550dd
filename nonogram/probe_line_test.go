package nonogram

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// The placement enumerator and counter against brute force over the
// unknown cells.
func TestPlacementsMatchEnumeration(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(9, 10))
	var enum placements
	var counter placementCounter
	for range 5000 {
		n := 1 + rng.IntN(20)
		c := randomLineCase(rng, n, 10, []float64{0.3, 0.5, 0.8}[rng.IntN(3)], 0.2)
		black, white := c.words()
		var want []uint64
		unknown := []int{}
		for i, v := range c.cells {
			if v == lineUnknown {
				unknown = append(unknown, i)
			}
		}
		for m := 0; m < 1<<len(unknown); m++ {
			line := make([]bool, n)
			var mask uint64
			for i, v := range c.cells {
				line[i] = v == lineFilled
			}
			for b, i := range unknown {
				line[i] = m>>b&1 == 1
			}
			for i, f := range line {
				if f {
					mask |= 1 << i
				}
			}
			if slices.Equal(lineClue(line), c.clue) {
				want = append(want, mask)
			}
		}
		got, complete := enum.list(n, c.clue, black[0], white[0], 1<<20)
		if !complete {
			t.Fatal("limit reached")
		}
		got = slices.Clone(got)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("clue %v cells %v: %d placements, want %d", c.clue, c.cells, len(got), len(want))
		}
		if k := counter.count(n, c.clue, black[0], white[0], 1<<20); k != len(want) {
			t.Fatalf("clue %v cells %v: counted %d placements, want %d", c.clue, c.cells, k, len(want))
		}
		if len(want) > 3 {
			if _, complete := enum.list(n, c.clue, black[0], white[0], 3); complete {
				t.Fatalf("limit 3 not honoured with %d placements", len(want))
			}
			if k := counter.count(n, c.clue, black[0], white[0], 3); k != 4 {
				t.Fatalf("count limit 3 gave %d", k)
			}
		}
	}
}

// Line probing alone must never change the answer: solve random puzzles
// with thorough line probing at every node and compare with brute force.
func TestLineProbingIsSound(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 12))
	for iter := range 300 {
		w, h := 2+rng.IntN(6), 2+rng.IntN(6)
		p := randomPuzzle(rng, w, h, 0.5, iter%3 == 0)
		want := bruteCount(p, 1000)
		res, err := Solve(context.Background(), p, Options{Limit: -1, lineProbeEverywhere: true})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(gridKeys(res.Solutions), gridKeys(want)) {
			t.Fatalf("rows %v cols %v: %d solutions, brute force %d", p.Rows, p.Cols, len(res.Solutions), len(want))
		}
	}
}
