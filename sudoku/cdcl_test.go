package sudoku

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestCDCLTargetPhases checks the clause-learning engine with and without
// target phases against the backtracking oracle, on 9×9 and 16×16 puzzles
// restarting after every few conflicts, and checks that the recorded target phases are
// those of a trail the solver really held: a target literal is never in
// conflict with the givens.
func TestCDCLTargetPhases(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 5))
	cases := []struct {
		box    int
		keep   float64
		trials int
	}{
		{3, 0.3, 20},
		{4, 0.5, 6},
	}
	var restarted, targeted int
	for _, tc := range cases {
		for range tc.trials {
			p := randomPuzzle(t, rng, tc.box, tc.keep)
			for _, limit := range []int{1, 2, 3} {
				want := countByBacktracking(p, limit)
				for _, stable := range []bool{false, true} {
					s := newCDCL(t.Context(), p.Box, true)
					s.stable = stable
					s.maxLearnt = 8
					s.lubyUnit = 1
					sols := s.solve(p.Cells, limit)
					if len(sols) != want {
						t.Fatalf("stable %v, limit %d: %d solutions, backtracking finds %d\n%v",
							stable, limit, len(sols), want, p)
					}
					for _, sol := range sols {
						if !p.IsSolutionOf(sol) {
							t.Fatalf("stable %v: invalid solution for %v", stable, p)
						}
					}
					if s.conflicts > 1 {
						restarted++
					}
					if stable && slices.ContainsFunc(s.target, func(x int8) bool { return x != 0 }) {
						targeted++
					}
					n := p.Size()
					for c, d := range p.Cells {
						if d != 0 && s.target[c*n+int(d)-1] < 0 {
							t.Fatalf("stable %v: target phase negates the given of cell %d", stable, c)
						}
					}
				}
			}
		}
	}
	if restarted == 0 || targeted == 0 {
		t.Errorf("%d runs restarted, %d recorded target phases: the test no longer exercises them", restarted, targeted)
	}
	t.Logf("%d runs restarted, %d recorded target phases", restarted, targeted)
}

// TestCDCLGecode25 runs the clause-learning engine alone on the Gecode
// 25×25 instances named by PUZZLE_CDCL25 (comma-separated indices, or
// "all"), each with the timeout PUZZLE_CDCL25_TIMEOUT (default 30s), and
// logs conflicts, time and propagations; PUZZLE_CDCL25_LIMIT=1 stops at the
// first solution and PUZZLE_CDCL25_UNIT sets the Luby restart unit. A
// measurement aid, skipped unless asked for.
func TestCDCLGecode25(t *testing.T) {
	which := os.Getenv("PUZZLE_CDCL25")
	if which == "" {
		t.Skip("set PUZZLE_CDCL25 to measure")
	}
	timeout := 30 * time.Second
	if d, err := time.ParseDuration(os.Getenv("PUZZLE_CDCL25_TIMEOUT")); err == nil {
		timeout = d
	}
	ps := sharedPuzzles(t, filepath.Join("gecode", "gecode_25x25.txt"))
	var idx []int
	if which == "all" {
		for i := range ps {
			idx = append(idx, i)
		}
	} else {
		for _, f := range strings.Split(which, ",") {
			i, err := strconv.Atoi(f)
			if err != nil {
				t.Fatal(err)
			}
			idx = append(idx, i)
		}
	}
	var total time.Duration
	for _, i := range idx {
		p := ps[i]
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		start := time.Now()
		s := newCDCL(ctx, p.Box, true)
		s.lubyUnit, _ = strconv.ParseFloat(os.Getenv("PUZZLE_CDCL25_UNIT"), 64)
		limit := 2
		if os.Getenv("PUZZLE_CDCL25_LIMIT") == "1" {
			limit = 1
		}
		sols := s.solve(p.Cells, limit)
		el := time.Since(start)
		cancel()
		total += el
		state := "unique"
		if s.err != nil {
			state = "timeout"
		} else if len(sols) != 1 {
			state = strconv.Itoa(len(sols)) + " sols"
		}
		for _, sol := range sols {
			if !p.IsSolutionOf(sol) {
				t.Fatalf("%d: invalid solution", i)
			}
		}
		t.Logf("%2d %-8s conflicts %7d  %6.2fs  %5.0f conflicts/s  props %6.1fM  learnts %d", i, state, s.conflicts, el.Seconds(), float64(s.conflicts)/el.Seconds(), float64(s.props)/1e6, s.learnts)
	}
	t.Logf("total %.2fs", total.Seconds())
}
