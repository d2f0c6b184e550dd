package nonogram

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlesolvers/puzzle/status"
)

// bruteCount counts the pictures that meet p's clues, up to limit, by
// trying every placement of every row in turn and pruning on column
// prefixes. It shares no code with the solver beyond lineClue.
func bruteCount(p *Puzzle, limit int) []*Grid {
	w, h := p.Width(), p.Height()
	rowPatterns := make([][][]bool, h)
	for r := range h {
		for m := 0; m < 1<<w; m++ {
			line := make([]bool, w)
			for c := range w {
				line[c] = m>>c&1 == 1
			}
			if slices.Equal(lineClue(line), p.Rows[r]) {
				rowPatterns[r] = append(rowPatterns[r], line)
			}
		}
	}
	var out []*Grid
	g := NewGrid(w, h)
	var rec func(r int)
	rec = func(r int) {
		if len(out) >= limit {
			return
		}
		if r == h {
			for c := range w {
				if !slices.Equal(columnClue(g, c, h), p.Cols[c]) {
					return
				}
			}
			out = append(out, &Grid{Width: w, Height: h, Cells: slices.Clone(g.Cells)})
			return
		}
		for _, line := range rowPatterns[r] {
			copy(g.Cells[r*w:], line)
			if columnsPrefixOK(p, g, r+1) {
				rec(r + 1)
			}
		}
	}
	rec(0)
	return out
}

func columnClue(g *Grid, c, rows int) []int {
	line := make([]bool, rows)
	for r := range rows {
		line[r] = g.At(r, c)
	}
	return lineClue(line)
}

// columnsPrefixOK checks that the first rows of every column can still
// grow into its clue: finished runs match, the open run is not too long.
func columnsPrefixOK(p *Puzzle, g *Grid, rows int) bool {
	for c := range g.Width {
		runs := columnClue(g, c, rows)
		open := rows > 0 && g.At(rows-1, c)
		clue := p.Cols[c]
		if len(runs) > len(clue) {
			return false
		}
		for i, n := range runs {
			last := i == len(runs)-1
			if n > clue[i] || (n != clue[i] && !(last && open)) {
				return false
			}
		}
	}
	return true
}

// randomPuzzle returns the clues of a random picture; with shuffle, two
// row clues are swapped, which keeps the sums equal but often leaves no
// solution.
func randomPuzzle(rng *rand.Rand, w, h int, density float64, shuffle bool) *Puzzle {
	p := RandomGrid(rng, w, h, density).Clues()
	if shuffle && h > 1 {
		a, b := rng.IntN(h), rng.IntN(h)
		p.Rows[a], p.Rows[b] = p.Rows[b], p.Rows[a]
	}
	return p
}

func gridKeys(gs []*Grid) []string {
	keys := make([]string, len(gs))
	for i, g := range gs {
		keys[i] = g.String()
	}
	slices.Sort(keys)
	return keys
}

func TestSolveMatchesBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 6))
	counts := map[status.Status]int{}
	for iter := range 1500 {
		w, h := 1+rng.IntN(7), 1+rng.IntN(7)
		p := randomPuzzle(rng, w, h, []float64{0.3, 0.5, 0.7}[iter%3], iter%4 == 0)
		want := bruteCount(p, 1000)
		for _, opt := range []Options{{Limit: -1}, {Limit: -1, NoProbing: true}, {Limit: -1, learnAtRoot: true},
			{Limit: -1, learnAtRoot: true, automatonLearner: true}, {Limit: -1, quickNodes: 1 + int64(iter%3), automatonLearner: iter%2 == 0},
			{Limit: -1, noLearning: true, quickNodes: 2}, {Limit: -1, quickNodes: 1, learnFirst: true, learnFirstConflicts: 1 + int64(iter%3)}} {
			res, err := Solve(context.Background(), p, opt)
			if err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("%d×%d rows %v cols %v (options %+v)", h, w, p.Rows, p.Cols, opt)
			if !slices.Equal(gridKeys(res.Solutions), gridKeys(want)) {
				t.Fatalf("%s: %d solutions, brute force finds %d", name, len(res.Solutions), len(want))
			}
			for _, g := range res.Solutions {
				if !p.Satisfies(g) {
					t.Fatalf("%s: solution does not meet the clues:\n%s", name, g)
				}
			}
		}
		// The default limit proves uniqueness, also when the quick search
		// hands over to clause learning after a solution or two.
		wantStatus := map[int]status.Status{0: status.None, 1: status.Unique}[min(len(want), 2)]
		if len(want) >= 2 {
			wantStatus = status.Multiple
		}
		for _, opt := range []Options{{}, {quickNodes: 1 + int64(iter%4)}, {quickNodes: 1, automatonLearner: true},
			{quickNodes: 1, learnFirst: true, learnFirstConflicts: 1 + int64(iter%3)}} {
			res, _ := Solve(context.Background(), p, opt)
			if res.Status != wantStatus || len(res.Solutions) != min(len(want), 2) {
				t.Fatalf("rows %v cols %v (options %+v): status %v with %d solutions, want %v", p.Rows, p.Cols, opt, res.Status, len(res.Solutions), wantStatus)
			}
			counts[res.Status]++
		}
	}
	for _, s := range []status.Status{status.Unique, status.Multiple, status.None} {
		if counts[s] < 100 {
			t.Errorf("weak sample: only %d puzzles with status %v (%v)", counts[s], s, counts)
		}
	}
}

func TestSolveLimits(t *testing.T) {
	// Four isolated cells on the diagonals of a 2×2 grid: two pictures.
	p := &Puzzle{Rows: [][]int{{1}, {1}}, Cols: [][]int{{1}, {1}}}
	for _, tc := range []struct {
		limit int
		n     int
		st    status.Status
	}{{1, 1, status.Solved}, {0, 2, status.Multiple}, {-1, 2, status.Multiple}, {5, 2, status.Multiple}} {
		res, err := Solve(context.Background(), p, Options{Limit: tc.limit})
		if err != nil || len(res.Solutions) != tc.n || res.Status != tc.st {
			t.Errorf("limit %d: %d solutions, %v, %v; want %d, %v", tc.limit, len(res.Solutions), res.Status, err, tc.n, tc.st)
		}
	}
}

func TestSolveLineSolvable(t *testing.T) {
	// A plus sign is decided by line solving alone.
	g := pictureOf(".#.", "###", ".#.")
	res, err := Solve(context.Background(), g.Clues(), Options{})
	if err != nil || res.Status != status.Unique || !res.LineSolvable || !res.Solutions[0].Equal(g) {
		t.Fatalf("plus: %v line_solvable=%v err=%v", res.Status, res.LineSolvable, err)
	}
	if res.Stats.Nodes != 1 || res.Stats.Probes != 0 {
		t.Errorf("plus needed search: %+v", res.Stats)
	}
}

func TestSolveCancelled(t *testing.T) {
	// An empty-ish 40×40 puzzle with astronomically many solutions.
	p := &Puzzle{}
	for range 40 {
		p.Rows = append(p.Rows, []int{1})
		p.Cols = append(p.Cols, []int{1})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Solve(ctx, p, Options{Limit: -1})
	if err == nil || res.Status != status.Timeout {
		t.Fatalf("cancelled solve: %v, %v", res.Status, err)
	}
}

func TestSolveInvalid(t *testing.T) {
	p := &Puzzle{Rows: [][]int{{3}}, Cols: [][]int{{1}, {1}}, File: "x.txt", RowLine: []int{2}}
	res, err := Solve(context.Background(), p, Options{})
	if err == nil || res.Status != status.Invalid || !strings.Contains(err.Error(), "x.txt:2") {
		t.Fatalf("got %v, %v", res.Status, err)
	}
}

func pictureOf(rows ...string) *Grid {
	g := NewGrid(len(rows[0]), len(rows))
	for r, row := range rows {
		for c, ch := range row {
			g.Set(r, c, ch == '#')
		}
	}
	return g
}
