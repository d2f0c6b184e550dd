package sat

// A Propagator is a constraint that the solver reasons with directly
// instead of through clauses (lazy clause generation: Ohrimenko, Stuckey
// and Codish, "Propagation via lazy clause generation", Constraints 14(3),
// 2009). The solver runs it whenever unit propagation on the clauses has
// nothing left; the literals it implies join the trail like any other, and
// each gets its reason, a clause, only when conflict analysis asks for it.
type Propagator interface {
	// Propagate is shown the trail (Solver.Trail) from position from on:
	// the literals assigned since it was last shown it, some of them
	// perhaps since unassigned and assigned again. It assigns the
	// literals that the constraint implies with Solver.Imply, or returns
	// a conflict: a clause that the constraint implies and whose literals
	// are all false now (nil for none).
	Propagate(s *Solver, from int) (conflict []Lit)
	// Explain appends to out the reason why the constraint implied l:
	// literals that were false before l was assigned (Solver.TrailPos
	// tells the order), such that l or one of them holds in every
	// assignment the constraint allows.
	Explain(s *Solver, l Lit, out []Lit) []Lit
}

// SetPropagator makes the solver run p after unit propagation.
func (s *Solver) SetPropagator(p Propagator) { s.theory = p }

// Trail returns the literals assigned now, in the order assigned; the
// slice is valid until the solver next runs.
func (s *Solver) Trail() []Lit { return s.trail }

// LitValue returns 1 when l is true now, -1 when it is false, 0 when it is
// unassigned.
func (s *Solver) LitValue(l Lit) int { return int(s.val[l]) }

// TrailPos returns the place on the trail of the assigned variable v.
func (s *Solver) TrailPos(v int) int { return int(s.trailPos[v]) }

// Imply assigns l, which the Propagator implies; it must not be false.
func (s *Solver) Imply(l Lit) {
	if s.val[l] == 0 {
		s.assign(l, lazyReason)
	}
}

// propagateTheory shows the Propagator the new part of the trail and
// returns a conflict it found, stored as a reason clause, or noReason. A
// conflict whose literals all lie below the current level is first
// brought to the deepest of them, as analysis wants.
func (s *Solver) propagateTheory() int32 {
	from := s.thead
	s.thead = len(s.trail)
	conflict := s.theory.Propagate(s, from)
	if conflict == nil {
		return noReason
	}
	top := int32(0)
	for _, l := range conflict {
		top = max(top, s.level[l.Var()])
	}
	if int(top) < len(s.trailLim) {
		s.cancelUntil(int(top))
	}
	return s.storeReason(conflict)
}

// reasonOf returns the clause that forced v, making it first if the
// Propagator implied v.
func (s *Solver) reasonOf(v int) int32 {
	r := s.reason[v]
	if r != lazyReason {
		return r
	}
	l := Pos(v)
	if s.val[l] < 0 {
		l = l.Not()
	}
	s.scratch = append(s.scratch[:0], l)
	s.scratch = s.theory.Explain(s, l, s.scratch)
	r = s.storeReason(s.scratch)
	s.reason[v] = r
	return r
}

// storeReason keeps a clause made for analysis, unwatched, until the next
// reduction.
func (s *Solver) storeReason(lits []Lit) int32 {
	c := s.store(lits, false, 0)
	s.arena[c+1] |= flagReason
	s.reasonLits += len(lits)
	return c
}
