package nonogram

import "github.com/puzzlesolvers/puzzle/internal/sat"

// Colour puzzles are solved by the clause-learning search alone: each
// cell has one variable per colour, exactly one of them true, and each
// line the clauses of its colour automaton (line_automaton.go). Unit
// propagation on those clauses is complete line solving, so the root
// propagation tells whether the puzzle is line-solvable, and the search
// adds learning where line solving stops.

// solveColor finds up to limit (< 0: all) pictures of the colour puzzle p.
// Each cell of fixed that is not Unknown holds its colour. lineSolvable
// reports that propagation alone decided every cell.
func solveColor(p *Puzzle, fixed *Board, out *sink, stop func() bool) (stopped, lineSolvable bool, conflicts int64) {
	w, h, k := p.Width(), p.Height(), len(p.Colors)
	s := sat.New()
	for range w * h * k {
		s.NewVar()
	}
	top := sat.Pos(s.NewVar())
	s.AddClause(top)
	cellLit := func(r, c, col int) sat.Lit { return sat.Pos((r*w+c)*k + col) }
	clause := make([]sat.Lit, 0, k)
	for r := range h {
		for c := range w {
			clause = clause[:0]
			for col := range k {
				clause = append(clause, cellLit(r, c, col))
				for other := range col {
					s.AddClause(cellLit(r, c, col).Not(), cellLit(r, c, other).Not())
				}
			}
			s.AddClause(clause...)
		}
	}
	for l := range h + w {
		var n int
		var clue, colors []int
		var at func(i int) (r, c int)
		if l < h {
			n, clue, colors = w, p.Rows[l], p.RowColors[l]
			at = func(i int) (int, int) { return l, i }
		} else {
			n, clue, colors = h, p.Cols[l-h], p.ColColors[l-h]
			at = func(i int) (int, int) { return i, l - h }
		}
		value := func(i, col int) sat.Lit {
			r, c := at(i)
			return cellLit(r, c, col)
		}
		if !encodeLine(s, top, clue, colors, n, k, value, nil) {
			return false, false, 0
		}
	}
	if fixed != nil {
		for i, v := range fixed.Cells {
			col := 0
			switch {
			case v == Unknown:
				continue
			case v >= Filled:
				col = cellColor(v)
			}
			if !s.AddClause(cellLit(i/w, i%w, col)) {
				return false, false, 0
			}
		}
	}
	if !s.Simplify() {
		return false, false, 0
	}
	lineSolvable = true
	for v := range w * h * k {
		if _, fixed := s.Fixed(v); !fixed {
			lineSolvable = false
			break
		}
	}
	block := make([]sat.Lit, 0, w*h)
	stopped = enumerate(s, out, stop, func() *Grid {
		pic := NewGrid(w, h)
		pic.Colors = make([]uint8, w*h)
		block = block[:0]
		for i := range pic.Colors {
			for col := range k {
				if s.Value(i*k + col) {
					pic.Colors[i] = uint8(col)
					pic.Cells[i] = col != 0
					block = append(block, sat.Neg(i*k+col))
				}
			}
		}
		s.AddClause(block...)
		return pic
	})
	return stopped, lineSolvable, s.Stats().Conflicts
}
