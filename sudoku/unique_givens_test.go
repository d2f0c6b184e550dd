package sudoku

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/status"
)

// oracleFewestGivens is the fewest cells on which exactly one listed
// solution (intended) agrees with intended: every subset of the cells
// where some solution differs, enumerated.
func oracleFewestGivens(sols [][]uint8, intended []uint8) int {
	var open []int
	for i := range intended {
		for _, s := range sols {
			if s[i] != intended[i] {
				open = append(open, i)
				break
			}
		}
	}
	var diffs []uint32 // per other solution, the open cells where it differs
	for _, s := range sols {
		var d uint32
		for k, i := range open {
			if s[i] != intended[i] {
				d |= 1 << k
			}
		}
		if d != 0 {
			diffs = append(diffs, d)
		}
	}
	best := len(open)
	for mask := uint32(0); mask < 1<<len(open); mask++ {
		if bits.OnesCount32(mask) >= best {
			continue
		}
		if !slices.ContainsFunc(diffs, func(d uint32) bool { return d&mask == 0 }) {
			best = bits.OnesCount32(mask)
		}
	}
	return best
}

// TestUniqueGivensMatchesEnumeration compares UniqueGivens with the oracle
// on random 4×4 puzzles with several solutions, each listed by brute
// force, from a random intended solution; the givens found leave exactly
// one listed solution.
func TestUniqueGivensMatchesEnumeration(t *testing.T) {
	t.Parallel()
	grids, _ := bruteAll(2, make([]uint8, 16), 1000)
	if len(grids) != 288 {
		t.Fatalf("%d 4×4 grids, want 288", len(grids))
	}
	rng := rand.New(rand.NewPCG(17, 22))
	tested := 0
	for tested < 150 {
		full := grids[rng.IntN(len(grids))]
		p := &Puzzle{Box: 2, Cells: make([]uint8, 16)}
		for _, i := range rng.Perm(16)[:2+rng.IntN(6)] {
			p.Cells[i] = full[i]
		}
		sols, _ := bruteAll(2, p.Cells, 1000)
		if len(sols) < 2 {
			continue
		}
		tested++
		intended := sols[rng.IntN(len(sols))]
		g, err := UniqueGivens(t.Context(), p, intended)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		want := oracleFewestGivens(sols, intended)
		if !g.Exact || len(g.Cells) != want || g.Lower != want {
			t.Fatalf("%s (%d solutions): %v exact %v lower %d, want %d givens", p, len(sols), g.Cells, g.Exact, g.Lower, want)
		}
		q := p.Clone()
		for _, c := range g.Cells {
			if p.Cells[c.Row*4+c.Col] != 0 {
				t.Fatalf("%s: %v is given already", p, c)
			}
			q.Cells[c.Row*4+c.Col] = intended[c.Row*4+c.Col]
		}
		if left, _ := bruteAll(2, q.Cells, 2); len(left) != 1 || !slices.Equal(left[0], intended) {
			t.Fatalf("%s with %v: %d solutions", p, g.Cells, len(left))
		}
	}
}

// TestUniqueGivensShared takes unique 9×9 puzzles of the shared sets,
// removes givens until they have several solutions, and checks that the
// givens found restore uniqueness (by brute force), that no single one of
// them can be left out, and that the count is at most what was removed.
func TestUniqueGivensShared(t *testing.T) {
	t.Parallel()
	ps := sharedPuzzles(t, filepath.Join("project-euler-96", "p096_sudoku.txt"))
	rng := rand.New(rand.NewPCG(96, 17))
	for k, p := range ps[:20] {
		res, err := Solve(t.Context(), p, Options{})
		if err != nil || res.Status != status.Unique {
			t.Fatalf("line %d: %v %v", p.Line, res.Status, err)
		}
		sol := res.Solutions[0]
		q := p.Clone()
		var given []int
		for i, v := range p.Cells {
			if v != 0 {
				given = append(given, i)
			}
		}
		removed := 3 + k%4
		for _, j := range rng.Perm(len(given))[:removed] {
			q.Cells[given[j]] = 0
		}
		if r, _ := Solve(t.Context(), q, Options{}); r.Status != status.Multiple {
			continue
		}
		g, err := UniqueGivens(t.Context(), q, sol)
		if err != nil {
			t.Fatalf("line %d: %v", p.Line, err)
		}
		if !g.Exact || len(g.Cells) > removed || len(g.Cells) == 0 {
			t.Errorf("line %d: %d givens (exact %v) after removing %d", p.Line, len(g.Cells), g.Exact, removed)
		}
		withAll := func(skip int) []uint8 {
			c := slices.Clone(q.Cells)
			for k, cell := range g.Cells {
				if k != skip {
					c[cell.Row*9+cell.Col] = sol[cell.Row*9+cell.Col]
				}
			}
			return c
		}
		if left, _ := bruteAll(3, withAll(-1), 2); len(left) != 1 || !slices.Equal(left[0], sol) {
			t.Errorf("line %d: with %v, %d solutions", p.Line, g.Cells, len(left))
		}
		for skip := range g.Cells {
			if left, _ := bruteAll(3, withAll(skip), 2); len(left) < 2 {
				t.Errorf("line %d: %v unique without %v", p.Line, g.Cells, g.Cells[skip])
			}
		}
	}
}

