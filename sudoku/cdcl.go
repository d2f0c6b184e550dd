package sudoku

import (
	"context"
	"slices"

	"github.com/puzzlesolvers/puzzle/internal/sat"
)

// cdcl is a conflict-driven clause-learning solver specialised to Sudoku,
// used for large grids where depth-first search drowns. Its variables are
// x(cell, digit) (var = cell*N + digit-1) and, optionally, for each segment
// (the cells a row or a column shares with a box) and digit, y(segment,
// digit): the digit lies in the segment. Every rule is an exactly-one
// group of literals: each cell holds one digit; each digit appears once in
// each row, column and box; {x₁..x_b, ¬y} defines y over a segment's b
// cells; the digit lies in exactly one segment of its row (column) and one
// row (column) segment of its box (these make unit propagation perform
// locked candidates). The at-most-one half of a group is propagated
// natively, as the binary clauses ¬a ∨ ¬b of the usual encoding would be
// but without storing them: a true member makes the others false. The
// at-least-one half is a clause like any other, watched by two literals.
// The search policy lives in cdcl_search.go, conflict analysis in
// cdcl_learn.go, the clause database in cdcl_clauses.go, the simplification
// at level 0 in cdcl_simplify.go and the numbering of the variables in
// cdcl_numbering.go.
type cdcl struct {
	n       int
	numVars int // cell-digit variables first (numCell), then segment variables
	numCell int // N³
	// varOf maps a cell-digit pair (cell*N + digit-1) to its variable,
	// and pairOf back; both nil when they are the same.
	varOf, pairOf []int32
	members       []int32
	amoAt         []int32   // literal l is a member of the groups amo[amoAt[l]:amoAt[l+1]]
	amo           []span    // each a group's member range in members
	groups        []span    // every group's member range, as amo holds it
	val           []int8    // per literal: 1 true, -1 false, 0 unassigned
	vars          []varInfo // per variable, while it is assigned
	trail         []int32   // assigned literals in order, at most numVars: preallocated
	// trailLim holds the trail length at the start of each decision level.
	trailLim []int32
	qhead    int
	// simplified is the length of the trail at level 0 when simplify
	// last ran.
	simplified int
	// simplifyOld, simplifyNew and simplifyEnd are simplify's scratch.
	simplifyOld, simplifyNew, simplifyEnd []int32
	arena                                 []int32   // every clause, see clauseHeader
	watches                               [][]watch // watches[l]: clauses watching l, visited when l becomes false
	learnts                               int       // learned clauses not deleted
	activity                              []float64
	varInc                                float64
	heap                                  sat.VarHeap
	phase                                 []int8
	seen                                  []uint8
	scratch                               []int32
	confl                                 []int32
	learnt                                []int32
	work                                  []int32
	stack                                 []int32
	toClear                               []int32
	levelTag                              []int64 // per level: the last lbd count that saw it
	lbdStamp                              int64
	policy                                policy
	search                                searchState
	share                                 *exchange // the portfolio's shared clauses and solutions, if any
	shareID                               int       // this search's index in the portfolio
	imported                              int       // the clauses of share's log this search has taken
	conflicts                             int64
	props                                 int64 // literals propagated: the work, deterministic
	decisions                             int64
	// vivified counts the learned clauses vivify shortened, vivifiedLits
	// the literals it removed.
	vivified, vivifiedLits int64
	gluesLowered           int64 // learned clauses whose glue the analysis lowered (updateGlue)
	done                   <-chan struct{}
	ctx                    context.Context
	err                    error

	// assumed are the literals decided first (cdcl_assume.go).
	assumed assumptions
	rootTag []int64 // per variable: the learned clause that last had it, see assumptionRoots
}

// A literal is 2*var for x true and 2*var+1 for x false.
// A reason is reasonDecision, or kind | index<<2 with kind reasonBinary
// (index: the true literal that forced this one false by an at-most-one
// group) or reasonClause (index: the clause's offset in the arena).
const (
	reasonDecision = -1
	reasonBinary   = 0
	reasonClause   = 2
)

type span struct{ start, end int32 }

// varInfo is what the engine knows of an assigned variable: its decision
// level and its reason. Conflict analysis reads both for each literal it
// meets, and the assignment writes both, so they share a cache line.
type varInfo struct {
	level  int32
	reason int32 // reasonDecision, or an encoded reason (see below)
}

// A watch is a clause watching a literal, with another of its literals,
// the blocker: when the blocker is true the clause is satisfied and need
// not be read. A clause of two literals is marked by a negative index
// (^offset): its blocker is the other literal, so it is never read while
// propagating.
type watch struct {
	clause  int32
	blocker int32
}

func newCDCL(ctx context.Context, box int, segments bool) *cdcl {
	return newCDCLFor(ctx, box, segments, nil)
}

