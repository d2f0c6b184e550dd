package sudoku_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/puzzlesolvers/puzzle/sudoku"
)

func ExampleExplain() {
	p, err := sudoku.Parse(strings.NewReader(
		"003020600900305001001806400008102900700000008006708200002609500800203009005010300"))
	if err != nil {
		fmt.Println(err)
		return
	}
	ex, err := sudoku.Explain(context.Background(), p)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range ex.Steps[:3] {
		fmt.Printf("%s (SE %.1f)\n", s.Text, s.SE)
	}
	fmt.Println(ex.Summary())
	// Output:
	// Hidden single: 6 can only go in r2c2 within box 1 (SE 1.2)
	// Hidden single: 8 can only go in r1c2 within box 1 (SE 1.2)
	// Hidden single: 1 can only go in r1c6 within box 2 (SE 1.2)
	// Solved by logic in 49 steps.
}

func ExampleRate() {
	p, err := sudoku.Parse(strings.NewReader(
		"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"))
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := sudoku.Rate(context.Background(), p)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%v (hardest step: %v, score %.1f, about %.1f on Sudoku Explainer's scale)\n", r.Difficulty, r.Hardest, r.Score, r.SE)
	// Output: medium (hardest step: pointing, score 1.7, about 2.6 on Sudoku Explainer's scale)
}

func ExampleGenerate() {
	g, err := sudoku.Generate(context.Background(), sudoku.GenerateOptions{
		Box:        3,
		Difficulty: sudoku.Hard,
		Seed:       42,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	// The puzzle itself depends on the seed (and on the solver's search
	// order); its properties do not.
	fmt.Println(g.Rating.Difficulty, g.Minimal, g.Puzzle.IsSolutionOf(g.Solution))
	// Output: hard true true
}
