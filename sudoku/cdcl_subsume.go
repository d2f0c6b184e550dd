package sudoku

import "slices"

// subsumeLearned deletes the learned clauses that another learned clause
// subsumes (all its literals among theirs): such a clause never
// propagates, the smaller one always doing so first, and only costs its
// watches. Clauses are taken shortest first; each is looked for among the
// shorter ones through one occurrence list per literal, each clause listed
// under one of its literals, the one whose list is shortest. Reasons of
// assigned literals stay. The subsuming clause takes the lower glue of the
// two.
func (s *cdcl) subsumeLearned(reasons map[int32]bool) {
	arena := s.arena
	var learned []int32
	for c := int32(0); c < int32(len(arena)); c += clauseHeader + arena[c] {
		if arena[c+1]&(flagKeep|flagDeleted) == 0 {
			learned = append(learned, c)
		}
	}
	slices.SortStableFunc(learned, func(a, b int32) int { return int(arena[a] - arena[b]) })
	if s.occurs == nil {
		s.occurs = make([][]int32, len(s.val))
		s.litMark = make([]bool, len(s.val))
	}
	occ, mark := s.occurs, s.litMark
	var listed []int32
	for _, c := range learned {
		lits := s.clauseLits(c)
		for _, l := range lits {
			mark[l] = true
		}
		by := int32(-1)
	search:
		for _, l := range lits {
			for _, d := range occ[l] {
				all := true
				for _, m := range s.clauseLits(d) {
					if !mark[m] {
						all = false
						break
					}
				}
				if all {
					by = d
					break search
				}
			}
		}
		for _, l := range lits {
			mark[l] = false
		}
		if by >= 0 && !reasons[c] {
			if g := arena[c+1] & lbdMask; g < arena[by+1]&lbdMask {
				arena[by+1] = arena[by+1]&^lbdMask | g
			}
			arena[c+1] |= flagDeleted
			s.learnts--
			s.subsumed++
			continue
		}
		best := lits[0]
		for _, l := range lits[1:] {
			if len(occ[l]) < len(occ[best]) {
				best = l
			}
		}
		if len(occ[best]) == 0 {
			listed = append(listed, best)
		}
		occ[best] = append(occ[best], c)
	}
	for _, l := range listed {
		occ[l] = occ[l][:0]
	}
}
