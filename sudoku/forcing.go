package sudoku

import (
	"fmt"
	"math/bits"
)

// Forcing chains, the last resort before guessing. A branch assumes one
// candidate true and follows its consequences by naked and hidden singles
// (a dynamic chain: every placement may use all the earlier ones). Three
// kinds of conclusion follow:
//
//   - contradiction: the branch empties a cell or a unit's places for a
//     digit, so the assumed candidate is false;
//   - cell forcing: whichever candidate a cell holds, the branches agree on
//     a placement, or all remove the same candidate;
//   - unit forcing: wherever a digit goes in a unit, likewise.
//
// Of all the conclusions available the one with the shortest chain (the
// fewest placements in its longest branch) is taken. Only grids up to 9×9
// use them: each search keeps the outcome of every branch.

// maxForcingN is the largest grid side that forcing chains run on.
const maxForcingN = 9

// branch is a grid under an assumption, followed by singles.
type branch struct {
	grid   []uint8
	cand   []uint64
	placed int    // placements made, the assumption included
	why    string // the contradiction, when dead
	dead   bool
}

func (l *logic) newBranch() *branch {
	return &branch{grid: make([]uint8, len(l.grid)), cand: make([]uint64, len(l.cand))}
}

// reset copies the grid and pencil marks of l into b.
func (b *branch) reset(grid []uint8, cand []uint64) {
	copy(b.grid, grid)
	copy(b.cand, cand)
	b.placed, b.dead, b.why = 0, false, ""
}

// assume places d in cell c of b and follows by singles.
func (l *logic) assume(b *branch, c, d int) {
	l.setInBranch(b, c, d)
	l.followSingles(b)
}

func (l *logic) setInBranch(b *branch, c, d int) {
	b.grid[c] = uint8(d)
	b.cand[c] = 0
	b.placed++
	bit := uint64(1) << (d - 1)
	for _, q := range l.g.peers[c] {
		b.cand[q] &^= bit
	}
}

// followSingles places naked and hidden singles in b until none is left or
// a contradiction kills the branch.
func (l *logic) followSingles(b *branch) {
	for !b.dead {
		changed := false
		for c, m := range b.cand {
			if b.grid[c] != 0 {
				continue
			}
			if m == 0 {
				b.dead, b.why = true, l.cell(c).String()+" has no candidate left"
				return
			}
			if oneBit(m) {
				l.setInBranch(b, c, lowDigit(m))
				changed = true
			}
		}
		for u, cells := range l.g.units {
			var once, twice, placed uint64
			for _, c := range cells {
				if v := b.grid[c]; v != 0 {
					placed |= 1 << (v - 1)
					continue
				}
				m := b.cand[c]
				twice |= once & m
				once |= m
			}
			if miss := l.full &^ placed &^ once; miss != 0 {
				b.dead = true
				b.why = fmt.Sprintf("%s has no place left for %s", l.unit(u), digitName(lowDigit(miss)))
				return
			}
			for m := once &^ twice &^ placed; m != 0; m &= m - 1 {
				d := bits.TrailingZeros64(m)
				for _, c := range cells {
					if b.grid[c] == 0 && b.cand[c]&(1<<d) != 0 {
						l.setInBranch(b, int(c), d+1)
						changed = true
						break
					}
				}
			}
		}
		if !changed {
			return
		}
	}
}

// forcingState holds the outcome of every branch of one search.
type forcingState struct {
	n        int
	possible []uint64 // possible[k*cells+x]: digits still possible in x under assumption k (placed digit for a filled cell)
	placed   []int    // placements of branch k
	dead     []bool
	why      []string
	b        *branch
}

func (l *logic) forcingSetup() *forcingState {
	cells := len(l.cand)
	k := cells * l.n
	return &forcingState{
		n:        l.n,
		possible: make([]uint64, k*cells),
		placed:   make([]int, k),
		dead:     make([]bool, k),
		why:      make([]string, k),
		b:        l.newBranch(),
	}
}

// runBranches follows every candidate of the grid; false if ctx ended.
func (l *logic) runBranches(fs *forcingState) bool {
	cells := len(l.cand)
	for c, m := range l.cand {
		if l.cancelled() {
			return false
		}
		for ; m != 0; m &= m - 1 {
			d := bits.TrailingZeros64(m)
			k := c*l.n + d
			fs.b.reset(l.grid, l.cand)
			l.assume(fs.b, c, d+1)
			fs.placed[k], fs.dead[k], fs.why[k] = fs.b.placed, fs.b.dead, fs.b.why
			row := fs.possible[k*cells : (k+1)*cells]
			for x, v := range fs.b.grid {
				if v != 0 {
					row[x] = 1 << (v - 1)
				} else {
					row[x] = fs.b.cand[x]
				}
			}
		}
	}
	return true
}

func (l *logic) cancelled() bool { return l.ctx != nil && l.ctx.Err() != nil }

