package nonogram

import "math/rand/v2"

// Belief-guided decimation: a search for one picture, for the puzzles with
// many pictures that clause learning alone does not finish (random pictures
// of 35 to 45 % density, where line solving fixes nothing at the root and
// the pictures are many but scattered). Belief propagation (belief.go)
// estimates how likely each cell is to be filled; the cells it is surest
// of are fixed that way, a few at a time, and then the estimate is refined
// and the next cells are fixed (the method of Montanari, Ricci-Tersenghi
// and Semerjian, "Solving constraint satisfaction problems through belief
// propagation-guided decimation", Allerton 2007). Line solving propagates
// each guess; a guess it refutes at once is fixed the other way; after
// each step, probing (probe.go) fixes what the state implies and catches
// most wrong guesses while they are fresh.
//
// When a step fails both ways, a guess made earlier was wrong. The
// clause-learning search then tries to complete the state as it was nine
// tenths of the way, on a small budget of conflicts (a state with few
// wrong guesses has few cells left to find). Failing that, the next round
// starts from an earlier state (two thirds of the way, or a third when the
// check refuted that state), with finer steps and with its choices shaken
// at random among nearly as sure cells; every third round starts from the
// beginning. From the third round on, a step ranks its candidates by
// clamping them (decimate_clamp.go) instead of by belief alone. The search
// finds a picture or gives up; it proves nothing, so the caller's complete
// search still decides the verdict.

// decimationTry is one round of decimation: how many cells to fix between
// two refinements of the estimate, and how many rounds of belief
// propagation each refinement runs.
type decimationTry struct {
	fix, rounds int
}

// decimationTries lists the rounds, coarse to fine: after a failure the
// next round starts from an earlier state of the failed one
// (decimationRetreat of its steps), with finer steps, and after the last
// it starts again from the first.
var decimationTries = []decimationTry{{fix: 10, rounds: 2}, {fix: 4, rounds: 3}, {fix: 2, rounds: 4}}

const (
	// decimationRetreat is the fraction of a failed round's steps kept
	// for the next round; half as many when the clause-learning search
	// refuted the check below.
	decimationRetreat = 0.67
	// decimationNoise is the most that a cell's certainty is moved at
	// random, after the first round.
	decimationNoise = 0.05
	// decimationAttempts bounds the rounds.
	decimationAttempts = 12
	// decimationCheck is the fraction of a failed round's steps whose
	// state the clause-learning search tries to complete, on a budget of
	// decimationConflicts conflicts.
	decimationCheck     = 0.9
	decimationConflicts = 2000
	// decimationFirstRounds is the number of rounds of belief
	// propagation before the first step of a round.
	decimationFirstRounds = 30
	// decimationCells: a grid of n cells fixes n/decimationCells
	// (rounded down, at least 1) times a round's cells per step, so that
	// large grids take fewer steps, each followed by probing the whole
	// grid; grids of up to 2399 cells, 50×40 among them, are unchanged.
	decimationCells = 1200
	// decimationBeforeLearning is the number of failed rounds after which
	// the clause-learning search from the start state gets a budget of
	// learnFirstConflicts, before decimation goes on (Solve).
	decimationBeforeLearning = 2
	learnFirstConflicts      = 15000
)

