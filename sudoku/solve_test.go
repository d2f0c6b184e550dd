package sudoku

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/status"
)

// countByBacktracking is the test oracle: it counts the solutions of p up
// to limit by plain backtracking, filling the empty cell with the fewest
// legal digits, each found by scanning its row, column and box.
func countByBacktracking(p *Puzzle, limit int) int {
	n, b := p.Size(), p.Box
	g := slices.Clone(p.Cells)
	legal := func(i int) []uint8 {
		r, c := i/n, i%n
		used := make([]bool, n+1)
		for k := range n {
			used[g[r*n+k]] = true
			used[g[k*n+c]] = true
			used[g[(r/b*b+k/b)*n+c/b*b+k%b]] = true
		}
		var out []uint8
		for d := 1; d <= n; d++ {
			if !used[d] {
				out = append(out, uint8(d))
			}
		}
		return out
	}
	count := 0
	var rec func()
	rec = func() {
		best, bestLegal := -1, []uint8(nil)
		for i, v := range g {
			if v != 0 {
				continue
			}
			l := legal(i)
			if best < 0 || len(l) < len(bestLegal) {
				best, bestLegal = i, l
			}
			if len(l) == 0 {
				return
			}
		}
		if best < 0 {
			count++
			return
		}
		for _, d := range bestLegal {
			g[best] = d
			rec()
			g[best] = 0
			if limit > 0 && count >= limit {
				return
			}
		}
	}
	rec()
	return count
}

// puzzleWithoutSolution turns a puzzle with a unique solution sol into one
// with none, when possible, by giving an empty cell a digit that breaks no
// rule on its face.
func puzzleWithoutSolution(p *Puzzle, sol []uint8, rng *rand.Rand) *Puzzle {
	q := p.Clone()
	n := p.Size()
	for _, i := range rng.Perm(len(q.Cells)) {
		if q.Cells[i] != 0 {
			continue
		}
		for _, d := range rng.Perm(n) {
			if uint8(d+1) == sol[i] {
				continue
			}
			q.Cells[i] = uint8(d + 1)
			if q.Validate() == nil {
				return q
			}
		}
		q.Cells[i] = 0
	}
	return q
}

// engineCount runs the depth-first engine (learning off) or the
// clause-learning engine alone on p. The latter runs with a tiny learned
// clause limit too, so that clause deletion and compaction are exercised,
// and must agree with itself.
func engineCount(t *testing.T, p *Puzzle, limit int, learning bool) [][]uint8 {
	t.Helper()
	if learning {
		s := newCDCL(t.Context(), p.Box, true)
		sols := s.solve(p.Cells, limit)
		tight := newCDCL(t.Context(), p.Box, true)
		tight.policy.reduceInterval = 2
		if got := len(tight.solve(p.Cells, limit)); got != len(sols) {
			t.Fatalf("cdcl reducing every few conflicts: %d solutions, with the default %d\n%v", got, len(sols), p)
		}
		return sols
	}
	r, err := Solve(t.Context(), p, Options{Limit: limit, General: true, NoLearning: true})
	if err != nil {
		t.Fatal(err)
	}
	return r.Solutions
}

func TestEnginesAgainstBacktracking(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 11))
	cases := []struct {
		box    int
		keep   []float64
		trials int
		limits []int
	}{
		{2, []float64{0, 0.1, 0.2, 0.3, 0.5}, 60, []int{1, 2, 3, -1}},
		{3, []float64{0.3, 0.35, 0.4, 0.5}, 40, []int{1, 2, 3}},
		{4, []float64{0.5, 0.55, 0.6}, 12, []int{1, 2}},
	}
	if testing.Short() {
		for i := range cases {
			cases[i].trials /= 4
		}
	}
	for _, tc := range cases {
		for trial := range tc.trials {
			keep := tc.keep[trial%len(tc.keep)]
			p := randomPuzzle(t, rng, tc.box, keep)
			if trial%3 == 2 {
				sol, err := RandomSolution(t.Context(), tc.box, p, rng)
				if err == nil {
					p = puzzleWithoutSolution(p, sol, rng)
				}
			}
			for _, limit := range tc.limits {
				want := countByBacktracking(p, limit)
				for _, learning := range []bool{false, true} {
					sols := engineCount(t, p, limit, learning)
					if len(sols) != want {
						t.Fatalf("box %d, limit %d, learning %v: %d solutions, backtracking finds %d\n%v",
							tc.box, limit, learning, len(sols), want, p)
					}
					for i, s := range sols {
						if !p.IsSolutionOf(s) {
							t.Fatalf("learning %v: invalid solution for %v", learning, p)
						}
						for _, o := range sols[:i] {
							if slices.Equal(o, s) {
								t.Fatalf("learning %v: a solution is repeated for %v", learning, p)
							}
						}
					}
				}
			}
		}
	}
}

