package sudoku

import (
	"bytes"
	"context"
	"errors"
	"math/bits"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/status"
)

// s9Oracle is a plain backtracking solver for 9×9 grids, independent of
// solve9.go: it fills the empty cell with the fewest candidates, counting
// solutions up to max. If rng is not nil, digits are tried in random order.
type s9Oracle struct {
	g        [81]uint8
	row, col [9]uint16
	box      [9]uint16
	count    int
	max      int
	first    [81]uint8 // the first solution found
	rng      *rand.Rand
}

func s9NewOracle(cells []uint8, max int, rng *rand.Rand) (*s9Oracle, bool) {
	o := &s9Oracle{max: max, rng: rng}
	for i, v := range cells {
		if v == 0 {
			continue
		}
		r, c, m := i/9, i%9, uint16(1)<<v
		if (o.row[r]|o.col[c]|o.box[r/3*3+c/3])&m != 0 {
			return o, false
		}
		o.set(i, v)
	}
	return o, true
}

func (o *s9Oracle) set(i int, v uint8) {
	r, c, m := i/9, i%9, uint16(1)<<v
	o.g[i] = v
	o.row[r] |= m
	o.col[c] |= m
	o.box[r/3*3+c/3] |= m
}

func (o *s9Oracle) unset(i int) {
	r, c, m := i/9, i%9, uint16(1)<<o.g[i]
	o.g[i] = 0
	o.row[r] &^= m
	o.col[c] &^= m
	o.box[r/3*3+c/3] &^= m
}

// solve runs the search and reports whether it stopped at max solutions.
func (o *s9Oracle) solve() bool {
	best, bestFree := -1, uint16(0)
	for i := range o.g {
		if o.g[i] != 0 {
			continue
		}
		r, c := i/9, i%9
		free := ^(o.row[r] | o.col[c] | o.box[r/3*3+c/3]) & 0x3FE
		if best < 0 || bits.OnesCount16(free) < bits.OnesCount16(bestFree) {
			best, bestFree = i, free
		}
	}
	if best < 0 {
		if o.count == 0 {
			o.first = o.g
		}
		o.count++
		return o.count >= o.max
	}
	var digits []uint8
	for v := uint8(1); v <= 9; v++ {
		if bestFree&(1<<v) != 0 {
			digits = append(digits, v)
		}
	}
	if o.rng != nil {
		o.rng.Shuffle(len(digits), func(i, j int) { digits[i], digits[j] = digits[j], digits[i] })
	}
	for _, v := range digits {
		o.set(best, v)
		stop := o.solve()
		o.unset(best)
		if stop {
			return true
		}
	}
	return false
}

// s9Count returns the number of solutions of cells, at most max.
func s9Count(cells []uint8, max int) int {
	o, ok := s9NewOracle(cells, max, nil)
	if !ok {
		return 0
	}
	o.solve()
	return o.count
}

// s9RandomGrid returns a complete 9×9 grid drawn by the oracle.
func s9RandomGrid(rng *rand.Rand) []uint8 {
	o, _ := s9NewOracle(make([]uint8, 81), 1, rng)
	o.solve()
	return o.first[:]
}

// s9RandomPuzzle removes holes random cells of a random complete grid.
func s9RandomPuzzle(rng *rand.Rand, holes int) *Puzzle {
	cells := s9RandomGrid(rng)
	for _, i := range rng.Perm(81)[:holes] {
		cells[i] = 0
	}
	return &Puzzle{Box: 3, Cells: cells}
}

// s9Contradictory returns a puzzle without a solution whose givens repeat no
// digit in any unit: a random puzzle with one empty cell given a digit that
// its units allow but that no solution has there.
func s9Contradictory(rng *rand.Rand) *Puzzle {
	for {
		p := s9RandomPuzzle(rng, 30+rng.IntN(20))
		o, _ := s9NewOracle(p.Cells, 1, nil)
		for _, i := range rng.Perm(81) {
			if p.Cells[i] != 0 {
				continue
			}
			r, c := i/9, i%9
			free := ^(o.row[r] | o.col[c] | o.box[r/3*3+c/3]) & 0x3FE
			for v := uint8(1); v <= 9; v++ {
				if free&(1<<v) == 0 {
					continue
				}
				q := &Puzzle{Box: 3, Cells: slices.Clone(p.Cells)}
				q.Cells[i] = v
				if s9Count(q.Cells, 1) == 0 {
					return q
				}
			}
		}
	}
}

