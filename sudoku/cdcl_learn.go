package sudoku

// Conflict analysis of the clause-learning engine: the first-UIP clause
// with MiniSat's recursive minimisation (Eén and Sörensson, 2003; Sörensson
// and Biere, 2009), its LBD, and VSIDS bumping.

// reasonLits returns the false literals of the clause that forced v, other
// than v's own literal, and marks a learned reason as used.
func (s *cdcl) reasonLits(v int32) []int32 {
	r := s.reason[v]
	out := s.scratch[:0]
	switch r & 3 {
	case reasonBinary:
		out = append(out, (r>>2)^1)
	case reasonClause:
		c := r >> 2
		s.arena[c+1] |= flagUsed
		for _, l := range s.clauseLits(c) {
			if l>>1 != v {
				out = append(out, l)
			}
		}
	}
	s.scratch = out
	return out
}

// analyze derives a first-UIP clause from s.confl into s.learnt (asserting
// literal first) and returns the level to jump back to and the clause's LBD.
func (s *cdcl) analyze() (int32, int32) {
	s.learnt = append(s.learnt[:0], 0)
	pathC := 0
	p := int32(-1)
	lits := append(s.work[:0], s.confl...)
	idx := len(s.trail) - 1
	cur := s.decisionLevel()
	for {
		for _, q := range lits {
			v := q >> 1
			if s.seen[v] == 0 && s.level[v] > 0 {
				s.seen[v] = 1
				s.bump(v)
				if s.level[v] >= cur {
					pathC++
				} else {
					s.learnt = append(s.learnt, q)
				}
			}
		}
		for s.seen[s.trail[idx]>>1] == 0 {
			idx--
		}
		p = s.trail[idx]
		idx--
		s.seen[p>>1] = 0
		pathC--
		if pathC == 0 {
			break
		}
		lits = append(lits[:0], s.reasonLits(p>>1)...)
	}
	s.work = lits[:0]
	s.learnt[0] = p ^ 1
	s.minimize()
	back := int32(0)
	if len(s.learnt) > 1 {
		maxI := 1
		for i := 2; i < len(s.learnt); i++ {
			if s.level[s.learnt[i]>>1] > s.level[s.learnt[maxI]>>1] {
				maxI = i
			}
		}
		s.learnt[1], s.learnt[maxI] = s.learnt[maxI], s.learnt[1]
		back = s.level[s.learnt[1]>>1]
	}
	return back, s.lbd(s.learnt)
}

// minimize removes from s.learnt the literals implied by the others
// (MiniSat's recursive clause minimisation).
func (s *cdcl) minimize() {
	var abstract uint32
	for _, l := range s.learnt[1:] {
		abstract |= 1 << (uint(s.level[l>>1]) & 31)
	}
	s.toClear = append(s.toClear[:0], s.learnt...)
	j := 1
	for i := 1; i < len(s.learnt); i++ {
		l := s.learnt[i]
		if s.reason[l>>1] == reasonDecision || !s.redundant(l, abstract) {
			s.learnt[j] = l
			j++
		}
	}
	s.learnt = s.learnt[:j]
	for _, l := range s.toClear {
		s.seen[l>>1] = 0
	}
}

func (s *cdcl) redundant(l int32, abstract uint32) bool {
	s.stack = append(s.stack[:0], l)
	top := len(s.toClear)
	for len(s.stack) > 0 {
		q := s.stack[len(s.stack)-1]
		s.stack = s.stack[:len(s.stack)-1]
		for _, r := range s.reasonLits(q >> 1) {
			v := r >> 1
			if s.seen[v] != 0 || s.level[v] == 0 {
				continue
			}
			if s.reason[v] != reasonDecision && abstract&(1<<(uint(s.level[v])&31)) != 0 {
				s.seen[v] = 1
				s.stack = append(s.stack, r)
				s.toClear = append(s.toClear, r)
				continue
			}
			for _, c := range s.toClear[top:] {
				s.seen[c>>1] = 0
			}
			s.toClear = s.toClear[:top]
			return false
		}
	}
	return true
}

// lbd counts the distinct decision levels of lits.
func (s *cdcl) lbd(lits []int32) int32 {
	s.lbdStamp++
	if need := int(s.decisionLevel()) + 1; len(s.levelTag) < need {
		s.levelTag = append(s.levelTag, make([]int64, need-len(s.levelTag))...)
	}
	var count int32
	for _, l := range lits {
		lv := s.level[l>>1]
		if s.levelTag[lv] != s.lbdStamp {
			s.levelTag[lv] = s.lbdStamp
			count++
		}
	}
	return count
}

func (s *cdcl) bump(v int32) {
	s.activity[v] += s.varInc
	if s.activity[v] > 1e100 {
		for i := range s.activity {
			s.activity[i] *= 1e-100
		}
		s.varInc *= 1e-100
	}
	s.heap.Update(int(v))
}