func TestEmpty4x4Has288Solutions(t *testing.T) {
	t.Parallel()
	p, _ := New(2)
	for _, learning := range []bool{false, true} {
		if got := len(engineCount(t, p, -1, learning)); got != 288 {
			t.Errorf("learning %v: %d solutions of the empty 4×4, want 288", learning, got)
		}
	}
}

func TestStatuses(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 5))
	full, err := RandomSolution(t.Context(), 3, nil, rng)
	if err != nil {
		t.Fatal(err)
	}
	solved := &Puzzle{Box: 3, Cells: full}
	twoSolutions := solved.Clone()
	// Empty a rectangle r1c1, r1c2, r2c1, r2c2 whose digits swap: find one.
	found := false
	for r1 := 0; r1 < 3 && !found; r1++ {
		for r2 := r1 + 1; r2 < 3 && !found; r2++ {
			for c1 := 0; c1 < 9 && !found; c1++ {
				for c2 := c1 + 1; c2 < 9 && !found; c2++ {
					a, b := full[r1*9+c1], full[r1*9+c2]
					if full[r2*9+c1] == b && full[r2*9+c2] == a && c1/3 != c2/3 {
						for _, i := range []int{r1*9 + c1, r1*9 + c2, r2*9 + c1, r2*9 + c2} {
							twoSolutions.Cells[i] = 0
						}
						found = true
					}
				}
			}
		}
	}
	dup := solved.Clone()
	dup.Cells[1] = dup.Cells[0]
	tests := []struct {
		name string
		p    *Puzzle
		opt  Options
		want status.Status
	}{
		{"complete grid", solved, Options{}, status.Unique},
		{"limit 1", solved, Options{Limit: 1}, status.Solved},
		{"repeated digit", dup, Options{}, status.Invalid},
	}
	if found {
		tests = append(tests, struct {
			name string
			p    *Puzzle
			opt  Options
			want status.Status
		}{"deadly rectangle", twoSolutions, Options{}, status.Multiple})
	}
	for _, tc := range tests {
		for _, general := range []bool{false, true} {
			tc.opt.General = general
			r, err := Solve(t.Context(), tc.p, tc.opt)
			if r.Status != tc.want {
				t.Errorf("%s (general %v): status %v, want %v (err %v)", tc.name, general, r.Status, tc.want, err)
			}
			if (tc.want == status.Invalid) != (err != nil) {
				t.Errorf("%s: error %v", tc.name, err)
			}
		}
	}
}

func TestSolveHonoursDeadline(t *testing.T) {
	t.Parallel()
	for _, box := range []int{3, 4, 5} {
		p, _ := New(box)
		ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
		start := time.Now()
		r, err := Solve(ctx, p, Options{Limit: -1})
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) || r.Status != status.Timeout {
			t.Errorf("box %d: status %v, err %v; want timeout", box, r.Status, err)
		}
		if el := time.Since(start); el > 5*time.Second {
			t.Errorf("box %d: returned after %v", box, el)
		}
		for _, s := range r.Solutions {
			if !p.IsSolutionOf(s) {
				t.Fatalf("box %d: invalid partial solution", box)
			}
		}
	}
	// The clause-learning engine on its own.
	p, _ := New(5)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	s := newCDCL(ctx, 5, true)
	s.solve(p.Cells, -1)
	if !errors.Is(s.err, context.Canceled) {
		t.Errorf("cdcl after cancel: err %v", s.err)
	}
}

func TestRandomSolutionAllSizes(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(9, 9))
	for b := MinBox; b <= MaxBox; b++ {
		g, err := RandomSolution(t.Context(), b, nil, rng)
		if err != nil {
			t.Fatalf("box %d: %v", b, err)
		}
		p, _ := New(b)
		if !p.IsSolutionOf(g) {
			t.Fatalf("box %d: RandomSolution is not a grid", b)
		}
	}
	if _, err := RandomSolution(t.Context(), 9, nil, rng); err == nil {
		t.Error("box 9 accepted")
	}
}

