package sudoku

import (
	"slices"
	"sort"
)

// The clause database of the clause-learning engine. Every clause (the
// at-least-one half of each group, blocking clauses, learned clauses)
// lives in one arena for locality: at offset c, arena[c] is the number of
// literals, arena[c+1] the LBD ("glue", Audemard and Simon, 2009) with the
// flags and the saved position below, and the literals follow, the two
// watched ones first.
const (
	clauseHeader = 2
	flagDeleted  = 1 << 30
	flagKeep     = 1 << 29 // part of the problem: never deleted
	flagUsed     = 1 << 28 // a reason in a conflict since the last reduction
	flagVivified = 1 << 27 // tried by vivify
	lbdMask      = 1<<16 - 1
	// Bits 16 to 26 hold where the last search for a new watch ended (see
	// propagateClauses); 0 for none yet.
	posShift = 16
	posMax   = 1<<11 - 1
)

// Learned clauses are kept in tiers, as in CaDiCaL: those of LBD at most
// tier1 for ever, those of LBD at most tier2 while they take part in
// conflicts; of the others, reduceFraction (those of highest LBD, then the
// longest) go at each reduction. A clause's LBD is the one it had when
// learned, lowered whenever the analysis resolves on it and finds its
// literals on fewer levels (updateGlue), so a clause that has become
// useful moves up the tiers.
const (
	tier1          = 2
	tier2          = 6
	reduceFraction = 0.5
)

func (s *cdcl) clauseLits(c int32) []int32 {
	return s.arena[c+clauseHeader : c+clauseHeader+s.arena[c]]
}

// addClause adds lits (at least two: the first two unassigned, or the first
// asserting and the second false at the highest level of the others) and
// watches its first two literals.
func (s *cdcl) addClause(lits []int32, lbd int32, keep bool) int32 {
	c := int32(len(s.arena))
	flags := min(lbd, lbdMask)
	if keep {
		flags |= flagKeep
	} else {
		s.learnts++
	}
	s.arena = append(s.arena, int32(len(lits)), flags)
	s.arena = append(s.arena, lits...)
	s.attach(c)
	return c
}

func (s *cdcl) attach(c int32) {
	lits := s.clauseLits(c)
	w := c
	if len(lits) == 2 {
		w = ^c
	}
	s.watches[lits[0]] = append(s.watches[lits[0]], watch{w, lits[1]})
	s.watches[lits[1]] = append(s.watches[lits[1]], watch{w, lits[0]})
}

// reduce deletes the least useful learned clauses (see tier1) and compacts
// the arena. Clauses that are the reasons of assigned literals stay, and
// the reasons are moved with them, so it may run at any decision level.
func (s *cdcl) reduce() {
	reasons := make(map[int32]bool)
	for _, l := range s.trail {
		if r := s.vars[l>>1].reason; r >= 0 && r&3 == reasonClause {
			reasons[r>>2] = true
		}
	}
	var cand []int32
	arena := s.arena
	for c := int32(0); c < int32(len(arena)); c += clauseHeader + arena[c] {
		h := arena[c+1]
		lbd := h & lbdMask
		switch {
		case h&flagKeep != 0 || lbd <= tier1 || reasons[c]:
		case lbd <= tier2 && h&flagUsed != 0:
			arena[c+1] &^= flagUsed
		default:
			arena[c+1] &^= flagUsed
			cand = append(cand, c)
		}
	}
	slices.SortFunc(cand, func(a, b int32) int {
		if la, lb := arena[a+1]&lbdMask, arena[b+1]&lbdMask; la != lb {
			return int(lb - la)
		}
		return int(arena[b] - arena[a])
	})
	for _, c := range cand[:int(float64(len(cand))*reduceFraction)] {
		arena[c+1] |= flagDeleted
		s.learnts--
	}
	s.compact(reasons)
}

// compact removes the deleted clauses from the arena, watches the others
// again and moves the reasons of assigned literals with their clauses;
// reasons holds those reasons (nil: compact finds them). No deleted
// clause may be a reason.
func (s *cdcl) compact(reasons map[int32]bool) {
	if reasons == nil {
		reasons = make(map[int32]bool)
		for _, l := range s.trail {
			if r := s.vars[l>>1].reason; r >= 0 && r&3 == reasonClause {
				reasons[r>>2] = true
			}
		}
	}
	arena := s.arena
	var olds, news []int32
	kept := arena[:0]
	for c := int32(0); c < int32(len(arena)); {
		next := c + clauseHeader + arena[c]
		if arena[c+1]&flagDeleted == 0 {
			if reasons[c] {
				olds = append(olds, c)
				news = append(news, int32(len(kept)))
			}
			kept = append(kept, arena[c:next]...)
		}
		c = next
	}
	s.arena = kept
	for l := range s.watches {
		s.watches[l] = s.watches[l][:0]
	}
	for c := int32(0); c < int32(len(s.arena)); c += clauseHeader + s.arena[c] {
		s.attach(c)
	}
	for _, l := range s.trail {
		v := l >> 1
		if r := s.vars[v].reason; r >= 0 && r&3 == reasonClause {
			i := sort.Search(len(olds), func(i int) bool { return olds[i] >= r>>2 })
			s.vars[v].reason = news[i]<<2 | reasonClause
		}
	}
}
