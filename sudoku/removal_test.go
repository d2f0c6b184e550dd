package sudoku

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/status"
)

// digWithSolve returns a unique puzzle partway through a removal pass made
// with Solve alone: givens are visited in random order, and each goes if
// Solve still proves the puzzle unique without it, until frac of the cells
// were visited. Its givens are then a mix of needed and removable ones.
func digWithSolve(t *testing.T, rng *rand.Rand, box int, frac float64) (*Puzzle, []uint8) {
	t.Helper()
	sol, err := RandomSolution(t.Context(), box, nil, rng)
	if err != nil {
		t.Fatal(err)
	}
	p := &Puzzle{Box: box, Cells: slices.Clone(sol)}
	order := rng.Perm(len(sol))
	for _, c := range order[:int(frac*float64(len(order)))] {
		p.Cells[c] = 0
		if solveStatus(t, p) != status.Unique {
			p.Cells[c] = sol[c]
		}
	}
	return p, sol
}

func solveStatus(t *testing.T, p *Puzzle) status.Status {
	t.Helper()
	res, err := Solve(t.Context(), p, Options{General: true})
	if err != nil {
		t.Fatal(err)
	}
	return res.Status
}

// removalJobFor is the check of removing the givens cells from p, with no
// given kept at level 0.
func removalJobFor(ctx context.Context, p *Puzzle, cells []int) *removalJob {
	job := &removalJob{cells: cells, ctx: ctx}
	for c, v := range p.Cells {
		if v != 0 && !slices.Contains(cells, c) {
			job.assume = append(job.assume, c)
		}
	}
	return job
}

// TestRemovalCheck checks the removal check under assumptions against
// Solve on every given of puzzles partway through a removal pass: one
// solver answering all the questions about a puzzle in turn, a fresh solver
// for each question, and one solver kept across all the puzzles of a size
// (whose learned clauses follow from the rules alone), all agree with
// Solve's verdict on the puzzle without the given. Both verdicts occur.
func TestRemovalCheck(t *testing.T) {
	t.Parallel()
	cases := []struct {
		box, puzzles, questions int
		frac                    float64
	}{
		{3, 12, 81, 0.8},
		{4, 4, 256, 0.7},
		{5, 1, 8, 0.55},
	}
	if testing.Short() {
		cases = cases[:2]
	}
	rng := rand.New(rand.NewPCG(21, 4))
	ctx := t.Context()
	for _, tc := range cases {
		verdicts := map[verdict]int{}
		across := newCDCL(ctx, tc.box, false)
		for range tc.puzzles {
			p, sol := digWithSolve(t, rng, tc.box, tc.frac)
			incremental := newRemover(ctx, tc.box, sol)
			var givens []int
			for c, v := range p.Cells {
				if v != 0 {
					givens = append(givens, c)
				}
			}
			rng.Shuffle(len(givens), func(i, j int) { givens[i], givens[j] = givens[j], givens[i] })
			for _, c := range givens[:min(len(givens), tc.questions)] {
				q := p.Clone()
				q.Cells[c] = 0
				want := removable
				if solveStatus(t, q) == status.Multiple {
					want = needed
				}
				job := removalJobFor(ctx, p, []int{c})
				got := incremental.check(job)
				fresh := newRemover(ctx, tc.box, sol).check(job)
				lits := []int32{across.cellLit(c, sol[c]) ^ 1}
				for _, g := range job.assume {
					lits = append(lits, across.cellLit(g, sol[g]))
				}
				shared := removable
				if across.solveUnder(ctx, lits) == 1 {
					shared = needed
					second := across.model()
					if !q.IsSolutionOf(second) || second[c] == sol[c] {
						t.Fatalf("box %d: the shared solver's second solution is wrong", tc.box)
					}
				}
				if got != want || fresh != want || shared != want {
					t.Fatalf("box %d, r%dc%d of %v: incremental %v, fresh %v, shared %v; Solve says %v",
						tc.box, c/p.Size()+1, c%p.Size()+1, p, got, fresh, shared, want)
				}
				verdicts[want]++
			}
		}
		t.Logf("box %d: %d needed, %d removable; shared solver: %d conflicts", tc.box,
			verdicts[needed], verdicts[removable], across.conflicts)
		if verdicts[needed] == 0 || verdicts[removable] == 0 {
			t.Errorf("box %d: verdicts %v: the test no longer sees both", tc.box, verdicts)
		}
	}
}

