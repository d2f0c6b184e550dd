package sat

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"slices"
)

// A Lit is a variable or its negation: 2v for v, 2v+1 for ¬v.
type Lit int32

// Pos returns the literal "v is true".
func Pos(v int) Lit { return Lit(2 * v) }

// Neg returns the literal "v is false".
func Neg(v int) Lit { return Lit(2*v + 1) }

// Not returns the negation of l.
func (l Lit) Not() Lit { return l ^ 1 }

// Var returns l's variable.
func (l Lit) Var() int { return int(l >> 1) }

// Outcome is what Solve found.
type Outcome uint8

const (
	// Interrupted means the stop function asked to stop first.
	Interrupted Outcome = iota
	// Satisfiable means a model was found; Value reads it.
	Satisfiable
	// Unsatisfiable means the clauses have no model.
	Unsatisfiable
)

// Stats is the work done so far, over every call to Solve.
type Stats struct {
	Decisions    int64
	Conflicts    int64
	Propagations int64 // literals propagated
	Restarts     int64
}

// Clauses live in one arena: at offset c, arena[c] is the number of
// literals, arena[c+1] the glue with the flags below, then the literals.
const (
	header     = 2
	flagLearnt = 1 << 30
	// flagReason marks the reason of a literal that a Propagator implied,
	// made when analysis asked for it: watched by no one, and dropped at
	// the next reduction.
	flagReason = 1 << 29
	glueMask   = flagReason - 1
)

const (
	noReason = -1
	// lazyReason marks a literal implied by the Propagator whose reason
	// has not been asked for yet.
	lazyReason = -2
)

type watcher struct {
	clause  int32
	blocker Lit // a literal of the clause: when true, the clause is satisfied
	binary  bool
}

// Solver is a CDCL solver. The zero value is not usable; call New.
type Solver struct {
	arena    []Lit
	watches  [][]watcher // watches[l]: the clauses watching l, visited when l becomes false
	val      []int8      // per literal: 1 true, -1 false, 0 unassigned
	level    []int32     // per variable
	reason   []int32     // per variable: the clause that forced it, or noReason
	trail    []Lit
	trailLim []int32
	qhead    int

	activity []float64
	varInc   float64
	heap     VarHeap
	phase    []bool // saved phase: the last value each variable had
	noDecide []bool // per variable: never branched on (SetDecision)

	seen     []uint8
	learnt   []Lit
	stack    []Lit
	toClear  []int
	levelTag []int64 // per level: the stamp of the last glue count that saw it
	stamp    int64

	numLearnt   int
	maxLearnt   int
	restartUnit float64 // > 0: restart on the Luby sequence with this unit (tests); 0: by glue averages
	unsat       bool    // a conflict at the root: no model exists
	stats       Stats
	restartNum  int
	emaFast     float64
	emaSlow     float64

	// assumptions are decided first, one per level, by SolveAssuming;
	// failed reports that one of them was found false, and core holds
	// the assumptions that forced it so.
	assumptions []Lit
	failed      bool
	core        []Lit

	// theory, when set, propagates after the clauses (propagator.go);
	// thead is how much of the trail it has been shown, trailPos each
	// assigned variable's place on the trail, and reasonLits counts the
	// literals of the reasons made for it since the last reduction.
	theory     Propagator
	thead      int
	trailPos   []int32
	reasonLits int
	scratch    []Lit
}

// New returns a solver with no variables.
func New() *Solver {
	s := &Solver{varInc: 1, maxLearnt: 4000}
	s.heap.Init(&s.activity, 0)
	return s
}

// NumVars returns the number of variables.
func (s *Solver) NumVars() int { return len(s.level) }

// NewVar adds a variable and returns it.
func (s *Solver) NewVar() int {
	v := len(s.level)
	s.val = append(s.val, 0, 0)
	s.watches = append(s.watches, nil, nil)
	s.level = append(s.level, 0)
	s.reason = append(s.reason, noReason)
	s.trailPos = append(s.trailPos, 0)
	s.activity = append(s.activity, 0)
	s.phase = append(s.phase, false)
	s.noDecide = append(s.noDecide, false)
	s.seen = append(s.seen, 0)
	s.heap.Add()
	return v
}

