package nonogram

import "math/bits"

// The line solver for long lines with little slack. Write the start of run
// j as lo[j]+x[j], where lo[j] is its left-most start on an empty line; the
// offsets x[j] lie in [0, S] for the slack S = n - (sum of runs + gaps) and
// never decrease from one run to the next. With S ≤ 63 every set of offsets
// is one machine word, whatever the line's length, so the same dynamic
// programming as in line.go costs a few word operations per run:
//
//	fwd[j] = offsets of run j reachable from the left (prefix consistent)
//	bwd[j] = offsets of run j from which the rest fits (suffix consistent)
//	gap[j] bit t = the cell t after run j's left-most end can be empty
//
// and fwd[j+1] = fillRight(fwd[j] & gap[j], gap[j]) & fit[j+1], since the
// gap between runs j and j+1 at offsets x ≤ y covers gap bits x..y.

// maxSlackWord is the largest slack the one-word offset solver handles.
const maxSlackWord = 63

// slackLine holds the scratch space of solveSlack.
type slackLine struct {
	lo         []int
	fit, gap   []uint64
	fwd, reach []uint64 // reach[j]: gap bits reachable from run j's side
	bwd, back  []uint64
}

func (s *slackLine) grow(k int) {
	if cap(s.lo) < k {
		s.lo = make([]int, k)
		s.fit, s.gap = make([]uint64, k), make([]uint64, k)
		s.fwd, s.reach = make([]uint64, k), make([]uint64, k)
		s.bwd, s.back = make([]uint64, k), make([]uint64, k)
	}
	s.lo, s.fit, s.gap = s.lo[:k], s.fit[:k], s.gap[:k]
	s.fwd, s.reach, s.bwd, s.back = s.fwd[:k], s.reach[:k], s.bwd[:k], s.back[:k]
}

// slack returns n minus the cells the clue needs; negative if it cannot fit.
func slack(n int, clue []int) int {
	need := 0
	for _, l := range clue {
		need += l + 1
	}
	if need > 0 {
		need--
	}
	return n - need
}

// solve is solveLine1 for a line of any length whose slack is at most
// maxSlackWord and which has at least one run. fill and empty receive the
// fixed cells (len(black) words).
func (s *slackLine) solve(n int, clue []int, black, white, fill, empty []uint64) bool {
	k := len(clue)
	sl := slack(n, clue)
	if sl < 0 {
		return false
	}
	s.grow(k)
	offs := uint64(1)<<uint(sl+1) - 1 // offsets 0..S
	lo := 0
	for j, l := range clue {
		s.lo[j] = lo
		s.fit[j] = runFit(white, lo, l, sl) & offs
		if j < k-1 {
			// Gap bit t is cell lo+l+t; it can be empty unless known filled.
			s.gap[j] = ^wordAt(black, lo+l) & offs
		}
		lo += l + 1
	}

	// Forward. The cells before run 0 must all be able to be empty.
	first := firstSet(black, n)
	s.fwd[0] = s.fit[0] & upTo(min(first, sl))
	for j := 0; j < k-1; j++ {
		s.reach[j] = fillRight(s.fwd[j]&s.gap[j], s.gap[j])
		s.fwd[j+1] = s.reach[j] & s.fit[j+1]
	}
	// Backward. The cells after the last run must be able to be empty.
	endLo := s.lo[k-1] + clue[k-1] // end of the last run at offset 0
	last := lastSet(black, n)
	trail := offs
	if last >= endLo {
		trail &^= upTo(last - endLo)
	}
	s.bwd[k-1] = s.fit[k-1] & trail
	for j := k - 2; j >= 0; j-- {
		s.back[j] = fillLeft(s.bwd[j+1]&s.gap[j], s.gap[j])
		s.bwd[j] = s.back[j] & s.fit[j]
	}

	clear(fill)
	clear(empty)
	for j, l := range clue {
		v := s.fwd[j] & s.bwd[j]
		if v == 0 {
			return false
		}
		lo := s.lo[j]
		minV, maxV := bits.TrailingZeros64(v), 63-bits.LeadingZeros64(v)
		if l > sl || l >= 64 {
			// Offsets span less than the run: one interval.
			setRange(fill, lo+minV, lo+maxV+l)
		} else {
			lw, hw := spread128(v, uint(l))
			orWordAt(fill, lo, lw)
			orWordAt(fill, lo+64, hw)
		}
		if j == 0 {
			setRange(empty, 0, lo+maxV)
		}
		if j == k-1 {
			setRange(empty, lo+l+minV, n)
		} else {
			orWordAt(empty, lo+l, s.reach[j]&s.back[j])
		}
	}
	for i := range fill {
		all := ^uint64(0)
		if i == len(fill)-1 && n%64 != 0 {
			all = 1<<(uint(n)%64) - 1
		}
		fill[i] &= all
		empty[i] &= all
		if fill[i]|empty[i] != all {
			return false
		}
		f, e := fill[i], empty[i]
		fill[i], empty[i] = f&^e, e&^f
	}
	return true
}