// TestRemoveByLearning checks that the removal pass by clause learning
// makes, with one worker or two, the very puzzle the pass by Solve makes
// from the same grid and order, that it is reported minimal, and that
// Solve finds it unique and every given (pair) needed.
func TestRemoveByLearning(t *testing.T) {
	t.Parallel()
	type tc struct {
		box  int
		seed uint64
		sym  bool
	}
	var cases []tc
	for seed := range uint64(6) {
		cases = append(cases, tc{3, seed, seed%2 == 1})
	}
	cases = append(cases, tc{4, 1, false}, tc{4, 2, true})
	if testing.Short() {
		cases = cases[:3]
	}
	ctx := t.Context()
	lim := limits{check: time.Minute}
	for _, c := range cases {
		t.Run(fmt.Sprintf("box%d/seed%d/sym=%v", c.box, c.seed, c.sym), func(t *testing.T) {
			bySolve, err := generateOnce(ctx, c.box, c.seed, 0, c.sym, plan{solve: true}, lim)
			if err != nil || !bySolve.Minimal {
				t.Fatalf("by Solve: minimal %v, %v", bySolve.Minimal, err)
			}
			for _, workers := range []int{1, 2} {
				for _, races := range []bool{false, true} {
					if races && workers == 1 && c.box > 3 {
						continue // slow under the race detector: each check builds its solvers
					}
					pl := plan{solve: true, learning: true, races: races, workers: workers}
					g, err := generateOnce(ctx, c.box, c.seed, 0, c.sym, pl, lim)
					if err != nil {
						t.Fatal(err)
					}
					if !g.Minimal || !slices.Equal(g.Puzzle.Cells, bySolve.Puzzle.Cells) {
						t.Fatalf("%d workers, races %v: minimal %v,\n%v\nwhere Solve's pass gives\n%v",
							workers, races, g.Minimal, g.Puzzle, bySolve.Puzzle)
					}
				}
			}
			checkUniqueMinimal(t, bySolve.Puzzle, bySolve.Solution, c.sym)
			if !minimal(ctx, bySolve.Puzzle, c.sym, time.Minute) {
				t.Error("minimal() says a given can go")
			}
		})
	}
}

// TestRemoveByLearningLimits checks that a check timeout or a budget that
// runs out leaves a unique puzzle reported as not minimal, and that
// cancellation stops the pass on one worker and on two.
func TestRemoveByLearningLimits(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	for _, lim := range []limits{{check: time.Nanosecond}, {check: time.Minute, budget: time.Millisecond}} {
		for _, workers := range []int{1, 2} {
			for _, races := range []bool{false, true} {
				pl := plan{solve: true, learning: true, races: races, workers: workers}
				g, err := generateOnce(ctx, 4, 3, 0, false, pl, lim)
				if err != nil {
					t.Fatal(err)
				}
				if g.Minimal {
					t.Errorf("%+v, %d workers, races %v: reported minimal", lim, workers, races)
				}
				if s := solveStatus(t, g.Puzzle); s != status.Unique || !g.Puzzle.IsSolutionOf(g.Solution) {
					t.Errorf("%+v, %d workers, races %v: %v", lim, workers, races, s)
				}
			}
		}
	}
	for _, workers := range []int{1, 2} {
		c, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
		start := time.Now()
		_, err := Generate(c, GenerateOptions{Box: 6, Workers: workers, Budget: time.Hour, CheckTimeout: time.Hour})
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%d workers: err %v", workers, err)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%d workers: cancellation took %v", workers, d)
		}
	}
}

