package nonogram

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestDecimateFindsPictures runs belief-guided decimation on random
// pictures: whatever it returns must meet the clues and extend the state it
// started from, which it must leave as it was; and on pictures of middling
// density, where it is meant to work, it must find a picture for most.
func TestDecimateFindsPictures(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 8))
	found, tried := 0, 0
	for iter := range 60 {
		w, h := 5+rng.IntN(26), 5+rng.IntN(21)
		density := []float64{0.3, 0.4, 0.5}[iter%3]
		p := randomPuzzle(rng, w, h, density, iter%5 == 4)
		g := newGrid(p)
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
