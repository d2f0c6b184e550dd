package nonogram

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/status"
)

// rocket is the puzzle of issue 17: four pictures, which differ on the
// cells of rows 12 and 13 (from 0), columns 3, 4, 7 and 8.
const rocket = `# rocket
14 12
2
4
1 1
1 1
4
6
2 2
2 2
8
3 2 3
2 2 2
2
1 1
1 1
1
2
2
5 1
8 1
2 2 4
2 2 4
8 1
5 1
2
2
1
`

// unknownCells lists the Unknown cells of b as row-major indices.
func unknownCells(b *Board) []int {
	var out []int
	for i, v := range b.Cells {
		if v == Unknown {
			out = append(out, i)
		}
	}
	return out
}

// differingCells lists, from an enumeration of every picture, the cells
// on which some two pictures differ (the oracle for Undecided).
func differingCells(all []*Grid) []int {
	var out []int
	for i := range all[0].Cells {
		for _, g := range all[1:] {
			if g.Cells[i] != all[0].Cells[i] || g.Colors != nil && g.Colors[i] != all[0].Colors[i] {
				out = append(out, i)
				break
			}
		}
	}
	return out
}

func TestUndecidedRocket(t *testing.T) {
	p, err := Parse(strings.NewReader(rocket))
	if err != nil {
		t.Fatal(err)
	}
	res, err := Solve(context.Background(), p, Options{})
	if err != nil || res.Status != status.Multiple {
		t.Fatalf("status %v, err %v", res.Status, err)
	}
	b, _, err := Undecided(context.Background(), p, res.Solutions)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, i := range unknownCells(b) {
		got = append(got, fmt.Sprintf("r%dc%d", i/b.Width, i%b.Width))
	}
	want := []string{"r12c3", "r12c4", "r12c7", "r12c8", "r13c3", "r13c4", "r13c7", "r13c8"}
	if !slices.Equal(got, want) {
		t.Errorf("undecided %v, want %v", got, want)
	}
	all := bruteCount(p, 100)
	if len(all) != 4 || !slices.Equal(unknownCells(b), differingCells(all)) {
		t.Errorf("brute force: %d pictures, differing on %v", len(all), differingCells(all))
	}
}

// TestUndecidedMatchesBruteForce checks Undecided against every picture
// enumerated by brute force, on small random puzzles with several
// pictures, black and white and in colour.
func TestUndecidedMatchesBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(17, 1))
	checked := map[string]int{}
	for iter := range 1200 {
		var p *Puzzle
		var all []*Grid
		kind := "black and white"
		if iter%3 == 2 {
			kind = "colour"
			w, h := 2+rng.IntN(3), 2+rng.IntN(3)
			p = randomColorPuzzle(rng, w, h, 3+rng.IntN(2), false)
			all = bruteColor(p)
		} else {
			side := 5 + iter%3%2
			p = randomPuzzle(rng, side, side, []float64{0.4, 0.5, 0.6}[iter%3], false)
			all = bruteCount(p, 1<<20)
		}
		if len(all) < 2 {
			continue
		}
		checked[kind]++
		// Start from the solver's first picture alone, and from every
		// picture it finds with the default limit.
		res, err := Solve(context.Background(), p, Options{Limit: 1})
		if err != nil {
			t.Fatal(err)
		}
		two, err := Solve(context.Background(), p, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, known := range [][]*Grid{res.Solutions, two.Solutions} {
			b, found, err := Undecided(context.Background(), p, known)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := unknownCells(b), differingCells(all); !slices.Equal(got, want) {
				t.Fatalf("%s %d×%d rows %v cols %v: undecided %v, brute force %v (%d pictures)",
					kind, p.Height(), p.Width(), p.Rows, p.Cols, got, want, len(all))
			}
			for _, g := range found {
				if !p.Satisfies(g) {
					t.Fatalf("found a picture that does not meet the clues:\n%s", g)
				}
			}
			for i, v := range b.Cells {
				if v != Unknown && v != BoardOf(all[0]).Cells[i] {
					t.Fatalf("decided cell %d is %v, the pictures have %v", i, v, BoardOf(all[0]).Cells[i])
				}
			}
		}
	}
	if checked["black and white"] < 50 || checked["colour"] < 20 {
		t.Errorf("too few puzzles with several pictures: %v", checked)
	}
	t.Logf("puzzles with several pictures checked: %v", checked)
}

func TestUndecidedNeedsAPicture(t *testing.T) {
	p, _ := Parse(strings.NewReader(rocket))
	if _, _, err := Undecided(context.Background(), p, nil); err == nil {
		t.Error("no picture: no error")
	}
	if _, _, err := Undecided(context.Background(), p, []*Grid{NewGrid(12, 14)}); err == nil {
		t.Error("a picture that does not meet the clues: no error")
	}
}

