package main

import (
	"context"

	"puzzle/sudoku"
)

// explainAvailable reports whether solve --explain works.
const explainAvailable = true

// explanation is what solve --explain shows of a puzzle.
type explanation struct {
	steps   []string // one sentence per step, in order
	solved  bool     // logic filled the grid
	summary string   // how it ended, in a sentence
}

// explainPuzzle runs sudoku.Explain. Its error, if any, comes with the
// steps found before it (a contradiction proving there is no solution, or
// the end of ctx).
func explainPuzzle(ctx context.Context, p *sudoku.Puzzle) (explanation, error) {
	ex, err := sudoku.Explain(ctx, p)
	e := explanation{solved: ex.Solved, summary: ex.Summary()}
	for _, s := range ex.Steps {
		e.steps = append(e.steps, s.Text)
	}
	return e, err
}
