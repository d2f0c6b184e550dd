package sat

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// randomCNF returns m random clauses of 1..k literals over n variables.
func randomCNF(rng *rand.Rand, n, m, k int) [][]Lit {
	cnf := make([][]Lit, m)
	for i := range cnf {
		size := 1 + rng.IntN(k)
		if rng.IntN(4) != 0 {
			size = k
		}
		for range size {
			l := Pos(rng.IntN(n))
			if rng.IntN(2) == 0 {
				l = l.Not()
			}
			cnf[i] = append(cnf[i], l)
		}
	}
	return cnf
}

func satisfies(cnf [][]Lit, model func(v int) bool) bool {
	for _, c := range cnf {
		ok := false
		for _, l := range c {
			if model(l.Var()) == (l&1 == 0) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// countModels counts the models of cnf over n variables by enumeration.
func countModels(cnf [][]Lit, n int) int {
	count := 0
	for bits := 0; bits < 1<<n; bits++ {
		if satisfies(cnf, func(v int) bool { return bits>>v&1 == 1 }) {
			count++
		}
	}
	return count
}

func newSolver(cnf [][]Lit, n int) (*Solver, bool) {
	s := New()
	for range n {
		s.NewVar()
	}
	ok := true
	for _, c := range cnf {
		ok = s.AddClause(c...) && ok
	}
	return s, ok
}

// TestSolveAgainstEnumeration checks satisfiability, the model, and the
// number of models found by blocking each one, against enumeration.
func TestSolveAgainstEnumeration(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var sat, unsat int
	for iter := range 3000 {
		n := 1 + rng.IntN(14)
		k := 2 + rng.IntN(3)
		// Around the satisfiability threshold for k-SAT, so both outcomes occur.
		ratio := []float64{2, 4.26, 9.9}[k-2]
		m := int(ratio*float64(n)*(0.6+0.8*rng.Float64())) + 1
		cnf := randomCNF(rng, n, m, k)
		want := countModels(cnf, n)
		s, _ := newSolver(cnf, n)
		if iter%2 == 1 {
			// Restart and reduce often, so that clause deletion and
			// root simplification run on these small cases too.
			s.restartUnit, s.maxLearnt = 2, 3
		}
		got := 0
		for {
			out := s.Solve(nil)
			if out == Interrupted {
				t.Fatalf("case %d: interrupted without a stop function", iter)
			}
			if out == Unsatisfiable {
				break
			}
			model := make([]bool, n)
			block := make([]Lit, n)
			for v := range n {
				model[v] = s.Value(v)
				block[v] = Neg(v)
				if !model[v] {
					block[v] = Pos(v)
				}
			}
			if !satisfies(cnf, func(v int) bool { return model[v] }) {
				t.Fatalf("case %d: the model does not satisfy the clauses", iter)
			}
			got++
			if got > want {
				break
			}
			s.AddClause(block...)
		}
		if got != want {
			t.Fatalf("case %d (n=%d, m=%d, k=%d): found %d models, enumeration says %d", iter, n, m, k, got, want)
		}
		if want == 0 {
			unsat++
		} else {
			sat++
		}
	}
	if sat < 300 || unsat < 300 {
		t.Errorf("unbalanced sample: %d satisfiable, %d unsatisfiable", sat, unsat)
	}
}

// TestHardInstances runs larger random 3-SAT at the threshold, where
// learning, restarts and clause deletion all come into play, and checks
// every model; unsatisfiable answers are cross-checked on small ones.
func TestHardInstances(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for iter := range 40 {
		n := 60 + rng.IntN(60)
		cnf := randomCNF(rng, n, int(4.26*float64(n)), 3)
		for i := range cnf {
			for len(cnf[i]) < 3 {
				cnf[i] = append(cnf[i], Pos(rng.IntN(n)))
			}
		}
		s, _ := newSolver(cnf, n)
		switch s.Solve(nil) {
		case Satisfiable:
			if !satisfies(cnf, s.Value) {
				t.Fatalf("case %d: the model does not satisfy the clauses", iter)
			}
		case Interrupted:
			t.Fatalf("case %d: interrupted", iter)
		}
	}
}

func TestInterrupt(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	n := 250
	cnf := randomCNF(rng, n, int(4.26*float64(n)), 3)
	s, _ := newSolver(cnf, n)
	calls := 0
	out := s.Solve(func() bool { calls++; return true })
	if out != Interrupted && s.Stats().Conflicts > 256 {
		t.Fatalf("Solve = %v after %d conflicts with a stop function that always says stop", out, s.Stats().Conflicts)
	}
}

func TestLuby(t *testing.T) {
	want := []float64{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1}
	for i, w := range want {
		if got := luby(i); got != w {
			t.Errorf("luby(%d) = %v, want %v", i, got, w)
		}
	}
}

// TestSolveAssumingAgainstEnumeration checks solving under assumptions
// against enumeration: the verdict, that a model meets the clauses and the
// assumptions, and that a core is a subset of the assumptions that the
// clauses contradict. One solver answers many calls with different
// assumptions, so what one call learns must hold for the next.
func TestSolveAssumingAgainstEnumeration(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	var sat, unsat, globalUnsat, smaller int
	for iter := range 1500 {
		n := 1 + rng.IntN(12)
		k := 2 + rng.IntN(2)
		ratio := []float64{1.2, 3}[k-2]
		m := int(ratio*float64(n)*(0.5+0.8*rng.Float64())) + 1
		cnf := randomCNF(rng, n, m, k)
		s, _ := newSolver(cnf, n)
		if iter%2 == 1 {
			s.restartUnit, s.maxLearnt = 2, 3
		}
		for range 8 {
			var assume []Lit
			for range rng.IntN(n + 1) {
				l := Pos(rng.IntN(n))
				if rng.IntN(2) == 0 {
					l = l.Not()
				}
				assume = append(assume, l)
			}
			withUnits := func(units []Lit) [][]Lit {
				all := append([][]Lit(nil), cnf...)
				for _, l := range units {
					all = append(all, []Lit{l})
				}
				return all
			}
			want := countModels(withUnits(assume), n) > 0
			switch s.SolveAssuming(assume, nil) {
			case Interrupted:
				t.Fatalf("case %d: interrupted without a stop function", iter)
			case Satisfiable:
				if !want {
					t.Fatalf("case %d: satisfiable under %v, enumeration says not", iter, assume)
				}
				if !satisfies(withUnits(assume), s.Value) {
					t.Fatalf("case %d: the model does not meet the clauses and the assumptions %v", iter, assume)
				}
				sat++
			case Unsatisfiable:
				if want {
					t.Fatalf("case %d: unsatisfiable under %v, enumeration finds a model", iter, assume)
				}
				core := s.Core()
				for _, l := range core {
					if !slices.Contains(assume, l) {
						t.Fatalf("case %d: core %v holds %v, not an assumption of %v", iter, core, l, assume)
					}
				}
				if countModels(withUnits(core), n) > 0 {
					t.Fatalf("case %d: core %v of %v is satisfiable with the clauses", iter, core, assume)
				}
				if len(core) == 0 {
					globalUnsat++
				}
				if len(core) < len(assume) {
					smaller++
				}
				unsat++
			}
		}
	}
	if sat < 1000 || unsat < 1000 || globalUnsat < 50 || smaller < 500 {
		t.Errorf("unbalanced sample: %d satisfiable, %d unsatisfiable (%d without assumptions, %d with a smaller core)", sat, unsat, globalUnsat, smaller)
	}
}
