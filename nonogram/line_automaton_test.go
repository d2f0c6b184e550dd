package nonogram

import (
	"math/rand/v2"
	"testing"

	"github.com/puzzlesolvers/puzzle/internal/sat"
)

// Unit propagation on a line's automaton clauses must fix exactly the cells
// that enumeration of the line's completions fixes, and fail exactly when
// there is none: the encoding is as strong as the complete line solver.
// Known cells are given both ways: as unit clauses only, and also used to
// prune the automaton.
func TestLineAutomatonPropagationMatchesEnumeration(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(21, 22))
	for iter := range 4000 {
		n := 1 + rng.IntN(30)
		density := []float64{0.3, 0.5, 0.7}[rng.IntN(3)]
		c := randomLineCase(rng, n, 10, density, 0.2)
		ok, fill, empty := c.enumerate()
		for _, prune := range []bool{false, true} {
			s := sat.New()
			cells := make([]sat.Lit, n)
			known := make([]int8, n)
			for i := range cells {
				cells[i] = sat.Pos(s.NewVar())
			}
			top := sat.Pos(s.NewVar())
			s.AddClause(top)
			for i, v := range c.cells {
				switch v {
				case lineFilled:
					s.AddClause(cells[i])
					known[i] = 1
				case lineEmpty:
					s.AddClause(cells[i].Not())
					known[i] = -1
				}
			}
			if !prune {
				clear(known)
			}
			value := func(i, col int) sat.Lit {
				if col == 0 {
					return cells[i].Not()
				}
				return cells[i]
			}
			allowed := func(i, col int) bool { return known[i] == 0 || (known[i] > 0) == (col > 0) }
			gotOK := encodeLine(s, top, c.clue, nil, n, 2, value, allowed) && s.Simplify()
			if gotOK != ok {
				t.Fatalf("case %d (prune %v): clue %v cells %v: feasible %v, enumeration says %v", iter, prune, c.clue, c.cells, gotOK, ok)
			}
			if !ok {
				continue
			}
			for i := range n {
				v, fixed := s.Fixed(cells[i].Var())
				if fixed && v != fill[i] || fixed && !v != empty[i] || !fixed && (fill[i] || empty[i]) {
					t.Fatalf("case %d (prune %v): clue %v cells %v: cell %d fixed=%v value=%v; enumeration: filled in all %v, empty in all %v",
						iter, prune, c.clue, c.cells, i, fixed, v, fill[i], empty[i])
				}
			}
		}
	}
}
