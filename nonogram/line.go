package nonogram

import "math/bits"

// The complete line solver. A line of n cells with runs L[0..k-1] is solved
// by dynamic programming over prefix lengths 0..n, computed bit-parallel: bit
// i of a mask stands for the prefix of length i (or the suffix starting at i).
//
//	fwd[j] bit i:  cells [0,i) can hold runs 0..j-1
//	bwd[j] bit i:  cells [i,n) can hold runs j..k-1
//
// A run j can start at a when the prefix [0,a) holds runs 0..j-1 and ends
// in an empty cell (or a = 0 and j = 0), cells [a,a+L[j]) can all be filled,
// and the suffix from a+L[j] starts with an empty cell and holds the rest (or
// is the end of the line and j is the last run). A cell can be filled when a
// run can start within reach of it, and empty when some j has fwd[j] bit i
// and bwd[j] bit i+1. A cell that can only be one thing is fixed; a cell that
// can be neither means the line is contradictory.

// solveLine1 solves a line of n ≤ 63 cells held in one word: black and white
// are the cells known filled and known empty. It returns the cells that
// every placement fills (fill) and leaves empty (empty), which include the
// known ones, and ok = false when no placement is consistent with the line.
func solveLine1(n int, clue []int, black, white uint64) (fill, empty uint64, ok bool) {
	full := uint64(1)<<uint(n) - 1
	canB := full &^ white
	canW := full &^ black
	k := len(clue)
	if k > maxRuns1 {
		return 0, 0, false // cannot fit: every run needs a cell and a gap
	}
	var fwd, start, bwd, ends [maxRuns1 + 1]uint64

	seed := uint64(1)
	passR := canW << 1
	for j := 0; ; j++ {
		fwd[j] = fillRight(seed, passR)
		if j == k {
			break
		}
		l := uint(clue[j])
		e := (fwd[j] & canW) << 1
		if j == 0 {
			e |= 1
		}
		start[j] = e & fitStart(canB, l)
		seed = start[j] << l
		if seed == 0 {
			return 0, 0, false
		}
	}
	end := uint64(1) << uint(n)
	if fwd[k]&end == 0 {
		return 0, 0, false
	}

	seed = end
	for j := k; ; j-- {
		bwd[j] = fillLeft(seed, canW)
		ends[j] = (bwd[j] >> 1) & canW
		if j == k {
			ends[j] |= end
		}
		if j == 0 {
			break
		}
		l := uint(clue[j-1])
		// Run j-1 at a, followed by an empty cell or the end at a+l.
		start[j-1] &= ends[j] >> l
		seed = start[j-1]
	}

	var canFill, canEmpty uint64
	for j := 0; j <= k; j++ {
		canEmpty |= fwd[j] & canW & (bwd[j] >> 1)
	}
	for j := range k {
		canFill |= spread(start[j], uint(clue[j]))
	}
	if canFill|canEmpty != full {
		return 0, 0, false
	}
	return canFill &^ canEmpty, canEmpty &^ canFill, true
}

// lineFits1 reports whether a line of n ≤ 63 cells, with the cells black
// filled and the cells white empty, has a placement of clue's runs: the
// forward half of solveLine1, for the many feasibility questions of
// explanations (cdcl_lines.go).
func lineFits1(n int, clue []int, black, white uint64) bool {
	if black&white != 0 {
		return false
	}
	full := uint64(1)<<uint(n) - 1
	canB := full &^ white
	canW := full &^ black
	k := len(clue)
	if k > maxRuns1 {
		return false
	}
	passR := canW << 1
	reach := uint64(1) // fwd[j]: the prefixes that can hold runs 0..j-1
	for j := range k {
		reach = fillRight(reach, passR)
		e := (reach & canW) << 1
		if j == 0 {
			e |= 1
		}
		reach = (e & fitStart(canB, uint(clue[j]))) << uint(clue[j])
		if reach == 0 {
			return false
		}
	}
	return fillRight(reach, passR)&(uint64(1)<<uint(n)) != 0
}

// maxRuns1 is the most runs a line of at most 63 cells can hold.
const maxRuns1 = 32

