package sudoku

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// Tests of the grouped AIC (aic.go) and the almost locked set techniques
// (als.go) against an independent oracle: the solutions of a grid state,
// enumerated by the solver from its givens and kept when they agree with
// the state's pencil marks. Every eliminated candidate must be absent from
// all of them.

var setTechniques = []Technique{GroupedAIC, ALSXZ, ALSXYWing, ALSChain}

// markedState is a 9×9 grid state for the tests: givens and pencil marks.
type markedState struct {
	givens *Puzzle
	l      *logic
}

// newMarkedState starts from the givens of line, with the pencil marks
// they leave, and keeps only the listed candidates of some cells:
// "r1c1=125" leaves 1, 2 and 5 in r1c1.
func newMarkedState(t *testing.T, line string, keep ...string) markedState {
	t.Helper()
	p := mustParseLine(t, line)
	l := newLogic(p)
	for _, k := range keep {
		cell, ds, ok := strings.Cut(k, "=")
		if !ok {
			t.Fatalf("bad restriction %q", k)
		}
		var m uint64
		for _, ch := range ds {
			m |= 1 << (ch - '1')
		}
		c := cellAt9(t, cell)
		if l.cand[c]&m != m {
			t.Fatalf("%s: %s are not all candidates (%s)", k, candText(m), candText(l.cand[c]))
		}
		l.cand[c] = m
	}
	l.indexed = false
	return markedState{p, l}
}

// possible enumerates the solutions of the givens that agree with the
// pencil marks and returns, per cell and digit, whether one of them puts
// the digit there, and how many there are.
func (s markedState) possible(t *testing.T) (possible []bool, count int) {
	t.Helper()
	n := s.l.n
	possible = make([]bool, n*n*n)
	_, err := Solve(context.Background(), s.givens, Options{Limit: -1, Found: func(sol []uint8) bool {
		for c, v := range sol {
			if s.l.grid[c] == 0 && s.l.cand[c]&(1<<(v-1)) == 0 {
				return true // rules out a pencil mark: not a solution of the state
			}
		}
		count++
		for c, v := range sol {
			possible[c*n+int(v)-1] = true
		}
		return count < 100000
	}})
	if err != nil {
		t.Fatal(err)
	}
	return possible, count
}

// checkAgainstSolutions checks every elimination of s against the
// enumerated solutions.
func checkAgainstSolutions(t *testing.T, possible []bool, n int, s Step) {
	t.Helper()
	if len(s.Eliminations) == 0 {
		t.Errorf("no elimination: %s", s.Text)
	}
	for _, e := range s.Eliminations {
		if possible[(e.Row*n+e.Col)*n+e.Digit-1] {
			t.Errorf("removes %v, which a solution of the state holds: %s", e, s.Text)
		}
	}
}

// randomState empties cells of a solved grid at random and removes
// candidates at random, never the solution's.
func randomState(t *testing.T, rng *rand.Rand, sol []uint8, emptyShare, dropShare float64) markedState {
	t.Helper()
	p := &Puzzle{Box: 3, Cells: append([]uint8(nil), sol...)}
	for c := range p.Cells {
		if rng.Float64() < emptyShare {
			p.Cells[c] = 0
		}
	}
	l := newLogic(p)
	for c, m := range l.cand {
		for ; m != 0; m &= m - 1 {
			bit := m & -m
			if bit != 1<<(sol[c]-1) && rng.Float64() < dropShare {
				l.cand[c] &^= bit
			}
		}
	}
	l.indexed = false
	return markedState{p, l}
}

// TestSetTechniquesOnRandomStates asks the four techniques for a step on
// random grid states and checks each against the enumerated solutions.
func TestSetTechniquesOnRandomStates(t *testing.T) {
	res, err := Solve(context.Background(), mustParseLine(t, knownLines[2]), Options{})
	if err != nil {
		t.Fatal(err)
	}
	sol := res.Solutions[0]
	rng := rand.New(rand.NewPCG(17, 1))
	states := 400
	if testing.Short() {
		states = 100
	}
	fired := map[Technique]int{}
	for range states {
		s := randomState(t, rng, sol, 0.5+0.2*rng.Float64(), 0.3*rng.Float64())
		possible, count := s.possible(t)
		if count == 0 {
			t.Fatal("the solution is not a solution of the state")
		}
		for _, tech := range setTechniques {
			step, ok := s.l.find(tech)
			if !ok {
				continue
			}
			fired[tech]++
			if step.Technique != tech {
				t.Errorf("find(%v) gave %v", tech, step.Technique)
			}
			checkAgainstSolutions(t, possible, 9, step)
		}
	}
	for _, tech := range setTechniques {
		if fired[tech] == 0 {
			t.Errorf("%v never fired on %d random states", tech, states)
		}
	}
	t.Logf("steps checked on %d states: %v", states, fired)
}

// TestSetTechniquePatterns gives each technique a small state to check by
// hand: its exact eliminations, then the solutions' oracle.
func TestSetTechniquePatterns(t *testing.T) {
	for _, tt := range setPatterns {
		t.Run(tt.name, func(t *testing.T) {
			s := newMarkedState(t, tt.line, tt.keep...)
			step, ok := s.l.find(tt.tech)
			if !ok {
				t.Fatalf("%v not found", tt.tech)
			}
			if got := candsText(step.Eliminations); got != tt.elim {
				t.Errorf("eliminations\n got %q\nwant %q", got, tt.elim)
			}
			if step.Text != tt.text {
				t.Errorf("text\n got %q\nwant %q", step.Text, tt.text)
			}
			possible, count := s.possible(t)
			if count == 0 {
				t.Fatal("the state has no solution")
			}
			checkAgainstSolutions(t, possible, 9, step)
			// Applied, the same pattern gives nothing more.
			s.l.apply(step)
			if again, ok := s.l.find(tt.tech); ok && again.Text == step.Text {
				t.Errorf("the step applies again: %s", again.Text)
			}
		})
	}
}

var _ = fmt.Sprint

var setPatterns = []struct {
	name string
	tech Technique
	line string
	keep []string
	elim string
	text string
}{}
