package sudoku

import "slices"

// Conflict analysis of the clause-learning engine: the first-UIP clause
// with MiniSat's recursive minimisation (Eén and Sörensson, 2003; Sörensson
// and Biere, 2009), its LBD, and VSIDS bumping.

// reasonLits returns the literals of the reason that forced v, read in
// place (a learned reason is marked as used): the clause's literals, v's
// own among them, which the caller skips, or the one true literal of an
// at-most-one group, negated, held in one. A decision has none.
func (s *cdcl) reasonLits(v int32, one *[1]int32) []int32 {
	switch r := s.vars[v].reason; r & 3 {
	case reasonBinary:
		one[0] = (r >> 2) ^ 1
		return one[:]
	case reasonClause:
		c := r >> 2
		s.arena[c+1] |= flagUsed
		return s.clauseLits(c)
	}
	return nil
}

// analyze derives a first-UIP clause from s.confl into s.learnt (asserting
// literal first) and returns the level to jump back to and the clause's LBD.
// The reasons are read in place, in the arena, not copied.
func (s *cdcl) analyze() (int32, int32) {
	s.learnt = append(s.learnt[:0], 0)
	cur := s.decisionLevel()
	pathC := 0
	idx := len(s.trail) - 1
	var p int32
	var one [1]int32
	lits, skip := s.confl, int32(-1) // skip: the variable whose reason lits is, its own literal there
	for {
		for _, q := range lits {
			v := q >> 1
			if v == skip || s.seen[v] != 0 {
				continue
			}
			lv := s.vars[v].level
			if lv == 0 {
				continue
			}
			s.seen[v] = 1
			s.bump(v)
			if lv >= cur {
				pathC++
			} else {
				s.learnt = append(s.learnt, q)
			}
		}
		for s.seen[s.trail[idx]>>1] == 0 {
			idx--
		}
		p = s.trail[idx]
		idx--
		skip = p >> 1
		s.seen[skip] = 0
		pathC--
		if pathC == 0 {
			break
		}
		lits = s.reasonLits(skip, &one)
		s.updateGlue(skip)
	}
	s.learnt[0] = p ^ 1
	s.minimize()
	if s.policy.shrink {
		s.shrink()
	}
	if s.assumed.level > 0 {
		s.assumptionRoots()
	}
	if s.policy.bumpReasons {
		s.bumpReasons()
	}
	back := int32(0)
	if len(s.learnt) > 1 {
		maxI := 1
		for i := 2; i < len(s.learnt); i++ {
			if s.vars[s.learnt[i]>>1].level > s.vars[s.learnt[maxI]>>1].level {
				maxI = i
			}
		}
		s.learnt[1], s.learnt[maxI] = s.learnt[maxI], s.learnt[1]
		back = s.vars[s.learnt[1]>>1].level
	}
	return back, s.lbd(s.learnt)
}

