package sudoku

import (
	"context"
	"errors"
	"fmt"

	"github.com/puzzlesolvers/puzzle/internal/hitset"
	"github.com/puzzlesolvers/puzzle/status"
)

// Givens is a set of givens to add to a puzzle with several solutions so
// that one of them, the intended solution, becomes its only one.
type Givens struct {
	// Cells are the cells to give, in row-major order; each takes its
	// digit from the intended solution. Adding them was checked to make
	// the puzzle unique.
	Cells []Cell
	// Exact says no fewer givens make the puzzle unique. False when the
	// time ran out first: Cells are then at most what is needed, and at
	// least Lower givens are needed.
	Exact bool
	Lower int
	// Checks counts the solves made; Alternatives the other solutions
	// they found.
	Checks, Alternatives int
}

// UniqueGivens returns the fewest givens to add to p, with the digits of
// intended (a solution of p; nil for the first solution Solve finds), so
// that intended is the only solution. A unique puzzle needs none.
//
// Givens taken from intended rule out every other solution that differs
// from it on one of their cells, so the answer is a smallest set of cells
// meeting the difference set of every other solution: an implicit
// hitting-set search (internal/hitset) that solves the puzzle with the
// candidate givens added to find an alternative not yet ruled out, or to
// prove there is none. When ctx ends after a set was proved sufficient,
// the best such set is returned with Exact false and no error; before,
// ctx's error.
func UniqueGivens(ctx context.Context, p *Puzzle, intended []uint8) (Givens, error) {
	n := p.Size()
	if intended == nil {
		res, err := Solve(ctx, p, Options{Limit: 1})
		if err != nil {
			return Givens{}, err
		}
		if len(res.Solutions) == 0 {
			return Givens{}, ErrNoSolution
		}
		intended = res.Solutions[0]
	}
	if len(intended) != n*n || !p.IsSolutionOf(intended) {
		return Givens{}, errors.New("sudoku: the intended solution is not a solution of the puzzle")
	}
	q := p.Clone()
	check := func(ctx context.Context, chosen []int) ([]int, error) {
		copy(q.Cells, p.Cells)
		for _, i := range chosen {
			q.Cells[i] = intended[i]
		}
		res, err := Solve(ctx, q, Options{})
		switch {
		case err != nil:
			return nil, err
		case res.Status == status.Unique:
			return nil, nil
		}
		for _, sol := range res.Solutions {
			var miss []int
			for i, v := range sol {
				if v != intended[i] {
					miss = append(miss, i)
				}
			}
			if miss != nil {
				return miss, nil
			}
		}
		return nil, fmt.Errorf("sudoku: status %v without another solution", res.Status)
	}
	h, err := hitset.Minimize(ctx, n*n, check)
	if err != nil {
		return Givens{}, err
	}
	g := Givens{Exact: h.Exact, Lower: h.Lower, Checks: h.Checks, Alternatives: h.Sets}
	for _, i := range h.Cells {
		g.Cells = append(g.Cells, Cell{Row: i / n, Col: i % n})
	}
	return g, nil
}