// newCDCLFor is newCDCL for a search that will be given givens (nil for
// none known): the variables of the candidates the givens leave come
// first, so that what the search reads of its per-variable arrays lies
// together, whatever the grid's size.
func newCDCLFor(ctx context.Context, box int, segments bool, givens []uint8) *cdcl {
	geo := geometryFor(box)
	n, b := geo.n, box
	numCell := n * n * n
	numSeg := 0
	if segments {
		numSeg = 2 * n * b * n
	}
	nv := numCell + numSeg
	s := &cdcl{n: n, numVars: nv, numCell: numCell, ctx: ctx, done: ctx.Done(), varInc: 1}
	s.policy = defaultPolicy
	if givens != nil {
		s.numberCandidatesFirst(geo, givens)
	}
	x := func(cell, d int) int32 { return 2 * s.cellVar(cell*n+d) }
	rowSeg := func(r, j, d int) int32 { return int32(2 * (numCell + (r*b+j)*n + d)) }
	colSeg := func(c, i, d int) int32 { return int32(2 * (numCell + n*b*n + (c*b+i)*n + d)) }
	groupAt := []int32{0}
	endGroup := func() { groupAt = append(groupAt, int32(len(s.members))) }
	for c := range n * n {
		for d := range n {
			s.members = append(s.members, x(c, d))
		}
		endGroup()
	}
	for _, unit := range geo.units {
		for d := range n {
			for _, c := range unit {
				s.members = append(s.members, x(int(c), d))
			}
			endGroup()
		}
	}
	if segments {
		for d := range n {
			for r := range n {
				for j := range b {
					for k := range b {
						s.members = append(s.members, x(r*n+j*b+k, d))
					}
					s.members = append(s.members, rowSeg(r, j, d)^1)
					endGroup()
				}
			}
			for c := range n {
				for i := range b {
					for k := range b {
						s.members = append(s.members, x((i*b+k)*n+c, d))
					}
					s.members = append(s.members, colSeg(c, i, d)^1)
					endGroup()
				}
			}
			for line := range n {
				for j := range b {
					s.members = append(s.members, rowSeg(line, j, d))
				}
				endGroup()
				for i := range b {
					s.members = append(s.members, colSeg(line, i, d))
				}
				endGroup()
			}
			for bi := range b {
				for bj := range b {
					for k := range b {
						s.members = append(s.members, rowSeg(bi*b+k, bj, d))
					}
					endGroup()
					for k := range b {
						s.members = append(s.members, colSeg(bj*b+k, bi, d))
					}
					endGroup()
				}
			}
		}
	}
	groups := len(groupAt) - 1
	for g := range groups {
		s.groups = append(s.groups, span{groupAt[g], groupAt[g+1]})
	}
	count := make([]int32, 2*nv+1)
	for _, l := range s.members {
		count[l+1]++
	}
	for l := range 2 * nv {
		count[l+1] += count[l]
	}
	s.amoAt = count
	s.amo = make([]span, len(s.members))
	fill := slices.Clone(count[:2*nv])
	for g := range groups {
		for _, l := range s.members[groupAt[g]:groupAt[g+1]] {
			s.amo[fill[l]] = span{groupAt[g], groupAt[g+1]}
			fill[l]++
		}
	}
	s.val = make([]int8, 2*nv)
	s.vars = make([]varInfo, nv)
	s.trail = make([]int32, 0, nv)
	s.activity = make([]float64, nv)
	s.phase = make([]int8, nv)
	for i := range s.phase {
		s.phase[i] = initialPhase
	}
	s.seen = make([]uint8, nv)
	s.watches = make([][]watch, 2*nv)
	s.initHeap()
	s.search.init(nv)
	for g := range groups {
		s.addClause(s.members[groupAt[g]:groupAt[g+1]], 0, true)
	}
	return s
}

func (s *cdcl) decisionLevel() int32 { return int32(len(s.trailLim)) }

func (s *cdcl) enqueue(l int32, reason int32) {
	v := l >> 1
	s.val[l] = 1
	s.val[l^1] = -1
	s.vars[v].level = int32(len(s.trailLim))
	s.vars[v].reason = reason
	s.trail = append(s.trail, l)
}

func (s *cdcl) cancelUntil(level int32) {
	if s.decisionLevel() <= level {
		return
	}
	lim := int(s.trailLim[level])
	save := !s.policy.anchored
	for i := len(s.trail) - 1; i >= lim; i-- {
		l := s.trail[i]
		v := l >> 1
		if save {
			s.phase[v] = 1 - 2*int8(l&1)
		}
		s.val[l] = 0
		s.val[l^1] = 0
		s.heap.Insert(int(v))
	}
	s.trail = s.trail[:lim]
	s.search.untrail(lim)
	s.trailLim = s.trailLim[:level]
	s.qhead = lim
}

