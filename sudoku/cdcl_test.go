package sudoku

import (
	"context"
	"fmt"
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
				for _, mode := range []searchMode{focusedOnly, stableOnly, alternate} {
					stable := mode == stableOnly
					s := newCDCL(t.Context(), p.Box, true)
					s.policy = policy{mode: mode, modeInit: 3, stableUnit: 1, reduceInterval: 4, decay: 0.9,
						shrink: mode != focusedOnly, bumpReasons: mode != stableOnly}
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
					if stable && slices.ContainsFunc(s.search.target, func(x int8) bool { return x != 0 }) {
						targeted++
					}
					n := p.Size()
					for c, d := range p.Cells {
						if d != 0 && s.search.target[s.cellVar(c*n+int(d)-1)] < 0 {
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

// TestCDCLAnchored checks anchored searches (as the removal races run
// one) against the backtracking oracle, each anchored to a random complete
// grid that is not the puzzle's solution, so that their decisions meet
// conflicts: the solutions are right, and after every search the phases
// are still the grid's, where a search that saves its phases moves them.
func TestCDCLAnchored(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 11))
	var conflicted, moved int
	for _, tc := range []struct {
		box    int
		keep   float64
		trials int
	}{{3, 0.3, 20}, {4, 0.5, 4}} {
		for range tc.trials {
			p := randomPuzzle(t, rng, tc.box, tc.keep)
			anchor, err := RandomSolution(t.Context(), tc.box, nil, rng)
			if err != nil {
				t.Fatal(err)
			}
			for _, limit := range []int{1, 2} {
				want := countByBacktracking(p, limit)
				for _, anchored := range []bool{true, false} {
					s := newCDCL(t.Context(), p.Box, false)
					s.policy.anchored = anchored
					s.setPhases(anchor)
					phases := slices.Clone(s.phase)
					sols := s.solve(p.Cells, limit)
					if len(sols) != want {
						t.Fatalf("anchored %v, limit %d: %d solutions, backtracking finds %d\n%v", anchored, limit, len(sols), want, p)
					}
					for _, sol := range sols {
						if !p.IsSolutionOf(sol) {
							t.Fatalf("anchored %v: invalid solution for %v", anchored, p)
						}
					}
					same := slices.Equal(s.phase, phases)
					switch {
					case anchored && !same:
						t.Fatalf("the anchored search moved its phases, on %v", p)
					case anchored && s.conflicts > 0:
						conflicted++
					case !anchored && !same:
						moved++
					}
				}
			}
		}
	}
	if conflicted == 0 || moved == 0 {
		t.Errorf("%d anchored searches met a conflict, %d others moved their phases: the test no longer exercises them", conflicted, moved)
	}
	t.Logf("%d anchored searches met a conflict, %d others moved their phases", conflicted, moved)
}

// TestCDCLGecode25 runs the clause-learning engine alone on the Gecode
// 25×25 instances named by PUZZLE_CDCL25 (comma-separated indices, or
// "all"), each with the timeout PUZZLE_CDCL25_TIMEOUT (default 30s), and
// logs conflicts, time and propagations; PUZZLE_CDCL25_LIMIT=1 stops at the
// first solution; PUZZLE_CDCL25_WORKERS=2 runs the portfolio of Solve;
// PUZZLE_CDCL25_POLICY sets the policy (see
// cdclPolicyFromEnv) and PUZZLE_CDCL25_SEGMENTS=0 leaves out the segment
// variables. A measurement aid, skipped unless asked for.
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
		start, cpu0 := time.Now(), cpuTime()
		s := newCDCLFor(ctx, p.Box, os.Getenv("PUZZLE_CDCL25_SEGMENTS") != "0", p.Cells)
		s.policy = cdclPolicyFromEnv(t)
		limit := 2
		if os.Getenv("PUZZLE_CDCL25_LIMIT") == "1" {
			limit = 1
		}
		var sols [][]uint8
		if w, _ := strconv.Atoi(os.Getenv("PUZZLE_CDCL25_WORKERS")); w > 1 {
			// The portfolio, as Solve runs it (the policy and segments
			// variables above do not apply).
			k := &sink{limit: limit}
			r := solveLearning(ctx, p.Box, p.Cells, k, w)
			sols, s.err, s.conflicts, s.decisions = k.sols, r.err, r.conflicts, r.decisions
		} else {
			sols = s.solve(p.Cells, limit)
		}
		el, cpu := time.Since(start), cpuTime()-cpu0
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
		t.Logf("%2d %-8s conflicts %7d  %6.2fs (cpu %6.2fs)  %5.0f conflicts/cpu s  props %6.1fM  decisions %d  restarts %d  learnts %d  vivified %d (-%d lits)",
			i, state, s.conflicts, el.Seconds(), cpu.Seconds(), float64(s.conflicts)/cpu.Seconds(), float64(s.props)/1e6,
			s.decisions, s.search.restarts, s.learnts, s.vivified, s.vivifiedLits)
	}
	t.Logf("total %.2fs", total.Seconds())
}

