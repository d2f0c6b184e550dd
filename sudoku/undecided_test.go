package sudoku

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// bruteAll lists the solutions of a grid, up to limit, by plain
// backtracking (bruteCount's), sharing nothing with the package's solvers.
// It says whether it listed them all.
func bruteAll(box int, cells []uint8, limit int) ([][]uint8, bool) {
	n := box * box
	g := slices.Clone(cells)
	ok := func(i int, v uint8) bool {
		r, c := i/n, i%n
		br, bc := r/box*box, c/box*box
		for k := range n {
			if g[r*n+k] == v || g[k*n+c] == v || g[(br+k/box)*n+bc+k%box] == v {
				return false
			}
		}
		return true
	}
	var out [][]uint8
	var rec func(i int)
	rec = func(i int) {
		for i < n*n && g[i] != 0 {
			i++
		}
		if i == n*n {
			out = append(out, slices.Clone(g))
			return
		}
		for v := uint8(1); v <= uint8(n) && len(out) <= limit; v++ {
			if ok(i, v) {
				g[i] = v
				rec(i + 1)
				g[i] = 0
			}
		}
	}
	rec(0)
	return out, len(out) <= limit
}

// TestUndecidedMatchesEnumeration compares Undecided with every solution
// listed by brute force, on random 4×4 and 9×9 grids with several
// solutions: exactly the cells where two solutions differ, whichever
// solution it starts from.
func TestUndecidedMatchesEnumeration(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(17, 2))
	tried := map[int]int{}
	for round := 0; round < 400 && (tried[2] < 40 || tried[3] < 25); round++ {
		b := 2 + round%2
		if tried[b] >= map[int]int{2: 40, 3: 25}[b] {
			continue
		}
		keep := map[int]float64{2: 0.25, 3: 0.42}[b]
		p := randomPuzzle(t, rng, b, keep)
		sols, all := bruteAll(b, p.Cells, 3000)
		if !all || len(sols) < 2 {
			continue
		}
		tried[b]++
		n := p.Size()
		var want []Cell
		for i := range n * n {
			if slices.ContainsFunc(sols, func(s []uint8) bool { return s[i] != sols[0][i] }) {
				want = append(want, Cell{Row: i / n, Col: i % n})
			}
		}
		start := sols[rng.IntN(len(sols))]
		got, found, err := Undecided(t.Context(), p, [][]uint8{start})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%v (%d solutions): Undecided gives %v, enumeration %v", p, len(sols), got, want)
		}
		for _, s := range found {
			if !p.IsSolutionOf(s) {
				t.Fatalf("%v: Undecided found %v, not a solution", p, s)
			}
		}
	}
	if tried[2] < 40 || tried[3] < 25 {
		t.Fatalf("only %v grids with several solutions tried", tried)
	}
}

// TestUndecidedUnique: a unique puzzle has no undecided cell, and a wrong
// starting solution is refused.
func TestUndecidedUnique(t *testing.T) {
	t.Parallel()
	p, err := Parse(strings.NewReader("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := Solve(t.Context(), p, Options{})
	if err != nil || len(res.Solutions) != 1 {
		t.Fatalf("solve: %v, %d solutions", err, len(res.Solutions))
	}
	got, found, err := Undecided(t.Context(), p, res.Solutions)
	if err != nil || len(got) != 0 || len(found) != 0 {
		t.Errorf("unique puzzle: undecided %v, found %d, error %v", got, len(found), err)
	}
	wrong := slices.Clone(res.Solutions[0])
	wrong[0], wrong[1] = wrong[1], wrong[0]
	if _, _, err := Undecided(t.Context(), p, [][]uint8{wrong}); err == nil {
		t.Error("a grid that is not a solution was taken as the reference")
	}
	if _, _, err := Undecided(t.Context(), p, nil); err == nil {
		t.Error("no solution to start from was accepted")
	}
}
