package sudoku

import (
	"context"

	"github.com/puzzlesolvers/puzzle/status"
)

// Removable returns, in row-major order, the givens of a unique puzzle
// that can each be removed (alone) with the puzzle staying unique. None
// means the puzzle is minimal. A puzzle with several solutions gives
// ErrNotUnique, one with none ErrNoSolution.
//
// Each given is taken out in turn and the puzzle solved again: one
// uniqueness proof per given.
func Removable(ctx context.Context, p *Puzzle) ([]Cell, error) {
	res, err := Solve(ctx, p, Options{})
	if err != nil {
		return nil, err
	}
	switch res.Status {
	case status.Multiple:
		return nil, ErrNotUnique
	case status.None:
		return nil, ErrNoSolution
	}
	n := p.Size()
	q := p.Clone()
	var cells []Cell
	for i, v := range p.Cells {
		if v == 0 {
			continue
		}
		q.Cells[i] = 0
		res, err := Solve(ctx, q, Options{})
		q.Cells[i] = v
		if err != nil {
			return nil, err
		}
		if res.Status == status.Unique {
			cells = append(cells, Cell{Row: i / n, Col: i % n})
		}
	}
	return cells, nil
}
