package sudoku

import (
	"context"
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
// the digit there, and how many there are (-1 when the givens have too
// many solutions to enumerate).
func (s markedState) possible(t *testing.T) (possible []bool, count int) {
	t.Helper()
	n := s.l.n
	possible = make([]bool, n*n*n)
	visited := 0
	_, err := Solve(context.Background(), s.givens, Options{Limit: -1, Found: func(sol []uint8) bool {
		visited++
		if visited >= maxEnumerated {
			count = -1
			return false
		}
		for c, v := range sol {
			if s.l.grid[c] == 0 && s.l.cand[c]&(1<<(v-1)) == 0 {
				return true // rules out a pencil mark: not a solution of the state
			}
		}
		count++
		for c, v := range sol {
			possible[c*n+int(v)-1] = true
		}
		return true
	}})
	if err != nil {
		t.Fatal(err)
	}
	return possible, count
}

// maxEnumerated caps the enumeration of the givens' solutions: count is
// -1 for a state whose givens have that many, not used as an oracle.
const maxEnumerated = 20000

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
	checked := 0
	for range states {
		s := randomState(t, rng, sol, 0.4+0.2*rng.Float64(), 0.3*rng.Float64())
		possible, count := s.possible(t)
		if count == 0 {
			t.Fatal("the solution is not a solution of the state")
		}
		if count < 0 {
			continue
		}
		checked++
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
			t.Errorf("%v never fired on %d random states", tech, checked)
		}
	}
	t.Logf("steps checked on %d states (of %d; the others have too many solutions): %v", checked, states, fired)
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
			if count <= 0 {
				t.Fatalf("the state has %d solutions", count)
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

// setPatterns are small states found by searching random states of one
// solution grid (knownLines[2]'s) and checked by hand: the givens alone
// leave the pencil marks, except where keep says.
var setPatterns = []struct {
	name string
	tech Technique
	line string
	keep []string
	elim string
	text string
}{
	{
		// Row 4 has 2 only in r4c9 and the group r4c23; the group sees
		// r5c1 in box 4; row 5 has 2 only in r5c1 and r5c9.
		name: "grouped aic, ends on one digit", tech: GroupedAIC,
		line: "41736982563.1589479587243..8..4371...91.8643.3.6.1.75...9...57.57329.6.41648.529.",
		elim: "r6c9=2",
		text: "Grouped AIC: r4c9(2) = r4c23(2) - r5c1(2) = r5c9(2) (= strong link, - weak link): r4c9 is 2 or r5c9 is 2, so 2 is removed from r6c9",
	},
	{
		// One end is 1 in r2c4, the other the group of 4 in r2c6, r3c6,
		// which r2c4 sees: either way r2c4 is not 4.
		name: "grouped aic, ends on two digits", tech: GroupedAIC,
		line: "4173698.5.32.5...795872..1682..37.6.7.1.86432..69..75.2.9..3.71..3.916841.48.5293",
		elim: "r2c4=4",
		text: "Grouped AIC: r2c4(1) = r4c4(1) - r6c5(1) = r6c5(4) - r6c6(4) = r23c6(4) (= strong link, - weak link): r2c4 is 1 or 4 is in r2c6 or r3c6, so 4 is removed from r2c4",
	},
	{
		name: "als-xz", tech: ALSXZ,
		line: "41.3.9825.32.5894.958.24.1682..3.16979.58643234...27.828.6435.157329.6..1648.5293",
		elim: "r1c5=7",
		text: "ALS-XZ: r2c1, r2c4 {1,6,7} in row 2 and r1c3 {6,7} have the restricted common candidate 6 (every 6 of one sees every 6 of the other), so one of them is locked without it, and 7 is in one of them: 7 is removed from r1c5",
	},
	{
		// 4 and 9 are both restricted commons: 4 and 9 leave the rest of
		// column 3, and 8, the other digit of the pair, is locked in it.
		name: "als-xz doubly linked", tech: ALSXZ,
		line: ".1.3698...3.15..47.5.72.316.25437.697.1586432346..2..828.6..57.5732916...6....293",
		elim: "r1c3=4 r2c1=8 r2c3=8 r2c3=9 r3c1=8 r3c6=8",
		text: "ALS-XZ: r3c3, r9c3 {4,8,9} in column 3 and r7c3 {4,9} have two restricted common candidates, 4 and 9 (doubly linked): each loses one of them and is locked on its other digits, so 4 is removed from r1c3; 8 is removed from r2c1, r2c3, r3c1, r3c6; 9 is removed from r2c3",
	},
	{
		name: "als-xy-wing", tech: ALSXYWing,
		line: "41.3.982.632..8.4795.7..3168..43716979158..32.4691275..8.....71..32.16.41.48.5293",
		elim: "r7c5=6",
		text: "ALS-XY-wing: r1c5(6=5) - {r2c5 r8c5}(5=7) - r9c5(7=6) (almost locked sets r1c5 {5,6}; r2c5, r8c5 {5,7,9} in column 5; r9c5 {6,7}; = within a set, - a restricted common candidate): if r1c5 has no 6, r9c5 holds it, so 6 is removed from r7c5",
	},
	{
		name: "als chain", tech: ALSChain,
		line: "4.73.9...6.2158947.58724...825437..979.58.4.23469127.8.8.643.7..7329.684.64.7.293",
		elim: "r1c8=1",
		text: "ALS chain: {r1c2 r1c7}(1=5) - {r1c5 r1c9}(5=1) - {r3c7 r3c8}(1=6) - r4c8(6=1) (almost locked sets r1c2, r1c7 {1,5,8} in row 1; r1c5, r1c9 {1,5,6} in row 1; r3c7, r3c8 {1,3,6} in box 3; r4c8 {1,6}; = within a set, - a restricted common candidate): if {r1c2 r1c7} has no 1, r4c8 holds it, so 1 is removed from r1c8",
	},
}

// TestGroupedAICCoversSimpleChains: the X-chain and XY-chain states of
// TestTechniquePositions are AICs too, with the same eliminations; the
// engine tries the simpler named chains first, so it reports them by
// their own names.
func TestGroupedAICCoversSimpleChains(t *testing.T) {
	for _, tt := range []struct {
		tech  Technique
		setup func(l *logic)
	}{
		{XChain, func(l *logic) {
			dropDigit(t, l, 2, unitCol(1), "r1c1", "r8c1")
			dropDigit(t, l, 2, unitCol(7), "r8c7", "r2c7")
		}},
		{XYChain, func(l *logic) {
			setCands(t, l, []int{1, 2}, "r1c1")
			setCands(t, l, []int{2, 3}, "r1c5")
			setCands(t, l, []int{3, 4}, "r6c5")
			setCands(t, l, []int{1, 4}, "r6c9")
		}},
	} {
		l := blankLogic(t)
		tt.setup(l)
		simple, ok := l.find(tt.tech)
		if !ok {
			t.Fatalf("no %v", tt.tech)
		}
		aic, ok := l.find(GroupedAIC)
		if !ok {
			t.Fatalf("no grouped AIC where the %v is", tt.tech)
		}
		if got, want := candsText(aic.Eliminations), candsText(simple.Eliminations); got != want {
			t.Errorf("%v: the AIC removes %s, the chain %s", tt.tech, got, want)
		}
		if tt.tech > GroupedAIC {
			t.Fatalf("%v is tried after the grouped AIC", tt.tech)
		}
	}
}