// decimate looks for a picture that extends the propagated state st (which
// it leaves as it was). It returns nil when it finds none or stop asks to
// give up (stopped). conflicts counts the clause-learning search's.
// After each failed round, pause (when set) is called with the number of
// rounds done; when it returns true, decimation gives up (the caller has
// settled the puzzle another way).
func (g *grid) decimate(pr *propagator, st *state, stop func() bool, pause func(rounds int) bool) (pic *Grid, conflicts int64, stopped bool) {
	if st.unknown == 0 {
		return nil, 0, false
	}
	cur, save := g.newState(), g.newState()
	pb := newProber(pr)
	pb.interrupted = stop
	// snaps[d] is the state before step d of the current line of descent;
	// spare holds states to reuse.
	var snaps, spare []*state
	push := func(src *state) {
		var sn *state
		if n := len(spare); n > 0 {
			sn, spare = spare[n-1], spare[:n-1]
		} else {
			sn = g.newState()
		}
		sn.copyFrom(src)
		snaps = append(snaps, sn)
	}
	var pick []int
	rng := rand.New(rand.NewPCG(1, 2))
	var cl *clamper // made by the first round that ranks by clamping
	for attempt := range decimationAttempts {
		try := decimationTries[attempt%len(decimationTries)]
		if attempt%len(decimationTries) == 0 {
			spare = append(spare, snaps...)
			snaps = snaps[:0]
			push(st)
		}
		cur.copyFrom(snaps[len(snaps)-1])
		snaps = snaps[:len(snaps)-1] // pushed again as the first step starts
		b := g.newBeliefState()
		b.run(cur, decimationFirstRounds)
		// Rounds after the first choose among nearly as sure cells at
		// random, so that they do not repeat the first one's mistake.
		noise := 0.0
		if attempt > 0 {
			noise = decimationNoise
		}
		ok := true
		for ok && cur.unknown > 0 {
			if stop() {
				return nil, conflicts, true
			}
			b.run(cur, try.rounds)
			push(cur)
			n := try.fix * max(1, g.w*g.h/decimationCells)
			if attempt >= g.decimationClampFrom {
				if cl == nil {
					cl = g.newClamper()
				}
				pick = g.surest(cur, b.belief, clampCandidates*n, noise, rng, pick[:0])
				pick = g.clampRank(pr, cl, b, cur, pick, n)
			} else {
				pick = g.surest(cur, b.belief, n, noise, rng, pick[:0])
			}
			if ok = g.decimationStep(pr, pb, cur, save, b.belief, pick); ok {
				continue
			}
			// The step as a whole failed: redo it one cell at a time, so
			// that the cell that probing refutes is fixed the other way.
			cur.copyFrom(snaps[len(snaps)-1])
			ok = true
			for _, i := range pick {
				if ok = g.decimationStep(pr, pb, cur, save, b.belief, []int{i}); !ok {
					break
				}
			}
		}
		if ok {
			if pic := g.picture(cur); g.meets(pic) {
				return pic, conflicts, false
			}
			return nil, conflicts, false // cannot happen: line solving is complete on a full line
		}
		sn := snaps[int(decimationCheck*float64(len(snaps)-1))]
		k := &sink{limit: 1}
		stopped, n := g.cdclSearch(sn, nil, k, stop, decimationConflicts)
		conflicts += n
		if len(k.kept) > 0 && g.meets(k.kept[0]) {
			return k.kept[0], conflicts, false
		}
		if stopped && stop() {
			return nil, conflicts, true
		}
		retreat := decimationRetreat
		if !stopped {
			retreat /= 2 // refuted at the check: the mistake is earlier
		}
		keep := max(1, int(retreat*float64(len(snaps))))
		spare = append(spare, snaps[keep:]...)
		snaps = snaps[:keep]
		if pause != nil && pause(attempt+1) {
			return nil, conflicts, false
		}
	}
	return nil, conflicts, false
}

// decimationStep fixes the cells of pick in st as belief says, each the
// other way if line solving refutes it at once, and probes the result. It
// reports false when a cell cannot be fixed either way or probing finds
// st contradictory; save is scratch.
func (g *grid) decimationStep(pr *propagator, pb *prober, st, save *state, belief []float64, pick []int) bool {
	for _, i := range pick {
		r, c := i/g.w, i%g.w
		if known, _ := g.cell(st, r, c); known {
			continue // fixed by an earlier pick of this step
		}
		filled := belief[i] > 0.5
		save.copyFrom(st)
		pr.setCell(st, r, c, filled)
		if pr.run(st) {
			continue
		}
		st.copyFrom(save)
		pr.setCell(st, r, c, !filled)
		if !pr.run(st) {
			return false
		}
	}
	ok, _, _ := pb.probe(st)
	return ok
}

// surest appends to pick the (at most) n unknown cells of st whose belief
// is farthest from 1/2, most certain first. With noise, each cell's
// distance is first moved by up to noise at random.
func (g *grid) surest(st *state, belief []float64, n int, noise float64, rng *rand.Rand, pick []int) []int {
	start := len(pick)
	var margins [64]float64
	if n > len(margins) {
		n = len(margins)
	}
	for i := range belief {
		if known, _ := g.cell(st, i/g.w, i%g.w); known {
			continue
		}
		m := belief[i] - 0.5
		if m < 0 {
			m = -m
		}
		if noise > 0 {
			m += noise * rng.Float64()
		}
		k := len(pick) - start
		if k == n && m <= margins[n-1] {
			continue
		}
		if k < n {
			pick = append(pick, i)
			k++
		}
		pick[start+k-1], margins[k-1] = i, m
		for j := k - 1; j > 0 && margins[j] > margins[j-1]; j-- {
			margins[j], margins[j-1] = margins[j-1], margins[j]
			pick[start+j], pick[start+j-1] = pick[start+j-1], pick[start+j]
		}
	}
	return pick
}

// meets reports whether the picture meets every clue.
func (g *grid) meets(pic *Grid) bool {
	p := &Puzzle{Rows: g.clues[:g.h], Cols: g.clues[g.h:]}
	return p.Satisfies(pic)
}
