package main

import (
	"testing"

	"github.com/puzzlesolvers/puzzle/sudoku"
)

func TestGenerateProgressLine(t *testing.T) {
	for _, tc := range []struct {
		seed uint64
		g    sudoku.GenerateProgress
		want string
	}{
		{7, sudoku.GenerateProgress{Pass: "logic", Visited: 64, Cells: 625, Givens: 600},
			"seed 7: logic pass, 64/625 cells visited, 600 givens"},
		{3, sudoku.GenerateProgress{Attempt: 1, Pass: "checks", Visited: 10, Cells: 81, Givens: 30, Checks: 1},
			"seed 3, attempt 2: checks pass, 10/81 cells visited, 30 givens, 1 check"},
		{3, sudoku.GenerateProgress{Pass: "checks", Visited: 700, Cells: 1296, Givens: 590, Checks: 112},
			"seed 3: checks pass, 700/1296 cells visited, 590 givens, 112 checks"},
	} {
		if got := generateProgressLine(tc.seed, tc.g); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}
