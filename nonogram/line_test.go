package nonogram

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// lineCase is a line with some cells known; the oracle enumerates every
// assignment of the unknown cells and keeps those that match the clue.
type lineCase struct {
	clue  []int
	cells []lineCell
}

// enumerate returns, by brute force, whether the line can be completed and
// which cells are filled (resp. empty) in every completion.
func (c lineCase) enumerate() (ok bool, fill, empty []bool) {
	n := len(c.cells)
	var unknown []int
	for i, v := range c.cells {
		if v == lineUnknown {
			unknown = append(unknown, i)
		}
	}
	line := make([]bool, n)
	for i, v := range c.cells {
		line[i] = v == lineFilled
	}
	fill = make([]bool, n)
	empty = make([]bool, n)
	for i := range n {
		fill[i], empty[i] = true, true
	}
	for m := 0; m < 1<<len(unknown); m++ {
		for b, i := range unknown {
			line[i] = m>>b&1 == 1
		}
		if !slices.Equal(lineClue(line), c.clue) {
			continue
		}
		ok = true
		for i, f := range line {
			if f {
				empty[i] = false
			} else {
				fill[i] = false
			}
		}
	}
	return ok, fill, empty
}

// randomLineCase makes a line of n cells from a random picture, reveals some
// cells and, with probability noise, flips one revealed cell so that the
// line may become contradictory. At most maxUnknown cells stay unknown.
func randomLineCase(rng *rand.Rand, n, maxUnknown int, density, noise float64) lineCase {
	line := make([]bool, n)
	for i := range line {
		line[i] = rng.Float64() < density
	}
	c := lineCase{clue: lineClue(line), cells: make([]lineCell, n)}
	unknown := 0
	for _, i := range rng.Perm(n) {
		if unknown < maxUnknown && rng.IntN(3) != 0 {
			unknown++
			continue
		}
		if line[i] {
			c.cells[i] = lineFilled
		} else {
			c.cells[i] = lineEmpty
		}
	}
	if rng.Float64() < noise {
		i := rng.IntN(n)
		if c.cells[i] == lineFilled {
			c.cells[i] = lineEmpty
		} else if c.cells[i] == lineEmpty {
			c.cells[i] = lineFilled
		}
	}
	return c
}

func (c lineCase) words() (black, white []uint64) {
	nw := (len(c.cells) + 63) / 64
	black, white = make([]uint64, nw), make([]uint64, nw)
	for i, v := range c.cells {
		switch v {
		case lineFilled:
			black[i/64] |= 1 << (i % 64)
		case lineEmpty:
			white[i/64] |= 1 << (i % 64)
		}
	}
	return black, white
}

func bitsToBools(w []uint64, n int) []bool {
	b := make([]bool, n)
	for i := range b {
		b[i] = w[i/64]>>(i%64)&1 == 1
	}
	return b
}

func TestCompleteLineSolverMatchesEnumeration(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	var multi lineSolverN
	var slackSolver slackLine
	var trimmer lineTrimmer
	feasible, infeasible, slackLines := 0, 0, 0
	for iter := range 20000 {
		n := 1 + rng.IntN(63)
		if iter%4 == 0 {
			n = 60 + rng.IntN(150) // multi-word lines, crossing word edges
		}
		density := []float64{0.3, 0.5, 0.7, 0.9, 0.97}[rng.IntN(5)]
		c := randomLineCase(rng, n, 10, density, 0.2)
		ok, fill, empty := c.enumerate()
		if ok {
			feasible++
		} else {
			infeasible++
		}
		black, white := c.words()
		gotFill, gotEmpty := make([]uint64, len(black)), make([]uint64, len(black))
		gotOK := multi.solve(n, c.clue, black, white, gotFill, gotEmpty)
		check := func(solver string, gotOK bool, gotFill, gotEmpty []bool) {
			t.Helper()
			if gotOK != ok {
				t.Fatalf("%s: clue %v cells %v: ok = %v, enumeration says %v", solver, c.clue, c.cells, gotOK, ok)
			}
			if ok && (!slices.Equal(gotFill, fill) || !slices.Equal(gotEmpty, empty)) {
				t.Fatalf("%s: clue %v cells %v:\nfill  %v\nwant  %v\nempty %v\nwant  %v", solver, c.clue, c.cells, gotFill, fill, gotEmpty, empty)
			}
		}
		check("multi-word", gotOK, bitsToBools(gotFill, n), bitsToBools(gotEmpty, n))
		pr := newPropagator(newGrid(&Puzzle{Rows: [][]int{{1}}, Cols: [][]int{{1}}}))
		gotOK = trimmer.solve(pr, n, c.clue, black, white, gotFill, gotEmpty)
		if gotOK {
			for i := range gotFill { // the trimmed ends come back unset
				gotFill[i] |= black[i]
				gotEmpty[i] |= white[i]
			}
		}
		check("trimmed", gotOK, bitsToBools(gotFill, n), bitsToBools(gotEmpty, n))
		if len(c.clue) > 0 && slack(n, c.clue) <= maxSlackWord {
			slackLines++
			gotOK := slackSolver.solve(n, c.clue, black, white, gotFill, gotEmpty)
			check("slack", gotOK, bitsToBools(gotFill, n), bitsToBools(gotEmpty, n))
		}
		if n <= 63 {
			f, e, ok1 := solveLine1(n, c.clue, black[0], white[0])
			check("one-word", ok1, bitsToBools([]uint64{f}, n), bitsToBools([]uint64{e}, n))
			if fits := lineFits1(n, c.clue, black[0], white[0]); fits != ok {
				t.Fatalf("lineFits1: clue %v cells %v: %v, enumeration says %v", c.clue, c.cells, fits, ok)
			}
		}
	}
	if feasible < 1000 || infeasible < 1000 || slackLines < 3000 {
		t.Fatalf("weak sample: %d feasible, %d contradictory lines, %d for the slack solver", feasible, infeasible, slackLines)
	}
}