// TestRemovalMeasure makes the puzzles named by PUZZLE_REMOVAL (a
// comma-separated list of box:seed) and logs the time, the CPU time and
// the work of the removal pass. Other settings:
//   - PUZZLE_REMOVAL_WORKERS: the workers (default 1);
//   - PUZZLE_REMOVAL_BUILD=1: the puzzle built up first (as Generate does
//     without a target from 36×36 up);
//   - PUZZLE_REMOVAL_LOGIC=1: the logic-only pass first (as Generate does
//     without a target on 25×25 grids);
//   - PUZZLE_REMOVAL_SOLVE=1: the checks by Solve instead;
//   - PUZZLE_REMOVAL_RACES=1 or 0: the checks races of fresh searches or
//     not (default: as Generate does);
//   - PUZZLE_REMOVAL_CHECK: the bound of each check (default 10m);
//   - PUZZLE_REMOVAL_BUDGET: the bound of the pass (default none);
//   - PUZZLE_REMOVAL_TRACE=1: each verdict on stderr, and with
//     PUZZLE_REMOVAL_DUMP=DIR each check's puzzle in DIR/checkI.txt;
//   - PUZZLE_REMOVAL_OUT=DIR: each puzzle made with the logic pass in
//     DIR/boxB-seedS.txt.
//
// A measurement aid, skipped unless asked for.
func TestRemovalMeasure(t *testing.T) {
	which := os.Getenv("PUZZLE_REMOVAL")
	if which == "" {
		t.Skip("set PUZZLE_REMOVAL to measure")
	}
	if os.Getenv("PUZZLE_REMOVAL_TRACE") == "1" {
		last, lastConflicts := time.Now(), map[int]int64{}
		dump := os.Getenv("PUZZLE_REMOVAL_DUMP")
		traceRemoval = func(job *removalJob, v verdict, conflicts int64, sol []uint8) {
			if dump != "" {
				// The check's puzzle, its cell and the digit it may not hold.
				grid := make([]uint8, len(sol))
				for _, list := range [][]int{job.kept, job.assume} {
					for _, c := range list {
						grid[c] = sol[c]
					}
				}
				var b strings.Builder
				b.WriteString((&Puzzle{Box: int(math.Sqrt(math.Sqrt(float64(len(sol))))), Cells: grid}).String())
				fmt.Fprintf(&b, "\nnot %d %d\n", job.cells[0], sol[job.cells[0]])
				os.WriteFile(filepath.Join(dump, fmt.Sprintf("check%d.txt", job.cand)), []byte(b.String()), 0o644)
			}
			names := [...]string{"unchecked", "needed", "removable", "timeout", "stopped"}
			fmt.Fprintf(os.Stderr, "check %d (cell %d, worker %d): %s, %d conflicts, %.2fs since the last verdict; %d givens kept, %d to come\n",
				job.cand, job.cells[0], job.worker, names[v], conflicts-lastConflicts[job.worker], time.Since(last).Seconds(), len(job.kept), len(job.assume))
			last, lastConflicts[job.worker] = time.Now(), conflicts
		}
		defer func() { traceRemoval = nil }()
	}
	workers, _ := strconv.Atoi(os.Getenv("PUZZLE_REMOVAL_WORKERS"))
	lim := limits{check: 10 * time.Minute}
	if d, err := time.ParseDuration(os.Getenv("PUZZLE_REMOVAL_CHECK")); err == nil {
		lim.check = d
	}
	if d, err := time.ParseDuration(os.Getenv("PUZZLE_REMOVAL_BUDGET")); err == nil {
		lim.budget = d
	}
	pl := plan{solve: true, learning: os.Getenv("PUZZLE_REMOVAL_SOLVE") != "1", workers: workers}
	if os.Getenv("PUZZLE_REMOVAL_LOGIC") == "1" {
		pl.logicCap = hardestOf[Expert]
	}
	pl.build = os.Getenv("PUZZLE_REMOVAL_BUILD") == "1"

	races := os.Getenv("PUZZLE_REMOVAL_RACES")
	for _, f := range strings.Split(which, ",") {
		var box int
		var seed uint64
		if _, err := fmt.Sscanf(f, "%d:%d", &box, &seed); err != nil {
			t.Fatal(err)
		}
		pl.races = races == "1" || races == "" && box >= raceBox
		if pl.logicCap != 0 || pl.build || !pl.learning {
			start, cpu0 := time.Now(), cpuTime()
			g, err := generateOnce(t.Context(), box, seed, 0, false, pl, lim)
			el, cpu := time.Since(start), cpuTime()-cpu0
			if err != nil {
				t.Fatal(err)
			}
			start, cpu0 = time.Now(), cpuTime()
			if _, err := rate(t.Context(), g.Puzzle); err != nil {
				t.Fatal(err)
			}
			rel, rcpu := time.Since(start), cpuTime()-cpu0
			t.Logf("box %d seed %d: %d givens, minimal %v, %d checks, %.2fs (cpu %.2fs), of which rating %.2fs (cpu %.2fs)",
				box, seed, g.Puzzle.Givens(), g.Minimal, g.Checks, el.Seconds(), cpu.Seconds(), rel.Seconds(), rcpu.Seconds())
			if dir := os.Getenv("PUZZLE_REMOVAL_OUT"); dir != "" {
				var b strings.Builder
				if err := g.Puzzle.Format(&b, FormatGrid); err != nil {
					t.Fatal(err)
				}
				name := filepath.Join(dir, fmt.Sprintf("box%d-seed%d.txt", box, seed))
				if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			continue
		}
		// generateOnce's grid and order, and its pass alone.
		rng := rand.New(rand.NewPCG(seed, 0))
		sol, err := RandomSolution(t.Context(), box, nil, rng)
		if err != nil {
			t.Fatal(err)
		}
		p := &Puzzle{Box: box, Cells: slices.Clone(sol)}
		order := rng.Perm(len(sol))
		start, cpu0 := time.Now(), cpuTime()
		r, err := removeByLearning(t.Context(), p, sol, order, false, lim, time.Time{}, workers, nil)
		el, cpu := time.Since(start), cpuTime()-cpu0
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("box %d seed %d: %d givens, %+v, %.2fs (cpu %.2fs), %.0f conflicts/cpu s",
			box, seed, p.Givens(), r, el.Seconds(), cpu.Seconds(), float64(r.conflicts)/cpu.Seconds())
	}
}