// A unique puzzle needs no givens; the default intended solution is the
// first found; a wrong one is refused; an expired context gives an error.
func TestUniqueGivensEdges(t *testing.T) {
	t.Parallel()
	p := mustParseLine(t, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	g, err := UniqueGivens(t.Context(), p, nil)
	if err != nil || len(g.Cells) != 0 || !g.Exact {
		t.Fatalf("unique: %+v %v", g, err)
	}
	empty := &Puzzle{Box: 2, Cells: make([]uint8, 16)}
	g, err = UniqueGivens(t.Context(), empty, nil)
	if err != nil || !g.Exact || len(g.Cells) != 4 {
		// An empty 4×4 grid needs 4 givens (the smallest unique 4×4
		// puzzles have 4).
		t.Fatalf("empty 4×4: %+v %v", g, err)
	}
	if _, err := UniqueGivens(t.Context(), empty, make([]uint8, 16)); err == nil {
		t.Fatal("no error for an intended grid that is no solution")
	}
	ctx, cancel := context.WithTimeout(t.Context(), -time.Second)
	defer cancel()
	if _, err := UniqueGivens(ctx, empty, nil); err == nil {
		t.Fatal("no error from an expired context")
	}
}

// TestRemovableMatchesEnumeration compares Removable with brute force on
// 4×4 puzzles: a given is removable when the puzzle without it still has
// one solution.
func TestRemovableMatchesEnumeration(t *testing.T) {
	t.Parallel()
	grids, _ := bruteAll(2, make([]uint8, 16), 1000)
	rng := rand.New(rand.NewPCG(4, 4))
	tested, minimal := 0, 0
	for tested < 100 {
		full := grids[rng.IntN(len(grids))]
		p := &Puzzle{Box: 2, Cells: make([]uint8, 16)}
		for _, i := range rng.Perm(16)[:4+rng.IntN(8)] {
			p.Cells[i] = full[i]
		}
		if sols, _ := bruteAll(2, p.Cells, 2); len(sols) != 1 {
			if _, err := Removable(t.Context(), p); err == nil {
				t.Fatalf("%s: no error for %d solutions", p, len(sols))
			}
			continue
		}
		tested++
		if tested%2 == 0 {
			// Made minimal by brute force: givens dropped in random
			// order while one solution remains.
			for _, i := range rng.Perm(16) {
				v := p.Cells[i]
				p.Cells[i] = 0
				if sols, _ := bruteAll(2, p.Cells, 2); len(sols) != 1 {
					p.Cells[i] = v
				}
			}
		}
		var want []Cell
		for i, v := range p.Cells {
			if v == 0 {
				continue
			}
			c := slices.Clone(p.Cells)
			c[i] = 0
			if sols, _ := bruteAll(2, c, 2); len(sols) == 1 {
				want = append(want, Cell{Row: i / 4, Col: i % 4})
			}
		}
		got, err := Removable(t.Context(), p)
		if err != nil || !slices.Equal(got, want) {
			t.Fatalf("%s: removable %v %v, want %v", p, got, err, want)
		}
		if len(want) == 0 {
			minimal++
		}
	}
	if minimal == 0 || minimal == tested {
		t.Errorf("%d of %d minimal: the cases do not tell", minimal, tested)
	}
}

// drafts makes puzzles with several solutions from the first k puzzles of
// the Euler set: removed givens taken out at random (seeded), kept when
// the result has several solutions.
func drafts(tb testing.TB, k, removed int) []*Puzzle {
	ps := sharedPuzzles(tb, filepath.Join("project-euler-96", "p096_sudoku.txt"))
	rng := rand.New(rand.NewPCG(uint64(removed), 17))
	var out []*Puzzle
	for _, p := range ps[:k] {
		for {
			q := p.Clone()
			var given []int
			for i, v := range p.Cells {
				if v != 0 {
					given = append(given, i)
				}
			}
			for _, j := range rng.Perm(len(given))[:removed] {
				q.Cells[given[j]] = 0
			}
			if r, _ := Solve(context.Background(), q, Options{}); r.Status == status.Multiple {
				out = append(out, q)
				break
			}
		}
	}
	return out
}

// BenchmarkUniqueGivens finds the fewest givens for Euler puzzles with
// 5 and 10 givens removed, reporting the solves (checks) and givens per
// puzzle and the share proved exact.
func BenchmarkUniqueGivens(b *testing.B) {
	for _, removed := range []int{5, 10} {
		b.Run(fmt.Sprintf("euler20-minus%d", removed), func(b *testing.B) {
			ds := drafts(b, 20, removed)
			var checks, givens, exact int
			cpu0 := cpuTime()
			for b.Loop() {
				checks, givens, exact = 0, 0, 0
				for _, p := range ds {
					g, err := UniqueGivens(context.Background(), p, nil)
					if err != nil {
						b.Fatal(err)
					}
					checks += g.Checks
					givens += len(g.Cells)
					if g.Exact {
						exact++
					}
				}
			}
			n := float64(len(ds))
			b.ReportMetric(float64(cpuTime()-cpu0)/1e6/n/float64(b.N), "cpu-ms/puzzle")
			b.ReportMetric(float64(checks)/n, "solves/puzzle")
			b.ReportMetric(float64(givens)/n, "givens/puzzle")
			b.ReportMetric(float64(exact)/n, "exact")
			b.ReportMetric(n*float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}