// agreement records in l what all the live branches ks agree on: a
// placement where every branch placed the same digit, an elimination where
// no branch keeps a candidate. It returns the placements.
func (l *logic) agreement(fs *forcingState, ks []int) []Candidate {
	cells := len(l.cand)
	var out []Candidate
	for x := range cells {
		if l.grid[x] != 0 {
			continue
		}
		and, or := l.full, uint64(0)
		for _, k := range ks {
			p := fs.possible[k*cells+x]
			if oneBit(p) {
				and &= p
			} else {
				and = 0
			}
			or |= p
		}
		if and != 0 {
			out = append(out, Candidate{x / l.n, x % l.n, lowDigit(and)})
			continue
		}
		l.eliminate(x, l.cand[x]&^or)
	}
	return out
}

// forcingChain finds the forcing chain with the shortest longest branch.
func (l *logic) forcingChain() (Step, bool) {
	if l.n > maxForcingN {
		return Step{}, false
	}
	fs := l.forcingSetup()
	if !l.runBranches(fs) {
		return Step{}, false
	}
	var best Step
	bestLen := 0
	consider := func(length int, make func() (Step, bool)) {
		if bestLen != 0 && length >= bestLen {
			return
		}
		if s, ok := make(); ok {
			best, bestLen = s, length
		}
	}
	for c, m := range l.cand {
		for ; m != 0; m &= m - 1 {
			d := bits.TrailingZeros64(m)
			k := c*l.n + d
			if !fs.dead[k] {
				continue
			}
			consider(fs.placed[k], func() (Step, bool) {
				return Step{
					Technique:    ForcingChain,
					Eliminations: []Candidate{{c / l.n, c % l.n, d + 1}},
					Cells:        []Cell{l.cell(c)},
					Digits:       []int{d + 1},
					Text: fmt.Sprintf("Forcing chain: if %s were %s, singles would lead in %d placements to a contradiction (%s), so %s",
						l.cell(c), digitName(d+1), fs.placed[k], fs.why[k], elimText([]Candidate{{c / l.n, c % l.n, d + 1}})),
				}, true
			})
		}
	}
	// Cell forcing.
	for c, m := range l.cand {
		if m == 0 || oneBit(m) {
			continue
		}
		var ks []int
		length := 0
		for mm := m; mm != 0; mm &= mm - 1 {
			k := c*l.n + bits.TrailingZeros64(mm)
			ks = append(ks, k)
			length = max(length, fs.placed[k])
		}
		consider(length, func() (Step, bool) {
			return l.forcingStep(fs, ks, func(concl string) string {
				return fmt.Sprintf("Forcing chain: whichever of %s %s holds, singles lead to %s", candText(m), l.cell(c), concl)
			}, []Cell{l.cell(c)}, nil, digitsOf(m))
		})
	}
	// Unit forcing.
	l.index()
	for u := range l.g.units {
		for dm := l.full &^ l.placed[u]; dm != 0; dm &= dm - 1 {
			d := bits.TrailingZeros64(dm)
			ps := l.pos[u*l.n+d]
			if bits.OnesCount64(ps) < 2 {
				continue
			}
			cs := l.cellsAt(u, ps)
			var ks []int
			length := 0
			for _, c := range cs {
				k := c*l.n + d
				ks = append(ks, k)
				length = max(length, fs.placed[k])
			}
			consider(length, func() (Step, bool) {
				return l.forcingStep(fs, ks, func(concl string) string {
					return fmt.Sprintf("Forcing chain: wherever %s goes in %s (%s), singles lead to %s",
						digitName(d+1), l.unit(u), cellList(l.cells(cs)), concl)
				}, l.cells(cs), []Unit{l.unit(u)}, []int{d + 1})
			})
		}
	}
	if bestLen == 0 {
		return Step{}, false
	}
	best.SE = seFor(ForcingChain, bestLen)
	return best, true
}

// forcingStep builds the step of a cell or unit forcing chain over the
// branches ks, if they agree on anything.
func (l *logic) forcingStep(fs *forcingState, ks []int, text func(string) string, cells []Cell, units []Unit, digits []int) (Step, bool) {
	for _, k := range ks {
		if fs.dead[k] {
			return Step{}, false // a contradiction says more, and more simply
		}
	}
	pl := l.agreement(fs, ks)
	el := l.takeElims()
	if len(pl) == 0 && len(el) == 0 {
		return Step{}, false
	}
	var concl []string
	for _, p := range pl {
		concl = append(concl, p.String())
	}
	s := Step{Technique: ForcingChain, Placements: pl, Eliminations: el, Cells: cells, Units: units, Digits: digits}
	text2 := joinAnd(concl)
	if len(el) > 0 {
		if text2 != "" {
			text2 += "; "
		}
		text2 += "in every case " + elimText(el)
	}
	s.Text = text(text2)
	return s, true
}