// s9CheckSolutions checks that every solution solves p and that they differ.
func s9CheckSolutions(t *testing.T, p *Puzzle, sols [][]uint8) {
	t.Helper()
	for k, s := range sols {
		if !p.IsSolutionOf(s) {
			t.Fatalf("%v: solution %d is not a solution: %v", p, k, s)
		}
		for _, o := range sols[:k] {
			if bytes.Equal(o, s) {
				t.Fatalf("%v: solution %d found twice", p, k)
			}
		}
	}
}

func TestSolve9x9Oracle(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 96))
	type tc struct {
		p    *Puzzle
		kind string
	}
	var cases []tc
	for range 300 {
		// From a few holes (unique) to most of the grid (many solutions).
		cases = append(cases, tc{s9RandomPuzzle(rng, 5+rng.IntN(66)), "random"})
	}
	for range 60 {
		cases = append(cases, tc{s9Contradictory(rng), "contradictory"})
	}
	cases = append(cases, tc{&Puzzle{Box: 3, Cells: make([]uint8, 81)}, "empty"})
	const capAll = 300 // limit -1 is checked when there are fewer solutions
	var seen [4]int    // puzzles with 0, 1, 2..capAll-1, capAll+ solutions
	ctx := context.Background()
	for _, c := range cases {
		orig := slices.Clone(c.p.Cells)
		if err := c.p.Validate(); err != nil {
			t.Fatalf("%s puzzle %v does not validate: %v", c.kind, c.p, err)
		}
		want := s9Count(c.p.Cells, capAll)
		switch {
		case want >= capAll:
			seen[3]++
		case want >= 2:
			seen[2]++
		default:
			seen[want]++
		}
		if c.kind == "contradictory" && want != 0 {
			t.Fatalf("contradictory puzzle %v has a solution", c.p)
		}
		for _, limit := range []int{1, 2, 3, -1} {
			if limit < 0 && want >= capAll {
				continue
			}
			r, err := solve9x9(ctx, c.p, limit)
			if err != nil {
				t.Fatalf("%s %v limit %d: %v", c.kind, c.p, limit, err)
			}
			exp := want
			if limit > 0 {
				exp = min(want, limit)
			}
			if len(r.Solutions) != exp {
				t.Fatalf("%s %v limit %d: %d solutions, want %d", c.kind, c.p, limit, len(r.Solutions), exp)
			}
			s9CheckSolutions(t, c.p, r.Solutions)
		}
		if !bytes.Equal(orig, c.p.Cells) {
			t.Fatalf("solve9x9 changed the puzzle %v", c.p)
		}
	}
	t.Logf("puzzles with 0, 1, 2..%d, %d+ solutions: %v", capAll-1, capAll, seen)
	for k, n := range seen {
		if n < 10 {
			t.Errorf("only %d test puzzles in solution-count class %d", n, k)
		}
	}
}

// TestSolve9x9Grids checks grids with a known number of solutions.
func TestSolve9x9Grids(t *testing.T) {
	t.Parallel()
	// Removing a 2×2 rectangle of two digits that sit on two rows, two
	// columns and two boxes leaves exactly two solutions.
	const grid = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
	cells := make([]uint8, 81)
	for i := range cells {
		cells[i] = grid[i] - '0'
	}
	full := &Puzzle{Box: 3, Cells: cells}
	if !full.IsSolutionOf(cells) {
		t.Fatal("the test grid is not a solution")
	}
	two := full.Clone()
	for _, i := range []int{0, 1, 27, 28} { // 1 2 / 2 1 in rows 1, 4, columns 1, 2
		two.Cells[i] = 0
	}
	tests := []struct {
		name  string
		p     *Puzzle
		limit int
		want  int
	}{
		{"full grid", full, 2, 1},
		{"full grid all", full, -1, 1},
		{"rectangle", two, 2, 2},
		{"rectangle one", two, 1, 1},
		{"rectangle all", two, -1, 2},
	}
	for _, tt := range tests {
		if got := s9Count(tt.p.Cells, 100); got != tt.want && tt.limit != 1 {
			t.Fatalf("%s: oracle finds %d solutions, test expects %d", tt.name, got, tt.want)
		}
		r, err := solve9x9(context.Background(), tt.p, tt.limit)
		if err != nil || len(r.Solutions) != tt.want {
			t.Errorf("%s: %d solutions, %v; want %d", tt.name, len(r.Solutions), err, tt.want)
		}
		s9CheckSolutions(t, tt.p, r.Solutions)
	}
}

