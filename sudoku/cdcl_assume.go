package sudoku

import (
	"context"
	"fmt"
)

// Solving under assumptions, as in MiniSat (Eén and Sörensson, "An
// Extensible SAT-solver", SAT 2003, and "Temporal Induction by Incremental
// SAT Solving", 2003): the search decides the assumed literals before any
// decision of its own, and a conflict never makes them facts of level 0.
// Every clause it learns is then a consequence of the rules and the facts
// of level 0 alone, whatever the assumptions, so one solver answers a
// sequence of questions that differ in their assumptions and keeps its
// learned clauses, activities and phases from one to the next.
//
// MiniSat gives each assumption a decision level of its own. Here they all
// share level 1, which works as a level 0 of the one question: a conflict
// there means no model under the assumptions; conflict analysis above it
// keeps literals of level 1 in the learned clause, as it keeps those of any
// lower level, and counts them as one level of its glue; restarts go back
// to level 1. The generator's questions assume hundreds of givens, which
// one level per assumption would re-decide at every restart and count one
// by one in every glue.

// assumptions are the literals the current search decides first.
type assumptions struct {
	lits  []int32
	level int32 // 1 when there are assumptions, else 0
}

// assume opens level 1 and decides the assumptions there. It reports
// false when one of them is already false.
func (s *cdcl) assume() bool {
	s.trailLim = append(s.trailLim, int32(len(s.trail)))
	for _, a := range s.assumed.lits {
		switch s.val[a] {
		case -1:
			return false
		case 0:
			s.enqueue(a, reasonDecision)
		}
	}
	return true
}

// solveUnder searches, within ctx, for a grid in which every literal of
// lits is true. It returns 1 when it found one (read it with model), -1
// when there is none under lits, and 0 when ctx ended first (s.err). It
// starts at level 0, so the facts added by fix since the last call count,
// and there it takes the clauses other searches shared. A search stopped
// by ctx leaves the solver fit for the next call.
func (s *cdcl) solveUnder(ctx context.Context, lits []int32) int {
	s.cancelUntil(0)
	s.ctx, s.done, s.err = ctx, ctx.Done(), ctx.Err()
	if s.err != nil {
		return 0
	}
	if s.share != nil && !s.importShared() {
		s.err = errNoSolution
		return -1
	}
	s.assumed = assumptions{lits: lits, level: 1}
	if len(lits) == 0 {
		s.assumed.level = 0
	}
	r := s.run()
	if r == -1 && s.decisionLevel() == 0 {
		// The rules and the facts of level 0 have no model at all.
		s.err = errNoSolution
	}
	s.assumed = assumptions{}
	return r
}

// fix makes lit a fact of level 0, for every later search. Unit
// propagation from it happens as the next search starts.
func (s *cdcl) fix(lit int32) {
	s.cancelUntil(0)
	switch s.val[lit] {
	case 0:
		s.enqueue(lit, reasonDecision)
	case -1:
		panic(fmt.Sprintf("sudoku: fixing literal %d, false at level 0", lit))
	}
}

// setPhases makes the phases those of grid, a complete grid: each
// search decision then first tries the digit grid holds.
func (s *cdcl) setPhases(grid []uint8) {
	n := s.n
	for c, d := range grid {
		for e := range n {
			s.phase[s.cellVar(c*n+e)] = -1
		}
		s.phase[s.cellVar(c*n+int(d)-1)] = 1
	}
}

// model returns the grid of the current assignment, which must be total.
func (s *cdcl) model() []uint8 {
	n := s.n
	grid := make([]uint8, n*n)
	for v := range s.numCell {
		if s.val[2*v] == 1 {
			pair := s.pairOfVar(int32(v))
			grid[pair/int32(n)] = uint8(pair%int32(n)) + 1
		}
	}
	return grid
}

// cellLit is the literal x(cell, d) (d from 1), true when the cell holds d.
func (s *cdcl) cellLit(cell int, d uint8) int32 {
	return 2 * s.cellVar(cell*s.n+int(d)-1)
}

// assumptionRoots replaces each literal of the learned clause that an
// assumption made false through an at-most-one group by the negation of
// that assumption (a resolution step on the binary clause), once. A given
// rules out its digit in its row, column and box and every other digit in
// its cell: without this, a learned clause would list those eliminations
// one by one where the givens behind them are far fewer.
func (s *cdcl) assumptionRoots() {
	s.lbdStamp++
	if need := len(s.seen); len(s.rootTag) < need {
		s.rootTag = make([]int64, need)
	}
	out := s.learnt[:1]
	for _, l := range s.learnt[1:] {
		v := l >> 1
		if r := s.vars[v].reason; s.vars[v].level == s.assumed.level && r >= 0 && r&3 == reasonBinary {
			if p := r >> 2; s.vars[p>>1].reason == reasonDecision {
				l = p ^ 1
			}
		}
		if w := l >> 1; s.rootTag[w] != s.lbdStamp {
			s.rootTag[w] = s.lbdStamp
			out = append(out, l)
		}
	}
	s.learnt = out
}
