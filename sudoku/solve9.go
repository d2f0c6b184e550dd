package sudoku

import "context"

// solve9x9 solves a 9×9 puzzle with the general engine until the
// specialised solver replaces it.
func solve9x9(ctx context.Context, p *Puzzle, limit int) (Result, error) {
	e := newEngine(ctx, 3)
	e.locked = false
	e.limit = limit
	err := e.run(p.Cells)
	return Result{Solutions: e.solutions, Stats: Stats{Nodes: e.nodes}}, err
}