// TestSolve9x9General compares the 9×9 solver with the general engine.
func TestSolve9x9General(t *testing.T) {
	t.Parallel()
	for _, rel := range []string{"project-euler-96/p096_sudoku.txt", "norvig/top95.txt", "norvig/hardest.txt"} {
		t.Run(filepath.Base(rel), func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			for _, p := range sharedPuzzles(t, rel) {
				for _, limit := range []int{0, 1} {
					fast, err1 := Solve(ctx, p, Options{Limit: limit})
					gen, err2 := Solve(ctx, p, Options{Limit: limit, General: true})
					if err1 != nil || err2 != nil {
						t.Fatalf("line %d: errors %v, %v", p.Line, err1, err2)
					}
					if fast.Stats.Solver != "9x9" {
						t.Fatalf("Solve used solver %q for a 9×9 grid", fast.Stats.Solver)
					}
					if fast.Status != gen.Status {
						t.Fatalf("line %d limit %d: status %v, general engine %v", p.Line, limit, fast.Status, gen.Status)
					}
					s9CheckSolutions(t, p, fast.Solutions)
					if fast.Status == status.Unique && !bytes.Equal(fast.Solutions[0], gen.Solutions[0]) {
						t.Fatalf("line %d: solutions differ", p.Line)
					}
				}
			}
		})
	}
}

// TestSolve9x9Data checks the tdoku benchmark files: the 17-clue and the
// hard sets have one solution each, Serg's benchmark has several each.
// The 48,766 puzzles of the 11+ set are sampled.
func TestSolve9x9Data(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file  string
		want  status.Status
		every int // check every n-th puzzle
	}{
		{"puzzles2_17_clue", status.Unique, 1},
		{"puzzles3_magictour_top1465", status.Unique, 1},
		{"puzzles5_forum_hardest_1905_11+", status.Unique, 20},
		{"puzzles6_forum_hardest_1106", status.Unique, 1},
		{"puzzles7_serg_benchmark", status.Multiple, 1},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			t.Parallel()
			ps := sharedPuzzles(t, filepath.Join("tdoku", tt.file))
			every := tt.every
			if testing.Short() {
				every *= 10
			}
			for k := 0; k < len(ps); k += every {
				p := ps[k]
				r, err := Solve(context.Background(), p, Options{})
				if err != nil || r.Status != tt.want {
					t.Fatalf("line %d: %v, %v; want %v", p.Line, r.Status, err, tt.want)
				}
				s9CheckSolutions(t, p, r.Solutions)
			}
		})
	}
}

// TestSolve9x9Cancel enumerates the solutions of an empty grid, which
// cannot finish, under a cancelled context and under a deadline.
func TestSolve9x9Cancel(t *testing.T) {
	t.Parallel()
	empty := &Puzzle{Box: 3, Cells: make([]uint8, 81)}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	deadline, cancel2 := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel2()
	tests := []struct {
		name string
		ctx  context.Context
		want error
	}{
		{"cancelled", cancelled, context.Canceled},
		{"deadline", deadline, context.DeadlineExceeded},
	}
	for _, tt := range tests {
		start := time.Now()
		r, err := solve9x9(tt.ctx, empty, -1)
		took := time.Since(start)
		if !errors.Is(err, tt.want) {
			t.Errorf("%s: error %v, want %v", tt.name, err, tt.want)
		}
		if took > 2*time.Second {
			t.Errorf("%s: took %v", tt.name, took)
		}
		s9CheckSolutions(t, empty, r.Solutions[:min(len(r.Solutions), 50)])
		if tt.name == "deadline" && len(r.Solutions) == 0 {
			t.Errorf("%s: no solutions found in 50 ms", tt.name)
		}
	}
	r, err := Solve(cancelled, empty, Options{Limit: -1})
	if !errors.Is(err, context.Canceled) || r.Status != status.Timeout {
		t.Errorf("Solve: status %v, error %v; want timeout, %v", r.Status, err, context.Canceled)
	}
}

// TestValid9 checks the branch-free 9×9 check of Validate against the
// oracle's own reading of the givens, on random grids dense enough that
// about half hold a digit twice, and on values out of range.
func TestValid9(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 9))
	seen := [2]int{}
	for range 20000 {
		cells := make([]uint8, 81)
		givens := rng.IntN(24)
		for range givens {
			cells[rng.IntN(81)] = uint8(1 + rng.IntN(9))
		}
		_, want := s9NewOracle(cells, 1, nil)
		if got := valid9(cells); got != want {
			t.Fatalf("valid9(%v) = %v, the oracle says %v", cells, got, want)
		}
		if err := (&Puzzle{Box: 3, Cells: cells}).Validate(); (err == nil) != want {
			t.Fatalf("Validate(%v) = %v, the oracle says valid: %v", cells, err, want)
		}
		if want {
			seen[1]++
			cells[rng.IntN(81)] = uint8(10 + rng.IntN(246))
			if valid9(cells) {
				t.Fatalf("valid9 accepts a value out of range: %v", cells)
			}
		} else {
			seen[0]++
		}
	}
	if seen[0] < 1000 || seen[1] < 1000 {
		t.Fatalf("too few of a kind: %d invalid, %d valid", seen[0], seen[1])
	}
}

