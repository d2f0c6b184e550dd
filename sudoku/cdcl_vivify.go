package sudoku

import "slices"

// Vivification of learned clauses, after CaDiCaL (Piette, Hamadi and
// Saïs, "Vivifying Propositional Clausal Formulae", ECAI 2008; Luo, Li,
// Xiao, Manyà and Lü, IJCAI 2017; Biere and Fleury's CaDiCaL). At level 0,
// each candidate clause l₁ ∨ … ∨ l_k is tested by assuming ¬l₁, ¬l₂, …
// one at a time, each at a new decision level, and propagating:
//
//   - a conflict shows that the negations assumed so far are already
//     contradictory: the clause shrinks to the literals whose negations the
//     conflict rests on;
//   - a literal l_i found true shows that the negations it rests on imply
//     it: the clause shrinks to those literals and l_i;
//   - a literal found false is implied false by the others and is left
//     out.
//
// The shorter clause replaces the old one. Learned clauses are long on
// Sudoku (one literal per cell-digit of the conflict's cone), and a
// shorter clause propagates earlier and costs less to visit.

// vivify tries the learned clauses of glue at most tier2 that were not
// tried before, lowest glue and newest first, until it has propagated
// budget literals. It runs at level 0 and leaves the search there; the
// saved phases are kept as they were. It returns false if a clause
// shrank to a unit whose propagation at level 0 fails (no model).
func (s *cdcl) vivify(budget int64) bool {
	var cand []int32
	arena := s.arena
	for c := int32(0); c < int32(len(arena)); c += clauseHeader + arena[c] {
		h := arena[c+1]
		if h&(flagKeep|flagDeleted|flagVivified) == 0 && h&lbdMask <= tier2 && arena[c] > 2 {
			cand = append(cand, c)
		}
	}
	if len(cand) == 0 {
		return true
	}
	slices.SortStableFunc(cand, func(a, b int32) int {
		if la, lb := arena[a+1]&lbdMask, arena[b+1]&lbdMask; la != lb {
			return int(la - lb)
		}
		return int(b - a)
	})
	phases := slices.Clone(s.phase)
	defer copy(s.phase, phases)
	stop := s.props + budget
	changed := false
	var lits, kept []int32
	for _, c := range cand {
		if s.props >= stop {
			break
		}
		s.arena[c+1] |= flagVivified
		lits = append(lits[:0], s.clauseLits(c)...)
		shorter, satisfied := s.vivifyClause(lits, &kept)
		s.cancelUntil(0)
		switch {
		case satisfied:
			s.arena[c+1] |= flagDeleted
			s.learnts--
			changed = true
		case len(shorter) < len(lits):
			s.arena[c+1] |= flagDeleted
			s.learnts--
			changed = true
			s.vivified++
			s.vivifiedLits += int64(len(lits) - len(shorter))
			if len(shorter) == 1 {
				s.enqueue(shorter[0], reasonDecision)
				if !s.propagate() {
					return false
				}
				continue
			}
			lbd := min(s.arena[c+1]&lbdMask, int32(len(shorter)-1))
			n := s.addClause(shorter, lbd, false)
			s.arena[n+1] |= flagVivified
		}
	}
	if changed {
		// Level-0 literals need no reasons; clearing them lets compact
		// drop deleted clauses that were reasons at level 0.
		for _, l := range s.trail {
			s.vars[l>>1].reason = reasonDecision
		}
		s.compact(nil)
	}
	return true
}

// vivifyClause tests one clause (see vivify) from level 0 and returns the
// literals of the clause that are enough (in kept's storage), or
// satisfied if a literal is true at level 0.
func (s *cdcl) vivifyClause(lits []int32, kept *[]int32) ([]int32, bool) {
	out := (*kept)[:0]
	defer func() { *kept = out[:0] }()
	for _, l := range lits {
		switch s.val[l] {
		case 1:
			if s.vars[l>>1].level == 0 {
				return nil, true
			}
		case -1:
			if s.vars[l>>1].level == 0 {
				continue
			}
		}
		out = append(out, l)
	}
	base := out
	if len(base) < len(lits) {
		// Literals false at level 0 are gone already.
		lits = append(lits[:0], base...)
	}
	for _, l := range lits {
		switch s.val[l] {
		case -1:
			// Implied false by the negations before it: left out.
			continue
		case 1:
			one := [1]int32{l ^ 1}
			out = s.decisionsOf(one[:], out[:0])
			for i := range out {
				out[i] ^= 1
			}
			return append(out, l), false
		}
		s.trailLim = append(s.trailLim, int32(len(s.trail)))
		s.enqueue(l^1, reasonDecision)
		if !s.propagate() {
			out = s.decisionsOf(s.confl, out[:0])
			for i := range out {
				out[i] ^= 1
			}
			return out, false
		}
	}
	return lits, false
}

// reasonOnly returns the false literals of v's reason without marking a
// learned reason as used.
func (s *cdcl) reasonOnly(v int32) []int32 {
	r := s.vars[v].reason
	out := s.scratch[:0]
	switch r & 3 {
	case reasonBinary:
		out = append(out, (r>>2)^1)
	case reasonClause:
		for _, l := range s.clauseLits(r >> 2) {
			if l>>1 != v {
				out = append(out, l)
			}
		}
	}
	s.scratch = out
	return out
}

// decisionsOf appends to out the decision literals (true, above level 0)
// that the false literals lits rest on, through their reasons.
func (s *cdcl) decisionsOf(lits []int32, out []int32) []int32 {
	open := 0
	for _, l := range lits {
		if v := l >> 1; s.seen[v] == 0 && s.vars[v].level > 0 {
			s.seen[v] = 1
			open++
		}
	}
	for i := len(s.trail) - 1; open > 0; i-- {
		t := s.trail[i]
		v := t >> 1
		if s.seen[v] == 0 {
			continue
		}
		s.seen[v] = 0
		open--
		if s.vars[v].reason == reasonDecision {
			out = append(out, t)
			continue
		}
		for _, r := range s.reasonOnly(v) {
			if w := r >> 1; s.seen[w] == 0 && s.vars[w].level > 0 {
				s.seen[w] = 1
				open++
			}
		}
	}
	return out
}