// propagate runs unit propagation to a fixpoint. On a conflict it fills
// s.confl with the literals of a clause that is all false and returns false.
func (s *cdcl) propagate() bool {
	val, members := s.val, s.members
	// Without segment variables the groups' members are all positive
	// literals: a false one (odd) is in no group, and its look-up in
	// amoAt, a table too large for the first-level cache, is skipped.
	oddMembers := s.numVars > s.numCell
	for s.qhead < len(s.trail) {
		p := s.trail[s.qhead]
		s.qhead++
		s.props++
		if p&1 != 0 && !oddMembers {
			if !s.propagateClauses(p ^ 1) {
				return false
			}
			continue
		}
		for _, g := range s.amo[s.amoAt[p]:s.amoAt[p+1]] {
			for _, m := range members[g.start:g.end] {
				switch val[m] {
				case 1:
					if m == p {
						continue
					}
					s.confl = append(s.confl[:0], p^1, m^1)
					return false
				case 0:
					s.enqueue(m^1, p<<2|reasonBinary)
				}
			}
		}
		if !s.propagateClauses(p ^ 1) {
			return false
		}
	}
	return true
}

// propagateClauses visits the clauses watching the literal f, which has
// just become false.
func (s *cdcl) propagateClauses(f int32) bool {
	ws := s.watches[f]
	val, arena := s.val, s.arena
	i, j := 0, 0
	for i < len(ws) {
		w := ws[i]
		i++
		bv := val[w.blocker]
		if bv == 1 {
			ws[j] = w
			j++
			continue
		}
		if w.clause < 0 {
			ws[j] = w
			j++
			if bv == 0 {
				s.enqueue(w.blocker, ^w.clause<<2|reasonClause)
				continue
			}
			s.confl = append(s.confl[:0], f, w.blocker)
			j += copy(ws[j:], ws[i:])
			s.watches[f] = ws[:j]
			return false
		}
		c := w.clause
		lits := arena[c+clauseHeader : c+clauseHeader+arena[c]]
		if lits[0] == f {
			lits[0], lits[1] = lits[1], lits[0]
		}
		first := lits[0]
		if first != w.blocker && val[first] == 1 {
			ws[j] = watch{c, first}
			j++
			continue
		}
		// The search for a new watch starts where the last one ended
		// (Gent, "Optimal implementation of watched literals and more
		// general techniques", JAIR 2013), round to the start.
		start := int(arena[c+1] >> posShift & posMax)
		if start < 2 || start >= len(lits) {
			start = 2
		}
		k := start
		for k < len(lits) && val[lits[k]] == -1 {
			k++
		}
		if k == len(lits) {
			for k = 2; k < start && val[lits[k]] == -1; k++ {
			}
			if k == start {
				k = len(lits)
			}
		}
		if k < len(lits) {
			l := lits[k]
			lits[1], lits[k] = l, f
			arena[c+1] = arena[c+1]&^(posMax<<posShift) | int32(min(k, posMax))<<posShift
			s.watches[l] = append(s.watches[l], watch{c, first})
			continue
		}
		ws[j] = watch{c, first}
		j++
		if val[first] == -1 {
			s.confl = append(s.confl[:0], lits...)
			j += copy(ws[j:], ws[i:])
			s.watches[f] = ws[:j]
			return false
		}
		s.enqueue(first, c<<2|reasonClause)
	}
	s.watches[f] = ws[:j]
	return true
}

func (s *cdcl) cancelled() bool {
	select {
	case <-s.done:
		s.err = s.ctx.Err()
		return true
	default:
		return false
	}
}

// solve finds up to limit solutions (all if limit < 0) of the givens,
// excluding each found one by a clause that negates its decisions.
func (s *cdcl) solve(givens []uint8, limit int) [][]uint8 {
	k := &sink{limit: limit}
	s.solveInto(givens, k)
	return k.sols
}

// solveInto is solve with the solutions going to k.
func (s *cdcl) solveInto(givens []uint8, k *sink) {
	for c, d := range givens {
		if d == 0 {
			continue
		}
		l := s.cellLit(c, d)
		switch s.val[l] {
		case -1:
			return
		case 0:
			s.enqueue(l, reasonDecision)
		}
	}
	for s.err == nil {
		switch s.run() {
		case -1:
			return
		case 1:
			sol := s.model()
			if s.share != nil {
				if s.share.solution(s.shareID, sol, s) {
					return
				}
			} else if k.add(sol) {
				return
			}
			if s.decisionLevel() == 0 {
				return
			}
			block := s.learnt[:0]
			for i := len(s.trailLim) - 1; i >= 0; i-- {
				block = append(block, s.trail[s.trailLim[i]]^1)
			}
			s.learnt = block
			s.cancelUntil(0)
			if len(block) == 1 {
				s.enqueue(block[0], reasonDecision)
			} else {
				s.addClause(block, int32(len(block)), true)
			}
			s.search.solutionFound()
		}
	}
}
