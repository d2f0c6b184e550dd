package sudoku

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestCDCLSimplify solves random 9×9 and 16×16 puzzles with the
// clause-learning engine (with and without segment variables, its
// variables numbered in cell order or the candidates first), asking for up to five solutions so that the
// blocking clauses send it back to level 0 and simplify runs on learned
// clauses too, and checks the counts against the backtracking oracle and,
// after every solve, the shape simplify promises: at level 0 no clause
// holds a literal assigned there, each clause is watched by its first two
// literals and nothing else watches it, a clause of two literals is
// watched as one, and no at-most-one group holds an assigned member.
func TestCDCLSimplify(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 17))
	simplified := 0
	for trial := range 48 {
		box, keep := 3, 0.3
		if trial%6 == 5 {
			box, keep = 4, 0.5
		}
		p := randomPuzzle(t, rng, box, keep)
		want := countByBacktracking(p, 5)
		for variant := range 4 {
			segments := variant&1 != 0
			s := newCDCL(t.Context(), p.Box, segments)
			if variant&2 != 0 {
				s = newCDCLFor(t.Context(), p.Box, segments, p.Cells)
				checkNumbering(t, s, p)
			}
			sols := s.solve(p.Cells, 5)
			if len(sols) != want {
				t.Fatalf("segments %v: %d solutions, backtracking finds %d\n%v", segments, len(sols), want, p)
			}
			for _, sol := range sols {
				if !p.IsSolutionOf(sol) {
					t.Fatalf("invalid solution for %v", p)
				}
			}
			if s.simplified == 0 {
				continue
			}
			simplified++
			s.cancelUntil(0)
			if !s.propagate() {
				continue // no solution left: nothing to simplify
			}
			if len(s.trail) > s.simplified {
				s.simplify()
			}
			checkSimplified(t, s)
		}
	}
	if simplified < 96 {
		t.Fatalf("simplify ran in %d solves: the test no longer exercises it", simplified)
	}
}

func checkSimplified(t *testing.T, s *cdcl) {
	t.Helper()
	watched := make(map[[2]int32]int) // (clause, literal) → watches
	for l, ws := range s.watches {
		for _, w := range ws {
			c := w.clause
			if c < 0 {
				c = ^c
				if s.arena[c] != 2 {
					t.Fatalf("clause %d of %d literals watched as one of two", c, s.arena[c])
				}
				lits := s.clauseLits(c)
				if other := lits[0] ^ lits[1] ^ int32(l); w.blocker != other {
					t.Fatalf("binary clause %v watched by %d has blocker %d", lits, l, w.blocker)
				}
			} else if s.arena[c] == 2 {
				t.Fatalf("clause %d of two literals watched as a long one", c)
			}
			watched[[2]int32{c, int32(l)}]++
		}
	}
	clauses := 0
	for c := int32(0); c < int32(len(s.arena)); c += clauseHeader + s.arena[c] {
		clauses++
		lits := s.clauseLits(c)
		for _, l := range lits {
			if s.val[l] != 0 {
				t.Fatalf("clause %v keeps literal %d, assigned at level 0", lits, l)
			}
		}
		for _, l := range lits[:2] {
			if watched[[2]int32{c, l}] != 1 {
				t.Fatalf("clause %v: its literal %d is watched %d times", lits, l, watched[[2]int32{c, l}])
			}
		}
	}
	if len(watched) != 2*clauses {
		t.Fatalf("%d watches for %d clauses", len(watched), clauses)
	}
	for _, g := range s.groups {
		for _, m := range s.members[g.start:g.end] {
			if s.val[m] != 0 {
				t.Fatalf("group keeps member %d, assigned at level 0", m)
			}
		}
	}
	for l := range s.amoAt[:len(s.amoAt)-1] {
		for _, g := range s.amo[s.amoAt[l]:s.amoAt[l+1]] {
			if !slices.Contains(s.groups, g) {
				t.Fatalf("literal %d lists group %v, which is not a group", l, g)
			}
		}
	}
}
