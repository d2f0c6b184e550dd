package nonogram

import (
	"math/bits"
	"slices"
)

// Line probing: a line with few placements left is tried in each of them,
// and each trial is propagated. Placements that end in a contradiction are
// ruled out; the cells fixed alike by every surviving trial are fixed. This
// is a k-way version of cell probing and strictly stronger on lines with
// more than two placements (picross-solver's "hypotheses on lines" and
// pbnsolve's line probing work the same way). It runs when cell probing is
// stuck, on lines of at most 63 cells with at most maxLineProbe placements.

// maxLineProbe bounds the placements of a line worth probing.
const maxLineProbe = 4096

type lineCount struct{ line, count int }

// placements lists the placements of a line of n ≤ 63 cells: each is the
// mask of filled cells. It stops and returns false when there are more
// than limit.
type placements struct {
	n      int
	clue   []int
	canB   uint64 // cells that may be filled
	black  uint64 // cells that must be filled
	limit  int
	out    []uint64
	failed [maxRuns1 + 1]uint64 // bit from set: runs j.. cannot start at or after from
}

func (e *placements) list(n int, clue []int, black, white uint64, limit int) ([]uint64, bool) {
	full := uint64(1)<<uint(n) - 1
	e.n, e.clue, e.black, e.canB, e.limit = n, clue, black, full&^white, limit
	e.out = e.out[:0]
	clear(e.failed[:])
	if len(clue) > maxRuns1 {
		return nil, true
	}
	ok := e.place(0, 0, 0)
	return e.out, ok
}

// place puts runs j.. at or after from; acc holds the runs placed so far.
// It returns false when the limit was exceeded.
func (e *placements) place(j, from int, acc uint64) bool {
	if j == len(e.clue) {
		if e.black>>uint(from) != 0 && from < 64 {
			e.failed[j] |= 1 << uint(from)
			return true
		}
		if len(e.out) == e.limit {
			return false
		}
		e.out = append(e.out, acc)
		return true
	}
	if from < 64 && e.failed[j]>>uint(from)&1 == 1 {
		return true
	}
	found := len(e.out)
	l := e.clue[j]
	run := uint64(1)<<uint(l) - 1
	for a := from; a+l <= e.n; a++ {
		if a > from && e.black>>uint(a-1)&1 == 1 {
			break // a filled cell would be left uncovered
		}
		m := run << uint(a)
		if e.canB&m != m {
			continue
		}
		next := a + l
		if next < e.n {
			if e.black>>uint(next)&1 == 1 {
				continue
			}
			next++
		}
		if !e.place(j+1, next, acc|m) {
			return false
		}
	}
	if len(e.out) == found && from < 64 {
		e.failed[j] |= 1 << uint(from)
	}
	return true
}

// probeLines tries the lines with few placements. It returns false when
// st is contradictory, and reports whether it fixed any cell.
func (p *prober) probeLines(st *state) (ok, changed bool) {
	if p.acc == nil {
		p.acc = p.newState()
	}
	onLine := p.onLine
	p.onLine = nil // trials are not deductions
	defer func() { p.onLine = onLine }()
	// Lines in order of their number of placements, fewest first.
	p.order = p.order[:0]
	for l := range p.lines() {
		n := p.lineLen(l)
		if n > 63 {
			continue
		}
		black, white := p.lineBits(st, l)
		full := uint64(1)<<uint(n) - 1
		if (black[0]|white[0])&full == full {
			continue
		}
		if p.interrupted() {
			return true, changed
		}
		if count := p.count.count(n, p.clues[l], black[0], white[0], p.lineLimit); count <= p.lineLimit {
			p.order = append(p.order, lineCount{l, count})
		}
	}
	slices.SortFunc(p.order, func(a, b lineCount) int { return a.count - b.count })
	for _, lc := range p.order {
		l := lc.line
		n := p.lineLen(l)
		black, white := p.lineBits(st, l)
		full := uint64(1)<<uint(n) - 1
		if p.interrupted() {
			return true, changed
		}
		list, _ := p.enum.list(n, p.clues[l], black[0], white[0], p.lineLimit)
		survivors := 0
		// Visit the placements in a scattered order (first, last, then by
		// a stride coprime to their number) so that the survivors differ
		// early and the early exit below comes soon.
		stride := scatterStride(len(list))
		for t, idx := 0, 0; t < len(list); t, idx = t+1, (idx+stride)%len(list) {
			m := list[idx]
			p.probes++
			t := p.tryFill
			t.copyFrom(st)
			open := full &^ (black[0] | white[0])
			for u := open; u != 0; u &= u - 1 {
				i := bits.TrailingZeros64(u)
				p.cross(t, l, i, m>>uint(i)&1 == 1)
			}
			if !p.run(t) {
				continue
			}
			if survivors == 0 {
				p.acc.copyFrom(t)
			} else {
				for i := range p.acc.bits {
					p.acc.bits[i] &= t.bits[i]
				}
			}
			survivors++
			if !p.beyond(p.acc, st) {
				// The surviving trials share nothing new, and more
				// survivors can only shrink what they share.
				break
			}
		}
		if survivors == 0 {
			return false, changed
		}
		if !p.beyond(p.acc, st) {
			continue
		}
		if p.onLineProbe != nil && p.beyond(p.acc, st) {
			p.onLineProbe(st, p.acc, l, len(list), survivors)
		}
		if p.adopt(st, p.acc) {
			p.onLine = onLine
			ok := p.run(st)
			p.onLine = nil
			// Back to cell probing, which is cheaper.
			return ok, true
		}
	}
	return true, changed
}

