package main

// A stand-in for sudoku.Explain, which is not in package sudoku yet: with
// it, this file gives way to sudoku_explain.go.

import (
	"context"
	"errors"

	"puzzle/sudoku"
)

// explainAvailable reports whether solve --explain works.
const explainAvailable = false

// explanation is what solve --explain shows of a puzzle.
type explanation struct {
	steps   []string // one sentence per step, in order
	solved  bool     // logic filled the grid
	summary string   // how it ended, in a sentence
}

func explainPuzzle(ctx context.Context, p *sudoku.Puzzle) (explanation, error) {
	return explanation{}, errors.New("explain: not available yet")
}
