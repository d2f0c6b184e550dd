package sudoku

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/status"
)

// bruteCount counts the solutions of an N×N grid up to limit by plain
// backtracking over the cells in order, checking rows, columns and boxes by
// scanning: an oracle that shares nothing with the package's solvers.
func bruteCount(box int, cells []uint8, limit int) int {
	n := box * box
	g := append([]uint8(nil), cells...)
	ok := func(i int, v uint8) bool {
		r, c := i/n, i%n
		for k := range n {
			if g[r*n+k] == v || g[k*n+c] == v {
				return false
			}
		}
		br, bc := r/box*box, c/box*box
		for dr := range box {
			for dc := range box {
				if g[(br+dr)*n+bc+dc] == v {
					return false
				}
			}
		}
		return true
	}
	count := 0
	var rec func(i int)
	rec = func(i int) {
		for i < n*n && g[i] != 0 {
			i++
		}
		if i == n*n {
			count++
			return
		}
		for v := uint8(1); v <= uint8(n) && count < limit; v++ {
			if ok(i, v) {
				g[i] = v
				rec(i + 1)
				g[i] = 0
			}
		}
	}
	rec(0)
	return count
}

func TestBruteCount(t *testing.T) {
	p, _ := New(2)
	if got := bruteCount(2, p.Cells, 1000); got != 288 { // the number of 4×4 grids
		t.Fatalf("empty 4×4 grid: %d solutions, want 288", got)
	}
}

func TestGenerate4x4(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	seeds := 200
	if testing.Short() {
		seeds = 50
	}
	for seed := range uint64(seeds) {
		for _, sym := range []bool{false, true} {
			opt := GenerateOptions{Box: 2, Seed: seed, Symmetric: sym}
			g, err := Generate(ctx, opt)
			if err != nil {
				t.Fatal(err)
			}
			p := g.Puzzle
			if bruteCount(2, p.Cells, 2) != 1 || !p.IsSolutionOf(g.Solution) {
				t.Fatalf("seed %d: %s is not unique with solution %v", seed, p, g.Solution)
			}
			if !g.Minimal || g.Attempts != 1 || g.Rating.Difficulty != Easy {
				t.Errorf("seed %d: %+v", seed, g)
			}
			// Minimal: removing any given (pair) gives several solutions.
			for c, v := range p.Cells {
				if v == 0 {
					continue
				}
				q := p.Clone()
				q.Cells[c] = 0
				mate := len(q.Cells) - 1 - c
				if sym {
					if p.Cells[mate] == 0 {
						t.Fatalf("seed %d: %s is not symmetric", seed, p)
					}
					q.Cells[mate] = 0
				}
				if bruteCount(2, q.Cells, 2) < 2 {
					t.Fatalf("seed %d: %s is unique without r%dc%d", seed, p, c/4+1, c%4+1)
				}
			}
			again, err := Generate(ctx, opt)
			if err != nil || !slices.Equal(again.Puzzle.Cells, p.Cells) {
				t.Fatalf("seed %d: not deterministic: %s then %s", seed, p, again.Puzzle)
			}
		}
	}
}

func TestGenerate9x9(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	seeds := []uint64{1, 2, 3}
	if testing.Short() {
		seeds = seeds[:1]
	}
	for _, d := range []Difficulty{0, Easy, Medium, Hard, Expert, Extreme} {
		for _, seed := range seeds {
			for _, sym := range []bool{false, true} {
				t.Run(fmt.Sprintf("%v/%d/sym=%v", d, seed, sym), func(t *testing.T) {
					opt := GenerateOptions{Difficulty: d, Seed: seed, Symmetric: sym}
					g, err := Generate(ctx, opt)
					if err != nil {
						t.Fatal(err)
					}
					p := g.Puzzle
					checkUniqueMinimal(t, p, g.Solution, sym)
					if !g.Minimal {
						t.Error("Minimal is false")
					}
					if d != 0 && g.Rating.Difficulty != d {
						t.Errorf("rated %v, want %v", g.Rating.Difficulty, d)
					}
					again, err := Generate(ctx, opt)
					if err != nil || !slices.Equal(again.Puzzle.Cells, p.Cells) || again.Rating != g.Rating {
						t.Fatalf("not deterministic: %s then %s", p, again.Puzzle)
					}
				})
			}
		}
	}
}

