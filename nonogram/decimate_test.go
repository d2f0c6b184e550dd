package nonogram

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestDecimateFindsPictures runs belief-guided decimation on random
// pictures: whatever it returns must meet the clues and extend the state it
// started from, which it must leave as it was; and on pictures of middling
// density, where it is meant to work, it must find a picture for most. It
// runs as the solver does, and with every round ranking its candidates by
// clamping (decimate_clamp.go).
func TestDecimateFindsPictures(t *testing.T) {
	t.Parallel()
	for _, from := range []int{decimationClampFrom, 0} {
		t.Run(fmt.Sprintf("clamp from round %d", from), func(t *testing.T) {
			t.Parallel()
			decimateFindsPictures(t, from)
		})
	}
}

func decimateFindsPictures(t *testing.T, clampFrom int) {
	rng := rand.New(rand.NewPCG(7, 8))
	found, tried := 0, 0
	for iter := range 60 {
		w, h := 5+rng.IntN(26), 5+rng.IntN(21)
		density := []float64{0.3, 0.4, 0.5}[iter%3]
		p := randomPuzzle(rng, w, h, density, iter%5 == 4)
		g := newGrid(p)
		g.decimationClampFrom = clampFrom
		pr := newPropagator(g)
		st := g.newState()
		pr.pushAll()
		if !pr.run(st) || st.unknown == 0 {
			continue
		}
		before := slices.Clone(st.bits)
		pic, _, stopped := g.decimate(pr, st, func() bool { return false }, nil)
		if stopped {
			t.Fatalf("%d×%d: stopped without being asked", h, w)
		}
		if !slices.Equal(before, st.bits) {
			t.Fatalf("%d×%d: decimate changed the state it was given", h, w)
		}
		if iter%5 != 4 {
			tried++
		}
		if pic == nil {
			continue
		}
		if iter%5 != 4 {
			found++
		}
		if !p.Satisfies(pic) {
			t.Fatalf("%d×%d rows %v cols %v: picture does not meet the clues:\n%s", h, w, p.Rows, p.Cols, pic)
		}
		for r := range h {
			for c := range w {
				if known, filled := g.cell(st, r, c); known && filled != pic.At(r, c) {
					t.Fatalf("%d×%d: picture differs from the state at r%dc%d", h, w, r+1, c+1)
				}
			}
		}
	}
	if found*10 < tried*9 {
		t.Errorf("found a picture for %d of %d puzzles that have one, want 90%%", found, tried)
	}
}

// TestSolveWithAndWithoutDecimation cross-checks the verdicts of the
// default search (decimation first) against clause learning alone on
// random puzzles too large for brute force.
func TestSolveWithAndWithoutDecimation(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(9, 10))
	for iter := range 40 {
		w, h := 8+rng.IntN(13), 8+rng.IntN(13)
		p := randomPuzzle(rng, w, h, []float64{0.35, 0.45, 0.55}[iter%3], iter%4 == 3)
		with, err := Solve(context.Background(), p, Options{quickNodes: 1})
		if err != nil {
			t.Fatal(err)
		}
		without, err := Solve(context.Background(), p, Options{quickNodes: 1, noDecimation: true})
		if err != nil {
			t.Fatal(err)
		}
		if with.Status != without.Status {
			t.Fatalf("%d×%d rows %v cols %v: %v with decimation, %v without", h, w, p.Rows, p.Cols, with.Status, without.Status)
		}
		for _, g := range with.Solutions {
			if !p.Satisfies(g) {
				t.Fatalf("%d×%d: picture does not meet the clues:\n%s", h, w, g)
			}
		}
		if len(with.Solutions) == 2 && with.Solutions[0].String() == with.Solutions[1].String() {
			t.Fatalf("%d×%d: the same picture twice", h, w)
		}
	}
}

// TestClampRank asks clampRank about every unknown cell of random puzzles
// after line solving: a cell that line solving refutes one way must come
// before every cell it does not, fixed the other way.
func TestClampRank(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(9, 10))
	refuted := 0
	for iter := range 200 {
		w, h := 4+rng.IntN(12), 4+rng.IntN(12)
		p := randomPuzzle(rng, w, h, []float64{0.3, 0.45, 0.6}[iter%3], false)
		g := newGrid(p)
		pr := newPropagator(g)
		st := g.newState()
		pr.pushAll()
		if !pr.run(st) || st.unknown == 0 {
			continue
		}
		var pick []int
		for i := range w * h {
			if known, _ := g.cell(st, i/w, i%w); !known {
				pick = append(pick, i)
			}
		}
		forced := map[int]bool{} // cell → the only way line solving allows
		try := g.newState()
		for _, i := range pick {
			var ok [2]bool
			for v := range 2 {
				try.copyFrom(st)
				pr.setCell(try, i/w, i%w, v == 1)
				ok[v] = pr.run(try)
			}
			if ok[0] != ok[1] {
				forced[i] = ok[1]
			}
		}
		b := g.newBeliefState()
		b.run(st, 5)
		ranked := g.clampRank(pr, g.newClamper(), b, st, slices.Clone(pick), len(pick))
		if len(ranked) != len(pick) {
			t.Fatalf("%d×%d: %d cells ranked of %d", h, w, len(ranked), len(pick))
		}
		for k, i := range ranked {
			way, ok := forced[i]
			if k < len(forced) != ok {
				t.Fatalf("%d×%d: cell %d ranked %d, refuted one way %v, %d such cells", h, w, i, k, ok, len(forced))
			}
			if ok && (b.belief[i] == 1) != way {
				t.Fatalf("%d×%d: cell %d set to %v, but line solving refutes that", h, w, i, b.belief[i])
			}
		}
		refuted += len(forced)
	}
	if refuted == 0 {
		t.Error("no cell was refuted one way: the test asks nothing")
	}
}
