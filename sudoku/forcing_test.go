package sudoku

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlesolvers/puzzle/internal/longtest"
)

// checkSteps explains p one step at a time and checks every placement and
// elimination against p's solution, found by the solver: an independent
// oracle. It returns how often each technique was used.
func checkSteps(t *testing.T, p *Puzzle) map[Technique]int {
	t.Helper()
	ctx := context.Background()
	res, err := Solve(ctx, p, Options{})
	if err != nil || len(res.Solutions) != 1 {
		t.Fatalf("solve: %v, %d solutions", err, len(res.Solutions))
	}
	sol := res.Solutions[0]
	n := p.Size()
	used := map[Technique]int{}
	ex, err := Explain(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range ex.Steps {
		used[s.Technique]++
		for _, pl := range s.Placements {
			if int(sol[pl.Row*n+pl.Col]) != pl.Digit {
				t.Fatalf("step %d places %v, the solution has %d: %s", i+1, pl, sol[pl.Row*n+pl.Col], s.Text)
			}
		}
		for _, e := range s.Eliminations {
			if int(sol[e.Row*n+e.Col]) == e.Digit {
				t.Fatalf("step %d removes the solution's %v: %s", i+1, e, s.Text)
			}
		}
		if len(s.Placements)+len(s.Eliminations) == 0 {
			t.Fatalf("step %d does nothing: %s", i+1, s.Text)
		}
		if lo, hi := seTable[s.Technique].base, seTable[s.Technique].top; s.SE > hi || s.SE < min(lo, 1.0) || s.SE == 0 {
			t.Fatalf("step %d: SE %v outside %v..%v: %s", i+1, s.SE, lo, hi, s.Text)
		}
	}
	if !ex.Solved {
		t.Fatalf("stuck after %d steps", len(ex.Steps))
	}
	return used
}

func readLines(t *testing.T, path string, limit int) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(out) < limit {
		line := strings.TrimSpace(sc.Text())
		if line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out
}

func TestForcingChains(t *testing.T) {
	lines := readLines(t, "testdata/forcing.txt", 100)
	want := []Technique{ForcingChain, ForcingChain, ForcingChain, NestedForcingChain}
	kinds := map[string]bool{}
	for i, line := range lines {
		t.Run(line[:12], func(t *testing.T) {
			p := mustParseLine(t, line)
			used := checkSteps(t, p)
			if used[want[i]] == 0 {
				t.Errorf("no %v in the solution path (%v)", want[i], used)
			}
			ex, _ := Explain(context.Background(), p)
			for _, s := range ex.Steps {
				if s.Technique == ForcingChain {
					kind, _, _ := strings.Cut(strings.TrimPrefix(s.Text, "Forcing chain: "), " ")
					kinds[kind] = true
				}
			}
		})
	}
	// "if" a contradiction, "whichever" a cell, "wherever" a unit.
	for _, k := range []string{"if", "whichever", "wherever"} {
		if !kinds[k] {
			t.Errorf("no forcing chain of the %q kind in the test puzzles (%v)", k, kinds)
		}
	}
}

func TestForcingChainCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	l := newLogic(mustParseLine(t, knownLines[1]))
	l.ctx = ctx
	l.unique = true // nested chains run only on puzzles known unique
	if _, ok := l.forcingChain(); ok {
		t.Error("forcing chain found after cancellation")
	}
	if _, ok := l.nestedForcingChain(); ok {
		t.Error("nested forcing chain found after cancellation")
	}
	if _, err := Rate(ctx, mustParseLine(t, knownLines[1])); err == nil {
		t.Error("Rate with a cancelled context succeeded")
	}
}

// TestStepsSoundOnSharedSets runs the explainer over the shared benchmark
// sets (with -long) and checks every step against the solution. At every
// step it also asks the finned fish, 3D Medusa and the unique rectangles
// for their move, taken or not, and checks it too; it logs how often each
// technique was taken and how often each of those was found.
func TestStepsSoundOnSharedSets(t *testing.T) {
	if !longtest.Enabled() {
		t.Skip("long test: run with -long or PUZZLE_LONG=1")
	}
	dir := sudokuData(t) // $PUZZLE_DATA/sudoku
	sets := []struct {
		file    string
		limit   int
		hardest bool // every puzzle needs a nested forcing chain: our top band, SE 11.4+
	}{
		{"norvig/top95.txt", 95, false},
		{"tdoku/puzzles3_magictour_top1465", 1465, false},
		{"tdoku/puzzles2_17_clue", 1000, false},
		{"tdoku/puzzles6_forum_hardest_1106", 40, true},
		{"tdoku/puzzles5_forum_hardest_1905_11+", 40, true},
	}
	ask := []Technique{FinnedXWing, FinnedSwordfish, FinnedJellyfish, UniqueRectangle, Medusa3D}
	for _, set := range sets {
		t.Run(filepath.Base(set.file), func(t *testing.T) {
			total, found := map[Technique]int{}, map[string]int{}
			for _, line := range readLines(t, filepath.Join(dir, set.file), set.limit) {
				used := map[Technique]int{}
				checkStepsAsking(t, mustParseLine(t, line), ask, used, found)
				if set.hardest && used[NestedForcingChain] == 0 {
					t.Errorf("%s: no nested forcing chain, so below the top band: %v", line, used)
				}
				for k, v := range used {
					total[k] += v
				}
			}
			t.Logf("steps taken: %v", total)
			t.Logf("found when asked at every step: %v", found)
			if strings.Contains(set.file, "top1465") {
				for _, tech := range setTechniques {
					if total[tech] == 0 {
						t.Errorf("no %v step in the set", tech)
					}
				}
			}
		})
	}
}

