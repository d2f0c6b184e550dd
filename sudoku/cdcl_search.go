package sudoku

import (
	"math"
	"math/rand/v2"
)

// The search policy of the clause-learning engine, after CaDiCaL and
// Kissat (Biere, Fleury and others, 2017–2020): the search alternates
// between a focused mode, which restarts whenever the glue of recent
// learned clauses rises above its long-run average (Audemard and Simon's
// Glucose restarts, with exponential moving averages), and a stable mode,
// which restarts rarely (the Luby sequence, "reluctant doubling") and
// decides by target phases, those of the longest conflict-free trail since
// the last restart, which steer the search back to the largest consistent
// partial grid it has seen (Biere and Fleury, 2020). Each mode runs for a
// number of conflicts that doubles after every stable phase. Decisions
// follow VSIDS activity. A restart keeps the decision levels the search
// would take again at once (van der Tak, Ramos and Heule, 2011).

// policy is the tuning of one search; portfolio searches differ in it.
type policy struct {
	mode           searchMode
	modeInit       int64   // conflicts of the first focused phase
	stableUnit     float64 // conflicts per Luby unit between stable restarts
	reduceInterval float64 // conflicts between reductions, times √(reductions+1)
	decay          float64 // VSIDS: bumps grow by 1/decay per conflict
	seed           uint64  // non-zero: initial activities drawn from it
	bumpReasons    bool    // bump the variables of the learned clause's reasons too
	shrink         bool    // shrink learned clauses to one literal per level where possible
	rephase        float64 // conflicts between rephasings, times the number so far; 0: never
	reuseTrail     bool    // a restart keeps the levels it would decide again (reusedLevel)
	anchored       bool    // decisions always take the phases set before the search (setPhases): none saved, no target phases
	vivify         float64 // after each reduction, vivify learned clauses for this fraction of the propagations since; 0: never (the default: it did not pay, docs/benchmarks.md)
}

type searchMode uint8

const (
	alternate searchMode = iota
	focusedOnly
	stableOnly
)

// Tuning, measured on Gecode's 25×25 instances.
var defaultPolicy = policy{
	mode:           alternate,
	modeInit:       1000,
	stableUnit:     1024,
	reduceInterval: 300,
	decay:          0.95,
	shrink:         true,
	bumpReasons:    true,
	reuseTrail:     true,
}

// initialPhase 1 places the digit a decision is about.
const initialPhase = 1

// Glucose-style restarts: a restart is due when the fast average glue
// exceeds restartMargin times the slow one, after at least restartMin
// conflicts.
const (
	emaFastAlpha  = 1.0 / 32
	emaSlowAlpha  = 1.0 / 4096
	restartMargin = 1.1
	restartMin    = 2
)

type searchState struct {
	stable       bool
	target       []int8 // phases of the longest conflict-free trail since the last restart
	targetLen    int
	targetSync   int // trail[:targetSync] is recorded in target and not undone since
	fast, slow   ema
	sinceRestart int64
	lubyIndex    int
	modeSwitchAt int64
	modeLen      int64
	nextReduce   int64
	reductions   int
	vivifyFrom   int64  // s.props at the end of the last vivification
	best         []int8 // phases of the longest conflict-free trail since the last rephasing
	bestLen      int
	nextRephase  int64
	rephases     int
	restarts     int64 // restarts and mode switches, for the statistics
}

// ema is an exponential moving average with the bias of its zero start
// corrected (as in CaDiCaL and Kissat).
type ema struct{ biased, exp float64 }

func (e *ema) add(x, alpha float64) {
	if e.exp == 0 {
		e.exp = 1
	}
	e.biased += alpha * (x - e.biased)
	e.exp *= 1 - alpha
}

func (e *ema) value() float64 { return e.biased / (1 - e.exp) }

func (st *searchState) init(nv int) {
	st.target = make([]int8, nv)
	st.best = make([]int8, nv)
}

func (st *searchState) untrail(lim int) {
	st.targetSync = min(st.targetSync, lim)
}

func (s *cdcl) initSearch() {
	st, p := &s.search, s.policy
	st.stable = p.mode == stableOnly
	st.modeLen = p.modeInit
	st.modeSwitchAt = s.conflicts + p.modeInit
	st.nextReduce = s.conflicts + int64(p.reduceInterval)
	st.nextRephase = s.conflicts + int64(p.rephase)
	if p.seed != 0 {
		rng := rand.New(rand.NewPCG(p.seed, 0x5d0c))
		for v := range s.activity {
			s.activity[v] = rng.Float64() * 1e-3
		}
		s.initHeap()
		for v := range s.numVars {
			if s.val[2*v] != 0 {
				s.heap.Remove(v)
			}
		}
	}
}