// checkUniqueMinimal checks p with the general solver, not the 9×9 one
// Generate uses: unique with solution sol, and no given (symmetric pair)
// can go.
func checkUniqueMinimal(t *testing.T, p *Puzzle, sol []uint8, sym bool) {
	t.Helper()
	ctx := context.Background()
	res, err := Solve(ctx, p, Options{General: true})
	if err != nil || res.Status != status.Unique || !slices.Equal(res.Solutions[0], sol) {
		t.Fatalf("%s: %v %v, not unique with the given solution", p, res.Status, err)
	}
	for c, v := range p.Cells {
		if v == 0 {
			continue
		}
		q := p.Clone()
		q.Cells[c] = 0
		if sym {
			mate := len(q.Cells) - 1 - c
			if p.Cells[mate] == 0 {
				t.Fatalf("%s is not symmetric", p)
			}
			q.Cells[mate] = 0
		}
		res, err := Solve(ctx, q, Options{General: true})
		if err != nil || res.Status != status.Multiple {
			t.Fatalf("%s without r%dc%d: %v %v, want multiple", p, c/9+1, c%9+1, res.Status, err)
		}
	}
}

func TestGenerateLarge(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	// A difficulty below Extreme on 16×16 uses the technique-capped method.
	opt := GenerateOptions{Box: 4, Difficulty: Medium, Seed: 5}
	g, err := Generate(ctx, opt)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Solve(ctx, g.Puzzle, Options{})
	if err != nil || res.Status != status.Unique || !slices.Equal(res.Solutions[0], g.Solution) {
		t.Fatalf("%v %v", res.Status, err)
	}
	if g.Rating.Difficulty != Medium || g.Checks != 0 {
		t.Errorf("rated %+v after %d checks", g.Rating, g.Checks)
	}
	again, err := Generate(ctx, opt)
	if err != nil || !slices.Equal(again.Puzzle.Cells, g.Puzzle.Cells) {
		t.Fatal("16×16 generation is not deterministic")
	}
}

func TestGenerateErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := Generate(ctx, GenerateOptions{Box: 1}); err == nil {
		t.Error("box 1 accepted")
	}
	if _, err := Generate(ctx, GenerateOptions{Difficulty: Extreme + 1}); err == nil {
		t.Error("invalid difficulty accepted")
	}
	// 4×4 puzzles are all easy: a harder target is missed, and the
	// closest puzzle comes back with the error.
	g, err := Generate(ctx, GenerateOptions{Box: 2, Difficulty: Expert, MaxAttempts: 10})
	if !errors.Is(err, ErrDifficultyMissed) || g.Puzzle == nil || g.Attempts != 10 {
		t.Errorf("err = %v, attempts %d", err, g.Attempts)
	}
	c, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Generate(c, GenerateOptions{Box: 4}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v", err)
	}
	c, cancel = context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	if _, err := Generate(c, GenerateOptions{Box: 5}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("deadline: err = %v", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("cancellation took %v", d)
	}
}

