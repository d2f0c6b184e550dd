package nonogram

import "math/bits"

// Probing: every undecided cell is tried filled and empty, and each trial is
// propagated by line solving. A trial that ends in a contradiction fixes the
// cell the other way; cells that both trials fix alike are implied whatever
// the cell is, so they are fixed too. Passes repeat until one changes
// nothing. The trial that fixed the most cells both ways marks the cell to
// branch on, as in LalaFrogKK (Wu et al., IEEE TCIAIG 5(4), 2013).

// prober tries cells both ways on two scratch states.
type prober struct {
	*propagator
	tryFill, tryEmpty *state
	probes            int64
	// Line probing scratch.
	acc   *state
	enum  placements
	order []lineCount
	// onLineProbe, when set, is told before line probing of line l fixes
	// the cells that acc knows and st does not (explain).
	onLineProbe func(st, acc *state, l, placements, survivors int)
	// lineLimit is the most placements a line may have to be probed; 0
	// turns line probing off.
	lineLimit int
	count     placementCounter
	// interrupted is polled between probes; when it returns true, probe
	// gives up and reports no contradiction.
	interrupted func() bool
	// onProbe, when set, is told every deduction probing makes (explain).
	onProbe func(st *state, r, c int, contradiction bool, filled bool, fixed []cellFix)
}

// cellFix is one cell fixed by a deduction.
type cellFix struct {
	r, c   int
	filled bool
}

func newProber(pr *propagator) *prober {
	return &prober{propagator: pr, tryFill: pr.newState(), tryEmpty: pr.newState(), interrupted: func() bool { return false }}
}

// try sets cell (r, c) in a copy of st and propagates.
func (p *prober) try(dst, st *state, r, c int, filled bool) bool {
	p.probes++
	dst.copyFrom(st)
	p.setCell(dst, r, c, filled)
	onLine := p.onLine
	p.onLine = nil // trials are not deductions
	ok := p.run(dst)
	p.onLine = onLine
	return ok
}

// probe runs probing on the propagated state st to a fixpoint. It returns
// false if st is contradictory; otherwise, if cells remain unknown, the cell
// (r, c) to branch on.
func (p *prober) probe(st *state) (ok bool, bestR, bestC int) {
	for {
		changed := false
		bestScore := -1
		for r := range p.h {
			for i := range p.rw {
				known := st.bits[p.rowB+r*p.rw+i] | st.bits[p.rowW+r*p.rw+i]
				open := ^known
				if i == p.rw-1 && p.w%64 != 0 {
					open &= 1<<(p.w%64) - 1
				}
				for ; open != 0; open &= open - 1 {
					c := i*64 + bits.TrailingZeros64(open)
					if known, _ := p.cell(st, r, c); known {
						continue // fixed earlier in this pass
					}
					if p.interrupted() {
						return true, r, c
					}
					okF := p.try(p.tryFill, st, r, c, true)
					okE := p.try(p.tryEmpty, st, r, c, false)
					switch {
					case !okF && !okE:
						return false, 0, 0
					case !okF || !okE:
						if p.onProbe != nil {
							p.onProbe(st, r, c, true, okF, nil)
						}
						p.setCell(st, r, c, okF)
						if !p.run(st) {
							return false, 0, 0
						}
						changed = true
						continue
					}
					if p.agree(st, r, c) {
						if !p.run(st) {
							return false, 0, 0
						}
						changed = true
						continue
					}
					nf := st.unknown - p.tryFill.unknown
					ne := st.unknown - p.tryEmpty.unknown
					if score := nf * ne; score > bestScore {
						bestScore, bestR, bestC = score, r, c
					}
				}
			}
		}
		if !changed && p.lineLimit > 0 {
			ok, lineChanged := p.probeLines(st)
			if !ok {
				return false, 0, 0
			}
			changed = lineChanged
		}
		if !changed {
			return true, bestR, bestC
		}
		if st.unknown == 0 {
			return true, 0, 0
		}
	}
}

// agree fixes in st the cells that both trials of (r, c) fixed alike and
// reports whether there were any.
func (p *prober) agree(st *state, r, c int) bool {
	found := false
	var fixed []cellFix
	for row := range p.h {
		for i := range p.rw {
			o := row*p.rw + i
			both := [2]uint64{
				p.tryFill.bits[p.rowB+o] & p.tryEmpty.bits[p.rowB+o] &^ st.bits[p.rowB+o],
				p.tryFill.bits[p.rowW+o] & p.tryEmpty.bits[p.rowW+o] &^ st.bits[p.rowW+o],
			}
			for k, m := range both {
				for ; m != 0; m &= m - 1 {
					col := i*64 + bits.TrailingZeros64(m)
					p.setCell(st, row, col, k == 0)
					found = true
					if p.onProbe != nil {
						fixed = append(fixed, cellFix{row, col, k == 0})
					}
				}
			}
		}
	}
	if found && p.onProbe != nil {
		p.onProbe(st, r, c, false, false, fixed)
	}
	return found
}