// minimize removes from s.learnt the literals implied by the others
// (MiniSat's recursive clause minimisation).
func (s *cdcl) minimize() {
	var abstract uint32
	for _, l := range s.learnt[1:] {
		abstract |= 1 << (uint(s.vars[l>>1].level) & 31)
	}
	s.toClear = append(s.toClear[:0], s.learnt...)
	j := 1
	for i := 1; i < len(s.learnt); i++ {
		l := s.learnt[i]
		if s.vars[l>>1].reason == reasonDecision || !s.redundant(l, abstract) {
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
	var one [1]int32
	for len(s.stack) > 0 {
		q := s.stack[len(s.stack)-1]
		s.stack = s.stack[:len(s.stack)-1]
		for _, r := range s.reasonLits(q>>1, &one) {
			v := r >> 1
			if v == q>>1 || s.seen[v] != 0 || s.vars[v].level == 0 {
				continue
			}
			// Literals of the assumptions' level other than the clause's
			// are not explored: that level's trail is long.
			if s.vars[v].reason != reasonDecision && abstract&(1<<(uint(s.vars[v].level)&31)) != 0 && s.vars[v].level > s.assumed.level {
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

// shrink replaces, level by level, the literals of the learned clause
// assigned at one decision level by the single literal of that level that
// implies them all, when there is one that needs no literal outside the
// clause (Fleury and Biere, "Efficient All-UIP Learned Clause
// Minimization", SAT 2021; CaDiCaL's "shrink").
func (s *cdcl) shrink() {
	lits := s.learnt
	if len(lits) < 3 {
		return
	}
	for _, l := range lits {
		s.seen[l>>1] = 1
	}
	// Sort the literals other than the asserting one by level, highest
	// first, so that each level's literals form a block. out overwrites
	// lits as the blocks are read.
	s.toClear = append(s.toClear[:0], lits...)
	rest := lits[1:]
	slices.SortFunc(rest, func(a, b int32) int { return int(s.vars[b>>1].level - s.vars[a>>1].level) })
	out := lits[:1]
	for i := 0; i < len(rest); {
		lv := s.vars[rest[i]>>1].level
		j := i + 1
		for j < len(rest) && s.vars[rest[j]>>1].level == lv {
			j++
		}
		block := rest[i:j]
		i = j
		// The level of the assumptions holds many decisions and a long
		// trail: its block stays as it is.
		if len(block) == 1 || lv <= s.assumed.level {
			out = append(out, block...)
			continue
		}
		if uip, ok := s.shrinkBlock(block, lv); ok {
			out = append(out, uip)
		} else {
			out = append(out, block...)
		}
	}
	for _, l := range s.toClear {
		s.seen[l>>1] = 0
	}
	s.learnt = out
}

// shrinkBlock looks for the literal of level lv that implies the block's
// literals through reasons whose other literals are in the clause (seen
// 1) or at level 0. It marks the literals it visits with seen 2 and
// clears them.
func (s *cdcl) shrinkBlock(block []int32, lv int32) (int32, bool) {
	marked := s.stack[:0]
	for _, l := range block {
		s.seen[l>>1] = 2
		marked = append(marked, l>>1)
	}
	open := len(block)
	uip, ok := int32(0), false
	end := len(s.trail)
	if int(lv) < len(s.trailLim) {
		end = int(s.trailLim[lv])
	}
	start := int(s.trailLim[lv-1])
	var one [1]int32
walk:
	for i := end - 1; i >= start; i-- {
		t := s.trail[i]
		if s.seen[t>>1] != 2 {
			continue
		}
		open--
		if open == 0 {
			uip, ok = t^1, true
			break
		}
		if s.vars[t>>1].reason == reasonDecision {
			break
		}
		for _, r := range s.reasonLits(t>>1, &one) {
			v := r >> 1
			switch {
			case v == t>>1:
			case s.seen[v] == 2:
			case s.vars[v].level == lv:
				s.seen[v] = 2
				marked = append(marked, v)
				open++
			case s.vars[v].level == 0 || s.seen[v] == 1:
			default:
				break walk
			}
		}
	}
	for _, v := range marked {
		s.seen[v] = 0
	}
	for _, l := range block {
		s.seen[l>>1] = 1
	}
	s.stack = marked[:0]
	return uip, ok
}

// bumpReasons bumps the variables of the reasons of the learned clause's
// literals, as Kissat does: they took part in the conflict one step
// removed.
func (s *cdcl) bumpReasons() {
	if len(s.learnt) > bumpReasonsMax {
		return
	}
	s.toClear = s.toClear[:0]
	for _, l := range s.learnt {
		s.seen[l>>1] = 1
	}
	var one [1]int32
	for _, l := range s.learnt[1:] {
		if s.vars[l>>1].reason == reasonDecision {
			continue
		}
		for _, r := range s.reasonLits(l>>1, &one) {
			if v := r >> 1; v != l>>1 && s.seen[v] == 0 && s.vars[v].level > 0 {
				s.seen[v] = 1
				s.toClear = append(s.toClear, v)
				s.bump(v)
			}
		}
	}
	for _, l := range s.learnt {
		s.seen[l>>1] = 0
	}
	for _, v := range s.toClear {
		s.seen[v] = 0
	}
}

// bumpReasonsMax bounds the learned clauses whose reasons are bumped.
const bumpReasonsMax = 100

// lbd counts the distinct decision levels of lits.
func (s *cdcl) lbd(lits []int32) int32 {
	s.lbdStamp++
	if need := int(s.decisionLevel()) + 1; len(s.levelTag) < need {
		s.levelTag = append(s.levelTag, make([]int64, need-len(s.levelTag))...)
	}
	var count int32
	for _, l := range lits {
		lv := s.vars[l>>1].level
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

// updateGlue lowers the glue of v's reason, if a learned clause, to the
// number of levels its literals span now, when that is lower and the
// clause is not yet in tier 1 (Audemard and Simon's dynamic LBD update,
// as in Glucose and CaDiCaL).
func (s *cdcl) updateGlue(v int32) {
	r := s.vars[v].reason
	if r < 0 || r&3 != reasonClause {
		return
	}
	c := r >> 2
	h := s.arena[c+1]
	if h&flagKeep != 0 || h&lbdMask <= tier1 {
		return
	}
	if lbd := s.lbd(s.clauseLits(c)); lbd < h&lbdMask {
		s.arena[c+1] = h&^lbdMask | lbd
		s.gluesLowered++
	}
}