func TestClassicLineIsSoundAndFindsOverlap(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	var classic classicLine
	found := 0
	for range 20000 {
		n := 1 + rng.IntN(40)
		c := randomLineCase(rng, n, 10, []float64{0.3, 0.6, 0.8}[rng.IntN(3)], 0.1)
		ok, fill, empty := c.enumerate()
		out := make([]lineCell, n)
		gotOK := classic.solve(c.clue, c.cells, out)
		if gotOK != ok {
			// The classic method checks only that runs can be placed, which is
			// exact: a left-most placement exists iff any placement does.
			t.Fatalf("clue %v cells %v: ok = %v, enumeration says %v", c.clue, c.cells, gotOK, ok)
		}
		if !ok {
			continue
		}
		for i, v := range out {
			if (v == lineFilled && !fill[i]) || (v == lineEmpty && !empty[i]) {
				t.Fatalf("clue %v cells %v: classic fixed cell %d to %v unsoundly", c.clue, c.cells, i, v)
			}
			if v != lineUnknown && c.cells[i] == lineUnknown {
				found++
			}
		}
	}
	if found == 0 {
		t.Fatal("classic method never fixed an unknown cell")
	}
}

// On an empty line the classic overlap is the textbook rule: a run of
// length l in a line with slack s = n - (sum + gaps) fills l - s cells.
func TestClassicOverlapOnEmptyLine(t *testing.T) {
	var classic classicLine
	cells := make([]lineCell, 10)
	out := make([]lineCell, 10)
	if !classic.solve([]int{8}, cells, out) {
		t.Fatal("no placement for 8 in 10")
	}
	want := []lineCell{0, 0, 2, 2, 2, 2, 2, 2, 0, 0}
	if !slices.Equal(out, want) {
		t.Fatalf("8 in 10: got %v, want %v", out, want)
	}
	if !classic.solve([]int{3, 5}, cells[:9], out[:9]) {
		t.Fatal("no placement for 3 5 in 9")
	}
	if want := []lineCell{2, 2, 2, 1, 2, 2, 2, 2, 2}; !slices.Equal(out[:9], want) {
		t.Fatalf("3 5 in 9: got %v, want %v", out[:9], want)
	}
}

// TestFillRightMatchesLoop checks the carry-chain fillRight against the
// definition, cell by cell from the bottom, on random words of sparse and
// dense seeds and pass bits and on the corners (bit 63, all pass, no pass).
func TestFillRightMatchesLoop(t *testing.T) {
	t.Parallel()
	slow := func(seed, pass uint64) uint64 {
		var x uint64
		for i := range 64 {
			bit := uint64(1) << i
			if seed&bit != 0 || pass&bit != 0 && i > 0 && x&(bit>>1) != 0 {
				x |= bit
			}
		}
		return x
	}
	rng := rand.New(rand.NewPCG(3, 4))
	cases := [][2]uint64{{0, 0}, {1, ^uint64(0)}, {1 << 63, ^uint64(0)}, {1 << 62, 1 << 63}, {^uint64(0), 0}, {1, 0}}
	for range 100000 {
		a, b := rng.Uint64(), rng.Uint64()
		switch rng.IntN(4) {
		case 0:
			a &= rng.Uint64() & rng.Uint64()
		case 1:
			b |= rng.Uint64() | rng.Uint64()
		}
		cases = append(cases, [2]uint64{a, b})
	}
	for _, c := range cases {
		if got, want := fillRight(c[0], c[1]), slow(c[0], c[1]); got != want {
			t.Fatalf("fillRight(%#x, %#x) = %#x, want %#x", c[0], c[1], got, want)
		}
	}
}
