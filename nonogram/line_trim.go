package nonogram

import "math/bits"

// Trimming: on a long line, the decided cells at each end are cut off
// before line solving, down to the last empty cell before the first
// undecided one (and symmetrically at the other end). The runs in the cut
// ends are checked against the clue; what remains is a shorter line with
// fewer runs and, above all, much less slack, which the one-word offset
// solver (line_slack.go) can usually take.

// lineTrimmer holds the scratch space for solving trimmed lines.
type lineTrimmer struct {
	black, white, fill, empty []uint64
}

// trimEnds returns the undecided middle [p, q) of a line of n cells and
// the runs [r, s) of the clue that fall in it. ok is false when the cut
// ends do not match the clue.
func trimEnds(n int, clue []int, black, white []uint64) (p, q, r, s int, ok bool) {
	u := firstUnknown(black, white, n)
	if u == n {
		p, q = n, n
	} else {
		p = lastSetBefore(white, u) + 1
		v := lastUnknown(black, white, n)
		q = nextSetFrom(white, v+1, n)
	}
	// Runs left of p, in order.
	for pos := 0; ; {
		a := nextSetFrom(black, pos, p)
		if a >= p {
			break
		}
		e := nextSetFrom(white, a, p)
		if r == len(clue) || clue[r] != e-a {
			return 0, 0, 0, 0, false
		}
		r++
		pos = e
	}
	s = len(clue)
	if q < n {
		// Runs right of q, from the end.
		for pos := n - 1; ; {
			a := lastSetBefore(black, pos+1)
			if a < q {
				break
			}
			e := lastSetBefore(white, a) // the empty cell before the run
			if s == r || clue[s-1] != a-e {
				return 0, 0, 0, 0, false
			}
			s--
			pos = e
		}
	} else if p == n && s != r {
		return 0, 0, 0, 0, false
	}
	return p, q, r, s, true
}

// firstUnknown returns the first cell that is neither filled nor empty, n
// if there is none.
func firstUnknown(black, white []uint64, n int) int {
	for i := range black {
		if open := ^(black[i] | white[i]); open != 0 {
			return min(i*64+bits.TrailingZeros64(open), n)
		}
	}
	return n
}

// lastUnknown returns the last undecided cell, -1 if there is none.
func lastUnknown(black, white []uint64, n int) int {
	for i := len(black) - 1; i >= 0; i-- {
		open := ^(black[i] | white[i])
		if i == len(black)-1 && n%64 != 0 {
			open &= 1<<(uint(n)%64) - 1
		}
		if open != 0 {
			return i*64 + 63 - bits.LeadingZeros64(open)
		}
	}
	return -1
}

// nextSetFrom returns the first set bit at or after from and before to,
// or to if there is none.
func nextSetFrom(w []uint64, from, to int) int {
	for from < to {
		i, b := from/64, uint(from%64)
		if v := w[i] >> b; v != 0 {
			return min(from+bits.TrailingZeros64(v), to)
		}
		from = (i + 1) * 64
	}
	return to
}

// lastSetBefore returns the last set bit before to, or -1.
func lastSetBefore(w []uint64, to int) int {
	for to > 0 {
		i, b := (to-1)/64, uint((to-1)%64)
		if v := w[i] << (63 - b); v != 0 {
			return to - 1 - bits.LeadingZeros64(v)
		}
		to = i * 64
	}
	return -1
}

// solve solves the line through its trimmed middle; fill and empty get the
// fixed cells of the middle only (the ends are already decided).
func (t *lineTrimmer) solve(pr *propagator, n int, clue []int, black, white, fill, empty []uint64) bool {
	clear(fill)
	clear(empty)
	if !anyInRange(black, 0, n) && !anyInRange(white, 0, n) {
		return emptyLine(n, clue, fill, empty)
	}
	p, q, r, s, ok := trimEnds(n, clue, black, white)
	if !ok {
		return false
	}
	m := q - p
	if m == 0 {
		return r == s
	}
	sub := clue[r:s]
	mw := (m + 63) / 64
	if cap(t.black) < mw {
		t.black, t.white = make([]uint64, mw), make([]uint64, mw)
		t.fill, t.empty = make([]uint64, mw), make([]uint64, mw)
	}
	sb, sw, sf, se := t.black[:mw], t.white[:mw], t.fill[:mw], t.empty[:mw]
	for i := range mw {
		sb[i] = wordAt(black, p+64*i)
		sw[i] = wordAt(white, p+64*i)
	}
	maskCells(sb, m)
	maskCells(sw, m)
	switch {
	case m <= 63:
		f, e, ok := solveLine1(m, sub, sb[0], sw[0])
		if !ok {
			return false
		}
		sf[0], se[0] = f, e
	case len(sub) > 0 && slack(m, sub) <= maxSlackWord:
		if !pr.slackSolver.solve(m, sub, sb, sw, sf, se) {
			return false
		}
	default:
		if !pr.multi.solve(m, sub, sb, sw, sf, se) {
			return false
		}
	}
	for i := range mw {
		orWordAt(fill, p+64*i, sf[i])
		orWordAt(empty, p+64*i, se[i])
	}
	return true
}

// emptyLine solves a line with no decided cell by the classic overlap rule,
// which is complete on an empty line: with slack S, run j fills the cells
// of its left-most placement that lie beyond its first S cells, and only a
// clue without runs makes cells empty.
func emptyLine(n int, clue []int, fill, empty []uint64) bool {
	sl := slack(n, clue)
	if sl < 0 {
		return false
	}
	if len(clue) == 0 {
		setRange(empty, 0, n)
		return true
	}
	lo := 0
	for _, l := range clue {
		if l > sl {
			setRange(fill, lo+sl, lo+l)
		}
		lo += l + 1
	}
	if sl == 0 {
		// The line is exactly full: the gaps are empty.
		lo = 0
		for _, l := range clue[:len(clue)-1] {
			lo += l
			setRange(empty, lo, lo+1)
			lo++
		}
	}
	return true
}
