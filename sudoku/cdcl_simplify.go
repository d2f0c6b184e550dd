package sudoku

import "slices"

// Simplification at level 0 (as every SAT solver does between searches,
// e.g. MiniSat's simplify and CaDiCaL's collect): the clauses satisfied at
// level 0 go, and so do the literals false there, from the clauses and from
// the at-most-one groups. A 25×25 puzzle leaves some 1,800 of its 15,625
// cell-digit variables open once its givens are placed, so the at-least-one
// clauses of 25 literals shrink to a handful and the groups' loops visit a
// handful of members instead of 25.
//
// The order of what stays is kept: the clauses' literals, the watch lists
// and the groups' members, and a clause's saved watch position moves with
// the literals before it. Literals false at level 0 play no part in the
// search (the analysis skips level 0, a watch never moves to a false
// literal), so the search goes on nearly as it would have: a clause left
// with two literals is watched as a binary clause, which lists a conflict's
// two literals the other way round, and that can break ties in the
// decision order differently.

// simplify simplifies the clauses and groups at level 0; it must be called
// at level 0 after a propagation without conflict.
func (s *cdcl) simplify() {
	val := s.val
	// Level-0 literals need no reasons: the analysis never reads them.
	for _, l := range s.trail {
		s.vars[l>>1].reason = reasonDecision
	}
	arena := s.arena
	// The kept clauses' old and new offsets, both increasing.
	olds, news := s.simplifyOld[:0], s.simplifyNew[:0]
	kept := arena[:0]
	for c := int32(0); c < int32(len(arena)); {
		size, h := arena[c], arena[c+1]
		next := c + clauseHeader + size
		lits := arena[c+clauseHeader : next]
		satisfied := h&flagDeleted != 0
		for _, l := range lits {
			if val[l] == 1 {
				satisfied = true
				break
			}
		}
		if satisfied {
			if h&(flagKeep|flagDeleted) == 0 {
				s.learnts--
			}
			c = next
			continue
		}
		nc := int32(len(kept))
		olds, news = append(olds, c), append(news, nc)
		pos := int32(h >> posShift & posMax)
		newPos := int32(0)
		kept = append(kept, 0, 0)
		for i, l := range lits {
			if int32(i) == pos && pos >= 2 {
				newPos = int32(len(kept)) - nc - clauseHeader
			}
			if val[l] != -1 {
				kept = append(kept, l)
			}
		}
		size = int32(len(kept)) - nc - clauseHeader
		if newPos >= size {
			newPos = 0 // the search for a watch starts at the front
		}
		// A clause cannot span more levels than it has literals.
		lbd := min(h&lbdMask, size)
		kept[nc] = size
		kept[nc+1] = h&^(posMax<<posShift|lbdMask) | newPos<<posShift | lbd
		c = next
	}
	s.arena = kept
	for l, ws := range s.watches {
		j := 0
		for _, w := range ws {
			c := w.clause
			if c < 0 {
				c = ^c
			}
			i, found := slices.BinarySearch(olds, c)
			if !found {
				continue
			}
			nc := news[i]
			b := w.blocker
			if s.arena[nc] == 2 || val[b] != 0 {
				// The other watched literal: a clause of two literals
				// is watched as one, with it as its blocker, and a
				// blocker false at level 0 is gone from its clause.
				if b = s.arena[nc+clauseHeader]; b == int32(l) {
					b = s.arena[nc+clauseHeader+1]
				}
			}
			if s.arena[nc] == 2 {
				nc = ^nc
			}
			ws[j] = watch{nc, b}
			j++
		}
		s.watches[l] = ws[:j]
	}
	s.simplifyOld, s.simplifyNew = olds, news
	s.simplifyGroups()
}

// simplifyGroups drops from each at-most-one group its members false at
// level 0, and empties a group with a member true there (its others are
// all false).
func (s *cdcl) simplifyGroups() {
	val, members := s.val, s.members
	// A group's new end, by its start; kept between calls, since simplify
	// runs each time the facts of level 0 grow.
	if len(s.simplifyEnd) < len(members) {
		s.simplifyEnd = make([]int32, len(members))
	}
	end := s.simplifyEnd
	for g, sp := range s.groups {
		e := sp.start
		for _, m := range members[sp.start:sp.end] {
			if val[m] == 1 {
				e = sp.start
				break
			}
			if val[m] == 0 {
				members[e] = m
				e++
			}
		}
		s.groups[g].end = e
		end[sp.start] = e
	}
	for i, sp := range s.amo {
		s.amo[i].end = end[sp.start]
	}
}
