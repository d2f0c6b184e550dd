package sudoku

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/status"
)

// sparsePuzzle keeps each cell of sol with probability pct/100.
func sparsePuzzle(box int, sol []uint8, pct int, rng *rand.Rand) *Puzzle {
	p, _ := New(box)
	for c := range p.Cells {
		if rng.IntN(100) < pct {
			p.Cells[c] = sol[c]
		}
	}
	return p
}

// checkSolutions fails unless every solution of r is a valid grid that
// agrees with the givens of p, no two are equal, and the status fits the
// count.
func checkSolutions(t *testing.T, name string, p *Puzzle, r Result, limit int) {
	t.Helper()
	for i, s := range r.Solutions {
		if !p.IsSolutionOf(s) {
			t.Fatalf("%s: solution %d is not a solution\n%v", name, i, p)
		}
		for _, o := range r.Solutions[:i] {
			if slices.Equal(o, s) {
				t.Fatalf("%s: solution %d repeats an earlier one", name, i)
			}
		}
	}
	if r.Count != len(r.Solutions) || r.Status != status.OfSearch(r.Count, limit, false) {
		t.Fatalf("%s: status %v with %d solutions (%d kept), limit %d", name, r.Status, r.Count, len(r.Solutions), limit)
	}
}

// TestSparseLargeGrids solves sparse grids of every size: empty, a share of
// the cells of a random solution, one band given, all but one box given.
// Each has a solution, so the status must be solved (limit 1) or unique
// or multiple (limits 2 and 40), with every solution checked.
func TestSparseLargeGrids(t *testing.T) {
	t.Parallel()
	boxes := []int{2, 3, 4, 5, 6, 7, 8}
	if testing.Short() {
		boxes = boxes[:5]
	}
	for _, box := range boxes {
		t.Run(fmt.Sprint(box*box), func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(uint64(box), 15))
			sol, err := RandomSolution(t.Context(), box, nil, rng)
			if err != nil {
				t.Fatal(err)
			}
			n := box * box
			cases := map[string]*Puzzle{}
			for _, pct := range []int{0, 1, 5, 10, 20} {
				cases[fmt.Sprintf("%d%%", pct)] = sparsePuzzle(box, sol, pct, rng)
			}
			band, _ := New(box)
			copy(band.Cells[n*box:2*n*box], sol[n*box:2*n*box])
			cases["one band"] = band
			hole, _ := New(box)
			copy(hole.Cells, sol)
			for k := range n {
				hole.Cells[geometryFor(box).units[2*n+n/2][k]] = 0
			}
			cases["one empty box"] = hole
			for name, p := range cases {
				for _, limit := range []int{1, 2, 40} {
					ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
					r, err := Solve(ctx, p, Options{Limit: limit, General: true})
					cancel()
					if err != nil || r.Count == 0 {
						t.Fatalf("%s limit %d: %v, status %v", name, limit, err, r.Status)
					}
					checkSolutions(t, name, p, r, limit)
					if name == "one empty box" && r.Status != status.Solved && r.Status != status.Unique {
						t.Errorf("%s: status %v, want unique", name, r.Status)
					}
				}
			}
		})
	}
}

// TestSparseAgainstClauseLearning compares Solve's statuses with the
// clause-learning engine alone (an independent engine, and the one the
// general solver used before the sparse path) on random sparse and
// half-full grids of sizes 4 to 16, solvable or made unsolvable.
func TestSparseAgainstClauseLearning(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(15, 3))
	for _, box := range []int{2, 3, 4} {
		for trial := range 30 {
			sol, err := RandomSolution(t.Context(), box, nil, rng)
			if err != nil {
				t.Fatal(err)
			}
			p := sparsePuzzle(box, sol, []int{0, 2, 5, 10, 20, 30, 45}[trial%7], rng)
			if trial%3 == 2 {
				p = puzzleWithoutSolution(p, sol, rng)
			}
			for _, limit := range []int{1, 2, 3} {
				r, err := Solve(t.Context(), p, Options{Limit: limit, General: true})
				if err != nil {
					t.Fatal(err)
				}
				name := fmt.Sprintf("box %d trial %d limit %d", box, trial, limit)
				checkSolutions(t, name, p, r, limit)
				want := len(engineCount(t, p, limit, true))
				if r.Count != want {
					t.Fatalf("%s: %d solutions (%v, solver %s), clause learning %d\n%v", name, r.Count, r.Status, r.Stats.Solver, want, p)
				}
			}
		}
	}
}

// TestOtherSolution checks the unavoidable-set exchange: on a grid with
// room it gives a second valid solution, and on a full grid none.
func TestOtherSolution(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 5))
	for box := MinBox; box <= MaxBox; box++ {
		sol, err := RandomSolution(t.Context(), box, nil, rng)
		if err != nil {
			t.Fatal(err)
		}
		p := sparsePuzzle(box, sol, 10, rng)
		other := otherSolution(p, sol)
		if other == nil || !p.IsSolutionOf(other) || slices.Equal(other, sol) {
			t.Fatalf("box %d: no valid second solution", box)
		}
		full := &Puzzle{Box: box, Cells: slices.Clone(sol)}
		if otherSolution(full, sol) != nil {
			t.Fatalf("box %d: a second solution of a full grid", box)
		}
	}
}

