package sliding

// linearConflict is Manhattan distance plus two moves for every tile that
// must step out of its home row (or column) to let another tile of that
// line pass: in each line, the tiles that belong there minus the longest
// run of them already in order (Hansson, Mayer and Yung, 1992). The extra
// moves of rows are vertical and those of columns horizontal, so they add
// to Manhattan distance. A move changes the conflicts of two lines only.
type linearConflict struct {
	manhattan
	rows, cols int
	rowConf    []int
	colConf    []int
	conflicts  int
	buf        []int
}

func newLinearConflict(rows, cols int) *linearConflict {
	return &linearConflict{manhattan: *newManhattan(rows, cols), rows: rows, cols: cols,
		rowConf: make([]int, rows), colConf: make([]int, cols), buf: make([]int, max(rows, cols))}
}

func (l *linearConflict) init(cells []uint8) int {
	l.manhattan.init(cells)
	l.conflicts = 0
	for r := range l.rows {
		l.rowConf[r] = l.rowConflicts(cells, r)
		l.conflicts += l.rowConf[r]
	}
	for c := range l.cols {
		l.colConf[c] = l.colConflicts(cells, c)
		l.conflicts += l.colConf[c]
	}
	return l.h + 2*l.conflicts
}

// rowConflicts returns how many tiles of row r must leave it.
func (l *linearConflict) rowConflicts(cells []uint8, r int) int {
	goals := l.buf[:0]
	for c := range l.cols {
		t := int(cells[r*l.cols+c])
		if t != 0 && t/l.cols == r {
			goals = append(goals, t%l.cols)
		}
	}
	return len(goals) - longestIncreasing(goals)
}

func (l *linearConflict) colConflicts(cells []uint8, c int) int {
	goals := l.buf[:0]
	for r := range l.rows {
		t := int(cells[r*l.cols+c])
		if t != 0 && t%l.cols == c {
			goals = append(goals, t/l.cols)
		}
	}
	return len(goals) - longestIncreasing(goals)
}

// longestIncreasing returns the length of the longest increasing
// subsequence of a short list of distinct numbers.
func longestIncreasing(xs []int) int {
	var best [MaxSide]int
	longest := 0
	for i, x := range xs {
		best[i] = 1
		for j := range i {
			if xs[j] < x && best[j]+1 > best[i] {
				best[i] = best[j] + 1
			}
		}
		longest = max(longest, best[i])
	}
	return longest
}

// relines recomputes the conflicts of the lines a move touched.
func (l *linearConflict) relines(cells []uint8, from, to int) {
	if from/l.cols == to/l.cols { // a horizontal move: columns change
		for _, c := range [2]int{from % l.cols, to % l.cols} {
			old := l.colConf[c]
			l.colConf[c] = l.colConflicts(cells, c)
			l.conflicts += l.colConf[c] - old
		}
		return
	}
	for _, r := range [2]int{from / l.cols, to / l.cols} {
		old := l.rowConf[r]
		l.rowConf[r] = l.rowConflicts(cells, r)
		l.conflicts += l.rowConf[r] - old
	}
}

func (l *linearConflict) move(cells []uint8, tile, from, to int) int {
	l.manhattan.move(cells, tile, from, to)
	l.relines(cells, from, to)
	return l.h + 2*l.conflicts
}

func (l *linearConflict) undo(cells []uint8, tile, from, to int) {
	l.manhattan.undo(cells, tile, from, to)
	l.relines(cells, from, to)
}

func (l *linearConflict) clone() evaluator {
	c := *l
	c.rowConf = append([]int(nil), l.rowConf...)
	c.colConf = append([]int(nil), l.colConf...)
	c.buf = make([]int, len(l.buf))
	return &c
}