// adopt fixes in st every cell that src knows and st does not, and reports
// whether there was any. src must be implied by st.
func (p *prober) adopt(st, src *state) bool {
	found := false
	for r := range p.h {
		for i := range p.rw {
			o := r*p.rw + i
			for k, m := range [2]uint64{src.bits[p.rowB+o] &^ st.bits[p.rowB+o], src.bits[p.rowW+o] &^ st.bits[p.rowW+o]} {
				for ; m != 0; m &= m - 1 {
					p.setCell(st, r, i*64+bits.TrailingZeros64(m), k == 0)
					found = true
				}
			}
		}
	}
	return found
}

// placementCounter counts the placements of a line of n ≤ 63 cells by
// dynamic programming over (run, start), saturating above a limit.
type placementCounter struct {
	ways [maxRuns1 + 1][65]int
}

func (pc *placementCounter) count(n int, clue []int, black, white uint64, limit int) int {
	k := len(clue)
	if k > maxRuns1 {
		return 0
	}
	full := uint64(1)<<uint(n) - 1
	canB := full &^ white
	// ways[j][a]: placements of runs j.. in cells [a, n) with no filled
	// cell left uncovered; a runs to n+1 (past a final gap).
	// n ≤ 63, so every index a ≤ n+1 fits.
	for a := n + 1; a >= 0; a-- {
		pc.ways[k][a] = 0
		if a >= n || black>>uint(a) == 0 {
			pc.ways[k][a] = 1
		}
	}
	for j := k - 1; j >= 0; j-- {
		l := clue[j]
		run := uint64(1)<<uint(l) - 1
		pc.ways[j][n], pc.ways[j][n+1] = 0, 0
		for a := n - 1; a >= 0; a-- {
			w := 0
			// Run j starts at a...
			if a+l <= n && canB&(run<<uint(a)) == run<<uint(a) {
				next := a + l
				if next == n {
					w = pc.ways[j+1][n]
				} else if black>>uint(next)&1 == 0 {
					w = pc.ways[j+1][next+1]
				}
			}
			// ...or cell a is empty.
			if black>>uint(a)&1 == 0 {
				w += pc.ways[j][a+1]
			}
			pc.ways[j][a] = min(w, limit+1)
		}
	}
	return pc.ways[0][0]
}

// beyond reports whether a knows a cell that st does not.
func (p *prober) beyond(a, st *state) bool {
	for i, w := range a.bits {
		if w&^st.bits[i] != 0 {
			return true
		}
	}
	return false
}

// scatterStride returns a step coprime to n near n/φ, so that stepping by
// it from 0 visits every index once, far apart at first.
func scatterStride(n int) int {
	if n <= 2 {
		return 1
	}
	s := max(1, int(float64(n)*0.6180339887))
	for gcd(s, n) != 1 {
		s++
	}
	return s
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
