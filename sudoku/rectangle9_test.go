package sudoku

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"
)

// rect9Key orders rectangles as rectangle9.go says: those of two rows of a
// band first, by rows then columns; then those of two columns of a stack,
// by columns then rows. r1 < r2 and c1 < c2.
func rect9Key(r1, r2, c1, c2 int) [5]int {
	if r1/3 == r2/3 {
		return [5]int{0, r1, r2, c1, c2}
	}
	return [5]int{1, c1, c2, r1, r2}
}

// rect9Oracle lists every deadly rectangle of sol free of givens by brute
// force over all pairs of rows and of columns, independently of the table:
// four cells in exactly two boxes, the digits crossed, none given.
func rect9Oracle(sol, cells *[81]uint8) [][5]int {
	var found [][5]int
	for r1 := range 9 {
		for r2 := r1 + 1; r2 < 9; r2++ {
			for c1 := range 9 {
				for c2 := c1 + 1; c2 < 9; c2++ {
					four := []int{9*r1 + c1, 9*r1 + c2, 9*r2 + c1, 9*r2 + c2}
					boxes := map[int]bool{}
					given := false
					for _, i := range four {
						boxes[i/27*3+i%9/3] = true
						given = given || cells[i] != 0
					}
					if len(boxes) == 2 && !given && sol[four[0]] == sol[four[3]] && sol[four[1]] == sol[four[2]] {
						found = append(found, rect9Key(r1, r2, c1, c2))
					}
				}
			}
		}
	}
	slices.SortFunc(found, func(a, b [5]int) int { return slices.Compare(a[:], b[:]) })
	return found
}

// TestRectangle9 checks both implementations of the search for a deadly
// rectangle against the brute-force oracle on random grids with givens of
// every density: the same first rectangle, and the exchanged grid a second
// solution of the puzzle that differs in those four cells.
func TestRectangle9(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 4))
	tab := rect9()
	var some, none int
	for n := range 3000 {
		sol := (*[81]uint8)(s9RandomGrid(rng))
		var cells [81]uint8
		density := n % 30 * 3 // percent
		for i := range cells {
			if rng.IntN(100) < density {
				cells[i] = sol[i]
			}
		}
		want := rect9Oracle(sol, &cells)
		got := rectangle9Go(sol, &cells)
		if rectangle9Wide {
			if wide := rectangle9AVX512(sol, &cells, tab); wide != got {
				t.Fatalf("grid %d: AVX-512 slot %d, Go slot %d", n, wide, got)
			}
		}
		if len(want) == 0 {
			none++
			if got != -1 {
				t.Fatalf("grid %d: slot %d, but no rectangle is free of givens", n, got)
			}
			continue
		}
		some++
		if got < 0 || got >= rect9Used {
			t.Fatalf("grid %d: slot %d, want the rectangle %v", n, got, want[0])
		}
		a, b := int(tab.a[got]), int(tab.b[got])
		if key := rect9Key(a/9, b/9, a%9, b%9); key != want[0] {
			t.Fatalf("grid %d: slot %d is the rectangle %v, want the first %v of %v", n, got, key, want[0], want)
		}
		var out [81]uint8
		if !secondBySwap9(&cells, sol, &out) {
			t.Fatalf("grid %d: no second solution", n)
		}
		p := &Puzzle{Box: 3, Cells: cells[:]}
		diff := 0
		for i := range out {
			if out[i] != sol[i] {
				diff++
			}
		}
		if !p.IsSolutionOf(out[:]) || diff != 4 {
			t.Fatalf("grid %d: the exchange differs in %d cells, a solution: %v", n, diff, p.IsSolutionOf(out[:]))
		}
	}
	if some < 500 || none < 500 {
		t.Fatalf("too few grids with (%d) or without (%d) a rectangle", some, none)
	}
}

// TestRectangle9Slots holds the table to its order: each used slot a
// rectangle's cells in two boxes, in the order of rect9Key, every cross
// pair once.
func TestRectangle9Slots(t *testing.T) {
	tab := rect9()
	var prev [5]int
	for i := range rect9Used {
		a, b, c, d := int(tab.a[i]), int(tab.b[i]), int(tab.c[i]), int(tab.d[i])
		r1, c1, r2, c2 := a/9, a%9, b/9, b%9
		crossed := c == 9*r2+c1 && d == 9*r1+c2 || c == 9*r1+c2 && d == 9*r2+c1
		if !crossed || r1 >= r2 || c1 >= c2 || (r1/3 == r2/3) == (c1/3 == c2/3) || a/9 != d/9 && a%9 != d%9 {
			t.Fatalf("slot %d: cells %d %d %d %d are not a rectangle in two boxes", i, a, b, c, d)
		}
		key := rect9Key(r1, r2, c1, c2)
		if i > 0 && slices.Compare(prev[:], key[:]) >= 0 {
			t.Fatalf("slot %d: %v after %v", i, key, prev)
		}
		prev = key
	}
}

// TestSolve9SecondBySwap solves puzzles with several solutions, limit 2:
// two different solutions of the puzzle each time, as many as the oracle
// counts, the second the exchange of the first whenever the first has a
// rectangle free of givens, and the search used on the others.
func TestSolve9SecondBySwap(t *testing.T) {
	if !rectangle9Wide {
		t.Skip("no AVX-512: the search does not use the exchange")
	}
	check := func(t *testing.T, ps []*Puzzle) {
		var swapped, searched int
		for _, p := range ps {
			r, err := solve9x9(context.Background(), p, 2)
			if err != nil {
				t.Fatal(err)
			}
			if want := s9Count(p.Cells, 2); len(r.Solutions) != want {
				t.Fatalf("line %d: %d solutions, the oracle %d", p.Line, len(r.Solutions), want)
			}
			if len(r.Solutions) < 2 {
				continue
			}
			a, b := r.Solutions[0], r.Solutions[1]
			if !p.IsSolutionOf(a) || !p.IsSolutionOf(b) || slices.Equal(a, b) {
				t.Fatalf("line %d: not two different solutions: %v %v", p.Line, a, b)
			}
			var out [81]uint8
			if secondBySwap9((*[81]uint8)(p.Cells), (*[81]uint8)(a), &out) {
				if !slices.Equal(out[:], b) {
					t.Fatalf("line %d: the second solution is not the exchange of the first", p.Line)
				}
				swapped++
			} else {
				searched++
			}
		}
		if swapped < 100 || searched < 50 {
			t.Fatalf("too few second solutions by exchange (%d) or by search (%d)", swapped, searched)
		}
	}
	t.Run("random", func(t *testing.T) {
		rng := rand.New(rand.NewPCG(9, 5))
		var ps []*Puzzle
		for range 600 {
			ps = append(ps, s9RandomPuzzle(rng, 50+rng.IntN(20)))
		}
		check(t, ps)
	})
	t.Run("serg", func(t *testing.T) {
		all := sharedPuzzles(t, filepath.Join("tdoku", "puzzles7_serg_benchmark"))
		var ps []*Puzzle
		for k := 0; k < len(all); k += 20 {
			ps = append(ps, all[k])
		}
		check(t, ps)
	})
}
