package sudoku

import (
	"context"
	"math"
	"slices"

	"github.com/puzzlesolvers/puzzle/internal/sat"
)

// cdcl is a conflict-driven clause-learning solver specialised to Sudoku,
// used for large grids where depth-first search drowns. Its variables are
// x(cell, digit) (var = cell*N + digit-1) and, for each segment (the cells a
// row or a column shares with a box) and digit, y(segment, digit): the digit
// lies in the segment. Every rule is an exactly-one constraint over literals:
// each cell holds one digit; each digit appears once in each row, column and
// box; {x₁..x_b, ¬y} defines y over a segment's b cells; the digit lies in
// exactly one segment of its row (column) and one row (column) segment of
// its box. The last two make unit propagation perform locked candidates
// (pointing and claiming). The constraints are propagated natively, not as
// the ~2N⁴ binary clauses of the usual SAT encoding: a true member makes
// the other members of its groups false, and a group with one member left
// that is not false makes it true. Clauses learned from conflicts (first UIP,
// with recursive minimisation) are propagated by two watched literals.
// Decisions follow VSIDS activity; until the first solution their phases
// are target phases (those of the longest conflict-free trail since the
// last restart, as in Kissat's stable mode), then saved phases. Restarts
// follow the Luby sequence; learned clauses with high LBD ("glue") are
// deleted. The design follows MiniSat (Eén and Sörensson, 2003), Glucose's
// LBD (Audemard and Simon, 2009) and Biere and Fleury's target phases
// (2020).
type cdcl struct {
	n          int
	numVars    int     // cell-digit variables first (numCellVars), then segment variables
	numCell    int     // N³
	groupAt    []int32 // group g's member literals are members[groupAt[g]:groupAt[g+1]]
	members    []int32
	occAt      []int32 // variable v occurs as occ[occAt[v]:occAt[v+1]]
	occ        []occurrence
	free       []int32 // per group: members not assigned false
	val        []int8  // per literal: 1 true, -1 false, 0 unassigned
	level      []int32
	reason     []int32 // reasonDecision, or an encoded reason (see below)
	trail      []int32 // assigned literals in order
	trailLim   []int32 // trail length at the start of each decision level
	qhead      int
	arena      []int32   // learned clauses, see clauseHeader
	watches    [][]watch // watches[l]: clauses watching literal l
	watched    []uint64  // bit l: watches[l] may be non-empty (a dense, cached filter)
	learnts    int       // clauses not deleted
	maxLearnt  float64   // learned clauses kept before reduce; 0: learntsPerCell per cell
	lubyUnit   float64   // conflicts per Luby unit between restarts; 0: restartUnit
	activity   []float64
	varInc     float64
	heap       sat.VarHeap
	phase      []int8
	seen       []uint8
	scratch    []int32
	confl      []int32
	learnt     []int32
	work       []int32
	stack      []int32
	toClear    []int32
	conflicts  int64
	props      int64  // literals propagated: the work, deterministic
	stable     bool   // decide by target phases (until the first solution)
	target     []int8 // phases of the longest conflict-free trail since the last restart
	targetLen  int
	targetSync int
	decisions  int64
	done       <-chan struct{}
	ctx        context.Context
	err        error
}

// A literal is 2*var for x true and 2*var+1 for x false.
// A reason is reasonDecision, or kind | index<<2 with kind reasonBinary
// (index: the true literal that forced this one false), reasonGroup
// (index: the group whose last free member this is), or reasonClause.
const (
	reasonDecision = -1
	reasonBinary   = 0
	reasonGroup    = 1
	reasonClause   = 2
)

// Learned clauses live in one arena for locality: at offset c, arena[c]
// is the number of literals, arena[c+1] the LBD with the flags below, and
// the literals follow. Deleted clauses are squeezed out at restarts.
const (
	clauseHeader = 2
	flagDeleted  = 1 << 30
	flagKeep     = 1 << 29 // a blocking clause: part of the problem, never deleted
	lbdMask      = flagKeep - 1
)

func (s *cdcl) clauseLits(c int32) []int32 {
	return s.arena[c+clauseHeader : c+clauseHeader+s.arena[c]]
}

// An occurrence is a group and the member literal by which a variable
// belongs to it, with the group's member range: propagation reads them
// together, so they are stored together.
type occurrence struct {
	group      int32
	lit        int32
	start, end int32 // the group's members are members[start:end]
}

type watch struct {
	clause  int32
	blocker int32 // a literal of the clause; if true, the clause is satisfied
}

