package nonogram

import (
	"math/rand/v2"
	"testing"

	"github.com/puzzlesolvers/puzzle/internal/sat"
)

// maskCheck is the line propagator with a check after every call: the
// masks of known cells that it keeps from the trail it is shown must be
// the solver's assignment, whatever backtracking happened in between.
type maskCheck struct {
	*lineTheory
	t     *testing.T
	calls int
}

func (m *maskCheck) Propagate(s *sat.Solver, from int) []sat.Lit {
	conflict := m.lineTheory.Propagate(s, from)
	m.calls++
	g := m.g
	for l := range g.lines() {
		for i := range g.lineLen(l) {
			w, bit := l*m.lineWords+i/64, uint64(1)<<(i%64)
			black, white := m.lineB[w]&bit != 0, m.lineW[w]&bit != 0
			val := s.LitValue(sat.Pos(m.cellVar(l, i)))
			if black != (val == 1) || white != (val == -1) {
				m.t.Fatalf("call %d: line %d cell %d: mask filled %v empty %v, solver %d", m.calls, l, i, black, white, val)
			}
		}
	}
	return conflict
}

// TestLineTheoryMasks runs the clause-learning search with line solving as
// its propagator on random puzzles, lines of up to 130 cells (three words)
// among them, lists up to 20 pictures of each (every one blocked, so the
// search backtracks and restarts often), checks the propagator's masks
// after every call, and checks the pictures against the clues.
func TestLineTheoryMasks(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 12))
	var calls, pictures int
	for iter := range 60 {
		w, h := 2+rng.IntN(12), 2+rng.IntN(12)
		if iter%4 == 0 {
			w = 60 + rng.IntN(71)
		}
		p := randomPuzzle(rng, w, h, []float64{0.35, 0.5, 0.65}[iter%3], false)
		g := newGrid(p)
		s := g.encodeLines(g.newState())
		m := &maskCheck{lineTheory: newLineTheory(g), t: t}
		s.SetPropagator(m)
		for range 20 {
			if s.Solve(nil) != sat.Satisfiable {
				break
			}
			pic := NewGrid(w, h)
			block := make([]sat.Lit, 0, w*h)
			for i := range pic.Cells {
				pic.Cells[i] = s.Value(i)
				if pic.Cells[i] {
					block = append(block, sat.Neg(i))
				} else {
					block = append(block, sat.Pos(i))
				}
			}
			if !p.Satisfies(pic) {
				t.Fatalf("%d×%d: a picture that breaks the clues:\n%s", h, w, pic)
			}
			pictures++
			s.AddClause(block...)
		}
		calls += m.calls
	}
	if calls < 1000 || pictures < 100 {
		t.Fatalf("too little exercised: %d calls, %d pictures", calls, pictures)
	}
}