// checkStepsAsking solves the unique puzzle p by logic, as Explain does,
// and checks every step taken against the solution, as checkSteps does; at
// each step it first asks each technique of ask for its move and checks
// that too. It adds to taken the techniques of the path, and to found the
// moves found when asked, by technique name ("unique rectangle (type 3)"
// apart).
func checkStepsAsking(t *testing.T, p *Puzzle, ask []Technique, taken map[Technique]int, found map[string]int) {
	t.Helper()
	res, err := Solve(context.Background(), p, Options{})
	if err != nil || len(res.Solutions) != 1 {
		t.Fatalf("solve: %v, %d solutions", err, len(res.Solutions))
	}
	sol := res.Solutions[0]
	n := p.Size()
	l := newLogic(p)
	l.unique = true
	for l.left > 0 {
		for _, tech := range ask {
			s, ok := l.find(tech)
			if !ok {
				continue
			}
			name := tech.String()
			if strings.Contains(s.Text, "(type 3)") {
				name += " (type 3)"
			}
			found[name]++
			checkStepSound(t, n, sol, s)
			if t.Failed() {
				t.Fatalf("%s: asked for %v: %s", p, tech, s.Text)
			}
		}
		s, ok := l.next()
		if !ok {
			t.Fatalf("%s: stuck", p)
		}
		s.SE = l.stepSE(s)
		if lo, hi := seTable[s.Technique].base, seTable[s.Technique].top; s.SE > hi || s.SE < min(lo, 1.0) {
			t.Fatalf("SE %v outside %v..%v: %s", s.SE, lo, hi, s.Text)
		}
		checkStepSound(t, n, sol, s)
		if t.Failed() {
			t.Fatalf("%s: %s", p, s.Text)
		}
		taken[s.Technique]++
		l.apply(s)
	}
}

func TestSE(t *testing.T) {
	tests := []struct {
		t      Technique
		length int
		want   float64
	}{
		{NakedSingle, 0, 2.3},
		{XWing, 0, 3.2},
		{XChain, 4, 6.5},
		{XChain, 5, 6.6},
		{XChain, 1000, 6.9}, // capped
		{ForcingChain, 8, 8.9},
		{ForcingChain, 9, 9.0},
		{NestedForcingChain, 64, 11.8},
		{Guess, 0, 12},
	}
	for _, tt := range tests {
		if got := seFor(tt.t, tt.length); got != tt.want {
			t.Errorf("seFor(%v, %d) = %v, want %v", tt.t, tt.length, got, tt.want)
		}
	}
	for tech := NakedSingle; tech <= Guess; tech++ {
		if tech.SE() < 1 || (tech > NakedSingle && tech.SE() == 0) {
			t.Errorf("%v: SE %v", tech, tech.SE())
		}
	}
	// A full house is 1.0, a hidden single in a box 1.2, in a line 1.5.
	p := mustParseLine(t, knownLines[0])
	res, _ := Solve(context.Background(), p, Options{})
	full := &Puzzle{Box: 3, Cells: append([]uint8(nil), res.Solutions[0]...)}
	full.Cells[40] = 0
	ex, err := Explain(context.Background(), full)
	if err != nil || len(ex.Steps) != 1 || ex.Steps[0].SE != 1.0 {
		t.Errorf("full house: %+v, %v", ex.Steps, err)
	}
	l := newLogic(p)
	if s, ok := l.hiddenSingle(); ok {
		want := 1.5
		if s.Units[0].Kind == BoxUnit {
			want = 1.2
		}
		if got := l.stepSE(s); got != want && got != 1.0 {
			t.Errorf("%s: SE %v, want %v", s.Text, got, want)
		}
	}
}

func TestUniqueness(t *testing.T) {
	lines := readLines(t, "testdata/uniqueness.txt", 100)
	want := []string{"Unique rectangle (type 1)", "Unique rectangle (type 4)", "Unique rectangle (type 2)", "BUG+1"}
	for i, line := range lines {
		t.Run(want[i], func(t *testing.T) {
			p := mustParseLine(t, line)
			if used := checkSteps(t, p); used[UniqueRectangle]+used[BUG] == 0 {
				t.Fatalf("no uniqueness technique used: %v", used)
			}
			ex, _ := Explain(context.Background(), p)
			found := false
			for _, s := range ex.Steps {
				found = found || strings.HasPrefix(s.Text, want[i])
			}
			if !found {
				t.Errorf("no step %q", want[i])
			}
		})
	}
	// Without uniqueness known (two solutions), none is used.
	p := mustParseLine(t, lines[0])
	l := newLogic(p)
	if _, ok := l.uniqueRectangle(); ok {
		t.Error("unique rectangle used with uniqueness unknown")
	}
	if _, ok := l.bugPlusOne(); ok {
		t.Error("BUG+1 used with uniqueness unknown")
	}
}
