package sat

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// atMost is a Propagator for "at most k of vars are true", explained by
// the k variables that were true first.
type atMost struct {
	vars []int
	k    int
}

func (a *atMost) trueOnes(s *Solver, before int) []int {
	var on []int
	for _, v := range a.vars {
		if s.LitValue(Pos(v)) > 0 && s.TrailPos(v) < before {
			on = append(on, v)
		}
	}
	slices.SortFunc(on, func(x, y int) int { return s.TrailPos(x) - s.TrailPos(y) })
	return on
}

func (a *atMost) Propagate(s *Solver, from int) []Lit {
	on := a.trueOnes(s, len(s.Trail()))
	if len(on) > a.k {
		var c []Lit
		for _, v := range on[:a.k+1] {
			c = append(c, Neg(v))
		}
		return c
	}
	if len(on) == a.k {
		for _, v := range a.vars {
			if s.LitValue(Pos(v)) == 0 {
				s.Imply(Neg(v))
			}
		}
	}
	return nil
}

func (a *atMost) Explain(s *Solver, l Lit, out []Lit) []Lit {
	for _, v := range a.trueOnes(s, s.TrailPos(l.Var()))[:a.k] {
		out = append(out, Neg(v))
	}
	return out
}

// TestPropagatorAgainstEnumeration checks a solver with a cardinality
// propagator against enumeration: the models it counts by blocking each,
// and the cores under assumptions.
func TestPropagatorAgainstEnumeration(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	var sat, unsat int
	for iter := range 1500 {
		n := 2 + rng.IntN(11)
		cnf := randomCNF(rng, n, int(float64(n)*(0.5+1.5*rng.Float64())), 3)
		a := &atMost{k: rng.IntN(3)}
		for v := range n {
			if rng.IntN(3) > 0 {
				a.vars = append(a.vars, v)
			}
		}
		allowed := func(model func(v int) bool) bool {
			on := 0
			for _, v := range a.vars {
				if model(v) {
					on++
				}
			}
			return on <= a.k && satisfies(cnf, model)
		}
		count := func(units []Lit) int {
			c := 0
			for bits := 0; bits < 1<<n; bits++ {
				model := func(v int) bool { return bits>>v&1 == 1 }
				if allowed(model) && satisfies(unitClauses(units), model) {
					c++
				}
			}
			return c
		}
		s, _ := newSolver(cnf, n)
		s.SetPropagator(a)
		if iter%2 == 1 {
			s.restartUnit, s.maxLearnt = 2, 3
		}
		// Cores under random assumptions first, then every model.
		for range 4 {
			var assume []Lit
			for range rng.IntN(n + 1) {
				assume = append(assume, Lit(rng.IntN(2*n)))
			}
			want := count(assume) > 0
			switch s.SolveAssuming(assume, nil) {
			case Satisfiable:
				if !want || !allowed(s.Value) || !satisfies(unitClauses(assume), s.Value) {
					t.Fatalf("case %d: bad model under %v (enumeration: %v)", iter, assume, want)
				}
			case Unsatisfiable:
				if want {
					t.Fatalf("case %d: unsatisfiable under %v, enumeration finds a model", iter, assume)
				}
				core := slices.Clone(s.Core())
				for _, l := range core {
					if !slices.Contains(assume, l) {
						t.Fatalf("case %d: core %v holds %v, not assumed", iter, core, l)
					}
				}
				if count(core) > 0 {
					t.Fatalf("case %d: core %v of %v has a model", iter, core, assume)
				}
			default:
				t.Fatalf("case %d: interrupted", iter)
			}
		}
		want := count(nil)
		got := 0
		for got <= want {
			out := s.Solve(nil)
			if out == Unsatisfiable {
				break
			}
			if out != Satisfiable || !allowed(s.Value) {
				t.Fatalf("case %d: %v, or a model the constraint forbids", iter, out)
			}
			got++
			block := make([]Lit, n)
			for v := range n {
				block[v] = Pos(v)
				if s.Value(v) {
					block[v] = Neg(v)
				}
			}
			s.AddClause(block...)
		}
		if got != want {
			t.Fatalf("case %d (n=%d, at most %d of %v): %d models, enumeration says %d", iter, n, a.k, a.vars, got, want)
		}
		if want > 0 {
			sat++
		} else {
			unsat++
		}
	}
	if sat < 300 || unsat < 300 {
		t.Errorf("unbalanced sample: %d satisfiable, %d not", sat, unsat)
	}
}

func unitClauses(units []Lit) [][]Lit {
	c := make([][]Lit, len(units))
	for i, l := range units {
		c[i] = []Lit{l}
	}
	return c
}
