package nonogram

import "github.com/puzzlesolvers/puzzle/internal/sat"

// Clause-learning search, for the puzzles that depth-first search with
// probing does not finish quickly (random pictures of middling density
// above all, where a wrong guess high in the tree is refuted again and
// again in every subtree below it). Each line becomes the clauses of its
// automaton (line_automaton.go), over one variable per cell, and a CDCL
// solver (package internal/sat) finds pictures; each picture found is
// blocked by a clause so that the next call finds another, until the limit
// or a proof that no other exists. Learned clauses carry what a refuted
// guess taught to every other part of the search, which is what the
// depth-first search lacks.

// cdclSearch hands to k, until it is full, the pictures that extend the
// propagated state st and differ from those in found (which k has had).
// The search starts its guesses toward the last picture of found, so that
// a second picture that differs from it in a few cells comes first.
// stopped reports that stop asked to give up first, or that the search met
// maxConflicts (when positive) first.
func (g *grid) cdclSearch(st *state, found []*Grid, k *sink, stop func() bool, maxConflicts int64) (stopped bool, conflicts int64) {
	s, ok := g.learner(st)
	if !ok {
		return false, s.Stats().Conflicts
	}
	if maxConflicts > 0 {
		inner := stop
		stop = func() bool { return inner() || s.Stats().Conflicts >= maxConflicts }
	}
	var block []sat.Lit
	blockPicture := func(pic *Grid) {
		block = block[:0]
		for r := range g.h {
			for c := range g.w {
				if known, _ := g.cell(st, r, c); !known {
					l := sat.Pos(r*g.w + c)
					if pic.At(r, c) {
						l = l.Not()
					}
					block = append(block, l)
				}
			}
		}
		s.AddClause(block...)
	}
	for _, pic := range found {
		blockPicture(pic)
	}
	if len(found) > 0 {
		last := found[len(found)-1]
		for i, filled := range last.Cells {
			s.SetPhase(i, filled)
		}
	} else {
		// No picture to start from: lean the way belief propagation
		// does (belief.go).
		b := g.newBeliefState()
		b.run(st, beliefPhaseRounds)
		for i, p := range b.belief {
			s.SetPhase(i, p > 0.5)
		}
	}
	stopped = enumerate(s, k, stop, func() *Grid {
		pic := NewGrid(g.w, g.h)
		for i := range pic.Cells {
			pic.Cells[i] = s.Value(i)
		}
		blockPicture(pic)
		return pic
	})
	return stopped, s.Stats().Conflicts
}

// beliefPhaseRounds is the number of rounds of belief propagation that
// choose the first guesses of a search with no picture to start from.
const beliefPhaseRounds = 30

// learner returns the clause-learning solver for a search from st: line
// solving as its propagator (cdcl_lines.go), or the automata's clauses
// (encode) with automatonLearner. ok is false when st is already known
// contradictory.
func (g *grid) learner(st *state) (s *sat.Solver, ok bool) {
	if g.automatonLearner {
		return g.encode(st)
	}
	return g.encodeLines(st), true
}

// encode returns a SAT solver holding the clauses of every line's
// automaton over the cells, cell (r, c) being variable r*w+c, with the
// cells that st knows as unit clauses. ok is false when the clauses are
// already contradictory.
func (g *grid) encode(st *state) (s *sat.Solver, ok bool) {
	s = sat.New()
	for range g.w * g.h {
		s.NewVar()
	}
	top := sat.Pos(s.NewVar())
	s.AddClause(top)
	cellLit := func(r, c int) sat.Lit { return sat.Pos(r*g.w + c) }
	knownAt := func(r, c int) int8 {
		known, filled := g.cell(st, r, c)
		switch {
		case !known:
			return 0
		case filled:
			return 1
		}
		return -1
	}
	for r := range g.h {
		for c := range g.w {
			if k := knownAt(r, c); k != 0 {
				l := cellLit(r, c)
				if k < 0 {
					l = l.Not()
				}
				s.AddClause(l)
			}
		}
	}
	for l := range g.h + g.w {
		n := g.w
		at := func(i int) (int, int) { return l, i }
		if l >= g.h {
			n = g.h
			at = func(i int) (int, int) { return i, l - g.h }
		}
		value := func(i, col int) sat.Lit {
			x := cellLit(at(i))
			if col == 0 {
				return x.Not()
			}
			return x
		}
		allowed := func(i, col int) bool {
			k := knownAt(at(i))
			return k == 0 || (k > 0) == (col > 0)
		}
		if !encodeLine(s, top, g.clues[l], nil, n, 2, value, allowed) {
			return s, false
		}
	}
	return s, true
}

// enumerate calls s.Solve until k is full, or
// no other exists, or stop asks to give up (stopped). After each model,
// picture reads it and adds the clause that blocks it.
func enumerate(s *sat.Solver, k *sink, stop func() bool, picture func() *Grid) (stopped bool) {
	for !k.full() {
		switch s.Solve(stop) {
		case sat.Interrupted:
			return true
		case sat.Unsatisfiable:
			return false
		}
		k.add(picture())
	}
	return false
}