// cdclPolicyFromEnv reads PUZZLE_CDCL25_POLICY, a comma-separated list of
// key=value (mode=alternate|focused|stable, init, unit, reduce, decay,
// seed, segments) over the default policy.
func cdclPolicyFromEnv(t *testing.T) policy {
	p := defaultPolicy
	for _, kv := range strings.Split(os.Getenv("PUZZLE_CDCL25_POLICY"), ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		f, err := strconv.ParseFloat(v, 64)
		if k != "mode" && err != nil {
			t.Fatalf("PUZZLE_CDCL25_POLICY: %s: %v", kv, err)
		}
		switch k {
		case "mode":
			p.mode = map[string]searchMode{"alternate": alternate, "focused": focusedOnly, "stable": stableOnly}[v]
		case "init":
			p.modeInit = int64(f)
		case "unit":
			p.stableUnit = f
		case "reduce":
			p.reduceInterval = f
		case "decay":
			p.decay = f
		case "seed":
			p.seed = uint64(f)
		case "rephase":
			p.rephase = f
		case "shrink":
			p.shrink = f != 0
		case "reuse":
			p.reuseTrail = f != 0
		case "anchored":
			p.anchored = f != 0
		case "vivify":
			p.vivify = f
		case "bumpreasons":
			p.bumpReasons = f != 0
		default:
			t.Fatalf("PUZZLE_CDCL25_POLICY: unknown key %q", k)
		}
	}
	return p
}

// TestCDCLPolicies runs each search policy the engine offers (the default
// one also with segment variables) on the two easiest of Gecode's 25×25 puzzles
// (published as unique), where learned clauses are long and span many
// levels, so that clause shrinking, reason bumping, reduction and both
// modes all take part; each must find the one solution and prove it alone.
func TestCDCLPolicies(t *testing.T) {
	t.Parallel()
	ps := sharedPuzzles(t, filepath.Join("gecode", "gecode_25x25.txt"))
	variants := map[string]policy{"default": defaultPolicy}
	for name, change := range map[string]func(*policy){
		"focused":            func(p *policy) { p.mode = focusedOnly },
		"stable":             func(p *policy) { p.mode = stableOnly; p.stableUnit = 16 },
		"no shrink":          func(p *policy) { p.shrink = false },
		"no reason bumping":  func(p *policy) { p.bumpReasons = false },
		"rephase":            func(p *policy) { p.rephase = 100 },
		"seeded":             func(p *policy) { p.seed = 7 },
		"quick modes":        func(p *policy) { p.modeInit = 50; p.reduceInterval = 20 },
		"no trail reuse":     func(p *policy) { p.reuseTrail = false },
		"vivification":       func(p *policy) { p.vivify = 0.3 },
		"eager vivification": func(p *policy) { p.vivify = 1; p.reduceInterval = 20 },
	} {
		p := defaultPolicy
		change(&p)
		variants[name] = p
	}
	for _, ps := range portfolio {
		variants[fmt.Sprintf("portfolio %+v", ps)] = ps.policy
	}
	for name, pol := range variants {
		for _, segments := range []bool{false, true} {
			if segments && name != "default" {
				continue
			}
			for _, p := range ps[len(ps)-2:] {
				s := newCDCL(t.Context(), p.Box, segments)
				s.policy = pol
				sols := s.solve(p.Cells, 2)
				if len(sols) != 1 || !p.IsSolutionOf(sols[0]) {
					t.Fatalf("%s, segments %v: %d solutions of %s (valid: %v)", name, segments, len(sols), p.Name,
						len(sols) > 0 && p.IsSolutionOf(sols[0]))
				}
			}
		}
	}
}