// fillRight returns x with x[i] = seed[i] || (pass[i] && x[i-1]): every seed
// extended upwards through consecutive pass bits. That is the carry chain of
// an addition: with generate bits seed and propagate bits pass outside seed,
// the carry out of bit i is x[i], so one add finds it (the carry out of bit
// 63 is add's own) where a scan would take six shift-and-mask steps.
func fillRight(seed, pass uint64) uint64 {
	a := seed | pass // generate | propagate
	sum, carry := bits.Add64(a, seed, 0)
	return (sum^a^seed)>>1 | carry<<63
}

// fillLeft returns x with x[i] = seed[i] || (pass[i] && x[i+1]).
func fillLeft(seed, pass uint64) uint64 {
	x := seed
	x |= (x >> 1) & pass
	pass &= pass >> 1
	x |= (x >> 2) & pass
	pass &= pass >> 2
	x |= (x >> 4) & pass
	pass &= pass >> 4
	x |= (x >> 8) & pass
	pass &= pass >> 8
	x |= (x >> 16) & pass
	pass &= pass >> 16
	x |= (x >> 32) & pass
	return x
}

// fitStart returns the positions a where cells [a,a+l) are all in can.
func fitStart(can uint64, l uint) uint64 {
	r := can
	for have := uint(1); have < l; {
		step := min(have, l-have)
		r &= r >> step
		have += step
	}
	return r
}

// spread returns the cells covered by a run of length l starting at any
// position of s.
func spread(s uint64, l uint) uint64 {
	r := s
	for have := uint(1); have < l; {
		step := min(have, l-have)
		r |= r << step
		have += step
	}
	return r
}

// lineSolverN solves lines of any length with the same method as
// solveLine1 on multi-word bitsets; it keeps its scratch space between calls.
type lineSolverN struct {
	buf  []uint64
	rows [][]uint64
}

// solve writes into fill and empty (len(black) words each, cells 0..n-1)
// the cells that every placement fills and leaves empty, and reports
// whether any placement is consistent with the known cells.
func (s *lineSolverN) solve(n int, clue []int, black, white, fill, empty []uint64) bool {
	k := len(clue)
	cw := len(black)        // words for cells
	pw := (n + 1 + 63) / 64 // words for positions 0..n
	need := pw * (2*(k+1) + k + 8)
	if cap(s.buf) < need {
		s.buf = make([]uint64, need)
	}
	buf := s.buf[:need]
	clear(buf)
	take := func() []uint64 { w := buf[:pw:pw]; buf = buf[pw:]; return w }
	canB, canW, passR, tmp, fit, cover, acc, accW := take(), take(), take(), take(), take(), take(), take(), take()
	if cap(s.rows) < 3*k+2 {
		s.rows = make([][]uint64, 3*k+2)
	}
	rows := s.rows[:3*k+2]
	for i := range rows {
		rows[i] = take()
	}
	fwd, bwd, start := rows[:k+1], rows[k+1:2*k+2], rows[2*k+2:]

	for i := range cw {
		canB[i] = ^white[i]
		canW[i] = ^black[i]
	}
	maskCells(canB, n)
	maskCells(canW, n)
	shlN(passR, canW, 1)

	// Forward.
	seed := tmp
	clear(seed)
	seed[0] = 1
	for j := 0; ; j++ {
		copy(fwd[j], seed)
		fillRightN(fwd[j], passR)
		if j == k {
			break
		}
		l := clue[j]
		for i := range pw {
			tmp[i] = fwd[j][i] & canW[i]
		}
		shlN(start[j], tmp, 1)
		if j == 0 {
			start[j][0] |= 1
		}
		fitStartN(fit, canB, l, cover)
		nonzero := uint64(0)
		for i := range pw {
			start[j][i] &= fit[i]
			nonzero |= start[j][i]
		}
		if nonzero == 0 {
			return false
		}
		shlN(seed, start[j], l)
	}
	if fwd[k][n/64]>>(uint(n)%64)&1 == 0 {
		return false
	}

	// Backward; ends (in acc) is the suffix mask that starts with an
	// empty cell or is the end.
	clear(seed)
	seed[n/64] = 1 << (uint(n) % 64)
	for j := k; ; j-- {
		copy(bwd[j], seed)
		fillLeftN(bwd[j], canW)
		shrN(acc, bwd[j], 1)
		for i := range pw {
			acc[i] &= canW[i]
		}
		if j == k {
			acc[n/64] |= 1 << (uint(n) % 64)
		}
		if j == 0 {
			break
		}
		l := clue[j-1]
		shrN(tmp, acc, l)
		for i := range pw {
			start[j-1][i] &= tmp[i]
		}
		copy(seed, start[j-1])
	}

	// Cells that can be empty, then cells that can be filled.
	clear(accW)
	for j := 0; j <= k; j++ {
		shrN(tmp, bwd[j], 1)
		for i := range pw {
			accW[i] |= fwd[j][i] & canW[i] & tmp[i]
		}
	}
	clear(acc)
	for j := range k {
		spreadN(cover, start[j], clue[j], tmp)
		for i := range pw {
			acc[i] |= cover[i]
		}
	}
	for i := range cw {
		all := ^uint64(0)
		if i == cw-1 && n%64 != 0 {
			all = 1<<(uint(n)%64) - 1
		}
		if (acc[i]|accW[i])&all != all {
			return false
		}
		fill[i] = acc[i] &^ accW[i] & all
		empty[i] = accW[i] &^ acc[i] & all
	}
	return true
}