// Simplify propagates the clauses' units at the root and reports false
// when that shows they have no model.
func (s *Solver) Simplify() bool {
	if s.unsat {
		return false
	}
	s.cancelUntil(0)
	if s.propagate() != noReason {
		s.unsat = true
	}
	return !s.unsat
}

// Fixed reports whether v is assigned at the root, that is implied by the
// clauses through unit propagation alone (after Simplify), and its value.
func (s *Solver) Fixed(v int) (value, ok bool) {
	if s.val[Pos(v)] == 0 || s.level[v] != 0 {
		return false, false
	}
	return s.val[Pos(v)] > 0, true
}

// Stats returns the work done so far.
func (s *Solver) Stats() Stats { return s.stats }

// Value reports v's value in the model the last satisfiable Solve found.
func (s *Solver) Value(v int) bool { return s.val[Pos(v)] > 0 }

// SetDecision sets whether v may be branched on (the default). Variables
// that are not decision variables are only ever set by propagation, until
// every decision variable is set.
func (s *Solver) SetDecision(v int, decide bool) {
	s.noDecide[v] = !decide
	if !decide && s.heap.Contains(v) {
		s.heap.Remove(v)
	}
}

// SetPhase sets the value v is first tried with.
func (s *Solver) SetPhase(v int, value bool) { s.phase[v] = value }

// AddClause adds the clause l₁ ∨ l₂ ∨ ...; it may be called between calls
// to Solve. It reports false when the clauses are now known to have no
// model.
func (s *Solver) AddClause(lits ...Lit) bool {
	if s.unsat {
		return false
	}
	s.cancelUntil(0)
	c := slices.Clone(lits)
	slices.Sort(c)
	c = slices.Compact(c)
	j := 0
	for i, l := range c {
		if i > 0 && c[i-1] == l.Not() {
			return true // a tautology
		}
		switch s.val[l] {
		case 1:
			return true // satisfied at the root
		case 0:
			c[j] = l
			j++
		}
	}
	c = c[:j]
	switch len(c) {
	case 0:
		s.unsat = true
		return false
	case 1:
		s.assign(c[0], noReason)
		if s.propagate() != noReason {
			s.unsat = true
			return false
		}
		return true
	}
	s.attach(s.store(c, false, 0))
	return true
}

func (s *Solver) store(lits []Lit, learnt bool, glue int) int32 {
	c := int32(len(s.arena))
	flags := Lit(glue)
	if learnt {
		flags |= flagLearnt
		s.numLearnt++
	}
	s.arena = append(s.arena, Lit(len(lits)), flags)
	s.arena = append(s.arena, lits...)
	return c
}

func (s *Solver) lits(c int32) []Lit {
	return s.arena[c+header : c+header+int32(s.arena[c])]
}

// attach watches the clause's first two literals.
func (s *Solver) attach(c int32) {
	lits := s.lits(c)
	bin := len(lits) == 2
	s.watches[lits[0]] = append(s.watches[lits[0]], watcher{clause: c, blocker: lits[1], binary: bin})
	s.watches[lits[1]] = append(s.watches[lits[1]], watcher{clause: c, blocker: lits[0], binary: bin})
}

func (s *Solver) assign(l Lit, reason int32) {
	v := l.Var()
	s.val[l], s.val[l^1] = 1, -1
	s.level[v] = int32(len(s.trailLim))
	s.reason[v] = reason
	s.trailPos[v] = int32(len(s.trail))
	s.trail = append(s.trail, l)
}

