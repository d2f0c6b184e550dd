package nonogram

// The complete line solver for colour puzzles, by dynamic programming over
// run positions as in the black-and-white one (line.go), but on sets of
// colours: each cell holds the bit set of the colours it may still take
// (bit 0 the background), and two consecutive runs need a background cell
// between them only when they have the same colour. A forward pass records
// which prefixes can hold the first j runs, a backward pass which suffixes
// can hold the rest, and a colour survives in a cell when some placement
// consistent with both puts it there.

// colorLineSolver holds the scratch tables of solveColorLine.
type colorLineSolver struct {
	fwd, bwd []bool    // (k+1)×(n+2) tables
	mark     [][]int   // per colour: difference array of the cells it may cover
	colorRun [][]int32 // per colour: colorRun[c][i] cells from i on allow c
}

// solve narrows allowed (one colour set per cell, bit c for colour c) to the
// colours that some placement of the clue (run lengths and colours, which
// are palette indexes ≥ 1 below numColors) puts in each cell, writing them to
// out. It reports false when no placement fits.
func (s *colorLineSolver) solve(clue, colors []int, numColors int, allowed, out []uint64) bool {
	n, k := len(allowed), len(clue)
	w := n + 2
	s.fwd = growBools(s.fwd, (k+1)*w)
	s.bwd = growBools(s.bwd, (k+1)*w)
	// Runs of cells that allow a colour, from the right: colorRun[c][i]
	// is how many cells from i on allow c.
	for len(s.colorRun) < numColors {
		s.colorRun = append(s.colorRun, nil)
	}
	for c := range numColors {
		r := growInt32s(s.colorRun[c], n+1)
		r[n] = 0
		for i := n - 1; i >= 0; i-- {
			if allowed[i]>>c&1 == 1 {
				r[i] = r[i+1] + 1
			} else {
				r[i] = 0
			}
		}
		s.colorRun[c] = r
	}
	fits := func(j, at int) bool { return at >= 0 && at+clue[j] <= n && int(s.colorRun[colors[j]][at]) >= clue[j] }
	bgAt := func(i int) bool { return i >= 0 && i < n && allowed[i]&1 == 1 }

	// fwd[j*w+i]: the first j runs lie in cells [0, i), the cells after the
	// last of them background.
	f := s.fwd
	f[0] = true
	for i := 1; i <= n; i++ {
		f[i] = f[i-1] && bgAt(i-1)
	}
	for j := 1; j <= k; j++ {
		row, prev := f[j*w:], f[(j-1)*w:]
		l := clue[j-1]
		row[0] = false
		for i := 1; i <= n; i++ {
			end := false // run j-1 ends exactly at i
			if start := i - l; fits(j-1, start) {
				switch {
				case j == 1:
					end = prev[start]
				case colors[j-2] != colors[j-1]:
					end = prev[start]
				default:
					end = start >= 1 && bgAt(start-1) && prev[start-1]
				}
			}
			row[i] = end || row[i-1] && bgAt(i-1)
		}
	}
	if !f[k*w+n] {
		return false
	}
	// bwd[j*w+i]: runs j..k-1 lie in cells [i, n), the cells before the
	// first of them background.
	b := s.bwd
	last := b[k*w:]
	last[n] = true
	for i := n - 1; i >= 0; i-- {
		last[i] = last[i+1] && bgAt(i)
	}
	for j := k - 1; j >= 0; j-- {
		row, next := b[j*w:], b[(j+1)*w:]
		l := clue[j]
		row[n] = false
		for i := n - 1; i >= 0; i-- {
			start := false // run j starts exactly at i
			if fits(j, i) {
				e := i + l
				switch {
				case j == k-1:
					start = next[e]
				case colors[j+1] != colors[j]:
					start = next[e]
				default:
					start = bgAt(e) && next[e+1]
				}
			}
			row[i] = start || bgAt(i) && row[i+1]
		}
	}

	// Colours of runs: run j at s is possible when the prefix before it
	// and the suffix from it both fit.
	for len(s.mark) < numColors {
		s.mark = append(s.mark, nil)
	}
	for c := range numColors {
		s.mark[c] = growInts(s.mark[c], n+1)
	}
	for j := range k {
		l, c := clue[j], colors[j]
		for at := 0; at+l <= n; at++ {
			if !fits(j, at) {
				continue
			}
			var before bool
			switch {
			case j == 0:
				before = f[at]
			case colors[j-1] != c:
				before = f[j*w+at]
			default:
				before = at >= 1 && bgAt(at-1) && f[j*w+at-1]
			}
			if !before {
				continue
			}
			e := at + l
			var after bool
			switch {
			case j == k-1:
				after = b[k*w+e]
			case colors[j+1] != c:
				after = b[(j+1)*w+e]
			default:
				after = bgAt(e) && b[(j+1)*w+e+1]
			}
			if after {
				s.mark[c][at]++
				s.mark[c][e]--
			}
		}
	}
	for i := range n {
		out[i] = 0
		if bgAt(i) {
			for j := 0; j <= k; j++ {
				if f[j*w+i] && b[j*w+i+1] {
					out[i] = 1
					break
				}
			}
		}
	}
	for c := 1; c < numColors; c++ {
		run := 0
		for i := range n {
			run += s.mark[c][i]
			if run > 0 {
				out[i] |= 1 << c
			}
		}
	}
	return true
}

func growBools(b []bool, n int) []bool {
	if cap(b) < n {
		return make([]bool, n)
	}
	b = b[:n]
	clear(b)
	return b
}

func growInts(b []int, n int) []int {
	if cap(b) < n {
		return make([]int, n)
	}
	b = b[:n]
	clear(b)
	return b
}

func growInt32s(b []int32, n int) []int32 {
	if cap(b) < n {
		return make([]int32, n)
	}
	return b[:n]
}