// maskCells clears every bit at or above n (and the words past the cells).
func maskCells(x []uint64, n int) {
	for i := range x {
		lo := i * 64
		switch {
		case lo >= n:
			x[i] = 0
		case lo+64 > n:
			x[i] &= 1<<(uint(n-lo)) - 1
		}
	}
}

// shlN sets dst = src << s across words (dst and src of equal length,
// distinct).
func shlN(dst, src []uint64, s int) {
	ws, bs := s/64, uint(s%64)
	for i := len(dst) - 1; i >= 0; i-- {
		j := i - ws
		var v uint64
		if j >= 0 {
			v = src[j] << bs
			if bs != 0 && j > 0 {
				v |= src[j-1] >> (64 - bs)
			}
		}
		dst[i] = v
	}
}

// shrN sets dst = src >> s across words.
func shrN(dst, src []uint64, s int) {
	ws, bs := s/64, uint(s%64)
	for i := range dst {
		j := i + ws
		var v uint64
		if j < len(src) {
			v = src[j] >> bs
			if bs != 0 && j+1 < len(src) {
				v |= src[j+1] << (64 - bs)
			}
		}
		dst[i] = v
	}
}

// fillRightN extends x upwards through pass, in place.
func fillRightN(x, pass []uint64) {
	for i := range x {
		if i > 0 && x[i-1]>>63 != 0 {
			x[i] |= pass[i] & 1
		}
		x[i] = fillRight(x[i], pass[i])
	}
}

// fillLeftN extends x downwards through pass, in place.
func fillLeftN(x, pass []uint64) {
	for i := len(x) - 1; i >= 0; i-- {
		if i+1 < len(x) && x[i+1]&1 != 0 {
			x[i] |= pass[i] & (1 << 63)
		}
		x[i] = fillLeft(x[i], pass[i])
	}
}

// fitStartN sets dst to the positions a with [a,a+l) all in can; tmp is
// scratch of the same length.
func fitStartN(dst, can []uint64, l int, tmp []uint64) {
	copy(dst, can)
	for have := 1; have < l; {
		step := min(have, l-have)
		shrN(tmp, dst, step)
		for i := range dst {
			dst[i] &= tmp[i]
		}
		have += step
	}
}

// spreadN sets dst to the cells covered by runs of length l starting at s.
func spreadN(dst, s []uint64, l int, tmp []uint64) {
	copy(dst, s)
	for have := 1; have < l; {
		step := min(have, l-have)
		shlN(tmp, dst, step)
		for i := range dst {
			dst[i] |= tmp[i]
		}
		have += step
	}
}