// propagate runs unit propagation to a fixpoint and returns a conflicting
// clause, or noReason.
func (s *Solver) propagate() int32 {
	conflict := int32(noReason)
	for s.qhead < len(s.trail) && conflict == noReason {
		falseLit := s.trail[s.qhead].Not()
		s.qhead++
		s.stats.Propagations++
		ws := s.watches[falseLit]
		i, j := 0, 0
		for i < len(ws) {
			w := ws[i]
			i++
			if s.val[w.blocker] > 0 {
				ws[j] = w
				j++
				continue
			}
			if w.binary {
				ws[j] = w
				j++
				if s.val[w.blocker] < 0 {
					conflict = w.clause
					break
				}
				s.assign(w.blocker, w.clause)
				continue
			}
			c := w.clause
			lits := s.arena[c+header : c+header+int32(s.arena[c])]
			if lits[0] == falseLit {
				lits[0], lits[1] = lits[1], falseLit
			}
			first := lits[0]
			if first != w.blocker && s.val[first] > 0 {
				ws[j] = watcher{clause: c, blocker: first}
				j++
				continue
			}
			moved := false
			for k := 2; k < len(lits); k++ {
				if l := lits[k]; s.val[l] >= 0 {
					lits[1], lits[k] = l, falseLit
					s.watches[l] = append(s.watches[l], watcher{clause: c, blocker: first})
					moved = true
					break
				}
			}
			if moved {
				continue
			}
			ws[j] = watcher{clause: c, blocker: first}
			j++
			if s.val[first] < 0 {
				conflict = c
				break
			}
			s.assign(first, c)
		}
		if conflict != noReason {
			j += copy(ws[j:], ws[i:])
		}
		s.watches[falseLit] = ws[:j]
	}
	return conflict
}

// cancelUntil undoes every assignment above the given level.
func (s *Solver) cancelUntil(level int) {
	if len(s.trailLim) <= level {
		return
	}
	lim := int(s.trailLim[level])
	for i := len(s.trail) - 1; i >= lim; i-- {
		l := s.trail[i]
		v := l.Var()
		s.val[l], s.val[l^1] = 0, 0
		s.phase[v] = l&1 == 0
		if !s.noDecide[v] {
			s.heap.Insert(v)
		}
	}
	s.trail = s.trail[:lim]
	s.trailLim = s.trailLim[:level]
	s.qhead = lim
	s.thead = min(s.thead, lim)
}

// Solve searches for a model. stop, if not nil, is polled now and then;
// when it returns true Solve gives up with Interrupted.
func (s *Solver) Solve(stop func() bool) Outcome {
	return s.SolveAssuming(nil, stop)
}

// SolveAssuming searches for a model in which every literal of
// assumptions is true (MiniSat's solving under assumptions: they are the
// first decisions, in order). Unsatisfiable then means that the clauses and
// the assumptions have no model together; Core tells which assumptions
// are to blame. The clauses learned stay valid without the assumptions,
// so later calls, with other assumptions or none, keep what this one
// learned.
func (s *Solver) SolveAssuming(assumptions []Lit, stop func() bool) Outcome {
	s.assumptions = append(s.assumptions[:0], assumptions...)
	s.core = s.core[:0]
	s.failed = false
	defer func() { s.assumptions = s.assumptions[:0] }()
	if s.unsat {
		return Unsatisfiable
	}
	s.cancelUntil(0)
	if s.propagate() != noReason {
		s.unsat = true
		return Unsatisfiable
	}
	for {
		budget := int64(math.MaxInt64) // restart by glue averages
		if s.restartUnit > 0 {
			budget = int64(luby(s.restartNum) * s.restartUnit)
		}
		s.restartNum++
		switch out := s.search(budget, stop); out {
		case Satisfiable, Unsatisfiable:
			if out == Unsatisfiable && !s.failed {
				s.unsat = true
			}
			return out
		}
		if stop != nil && stop() {
			s.cancelUntil(0)
			return Interrupted
		}
		s.stats.Restarts++
		s.cancelUntil(0)
		switch {
		case s.numLearnt > s.maxLearnt:
			s.reduce(true)
		case s.reasonLits > len(s.arena)/2+1<<16:
			s.reduce(false) // only drop the Propagator's reasons
		}
	}
}

// Core returns, after SolveAssuming answered Unsatisfiable, a subset of its
// assumptions that the clauses contradict: empty when the clauses alone
// have no model. The slice is valid until the next call to Solve.
func (s *Solver) Core() []Lit { return s.core }