// TestTemplateIsGrid checks that the pattern grid, with its digits
// renamed after any givens, is a complete valid grid.
func TestTemplateIsGrid(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for box := MinBox; box <= MaxBox; box++ {
		p, _ := New(box)
		sol, _ := RandomSolution(t.Context(), box, nil, rng)
		for _, q := range []*Puzzle{p, sparsePuzzle(box, sol, 20, rng)} {
			if g := template(box, q.Cells); !p.IsSolutionOf(g) {
				t.Fatalf("box %d: template is not a grid", box)
			}
		}
	}
}

// TestSparseNone gives nearly empty grids whose contradiction no rule
// shows on its face: digit 1 is shut out of the first box everywhere but
// its corner by givens in other boxes, and the corner holds a 2. The
// status must be none.
func TestSparseNone(t *testing.T) {
	t.Parallel()
	for _, box := range []int{3, 5, 8} {
		n := box * box
		p, _ := New(box)
		// Digit 1 in row k of box k (the first band) and in column k of
		// band k (the first stack), k = 1..b-1: box 0 can hold 1 only at
		// r1c1, which holds 2.
		for k := 1; k < box; k++ {
			p.Cells[k*n+box*k] = 1
			p.Cells[(box*k)*n+k] = 1
		}
		p.Cells[0] = 2
		if err := p.Validate(); err != nil {
			t.Fatalf("box %d: %v", box, err)
		}
		r, err := Solve(t.Context(), p, Options{General: true})
		if err != nil || r.Status != status.None {
			t.Errorf("box %d: status %v, err %v; want none\n%v", box, r.Status, err, p)
		}
	}
}

// TestSparseCancelled checks that a sparse grid whose search is under way
// answers a cancelled context with status timeout.
func TestSparseCancelled(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(8, 8))
	sol, err := RandomSolution(t.Context(), 8, nil, rng)
	if err != nil {
		t.Fatal(err)
	}
	p := sparsePuzzle(8, sol, 20, rng)
	ctx, cancel := context.WithTimeout(t.Context(), time.Millisecond)
	defer cancel()
	time.Sleep(2 * time.Millisecond)
	r, err := Solve(ctx, p, Options{})
	if !errors.Is(err, context.DeadlineExceeded) || r.Status != status.Timeout {
		t.Errorf("status %v, err %v; want timeout", r.Status, err)
	}
}

// BenchmarkSparse solves empty and sparse grids of 16×16 to 64×64 (givens
// taken from a random solution), for the first solution (limit 1) and
// for the verdict (limit 2).
func BenchmarkSparse(b *testing.B) {
	for _, box := range []int{4, 5, 6, 7, 8} {
		rng := rand.New(rand.NewPCG(uint64(box), 15))
		sol, err := RandomSolution(context.Background(), box, nil, rng)
		if err != nil {
			b.Fatal(err)
		}
		for _, pct := range []int{0, 5, 20} {
			p := sparsePuzzle(box, sol, pct, rng)
			for _, limit := range []int{1, 2} {
				b.Run(fmt.Sprintf("%dx%d/%d%%/limit%d", box*box, box*box, pct, limit), func(b *testing.B) {
					for b.Loop() {
						r, err := Solve(context.Background(), p, Options{Limit: limit})
						if err != nil || r.Count == 0 {
							b.Fatalf("%v %v", r.Status, err)
						}
					}
				})
			}
		}
	}
}

var updateSparse = flag.Bool("update-sparse", false, "rewrite testdata/sparse*.txt")

// TestSparseTestdata solves the sparse grids of testdata/sparseNN.txt (for
// the timings of docs/benchmarks.md, made by -update-sparse from seeded
// random solutions) and checks every solution.
func TestSparseTestdata(t *testing.T) {
	for _, box := range []int{4, 5, 6, 7, 8} {
		n := box * box
		file := filepath.Join("testdata", fmt.Sprintf("sparse%d.txt", n))
		if *updateSparse {
			rng := rand.New(rand.NewPCG(uint64(box), 2026))
			sol, err := RandomSolution(t.Context(), box, nil, rng)
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			for _, pct := range []int{1, 5, 10, 20} {
				fmt.Fprintf(&b, "# %d×%d, each cell of a random solution kept with probability %d%%\n", n, n, pct)
				if err := sparsePuzzle(box, sol, pct, rng).Format(&b, FormatGrid); err != nil {
					t.Fatal(err)
				}
				b.WriteString("\n")
			}
			if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		count := 0
		for p, err := range NewReader(f, file).All() {
			if err != nil {
				t.Fatal(err)
			}
			r, err := Solve(t.Context(), p, Options{})
			if err != nil {
				t.Fatal(err)
			}
			checkSolutions(t, file, p, r, 2)
			if r.Status != status.Multiple {
				t.Errorf("%s: status %v, want multiple", file, r.Status)
			}
			count++
		}
		f.Close()
		if count != 4 {
			t.Errorf("%s: %d puzzles, want 4", file, count)
		}
	}
}