// TestSolveFixedMatchesBruteForce checks that Options.Fixed keeps exactly
// the pictures that agree with the fixed cells, in every engine, and that
// fixed cells no picture agrees with give status None.
func TestSolveFixedMatchesBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(17, 2))
	contradictions := 0
	for iter := range 600 {
		var p *Puzzle
		var all []*Grid
		if iter%3 == 2 {
			p = randomColorPuzzle(rng, 2+rng.IntN(3), 2+rng.IntN(3), 3, false)
			all = bruteColor(p)
		} else {
			p = randomPuzzle(rng, 2+rng.IntN(5), 2+rng.IntN(5), 0.5, false)
			all = bruteCount(p, 1<<20)
		}
		fixed := &Board{Width: p.Width(), Height: p.Height(), Cells: make([]Cell, p.Width()*p.Height())}
		for range 1 + rng.IntN(3) {
			v := Empty
			if rng.IntN(2) == 0 {
				v = ColorCell(1 + rng.IntN(max(1, len(p.Colors)-1)))
			}
			fixed.Cells[rng.IntN(len(fixed.Cells))] = v
		}
		var want []*Grid
		for _, g := range all {
			o := BoardOf(g)
			agrees := true
			for i, v := range fixed.Cells {
				if v != Unknown && o.Cells[i] != v {
					agrees = false
				}
			}
			if agrees {
				want = append(want, g)
			}
		}
		if len(want) == 0 {
			contradictions++
		}
		opts := []Options{{Limit: -1}, {Limit: -1, NoProbing: true}, {Limit: -1, learnAtRoot: true},
			{Limit: -1, learnAtRoot: true, automatonLearner: true}, {Limit: -1, quickNodes: 1},
			{Limit: -1, noLearning: true, quickNodes: 2}, {Limit: -1, quickNodes: 1, learnFirst: true, learnFirstConflicts: 1}}
		for _, opt := range opts {
			opt.Fixed = fixed
			res, err := Solve(context.Background(), p, opt)
			if err != nil {
				t.Fatal(err)
			}
			keys := gridKeys
			if p.IsColor() {
				keys = colorKeys
			}
			if !slices.Equal(keys(res.Solutions), keys(want)) {
				t.Fatalf("rows %v cols %v fixed %v (options %+v): %d pictures, brute force %d",
					p.Rows, p.Cols, fixed.Cells, opt, len(res.Solutions), len(want))
			}
			if len(want) == 0 && res.Status != status.None {
				t.Fatalf("contradicting fixed cells: status %v", res.Status)
			}
		}
	}
	if contradictions < 20 {
		t.Errorf("only %d puzzles with contradicting fixed cells", contradictions)
	}
}

func TestSolveFixedInvalid(t *testing.T) {
	p, _ := Parse(strings.NewReader(rocket))
	for _, b := range []*Board{
		{Width: 3, Height: 3, Cells: make([]Cell, 9)},
		{Width: 12, Height: 14, Cells: append(make([]Cell, 12*14-1), Filled+1)},
	} {
		if res, err := Solve(context.Background(), p, Options{Fixed: b}); err == nil || res.Status != status.Invalid {
			t.Errorf("fixed %d×%d: status %v, err %v", b.Height, b.Width, res.Status, err)
		}
	}
}

// TestUndecidedSharedData runs Undecided on every puzzle with several
// pictures in the shared sets (picross-solver's validation grids, jwilk's
// and LalaFrogKK's): each picture it finds meets the clues, and where
// enumerating every picture (Solve with no limit, checked against brute
// force in TestSolveMatchesBruteForce) ends below 3000 pictures, the
// undecided cells are exactly those where two of them differ. It logs
// the time of the solve and of Undecided, the cost docs/benchmarks.md
// reports.
func TestUndecidedSharedData(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	dir := nonogramData(t)
	var files []string
	for _, g := range []string{"picross-solver/inputs/*", "jwilk-nonogram/*.nin", "cgi-lab-lalafrogkk/*.txt"} {
		m, _ := filepath.Glob(filepath.Join(dir, g))
		files = append(files, m...)
	}
	var solveTime, undecidedTime time.Duration
	puzzles, exact := 0, 0
	for _, file := range files {
		for _, p := range readAll(t, file) {
			start := time.Now()
			res, err := Solve(context.Background(), p, Options{})
			solved := time.Since(start)
			if err != nil || res.Status != status.Multiple {
				continue
			}
			start = time.Now()
			b, found, err := Undecided(context.Background(), p, res.Solutions)
			took := time.Since(start)
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			puzzles++
			solveTime += solved
			undecidedTime += took
			for _, g := range found {
				if !p.Satisfies(g) {
					t.Errorf("%s: a picture found does not meet the clues", file)
				}
			}
			all, err := Solve(context.Background(), p, Options{Limit: 3000})
			if err != nil {
				t.Fatal(err)
			}
			if all.Status == status.Multiple && all.Count < 3000 {
				exact++
				if got, want := unknownCells(b), differingCells(all.Solutions); !slices.Equal(got, want) {
					t.Errorf("%s: %d undecided cells, the %d pictures differ on %d", file, len(got), all.Count, len(want))
				}
			}
			t.Logf("%s %q %d×%d: solve %v, undecided %v: %d cells undecided, %d more pictures found",
				filepath.Base(file), p.Name, p.Height(), p.Width(), solved.Round(time.Microsecond), took.Round(time.Microsecond),
				len(unknownCells(b)), len(found))
		}
	}
	if puzzles < 10 {
		t.Errorf("only %d puzzles with several pictures", puzzles)
	}
	t.Logf("%d puzzles with several pictures (%d checked against every picture): solve %v, undecided %v",
		puzzles, exact, solveTime.Round(time.Microsecond), undecidedTime.Round(time.Microsecond))
}