// search runs CDCL until a model, a root conflict, or budget conflicts; it
// returns Interrupted in the last case.
func (s *Solver) search(budget int64, stop func() bool) Outcome {
	var conflicts int64
	for {
		confl := s.propagate()
		if confl == noReason && s.theory != nil {
			n := len(s.trail)
			if confl = s.propagateTheory(); confl == noReason && len(s.trail) > n {
				continue // new literals for the clauses
			}
		}
		if confl != noReason {
			s.stats.Conflicts++
			conflicts++
			if len(s.trailLim) == 0 {
				return Unsatisfiable
			}
			backLevel, glue := s.analyze(confl)
			s.cancelUntil(backLevel)
			if len(s.learnt) == 1 {
				s.assign(s.learnt[0], noReason)
			} else {
				c := s.store(s.learnt, true, glue)
				s.attach(c)
				s.assign(s.learnt[0], c)
			}
			s.varInc /= varDecay
			if s.restartUnit == 0 && s.restartDue(glue, conflicts) {
				budget = 0
			}
			if conflicts&255 == 0 && stop != nil && stop() {
				return Interrupted
			}
			continue
		}
		if conflicts >= budget {
			return Interrupted
		}
		next := Lit(-1)
		for len(s.trailLim) < len(s.assumptions) {
			p := s.assumptions[len(s.trailLim)]
			if s.val[p] > 0 {
				// Already true: an empty level keeps levels and
				// assumptions in step.
				s.trailLim = append(s.trailLim, int32(len(s.trail)))
				continue
			}
			if s.val[p] < 0 {
				s.analyzeFinal(p)
				s.failed = true
				return Unsatisfiable
			}
			next = p
			break
		}
		if next < 0 {
			v := s.pickBranch()
			if v < 0 {
				return Satisfiable
			}
			next = Neg(v)
			if s.phase[v] {
				next = Pos(v)
			}
		}
		s.stats.Decisions++
		if s.stats.Decisions&1023 == 0 && stop != nil && stop() {
			return Interrupted
		}
		s.trailLim = append(s.trailLim, int32(len(s.trail)))
		s.assign(next, noReason)
	}
}

// analyzeFinal sets s.core to the assumption p, found false, and the
// assumptions whose propagation made it false: the decisions that the
// implication graph leads back to from ¬p (every decision on the trail is
// an assumption, since p is decided before any free choice).
func (s *Solver) analyzeFinal(p Lit) {
	s.core = append(s.core[:0], p)
	v := p.Var()
	if s.level[v] == 0 {
		return
	}
	s.seen[v] = 1
	for i := len(s.trail) - 1; i >= int(s.trailLim[0]); i-- {
		x := s.trail[i].Var()
		if s.seen[x] == 0 {
			continue
		}
		if s.reason[x] == noReason {
			s.core = append(s.core, s.trail[i])
		} else {
			for _, q := range s.lits(s.reasonOf(x)) {
				if u := q.Var(); u != x && s.level[u] > 0 {
					s.seen[u] = 1
				}
			}
		}
		s.seen[x] = 0
	}
	s.seen[v] = 0
}

// varDecay is the VSIDS decay: activity bumps grow by 1/varDecay per
// conflict. 0.85 took fewer conflicts than MiniSat's 0.95 on random 50×40
// nonograms.
const varDecay = 0.85

func (s *Solver) pickBranch() int {
	for !s.heap.Empty() {
		v := s.heap.Pop()
		if s.val[Pos(v)] == 0 {
			return v
		}
	}
	// Every decision variable is set; branch on what propagation left.
	for v := range s.noDecide {
		if s.val[Pos(v)] == 0 {
			return v
		}
	}
	return -1
}

func (s *Solver) bump(v int) {
	s.activity[v] += s.varInc
	if s.activity[v] > 1e100 {
		for i := range s.activity {
			s.activity[i] *= 1e-100
		}
		s.varInc *= 1e-100
	}
	s.heap.Update(v)
}

