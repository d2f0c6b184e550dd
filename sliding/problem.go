package sliding

// problem is a board in the solvers' own terms. Whatever the goal, the
// solvers see Korf's (blank-first) goal: a blank-last board is turned
// half a turn, which puts its blank's home in the top-left corner, and each
// tile is labelled with its goal cell. A move of the blank on the turned
// board is the opposite move on the board given.
type problem struct {
	rows, cols, n int
	cells         []uint8 // the label of each cell's tile: its goal cell; 0 for the blank
	goal          Goal
	nb            [][4]int8 // nb[c][d] is the neighbour of cell c in direction d, or -1
}

func newProblem(b *Board, g Goal) *problem {
	n := len(b.Tiles)
	p := &problem{rows: b.Rows, cols: b.Cols, n: n, cells: make([]uint8, n), goal: g}
	for c, t := range b.Tiles {
		if g == BlankFirst {
			p.cells[c] = t
		} else {
			p.cells[n-1-c] = uint8(n - 1 - goalCell(int(t), n, g))
		}
	}
	p.nb = neighbours(b.Rows, b.Cols)
	return p
}

// neighbours returns the neighbour table of a rows×cols board.
func neighbours(rows, cols int) [][4]int8 {
	nb := make([][4]int8, rows*cols)
	for c := range nb {
		for d := range 4 {
			nb[c][d] = int8(neighbour(rows, cols, c, d))
		}
	}
	return nb
}

// blank returns the blank's cell.
func (p *problem) blank() int {
	for c, t := range p.cells {
		if t == 0 {
			return c
		}
	}
	panic("sliding: no blank")
}

// userMoves turns the solver's directions back into moves on the board
// as given.
func (p *problem) userMoves(dirs []int8) Moves {
	ms := make(Moves, len(dirs))
	for i, d := range dirs {
		if p.goal == BlankFirst {
			ms[i] = dirMoves[d]
		} else {
			ms[i] = dirMoves[3-d]
		}
	}
	return ms
}

// isGoal reports whether cells are solved (label c in cell c).
func isGoalCells(cells []uint8) bool {
	for c, t := range cells {
		if int(t) != c {
			return false
		}
	}
	return true
}