func newCDCL(ctx context.Context, box int, segments bool) *cdcl {
	geo := geometryFor(box)
	n, b := geo.n, box
	numCell := n * n * n
	numSeg := 0
	if segments {
		numSeg = 2 * n * b * n
	}
	nv := numCell + numSeg
	s := &cdcl{n: n, numVars: nv, numCell: numCell, ctx: ctx, done: ctx.Done(), varInc: 1, stable: true}
	x := func(cell, d int) int32 { return int32(2 * (cell*n + d)) }
	rowSeg := func(r, j, d int) int32 { return int32(2 * (numCell + (r*b+j)*n + d)) }
	colSeg := func(c, i, d int) int32 { return int32(2 * (numCell + n*b*n + (c*b+i)*n + d)) }
	s.groupAt = append(s.groupAt, 0)
	endGroup := func() { s.groupAt = append(s.groupAt, int32(len(s.members))) }
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
	groups := len(s.groupAt) - 1
	count := make([]int32, nv+1)
	for _, l := range s.members {
		count[l>>1+1]++
	}
	for v := range nv {
		count[v+1] += count[v]
	}
	s.occAt = count
	s.occ = make([]occurrence, len(s.members))
	fill := slices.Clone(count[:nv])
	for g := range groups {
		for _, l := range s.members[s.groupAt[g]:s.groupAt[g+1]] {
			v := l >> 1
			s.occ[fill[v]] = occurrence{int32(g), l, s.groupAt[g], s.groupAt[g+1]}
			fill[v]++
		}
	}
	s.free = make([]int32, groups)
	for g := range s.free {
		s.free[g] = s.groupAt[g+1] - s.groupAt[g]
	}
	s.val = make([]int8, 2*nv)
	s.level = make([]int32, nv)
	s.reason = make([]int32, nv)
	s.activity = make([]float64, nv)
	s.phase = make([]int8, nv)
	for i := range s.phase {
		s.phase[i] = initialPhase
	}
	s.seen = make([]uint8, nv)
	s.target = make([]int8, nv)
	s.watches = make([][]watch, 2*nv)
	s.watched = make([]uint64, (2*nv+63)/64)
	s.heap.Init(&s.activity, nv)
	return s
}

func (s *cdcl) litValue(l int32) int8 {
	return s.val[l]
}

func (s *cdcl) decisionLevel() int32 { return int32(len(s.trailLim)) }

func (s *cdcl) enqueue(l int32, reason int32) {
	v := l >> 1
	s.val[l] = 1
	s.val[l^1] = -1
	free := s.free
	for _, o := range s.occ[s.occAt[v]:s.occAt[v+1]] {
		if o.lit != l {
			free[o.group]--
		}
	}
	s.level[v] = s.decisionLevel()
	s.reason[v] = reason
	s.trail = append(s.trail, l)
}

func (s *cdcl) cancelUntil(level int32) {
	if s.decisionLevel() <= level {
		return
	}
	lim := int(s.trailLim[level])
	for i := len(s.trail) - 1; i >= lim; i-- {
		l := s.trail[i]
		v := l >> 1
		for _, o := range s.occ[s.occAt[v]:s.occAt[v+1]] {
			if o.lit != l {
				s.free[o.group]++
			}
		}
		s.phase[v] = s.val[2*v]
		s.val[l] = 0
		s.val[l^1] = 0
		s.heap.Insert(int(v))
	}
	s.trail = s.trail[:lim]
	s.targetSync = min(s.targetSync, lim)
	s.trailLim = s.trailLim[:level]
	s.qhead = lim
}