// sharedPuzzles reads the file rel of the shared sudoku data, or skips
// the test or benchmark when it is absent.
func sharedPuzzles(tb testing.TB, rel string) []*Puzzle {
	tb.Helper()
	path := filepath.Join(sudokuData(tb), rel)
	f, err := os.Open(path)
	if err != nil {
		tb.Skipf("shared data absent: %v", err)
	}
	defer f.Close()
	var ps []*Puzzle
	for p, err := range NewReader(f, path).All() {
		if err != nil {
			tb.Fatal(err)
		}
		ps = append(ps, p)
	}
	if len(ps) == 0 {
		tb.Fatalf("%s: no puzzles", path)
	}
	return ps
}

// sudokuData returns the shared sudoku data folder, or skips the test.
func sudokuData(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("PUZZLE_DATA")
	if dir == "" {
		dir = filepath.Join("..", "..", "shared", "data")
	}
	dir = filepath.Join(dir, "sudoku")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("shared data not found at %s (set PUZZLE_DATA): %v", dir, err)
	}
	return dir
}

func TestSharedGecodeGrids(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"gecode_9x9.txt", "gecode_16x16.txt"} {
		ps := sharedPuzzles(t, filepath.Join("gecode", name))
		for _, p := range ps {
			r, err := Solve(t.Context(), p, Options{})
			if err != nil || r.Status != status.Unique || !p.IsSolutionOf(r.Solutions[0]) {
				t.Errorf("%s line %d: %v %v", name, p.Line, r.Status, err)
			}
		}
	}
}

func TestEuler96(t *testing.T) {
	t.Parallel()
	ps := sharedPuzzles(t, filepath.Join("project-euler-96", "p096_sudoku.txt"))
	if len(ps) != 50 {
		t.Fatalf("%d puzzles, want 50", len(ps))
	}
	for _, general := range []bool{false, true} {
		sum := 0
		for _, p := range ps {
			r, err := Solve(t.Context(), p, Options{General: general})
			if err != nil || r.Status != status.Unique {
				t.Fatalf("%s: %v %v", p.Name, r.Status, err)
			}
			s := r.Solutions[0]
			sum += int(s[0])*100 + int(s[1])*10 + int(s[2])
		}
		if sum != 24702 {
			t.Errorf("general %v: Euler 96 sum %d, want 24702", general, sum)
		}
	}
}

func TestSymmetryRoundTrip(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(4, 4))
	for b := MinBox; b <= 5; b++ {
		p := randomPuzzle(t, rng, b, 0.5)
		sym := randomSymmetry(b, rng)
		moved := &Puzzle{Box: b, Cells: sym.apply(p.Cells)}
		if err := moved.Validate(); err != nil {
			t.Fatalf("box %d: a symmetry broke the rules: %v", b, err)
		}
		if !slices.Equal(sym.invert(moved.Cells), p.Cells) {
			t.Fatalf("box %d: invert(apply(p)) != p", b)
		}
		sol, err := RandomSolution(t.Context(), b, nil, rng)
		if err != nil {
			t.Fatal(err)
		}
		full := &Puzzle{Box: b, Cells: sym.apply(sol)}
		if !full.IsSolutionOf(full.Cells) {
			t.Fatalf("box %d: a symmetry of a grid is not a grid", b)
		}
	}
}

func TestSolveInvalidError(t *testing.T) {
	t.Parallel()
	p, _ := New(3)
	p.Cells[0], p.Cells[80] = 7, 7 // same digit, different units: fine
	p.Cells[8] = 7                 // row 1 twice
	_, err := Solve(t.Context(), p, Options{})
	var ce *ConflictError
	if !errors.As(err, &ce) || ce.Digit != 7 || ce.Unit != "row 1" || ce.First != 0 || ce.Second != 8 {
		t.Fatalf("error %v, want a ConflictError for 7 in row 1", err)
	}
	if got := err.Error(); got != "sudoku: digit 7 appears twice in row 1 (r1c1 and r1c9)" {
		t.Errorf("error text %q", got)
	}
}