// analyze derives the first-UIP clause of the conflict into s.learnt, with
// the asserting literal first and a literal of the backjump level second,
// and returns the backjump level and the clause's glue.
func (s *Solver) analyze(confl int32) (int, int) {
	s.learnt = append(s.learnt[:0], 0)
	pathCount := 0
	var p Lit = -1
	idx := len(s.trail) - 1
	cur := int32(len(s.trailLim))
	for {
		for _, q := range s.lits(confl) {
			if q == p {
				continue
			}
			v := q.Var()
			if s.seen[v] != 0 || s.level[v] == 0 {
				continue
			}
			s.seen[v] = 1
			s.bump(v)
			if s.level[v] >= cur {
				pathCount++
			} else {
				s.learnt = append(s.learnt, q)
			}
		}
		for s.seen[s.trail[idx].Var()] == 0 {
			idx--
		}
		p = s.trail[idx]
		idx--
		s.seen[p.Var()] = 0
		pathCount--
		if pathCount == 0 {
			break
		}
		confl = s.reasonOf(p.Var())
	}
	s.learnt[0] = p.Not()

	// Recursive minimisation: drop literals implied by the others.
	s.toClear = s.toClear[:0]
	for _, l := range s.learnt[1:] {
		s.toClear = append(s.toClear, l.Var())
	}
	var abstract uint32
	for _, l := range s.learnt[1:] {
		abstract |= 1 << (s.level[l.Var()] & 31)
	}
	j := 1
	for _, l := range s.learnt[1:] {
		if s.reason[l.Var()] == noReason || !s.redundant(l, abstract) {
			s.learnt[j] = l
			j++
		}
	}
	s.learnt = s.learnt[:j]
	for _, v := range s.toClear {
		s.seen[v] = 0
	}

	back := 0
	if len(s.learnt) > 1 {
		maxI := 1
		for i := 2; i < len(s.learnt); i++ {
			if s.level[s.learnt[i].Var()] > s.level[s.learnt[maxI].Var()] {
				maxI = i
			}
		}
		s.learnt[1], s.learnt[maxI] = s.learnt[maxI], s.learnt[1]
		back = int(s.level[s.learnt[1].Var()])
	}
	return back, s.glue(s.learnt)
}

// redundant reports whether l is implied by the other literals of the
// learned clause (those marked seen), following reasons depth first.
func (s *Solver) redundant(l Lit, abstract uint32) bool {
	s.stack = append(s.stack[:0], l)
	top := len(s.toClear)
	for len(s.stack) > 0 {
		q := s.stack[len(s.stack)-1]
		s.stack = s.stack[:len(s.stack)-1]
		for _, r := range s.lits(s.reasonOf(q.Var())) {
			v := r.Var()
			if v == q.Var() || s.seen[v] != 0 || s.level[v] == 0 {
				continue
			}
			if s.reason[v] == noReason || abstract&(1<<(s.level[v]&31)) == 0 {
				for _, u := range s.toClear[top:] {
					s.seen[u] = 0
				}
				s.toClear = s.toClear[:top]
				return false
			}
			s.seen[v] = 1
			s.stack = append(s.stack, r)
			s.toClear = append(s.toClear, v)
		}
	}
	return true
}

// glue counts the distinct decision levels of lits.
func (s *Solver) glue(lits []Lit) int {
	for len(s.levelTag) <= len(s.trailLim) {
		s.levelTag = append(s.levelTag, 0)
	}
	s.stamp++
	n := 0
	for _, l := range lits {
		lv := s.level[l.Var()]
		if s.levelTag[lv] != s.stamp {
			s.levelTag[lv] = s.stamp
			n++
		}
	}
	return n
}