// runFit returns the offsets x in [0, sl] where a run of length l starting
// at lo+x covers no known-empty cell.
func runFit(white []uint64, lo, l, sl int) uint64 {
	if l > sl {
		// Every placement covers [lo+sl, lo+l); beyond that, a white at
		// offset t < sl forbids x ≤ t, a white at lo+l+t forbids x > t.
		if anyInRange(white, lo+sl, lo+l) {
			return 0
		}
		a := wordAt(white, lo) & (uint64(1)<<uint(sl) - 1)
		b := wordAt(white, lo+l) & (uint64(1)<<uint(sl) - 1)
		fit := ^uint64(0)
		if a != 0 {
			fit &^= upTo(63 - bits.LeadingZeros64(a))
		}
		if b != 0 {
			fit &= upTo(bits.TrailingZeros64(b))
		}
		return fit
	}
	// l ≤ sl ≤ 63: the window [lo, lo+sl+l) is at most 126 cells.
	return fitStart128(^wordAt(white, lo), ^wordAt(white, lo+64), uint(l))
}

// fitStart128 is fitStart on the 128-bit mask (hi:lo), returning the low
// word.
func fitStart128(lo, hi uint64, l uint) uint64 {
	for have := uint(1); have < l; {
		step := min(have, l-have)
		slo := lo>>step | hi<<(64-step)
		shi := hi >> step
		lo &= slo
		hi &= shi
		have += step
	}
	return lo
}

// spread128 is spread on a 128-bit result: the cells covered by runs of
// length l ≤ 63 starting at the offsets in s.
func spread128(s uint64, l uint) (lo, hi uint64) {
	lo = s
	for have := uint(1); have < l; {
		step := min(have, l-have)
		nhi := hi<<step | lo>>(64-step)
		lo |= lo << step
		hi |= nhi
		have += step
	}
	return lo, hi
}

// upTo returns the mask of bits 0..i (all bits if i ≥ 63, none if i < 0).
func upTo(i int) uint64 {
	switch {
	case i < 0:
		return 0
	case i >= 63:
		return ^uint64(0)
	}
	return uint64(1)<<uint(i+1) - 1
}

// wordAt returns bits [off, off+64) of the multi-word set w.
func wordAt(w []uint64, off int) uint64 {
	i, b := off/64, uint(off%64)
	if i >= len(w) {
		return 0
	}
	v := w[i] >> b
	if b != 0 && i+1 < len(w) {
		v |= w[i+1] << (64 - b)
	}
	return v
}

// orWordAt ors v into bits [off, off+64) of w, dropping bits past the end.
func orWordAt(w []uint64, off int, v uint64) {
	i, b := off/64, uint(off%64)
	if i < len(w) {
		w[i] |= v << b
	}
	if b != 0 && i+1 < len(w) {
		w[i+1] |= v >> (64 - b)
	}
}

// setRange sets bits [from, to) of w.
func setRange(w []uint64, from, to int) {
	for from < to {
		i, b := from/64, uint(from%64)
		if i >= len(w) {
			return
		}
		n := min(64-int(b), to-from)
		w[i] |= (^uint64(0) >> (64 - uint(n))) << b
		from += n
	}
}

// anyInRange reports whether a bit of w in [from, to) is set.
func anyInRange(w []uint64, from, to int) bool {
	for from < to {
		i, b := from/64, uint(from%64)
		if i >= len(w) {
			return false
		}
		n := min(64-int(b), to-from)
		if w[i]&((^uint64(0)>>(64-uint(n)))<<b) != 0 {
			return true
		}
		from += n
	}
	return false
}

// firstSet returns the lowest set bit of w, or n if none.
func firstSet(w []uint64, n int) int {
	for i, v := range w {
		if v != 0 {
			return i*64 + bits.TrailingZeros64(v)
		}
	}
	return n
}

// lastSet returns the highest set bit of w, or -1 if none.
func lastSet(w []uint64, n int) int {
	for i := len(w) - 1; i >= 0; i-- {
		if w[i] != 0 {
			return i*64 + 63 - bits.LeadingZeros64(w[i])
		}
	}
	return -1
}
