package sudoku

import (
	"fmt"
	"math/bits"
)

// Nested forcing chains: a contradiction branch (forcing.go) whose
// propagation, when singles stall, itself uses forcing chains. Under the
// assumption, every remaining candidate is tried in turn by singles; one
// that dies there is removed from the branch, which then goes on by
// singles. When the branch dies, the assumption was false. This is one
// level of nesting, what Sudoku Explainer calls dynamic forcing chains
// using dynamic forcing chains; it is what the hardest known puzzles need.
// Of the contradictions available the shortest (placements plus inner
// eliminations) is taken.

func (l *logic) nestedForcingChain() (Step, bool) {
	// The costliest technique, seconds on a nearly empty grid, is kept for
	// puzzles known to have one solution: on one with several, no logic
	// finishes, and the explanation stops at the guess at once.
	if l.n > maxForcingN || !l.unique {
		return Step{}, false
	}
	outer, inner := l.newBranch(), l.newBranch()
	var best Step
	bestLen := 0
	for c, m := range l.cand {
		for ; m != 0; m &= m - 1 {
			if l.cancelled() {
				return Step{}, false
			}
			d := bits.TrailingZeros64(m)
			outer.reset(l.grid, l.cand)
			l.assume(outer, c, d+1)
			elims := 0
			for !outer.dead && (bestLen == 0 || outer.placed+elims < bestLen) {
				progress := false
				for x, xm := range outer.cand {
					for ; xm != 0 && !outer.dead; xm &= xm - 1 {
						e := bits.TrailingZeros64(xm)
						if outer.grid[x] != 0 || outer.cand[x]&(1<<e) == 0 {
							continue
						}
						inner.reset(outer.grid, outer.cand)
						l.assume(inner, x, e+1)
						if !inner.dead {
							continue
						}
						outer.cand[x] &^= 1 << e
						elims++
						progress = true
						l.followSingles(outer)
					}
				}
				if !progress {
					break
				}
			}
			length := outer.placed + elims
			if !outer.dead || (bestLen != 0 && length >= bestLen) {
				continue
			}
			el := []Candidate{{c / l.n, c % l.n, d + 1}}
			best = Step{
				Technique:    NestedForcingChain,
				Eliminations: el,
				Cells:        []Cell{l.cell(c)},
				Digits:       []int{d + 1},
				Text: fmt.Sprintf("Nested forcing chain: if %s were %s, singles and %d inner forcing chains would lead in %d placements to a contradiction (%s), so %s",
					l.cell(c), digitName(d+1), elims, outer.placed, outer.why, elimText(el)),
			}
			bestLen = length
		}
	}
	best.SE = seFor(NestedForcingChain, bestLen)
	return best, bestLen != 0
}