// reduce runs at the root: with prune, it deletes the worse half of the
// learned clauses with glue above 2; it removes clauses satisfied at the
// root, the Propagator's reasons, and false literals from the rest, and
// rebuilds the watch lists.
func (s *Solver) reduce(prune bool) {
	var glues []int
	for c := int32(0); int(c) < len(s.arena); c += header + int32(s.arena[c]) {
		if f := s.arena[c+1]; prune && f&flagLearnt != 0 && f&glueMask > 2 {
			glues = append(glues, int(f&glueMask))
		}
	}
	slices.Sort(glues)
	cut := 1 << 30
	if len(glues) > 0 {
		cut = glues[len(glues)/2]
	}
	s.reasonLits = 0
	// Delete clauses with glue above the median, and half of those at it.
	atCut := 0
	old := s.arena
	s.arena = make([]Lit, 0, len(old))
	s.numLearnt = 0
	for i := range s.watches {
		s.watches[i] = s.watches[i][:0]
	}
	for c := int32(0); int(c) < len(old); c += header + int32(old[c]) {
		f := old[c+1]
		lits := old[c+header : c+header+int32(old[c])]
		if f&flagReason != 0 {
			continue
		}
		learnt := f&flagLearnt != 0
		if learnt {
			g := int(f & glueMask)
			if g > cut {
				continue
			}
			if g == cut && g > 2 {
				atCut++
				if atCut&1 == 0 {
					continue
				}
			}
		}
		kept := make([]Lit, 0, len(lits))
		satisfied := false
		for _, l := range lits {
			switch s.val[l] {
			case 1:
				satisfied = true
			case 0:
				kept = append(kept, l)
			}
		}
		if satisfied {
			continue
		}
		// Every unit at the root has been propagated, so an unsatisfied
		// clause keeps two unassigned literals.
		nc := s.store(kept, learnt, int(f&glueMask))
		s.attach(nc)
	}
	// Root assignments keep no reasons: analysis never looks at level 0.
	for _, l := range s.trail {
		s.reason[l.Var()] = noReason
	}
	if prune && s.numLearnt > s.maxLearnt/2 {
		s.maxLearnt += s.maxLearnt / 2
	}
}

// restartDue follows the glue of learned clauses with a fast and a slow
// moving average, and asks for a restart when recent clauses are much
// worse than usual (Audemard and Simon's Glucose restarts, in the moving
// average form of Biere and Fröhlich, "Evaluating CDCL Restart Schemes",
// 2015): the search has wandered off, and a restart with the activities
// kept takes it back. At least 50 conflicts separate restarts.
func (s *Solver) restartDue(glue int, sinceRestart int64) bool {
	g := float64(glue)
	if s.emaSlow == 0 {
		s.emaFast, s.emaSlow = g, g
	}
	s.emaFast += (g - s.emaFast) / 32
	s.emaSlow += (g - s.emaSlow) / 4096
	return sinceRestart >= 50 && s.emaFast > 1.25*s.emaSlow
}

// luby returns the i-th term (from 0) of the Luby sequence 1 1 2 1 1 2 4 ...
func luby(i int) float64 {
	size, seq := 1, 0
	for size < i+1 {
		seq++
		size = 2*size + 1
	}
	x := i
	for size-1 != x {
		size = (size - 1) >> 1
		seq--
		x %= size
	}
	r := 1.0
	for range seq {
		r *= 2
	}
	return r
}

// WriteDIMACS writes the problem clauses (not the learned ones) and the
// root assignments in DIMACS CNF, for cross-checks with other solvers.
func (s *Solver) WriteDIMACS(w io.Writer) error {
	bw := bufio.NewWriter(w)
	var clauses [][]Lit
	for c := int32(0); int(c) < len(s.arena); c += header + int32(s.arena[c]) {
		if s.arena[c+1]&(flagLearnt|flagReason) == 0 {
			clauses = append(clauses, s.lits(c))
		}
	}
	var units []Lit
	for _, l := range s.trail {
		if s.level[l.Var()] == 0 {
			units = append(units, l)
		}
	}
	if s.unsat {
		units = append(units, Pos(0), Neg(0))
	}
	fmt.Fprintf(bw, "p cnf %d %d\n", s.NumVars(), len(clauses)+len(units))
	lit := func(l Lit) int {
		if l&1 == 1 {
			return -(l.Var() + 1)
		}
		return l.Var() + 1
	}
	for _, l := range units {
		fmt.Fprintf(bw, "%d 0\n", lit(l))
	}
	for _, c := range clauses {
		for _, l := range c {
			fmt.Fprintf(bw, "%d ", lit(l))
		}
		bw.WriteString("0\n")
	}
	return bw.Flush()
}