// TestSolve9KeptSolutionsApart checks that the solutions a sink keeps in
// one allocation do not overlap: changing one leaves the other whole.
func TestSolve9KeptSolutionsApart(t *testing.T) {
	empty, _ := New(3)
	for _, limit := range []int{2, 3, 4} {
		res, err := Solve(context.Background(), empty, Options{Limit: limit})
		if err != nil || len(res.Solutions) != limit {
			t.Fatalf("limit %d: %d solutions, %v", limit, len(res.Solutions), err)
		}
		for i, s := range res.Solutions {
			if len(s) != 81 || cap(s) != 81 {
				t.Fatalf("solution %d: len %d cap %d, want 81", i, len(s), cap(s))
			}
			keep := slices.Clone(res.Solutions)
			for j := range keep {
				keep[j] = slices.Clone(keep[j])
			}
			s = append(s, 0) // must not grow into the next solution
			s[0] = 0
			for j, o := range res.Solutions {
				if j != i && !slices.Equal(o, keep[j]) {
					t.Fatalf("limit %d: changing solution %d changed solution %d", limit, i, j)
				}
			}
			if !empty.IsSolutionOf(keep[i]) {
				t.Fatalf("limit %d: solution %d fails the check", limit, i)
			}
		}
	}
}

// TestSolve9InvalidGivens checks that Solve, whose 9×9 path reads the
// givens without Validate, finds the same grids invalid as the oracle,
// with Validate's message, and solves the others (a puzzle with a
// conflict-free set of givens may still have no solution).
func TestSolve9InvalidGivens(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 10))
	invalid := 0
	for range 5000 {
		cells := make([]uint8, 81)
		for range rng.IntN(24) {
			cells[rng.IntN(81)] = uint8(1 + rng.IntN(9))
		}
		if rng.IntN(50) == 0 {
			cells[rng.IntN(81)] = uint8(10 + rng.IntN(246))
		}
		p := &Puzzle{Box: 3, Cells: cells}
		verr := p.Validate()
		_, ok := s9NewOracle(cells, 1, nil)
		ok = ok && verr == nil // the oracle does not look at the range of values
		ctx, cancel := context.WithCancel(context.Background())
		if rng.IntN(4) == 0 {
			cancel() // an invalid grid stays invalid when the time is up
		}
		res, err := Solve(ctx, p, Options{})
		cancel()
		if !ok {
			invalid++
			if res.Status != status.Invalid || err == nil || verr == nil || err.Error() != "sudoku: "+verr.Error() {
				t.Fatalf("%v: status %v, error %v; Validate says %v", cells, res.Status, err, verr)
			}
			continue
		}
		if res.Status == status.Invalid {
			t.Fatalf("%v: valid givens found invalid: %v", cells, err)
		}
	}
	if invalid < 500 {
		t.Fatalf("only %d invalid grids", invalid)
	}
}

// TestSolveInto checks that SolveInto, into one Result reused from puzzle
// to puzzle, gives what Solve gives (status, count, solutions, nodes), and
// that a 9×9 solve writes over the grids it is given.
func TestSolveInto(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 29))
	grids := [][]uint8{make([]uint8, 81), make([]uint8, 81)}
	var res Result
	for i := range 3000 {
		var p *Puzzle
		switch i % 10 {
		case 0:
			p = s9Contradictory(rng)
		case 1:
			p = s9RandomPuzzle(rng, 81) // empty: multiple
		case 2:
			p = s9RandomPuzzle(rng, 40)
			p.Cells[0], p.Cells[1] = 5, 5 // invalid, or a clash
		default:
			p = s9RandomPuzzle(rng, 45+rng.IntN(20))
		}
		limit := []int{0, 1, 2}[i%3]
		want, werr := Solve(context.Background(), p, Options{Limit: limit})
		if i%2 == 0 {
			res.Solutions = grids // else those of the call before, which keeps them
		}
		err := SolveInto(context.Background(), p, Options{Limit: limit}, &res)
		if (err == nil) != (werr == nil) || res.Status != want.Status || res.Count != want.Count ||
			res.Stats.Nodes != want.Stats.Nodes || !slices.EqualFunc(res.Solutions, want.Solutions, slices.Equal) ||
			cap(res.Solutions) != len(grids) {
			t.Fatalf("puzzle %d, limit %d: SolveInto %v %d %d %v; Solve %v %d %d %v", i, limit,
				res.Status, res.Count, res.Stats.Nodes, err, want.Status, want.Count, want.Stats.Nodes, werr)
		}
		for j, s := range res.Solutions {
			if &s[0] != &grids[j][0] {
				t.Fatalf("puzzle %d: solution %d is not written over the grid given", i, j)
			}
		}
	}
	// Other sizes, and grids without room, take the usual path.
	p := randomPuzzle(t, rng, 2, 0.3)
	res = Result{Solutions: [][]uint8{make([]uint8, 3)}}
	want, _ := Solve(context.Background(), p, Options{})
	if err := SolveInto(context.Background(), p, Options{}, &res); err != nil || res.Status != want.Status ||
		!slices.EqualFunc(res.Solutions, want.Solutions, slices.Equal) {
		t.Fatalf("4×4: SolveInto %v %v, Solve %v", res.Status, err, want.Status)
	}
}