// TestCDCLVivifiedClausesHold checks vivification against the solution
// (checked against the rules): every clause the engine holds (the rules, and learned clauses
// as vivify shortened them) is a consequence of the puzzle, so the one
// solution of a puzzle published as unique satisfies each of them. Reductions (and so
// vivifications) run every few conflicts, and the search stops at the
// first solution, before any clause blocks it.
func TestCDCLVivifiedClausesHold(t *testing.T) {
	t.Parallel()
	ps := sharedPuzzles(t, filepath.Join("gecode", "gecode_25x25.txt"))
	for _, p := range ps[len(ps)-2:] {
		s := newCDCL(t.Context(), p.Box, false)
		s.policy.vivify = 1
		s.policy.reduceInterval = 20
		sols := s.solve(p.Cells, 1)
		if len(sols) != 1 || !p.IsSolutionOf(sols[0]) {
			t.Fatalf("%s: %d solutions", p.Name, len(sols))
		}
		if s.vivified == 0 {
			t.Fatalf("%s: vivify shortened no clause in %d conflicts: the test no longer exercises it", p.Name, s.conflicts)
		}
		sol := sols[0]
		for c := int32(0); c < int32(len(s.arena)); c += clauseHeader + s.arena[c] {
			if s.arena[c+1]&flagDeleted != 0 {
				continue
			}
			if !slices.ContainsFunc(s.clauseLits(c), func(l int32) bool {
				v := int(l >> 1)
				return (int(sol[v/s.n]) == v%s.n+1) == (l&1 == 0)
			}) {
				t.Fatalf("%s: clause %v is false in the solution", p.Name, s.clauseLits(c))
			}
		}
		t.Logf("%s: %d conflicts, %d clauses vivified, %d literals removed", p.Name, s.conflicts, s.vivified, s.vivifiedLits)
	}
}

// TestCDCLClauseDatabase runs the clause-learning engine, with and
// without segment variables and with reductions every few conflicts, on
// the two easiest of Gecode's 25×25 puzzles (published as unique): each
// must have its one solution; then it checks the clause database against
// its invariants: each clause not deleted is watched by its first two
// literals, once each, with a blocker among its literals, and by no
// other; the position where its last search for a new watch ended is
// unset or among its unwatched literals; a learned clause's glue, which
// the analysis may lower, stays between 1 and its length.
func TestCDCLClauseDatabase(t *testing.T) {
	t.Parallel()
	ps := sharedPuzzles(t, filepath.Join("gecode", "gecode_25x25.txt"))
	var conflicts, lowered int64
	for trial, p := range ps[len(ps)-2:] {
		s := newCDCL(t.Context(), p.Box, trial == 0)
		s.policy.reduceInterval = 20
		sols := s.solve(p.Cells, 2)
		if len(sols) != 1 || !p.IsSolutionOf(sols[0]) {
			t.Fatalf("%s: %d solutions (valid: %v)", p.Name, len(sols), len(sols) > 0 && p.IsSolutionOf(sols[0]))
		}
		conflicts += s.conflicts
		type key struct{ lit, clause int32 }
		watched := make(map[key]int)
		for l := range s.watches {
			for _, w := range s.watches[l] {
				c := w.clause
				if c < 0 {
					c = ^c
				}
				if int(c) >= len(s.arena) || s.arena[c+1]&flagDeleted != 0 {
					t.Fatalf("trial %d: literal %d watches clause %d, deleted or past the arena", trial, l, c)
				}
				lits := s.clauseLits(c)
				if (w.clause < 0) != (len(lits) == 2) || !slices.Contains(lits, w.blocker) || w.blocker == int32(l) {
					t.Fatalf("trial %d: watch %+v of literal %d on clause %v", trial, w, l, lits)
				}
				watched[key{int32(l), c}]++
			}
		}
		clauses := 0
		for c := int32(0); c < int32(len(s.arena)); c += clauseHeader + s.arena[c] {
			h := s.arena[c+1]
			if h&flagDeleted != 0 {
				continue
			}
			clauses++
			lits := s.clauseLits(c)
			for _, l := range lits[:2] {
				if watched[key{l, c}] != 1 {
					t.Fatalf("trial %d: clause %v watched %d times by %d", trial, lits, watched[key{l, c}], l)
				}
			}
			if pos := int(h >> posShift & posMax); pos != 0 && (pos < 2 || pos >= len(lits)) {
				t.Fatalf("trial %d: clause %v has saved position %d", trial, lits, pos)
			}
			if lbd := h & lbdMask; h&flagKeep == 0 && (lbd < 1 || int(lbd) > len(lits)) {
				t.Fatalf("trial %d: learned clause %v has glue %d", trial, lits, lbd)
			}
		}
		if len(watched) != 2*clauses {
			t.Fatalf("trial %d: %d watches for %d clauses", trial, len(watched), clauses)
		}
		lowered += s.gluesLowered
	}
	if conflicts < 500 || lowered == 0 {
		t.Fatalf("%d conflicts, %d glues lowered: the test no longer exercises reduction and glue updates", conflicts, lowered)
	}
	t.Logf("%d conflicts, %d glues lowered", conflicts, lowered)
}