// run searches until a model (1), unsatisfiability (-1: under the
// assumptions, if any) or cancellation (0).
func (s *cdcl) run() int {
	st, p := &s.search, &s.policy
	if st.modeLen == 0 {
		s.initSearch()
	}
	for {
		if !s.propagate() {
			s.conflicts++
			st.sinceRestart++
			if s.decisionLevel() <= s.assumed.level {
				return -1
			}
			if st.stable || p.rephase > 0 {
				s.saveTarget()
			}
			back, lbd := s.analyze()
			s.cancelUntil(back)
			if len(s.learnt) == 1 {
				s.enqueue(s.learnt[0], reasonDecision)
			} else {
				c := s.addClause(s.learnt, lbd, false)
				s.enqueue(s.learnt[0], c<<2|reasonClause)
			}
			if s.share != nil && lbd <= shareGlue {
				s.share.publish(s.shareID, s.learnt, lbd, false)
			}
			st.fast.add(float64(lbd), emaFastAlpha)
			st.slow.add(float64(lbd), emaSlowAlpha)
			s.varInc /= p.decay
			if s.conflicts&255 == 0 && s.cancelled() {
				return 0
			}
			continue
		}
		if s.decisionLevel() == 0 && len(s.trail) > s.simplified {
			s.simplify()
			s.simplified = len(s.trail)
		}
		if s.restartDue() {
			if s.restart() {
				return -1
			}
			continue
		}
		if s.conflicts >= st.nextReduce {
			s.reduce()
			st.reductions++
			st.nextReduce = s.conflicts + int64(p.reduceInterval*math.Sqrt(float64(st.reductions+1)))
			if p.vivify > 0 && s.assumed.level == 0 {
				budget := int64(p.vivify * float64(s.props-st.vivifyFrom))
				s.cancelUntil(0)
				if s.share != nil && !s.importShared() || !s.propagate() || !s.vivify(budget) {
					return -1
				}
				st.vivifyFrom = s.props
				continue
			}
		}
		if p.rephase > 0 && s.conflicts >= st.nextRephase {
			s.rephase()
		}
		if p.mode == alternate && s.conflicts >= st.modeSwitchAt {
			if st.stable {
				st.modeLen *= 2
			}
			st.stable = !st.stable
			st.modeSwitchAt = s.conflicts + st.modeLen
			if s.restart() {
				return -1
			}
			continue
		}
		if s.decisionLevel() < s.assumed.level {
			if !s.assume() {
				return -1
			}
			continue
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
		if st.stable && st.target[v] != 0 && !p.anchored {
			ph = st.target[v]
		}
		if ph >= 0 {
			s.enqueue(2*v, reasonDecision)
		} else {
			s.enqueue(2*v+1, reasonDecision)
		}
	}
}

func (s *cdcl) restartDue() bool {
	st := &s.search
	if st.stable {
		return float64(st.sinceRestart) >= luby(st.lubyIndex)*s.policy.stableUnit
	}
	return st.sinceRestart >= restartMin && st.fast.value() > restartMargin*st.slow.value()
}

// restart goes back to level 0, or to the level of the assumptions if
// any. At level 0 it takes the clauses the other searches of a portfolio
// shared since the last restart, and reports whether they make the
// problem unsatisfiable.
func (s *cdcl) restart() bool {
	st := &s.search
	if s.policy.reuseTrail && !s.shareWaiting() {
		s.cancelUntil(s.reusedLevel())
	} else {
		s.cancelUntil(s.assumed.level)
	}
	if st.stable {
		st.lubyIndex++
	}
	st.sinceRestart = 0
	st.targetLen = 0
	st.restarts++
	return s.share != nil && s.assumed.level == 0 && s.decisionLevel() == 0 && !s.importShared()
}

// reusedLevel is the level a restart goes back to when it keeps the part
// of the trail that the search would decide again at once: the levels
// whose decision variables are more active than the variable it would
// decide next (van der Tak, Ramos and Heule, "Reusing the Assignment
// Trail in CDCL Solvers", JSAT 2011; CaDiCaL's restartreusetrail).
func (s *cdcl) reusedLevel() int32 {
	next := -1
	for !s.heap.Empty() {
		v := s.heap.Pop()
		if s.val[2*v] == 0 {
			next = v
			s.heap.Insert(v)
			break
		}
	}
	if next < 0 {
		return s.assumed.level
	}
	a := s.activity[next]
	level := s.assumed.level
	for level < s.decisionLevel() && s.activity[s.trail[s.trailLim[level]]>>1] > a {
		level++
	}
	return level
}

// shareWaiting reports whether other searches of a portfolio logged
// clauses that this one has not taken yet; they are taken at level 0.
func (s *cdcl) shareWaiting() bool {
	if s.share == nil {
		return false
	}
	s.share.mu.Lock()
	defer s.share.mu.Unlock()
	return s.share.base+len(s.share.log) > s.imported
}

// solutionFound resets the search after a blocking clause was added.
func (st *searchState) solutionFound() {
	st.targetLen = 0
	st.sinceRestart = 0
}

// saveTarget records the phases of the trail below the conflict level if
// it is the longest conflict-free trail since the last restart, and as
// best phases if it is the longest since the last rephasing.
func (s *cdcl) saveTarget() {
	st := &s.search
	n := int(s.trailLim[s.decisionLevel()-1])
	if n > st.bestLen && s.policy.rephase > 0 {
		st.bestLen = n
		for _, l := range s.trail[:n] {
			st.best[l>>1] = 1 - 2*int8(l&1)
		}
	}
	if n <= st.targetLen {
		return
	}
	st.targetLen = n
	for _, l := range s.trail[min(st.targetSync, n):n] {
		st.target[l>>1] = 1 - 2*int8(l&1)
	}
	st.targetSync = n
}

// rephase resets the saved phases, in the cycle best, original, best,
// inverted (CaDiCaL's rephasing without its local search), and forgets the
// target and best phases.
func (s *cdcl) rephase() {
	st := &s.search
	st.rephases++
	st.nextRephase = s.conflicts + int64(s.policy.rephase*float64(st.rephases+1))
	switch st.rephases % 4 {
	case 1, 3:
		for v, b := range st.best {
			if b != 0 {
				s.phase[v] = b
			}
		}
	case 2:
		for v := range s.phase {
			s.phase[v] = initialPhase
		}
	case 0:
		for v := range s.phase {
			s.phase[v] = -initialPhase
		}
	}
	clear(st.best)
	clear(st.target)
	st.bestLen, st.targetLen, st.targetSync = 0, 0, 0
}

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