// TestGenerateProgress checks what Progress is told: each pass visits
// the cells in order, the logic pass comes before the checks on 25×25, and
// the last report of a complete pass matches the puzzle made, which is the
// puzzle made without Progress.
func TestGenerateProgress(t *testing.T) {
	t.Parallel()
	for _, opt := range []GenerateOptions{
		{Box: 3, Seed: 4},                      // checks by Solve
		{Box: 4, Seed: 2, Workers: 2},          // checks by clause learning
		{Box: 5, Seed: 1, Budget: time.Second}, // the logic pass first
	} {
		var seen []GenerateProgress
		opt.Progress = func(g GenerateProgress) { seen = append(seen, g) }
		g, err := Generate(context.Background(), opt)
		if err != nil {
			t.Fatal(err)
		}
		if len(seen) == 0 {
			t.Fatalf("box %d: no progress reported", opt.Box)
		}
		n := opt.Box * opt.Box
		passes := []string{"checks"}
		if opt.Box == 5 {
			passes = []string{"logic", "checks"}
		}
		var order []string
		for i, p := range seen {
			if len(order) == 0 || order[len(order)-1] != p.Pass {
				order = append(order, p.Pass)
			} else if p.Visited < seen[i-1].Visited || p.Givens > seen[i-1].Givens || p.Checks < seen[i-1].Checks {
				t.Errorf("box %d: report %+v after %+v", opt.Box, p, seen[i-1])
			}
			if p.Cells != n*n || p.Visited > n*n || p.Attempt != 0 {
				t.Errorf("box %d: report %+v", opt.Box, p)
			}
		}
		if !slices.Equal(order, passes) {
			t.Errorf("box %d: passes %v, want %v", opt.Box, order, passes)
		}
		last := seen[len(seen)-1]
		if last.Givens != g.Puzzle.Givens() || last.Checks != g.Checks {
			t.Errorf("box %d: last report %+v, puzzle of %d givens after %d checks", opt.Box, last, g.Puzzle.Givens(), g.Checks)
		}
		if g.Minimal && last.Visited != n*n {
			t.Errorf("box %d: minimal, but the last report %+v", opt.Box, last)
		}
		opt.Progress = nil
		again, err := Generate(context.Background(), opt)
		if opt.Box < 5 && (err != nil || !slices.Equal(again.Puzzle.Cells, g.Puzzle.Cells)) {
			t.Errorf("box %d: another puzzle without Progress", opt.Box)
		}
	}
}

// TestGenerateBudget checks that a tiny budget still gives a unique
// puzzle, reported as not minimal.
func TestGenerateBudget(t *testing.T) {
	g, err := Generate(context.Background(), GenerateOptions{Box: 4, Seed: 1, Budget: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if g.Minimal {
		t.Error("Minimal is true although the budget ran out")
	}
	res, err := Solve(context.Background(), g.Puzzle, Options{})
	if err != nil || res.Status != status.Unique {
		t.Fatalf("%v %v", res.Status, err)
	}
}

// BenchmarkGenerate makes one puzzle per iteration, with a new seed each
// time, and reports puzzles per second and the average number of givens.
func BenchmarkGenerate(b *testing.B) {
	for _, bc := range []struct {
		name string
		opt  GenerateOptions
	}{
		{"4x4", GenerateOptions{Box: 2}},
		{"9x9", GenerateOptions{Box: 3}},
		{"9x9/symmetric", GenerateOptions{Box: 3, Symmetric: true}},
		{"9x9/hard", GenerateOptions{Box: 3, Difficulty: Hard}},
		{"9x9/expert", GenerateOptions{Box: 3, Difficulty: Expert}},
		{"9x9/extreme", GenerateOptions{Box: 3, Difficulty: Extreme}},
		{"16x16", GenerateOptions{Box: 4}},
		{"16x16/easy", GenerateOptions{Box: 4, Difficulty: Easy}},
		{"25x25", GenerateOptions{Box: 5}},
		{"25x25/easy", GenerateOptions{Box: 5, Difficulty: Easy}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			ctx := context.Background()
			opt := bc.opt
			givens, minimal, puzzles := 0, 0, 0
			for b.Loop() {
				opt.Seed++
				g, err := Generate(ctx, opt)
				if err != nil {
					b.Fatal(err)
				}
				puzzles++
				givens += g.Puzzle.Givens()
				if g.Minimal {
					minimal++
				}
			}
			b.ReportMetric(float64(puzzles)/b.Elapsed().Seconds(), "puzzles/s")
			b.ReportMetric(float64(givens)/float64(puzzles), "givens")
			b.ReportMetric(float64(minimal)/float64(puzzles), "minimal")
		})
	}
}
