package nonogram

import (
	"cmp"
	"math"
	"slices"
)

// Candidates ranked by clamping. Belief propagation is overconfident on
// the grid's loops: on random pictures of 45 % density it reads 0.000 or
// 1.000 on cells that the pictures do not agree on, and decimation's
// rounds fail on one such pick made early. After the first rounds have
// failed, decimation takes twice as many candidates as a step fixes,
// surest first, and asks of each how the weight of all pictures would
// change if it were fixed: the cell is fixed each way, line solving
// propagates it (a way it refutes weighs nothing), belief propagation
// refines the messages from where they stand, and the Bethe estimate
// (belief_bethe.go) gives log Z for each way. The step fixes the
// candidates with the largest difference, each the way of the larger
// estimate. Fixing a variable and recomputing is "clamping", which makes
// the Bethe approximation better, not worse, on models like this one
// (Weller and Jebara, "Clamping variables and approximate inference",
// NIPS 2014); a cell the pictures do not agree on shows a small
// difference where its belief read 0 or 1.

const (
	// decimationClampFrom is the first round (from 0) whose steps rank
	// their candidates by clamping: those after the clause-learning
	// search's first budget. The first rounds are cheaper and settle most
	// puzzles.
	decimationClampFrom = decimationBeforeLearning
	// clampCandidates times a step's cells are asked about.
	clampCandidates = 2
	// clampRounds of belief propagation refine the messages for each
	// fixed way.
	clampRounds = 1
)

// clamper holds the scratch space of clampRank.
type clamper struct {
	b  *beliefState
	st *state
	dz []float64
}

func (g *grid) newClamper() *clamper {
	return &clamper{b: g.newBeliefState(), st: g.newState()}
}

// clampRank keeps the n cells of pick (unknown in st) whose estimates of
// log Z, fixed filled and fixed empty, differ most, largest first, and
// sets their belief to 1 or 0, the way of the larger estimate. b holds
// the messages of st.
func (g *grid) clampRank(pr *propagator, cl *clamper, b *beliefState, st *state, pick []int, n int) []int {
	cl.dz = cl.dz[:0]
	for _, i := range pick {
		r, c := i/g.w, i%g.w
		var logZ [2]float64
		for v := range 2 {
			cl.st.copyFrom(st)
			pr.setCell(cl.st, r, c, v == 1)
			if !pr.run(cl.st) {
				logZ[v] = math.Inf(-1)
				continue
			}
			copy(cl.b.rowMsg, b.rowMsg)
			copy(cl.b.colMsg, b.colMsg)
			cl.b.run(cl.st, clampRounds)
			logZ[v] = cl.b.bethe(cl.st)
		}
		dz := logZ[1] - logZ[0]
		if math.IsNaN(dz) { // both ways refuted: fix it first, so that the step fails at once
			dz = math.Inf(1)
		}
		cl.dz = append(cl.dz, dz)
	}
	order := make([]int, len(pick))
	for k := range order {
		order[k] = k
	}
	slices.SortStableFunc(order, func(x, y int) int { return cmp.Compare(math.Abs(cl.dz[y]), math.Abs(cl.dz[x])) })
	kept := make([]int, 0, n)
	for _, k := range order[:min(n, len(order))] {
		i := pick[k]
		kept = append(kept, i)
		if cl.dz[k] > 0 {
			b.belief[i] = 1
		} else {
			b.belief[i] = 0
		}
	}
	return append(pick[:0], kept...)
}
