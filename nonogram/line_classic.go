package nonogram

// The classic line method, as a player applies it: push every run as far
// left as the known cells allow, then as far right; a run's cells that are
// covered in both placements are filled (the overlap), and a cell that no run
// can reach between its left-most and right-most positions is empty. It is
// sound but not complete: the complete solver in line.go can find more.

// lineCell is the state of one cell of a line for the scalar solvers.
type lineCell uint8

const (
	lineUnknown lineCell = iota
	lineEmpty
	lineFilled
)

// classicLine holds the scratch space of the classic method.
type classicLine struct {
	left, right []int
	failed      []bool // memo of placements known to fail, by (run, from)
	rev         []lineCell
	revClue     []int
}

// solve fills out[i] with lineFilled or lineEmpty for the cells the overlap
// rule fixes (lineUnknown elsewhere) and reports whether the line can be
// placed at all.
func (s *classicLine) solve(clue []int, cells []lineCell, out []lineCell) bool {
	n, k := len(cells), len(clue)
	s.left = grow(s.left, k)
	s.right = grow(s.right, k)
	if !s.leftmost(clue, cells, s.left) {
		return false
	}
	// The right-most placement is the left-most of the reversed line.
	s.rev = growCells(s.rev, n)
	s.revClue = grow(s.revClue, k)
	for i, c := range cells {
		s.rev[n-1-i] = c
	}
	for j, l := range clue {
		s.revClue[k-1-j] = l
	}
	if !s.leftmost(s.revClue, s.rev, s.right) {
		return false
	}
	for j := range k / 2 {
		s.right[j], s.right[k-1-j] = s.right[k-1-j], s.right[j]
	}
	for j, l := range clue {
		s.right[j] = n - s.right[j] - l
	}

	for i := range out {
		out[i] = lineEmpty
	}
	for j, l := range clue {
		// Reachable cells of run j are not known empty.
		for i := s.left[j]; i < s.right[j]+l; i++ {
			out[i] = lineUnknown
		}
	}
	for j, l := range clue {
		for i := s.right[j]; i < s.left[j]+l; i++ {
			out[i] = lineFilled
		}
	}
	return true
}

// leftmost places every run as far left as the known cells allow, writing
// the start of each run to starts; it reports false when no placement exists.
func (s *classicLine) leftmost(clue []int, cells []lineCell, starts []int) bool {
	n, k := len(cells), len(clue)
	if cap(s.failed) < (k+1)*(n+2) {
		s.failed = make([]bool, (k+1)*(n+2))
	}
	s.failed = s.failed[:(k+1)*(n+2)]
	clear(s.failed)
	return s.place(clue, cells, starts, 0, 0)
}

// place puts runs j.. at or after from, with no filled cell left uncovered
// in [from, start of run j).
func (s *classicLine) place(clue []int, cells []lineCell, starts []int, j, from int) bool {
	n, k := len(cells), len(clue)
	memo := j*(n+2) + from
	if s.failed[memo] {
		return false
	}
	if j == k {
		for i := from; i < n; i++ {
			if cells[i] == lineFilled {
				s.failed[memo] = true
				return false
			}
		}
		return true
	}
	l := clue[j]
	for a := from; a+l <= n; a++ {
		if a > from && cells[a-1] == lineFilled {
			break // a filled cell would be left uncovered
		}
		if !runFits(cells, a, l) {
			continue
		}
		next := a + l
		if next < n {
			if cells[next] == lineFilled {
				continue
			}
			next++ // the gap after the run
		}
		if s.place(clue, cells, starts, j+1, next) {
			starts[j] = a
			return true
		}
	}
	s.failed[memo] = true
	return false
}

// runFits reports whether cells [a,a+l) can all be filled.
func runFits(cells []lineCell, a, l int) bool {
	for _, c := range cells[a : a+l] {
		if c == lineEmpty {
			return false
		}
	}
	return true
}

func grow(s []int, n int) []int {
	if cap(s) < n {
		return make([]int, n)
	}
	return s[:n]
}

func growCells(s []lineCell, n int) []lineCell {
	if cap(s) < n {
		return make([]lineCell, n)
	}
	return s[:n]
}