// TestFarGuess checks the guess that joins a group against a choice made
// from scratch, on random states after the band deductions, with the
// bands and stacks of one or two random cells taken: among the unplaced
// cells with two candidates outside them, the one that sees the most
// unplaced cells (the first on a tie), and of its digits the one whose band
// word holds the most cells (the first on a tie); none when there is no
// such cell.
func TestFarGuess(t *testing.T) {
	t9Tables()
	rng := rand.New(rand.NewPCG(15, 21))
	found, none := [3]int{}, 0
	for range 6000 {
		p := s9RandomPuzzle(rng, 40+rng.IntN(30))
		var placed [10][3]uint32
		for c, v := range p.Cells {
			placed[v][c/27] |= 1 << (c % 27)
		}
		var st state9
		st.setGivens(&placed)
		if !st.spread(band27) {
			continue
		}
		taken := 1 + rng.IntN(2)
		bands, stacks := 0, 0
		for range taken {
			c := rng.IntN(81)
			bands, stacks = bands|1<<(c/27), stacks|1<<(c%9/3)
		}
		unplaced := func(c int) bool { return st.u[c/27]&(1<<(c%27)) != 0 }
		want, most := -1, -1
		for c := range 81 {
			if bands&(1<<(c/27)) != 0 || stacks&(1<<(c%9/3)) != 0 || !unplaced(c) {
				continue
			}
			n := 0
			for d := range 9 {
				if st.f[3*d+c/27]&(1<<(c%27)) != 0 {
					n++
				}
			}
			if n != 2 {
				continue
			}
			seen := 0
			for o := range 81 {
				peer := o/9 == c/9 || o%9 == c%9 || o/27 == c/27 && o%9/3 == c%9/3
				if o != c && peer && unplaced(o) {
					seen++
				}
			}
			if seen > most {
				want, most = c, seen
			}
		}
		// pickGuess keeps the best cell of each box for farGuess.
		var bi [3]uint32
		for b := range 3 {
			_, two, three := st.count9(b)
			bi[b] = st.u[b] & two &^ three
		}
		s := new(solver9)
		s.pickGuess(&st, &bi)
		g, ok := s.farGuess(&st, bands, stacks)
		if !ok {
			if want >= 0 {
				t.Fatalf("%v, bands %b, stacks %b: no guess, want r%dc%d", p, bands, stacks, want/9+1, want%9+1)
			}
			none++
			continue
		}
		if want < 0 || g.bit != 1<<(want%27) || g.word%3 != want/27 {
			t.Fatalf("%v, bands %b, stacks %b: guess word %d bit %#x, want r%dc%d", p, bands, stacks, g.word, g.bit, want/9+1, want%9+1)
		}
		wantWord, cells := -1, -1
		for d := range 9 {
			if w := st.f[3*d+want/27]; w&g.bit != 0 && bits.OnesCount32(w) > cells {
				wantWord, cells = 3*d+want/27, bits.OnesCount32(w)
			}
		}
		if g.word != wantWord {
			t.Fatalf("%v: guess on r%dc%d: digit %d, want %d", p, want/9+1, want%9+1, g.word/3+1, wantWord/3+1)
		}
		found[bits.OnesCount(uint(bands))]++
	}
	if found[1] < 1000 || found[2] < 500 || none < 100 {
		t.Fatalf("too few of a kind: %d guesses with one band taken, %d with two, %d without a guess", found[1], found[2], none)
	}
}