// propagate runs unit propagation to a fixpoint. On a conflict it fills
// s.confl with the literals of a clause that is all false and returns false.
func (s *cdcl) propagate() bool {
	val, free, members := s.val, s.free, s.members
	for s.qhead < len(s.trail) {
		p := s.trail[s.qhead]
		s.qhead++
		s.props++
		v := p >> 1
		for _, o := range s.occ[s.occAt[v]:s.occAt[v+1]] {
			g := o.group
			if o.lit == p {
				// A true member: every other member is false.
				for _, m := range members[o.start:o.end] {
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
				continue
			}
			// A false member: the last member not false must be true.
			switch free[g] {
			case 0:
				s.confl = append(s.confl[:0], members[o.start:o.end]...)
				return false
			case 1:
				for _, m := range members[o.start:o.end] {
					if x := val[m]; x >= 0 {
						if x == 0 {
							s.enqueue(m, g<<2|reasonGroup)
						}
						break
					}
				}
			}
		}
		if !s.propagateClauses(p ^ 1) {
			return false
		}
	}
	return true
}

// propagateClauses visits the learned clauses watching the literal f, which
// has just become false.
func (s *cdcl) propagateClauses(f int32) bool {
	if s.watched[f>>6]&(1<<(f&63)) == 0 {
		return true
	}
	ws := s.watches[f]
	val, arena := s.val, s.arena
	i, j := 0, 0
	for i < len(ws) {
		w := ws[i]
		i++
		if val[w.blocker] == 1 {
			ws[j] = w
			j++
			continue
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
		found := false
		for k := 2; k < len(lits); k++ {
			if l := lits[k]; val[l] != -1 {
				lits[1], lits[k] = l, f
				s.watch(l, c, first)
				found = true
				break
			}
		}
		if found {
			continue
		}
		ws[j] = watch{c, first}
		j++
		if val[first] == -1 {
			s.confl = append(s.confl[:0], lits...)
			for i < len(ws) {
				ws[j] = ws[i]
				i++
				j++
			}
			s.watches[f] = ws[:j]
			return false
		}
		s.enqueue(first, c<<2|reasonClause)
	}
	s.watches[f] = ws[:j]
	if j == 0 {
		s.watched[f>>6] &^= 1 << (f & 63)
	}
	return true
}

// reasonLits returns the false literals of the clause that forced v, other
// than v's own literal.
func (s *cdcl) reasonLits(v int32) []int32 {
	r := s.reason[v]
	out := s.scratch[:0]
	switch r & 3 {
	case reasonBinary:
		out = append(out, (r>>2)^1)
	case reasonGroup:
		g := r >> 2
		for _, m := range s.members[s.groupAt[g]:s.groupAt[g+1]] {
			if m>>1 != v {
				out = append(out, m)
			}
		}
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

// analyze derives a first-UIP clause from s.confl into s.learnt (asserting
// literal first) and returns the level to jump back to and the clause's LBD.
func (s *cdcl) analyze() (int32, int32) {
	s.learnt = append(s.learnt[:0], 0)
	pathC := 0
	p := int32(-1)
	lits := append(s.work[:0], s.confl...)
	defer func() { s.work = lits[:0] }()
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

func (s *cdcl) lbd(lits []int32) int32 {
	s.stack = s.stack[:0]
	for _, l := range lits {
		lv := s.level[l>>1]
		if !slices.Contains(s.stack, lv) {
			s.stack = append(s.stack, lv)
		}
	}
	return int32(len(s.stack))
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

func (s *cdcl) watch(l, c, blocker int32) {
	s.watches[l] = append(s.watches[l], watch{c, blocker})
	s.watched[l>>6] |= 1 << (l & 63)
}

// addClause adds lits (at least two, first two unassigned or the first
// asserting) and watches its first two literals.
func (s *cdcl) addClause(lits []int32, lbd int32, keep bool) int32 {
	c := int32(len(s.arena))
	flags := lbd & lbdMask
	if keep {
		flags |= flagKeep
	}
	s.arena = append(s.arena, int32(len(lits)), flags)
	s.arena = append(s.arena, lits...)
	s.watch(lits[0], c, lits[1])
	s.watch(lits[1], c, lits[0])
	s.learnts++
	return c
}

// reduce deletes about half of the learned clauses, those of highest LBD,
// and compacts the arena. Called at decision level 0 only, where no clause
// is a reason that conflict analysis will read.
func (s *cdcl) reduce() {
	var cand []int32
	for c := int32(0); c < int32(len(s.arena)); c += clauseHeader + s.arena[c] {
		h := s.arena[c+1]
		if h&flagKeep == 0 && h&lbdMask > 2 && s.arena[c] > 2 {
			cand = append(cand, c)
		}
	}
	slices.SortFunc(cand, func(a, b int32) int {
		return int(s.arena[b+1]&lbdMask - s.arena[a+1]&lbdMask)
	})
	for _, c := range cand[:len(cand)/2] {
		s.arena[c+1] |= flagDeleted
		s.learnts--
	}
	kept := s.arena[:0]
	for c := int32(0); c < int32(len(s.arena)); {
		size := s.arena[c]
		next := c + clauseHeader + size
		if s.arena[c+1]&flagDeleted == 0 {
			kept = append(kept, s.arena[c:next]...)
		}
		c = next
	}
	s.arena = kept
	for l := range s.watches {
		s.watches[l] = s.watches[l][:0]
	}
	clear(s.watched)
	for c := int32(0); c < int32(len(s.arena)); c += clauseHeader + s.arena[c] {
		lits := s.clauseLits(c)
		s.watch(lits[0], c, lits[1])
		s.watch(lits[1], c, lits[0])
	}
	for _, l := range s.trail {
		s.reason[l>>1] = reasonDecision // level 0: never analysed
	}
}

// Tuning, measured on Gecode's 25×25 instances: the initial phase (1:
// place the digit) and VSIDS decay barely matter; a small Luby unit keeps
// restarts cheap; a learned-clause limit of 40 per cell halves the
// conflicts of a tight one. Target phases find the first solution of the
// hardest ones in half the conflicts or less; for the proof of uniqueness
// they, Glucose's LBD-driven restarts and trail reuse made no difference.
const (
	initialPhase   = 1
	activityDecay  = 0.95
	restartUnit    = 64
	learntsPerCell = 40
	learntGrowth   = 1.1
)

func luby(i int) float64 {
	size, seq := 1, 0
	for size < i+1 {
		seq++
		size = 2*size + 1
	}
	for size-1 != i {
		size = (size - 1) >> 1
		seq--
		i %= size
	}
	return math.Pow(2, float64(seq))
}

// search runs CDCL until a model, unsatisfiability, or a restart after
// maxConflicts. It returns 1 for a model, -1 for unsat, 0 for a restart.
func (s *cdcl) search(maxConflicts int64) int {
	var conflicts int64
	for {
		if !s.propagate() {
			s.conflicts++
			conflicts++
			if s.decisionLevel() == 0 {
				return -1
			}
			if s.stable {
				s.saveTarget()
			}
			back, lbd := s.analyze()
			s.cancelUntil(back)
			if len(s.learnt) == 1 {
				s.enqueue(s.learnt[0], reasonDecision)
			} else {
				idx := s.addClause(s.learnt, lbd, false)
				s.enqueue(s.learnt[0], idx<<2|reasonClause)
			}
			s.varInc /= activityDecay
			if s.conflicts&255 == 0 && s.cancelled() {
				return 0
			}
			continue
		}
		if conflicts >= maxConflicts {
			s.cancelUntil(0)
			s.targetLen = 0
			return 0
		}
		v := int32(-1)
		for !s.heap.Empty() {
			c := int32(s.heap.Pop())
			if s.val[2*c] == 0 {
				v = c
				break
			}
		}
		if v < 0 {
			return 1
		}
		s.decisions++
		if s.decisions&1023 == 0 && s.cancelled() {
			return 0
		}
		s.trailLim = append(s.trailLim, int32(len(s.trail)))
		ph := s.phase[v]
		if s.stable && s.target[v] != 0 {
			ph = s.target[v]
		}
		if ph >= 0 {
			s.enqueue(2*v, reasonDecision)
		} else {
			s.enqueue(2*v+1, reasonDecision)
		}
	}
}

// saveTarget records the phases of the trail below the conflict level if
// it is the longest conflict-free trail since the last restart: the target
// phases of Biere and Fleury's "stable mode" (Kissat, 2020), which steer the
// search back to the largest consistent partial grid it has seen.
// trail[:targetSync] is already recorded and has not been undone since.
func (s *cdcl) saveTarget() {
	n := int(s.trailLim[s.decisionLevel()-1])
	if n <= s.targetLen {
		return
	}
	s.targetLen = n
	for _, l := range s.trail[min(s.targetSync, n):n] {
		s.target[l>>1] = 1 - 2*int8(l&1)
	}
	s.targetSync = n
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
	n := s.n
	for c, d := range givens {
		if d == 0 {
			continue
		}
		l := int32(c*n+int(d)-1) * 2
		switch s.litValue(l) {
		case -1:
			return
		case 0:
			s.enqueue(l, reasonDecision)
		}
	}
	maxLearnts := s.maxLearnt
	if maxLearnts == 0 {
		maxLearnts = float64(len(givens)) * learntsPerCell
	}
	unit := s.lubyUnit
	if unit == 0 {
		unit = restartUnit
	}
	restarts := 0
	for s.err == nil {
		if float64(s.learnts) > maxLearnts {
			s.reduce()
			maxLearnts *= learntGrowth
		}
		r := s.search(int64(luby(restarts) * unit))
		restarts++
		switch r {
		case -1:
			return
		case 1:
			sol := make([]uint8, n*n)
			for v := range s.numCell {
				if s.val[2*v] == 1 {
					sol[v/n] = uint8(v%n) + 1
				}
			}
			if k.add(sol) || s.decisionLevel() == 0 {
				return
			}
			block := s.learnt[:0]
			for i := len(s.trailLim) - 1; i >= 0; i-- {
				block = append(block, s.trail[s.trailLim[i]]^1)
			}
			s.learnt = block
			s.cancelUntil(0)
			// The proof that no other solution exists is an unsatisfiable
			// search, which target phases do not help.
			s.stable = false
			if len(block) == 1 {
				s.enqueue(block[0], reasonDecision)
			} else {
				s.addClause(block, int32(len(block)), true)
			}
			restarts = 0
		}
	}
}
