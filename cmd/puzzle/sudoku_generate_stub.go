package main

// A stand-in for sudoku.Generate and sudoku.Rate, which are not in package
// sudoku yet: with them, this file gives way to sudoku_generate.go.

import (
	"flag"
	"fmt"
)

// generateAvailable reports whether generate and rate work.
const generateAvailable = false

const generateSummary = "make new puzzles of a given size and difficulty (not available yet)"

const generateUsage = `Usage: puzzle sudoku generate [--size 4|9|16|25] [--difficulty easy|medium|hard|expert|extreme]
                              [--seed N] [--count K] [--json] [--format F]

Not available yet: it waits for the generator of package sudoku.
`

type generateCmd struct{}

// define accepts the flags the generator will have, so that a command line
// written for it gets the "not available" answer rather than a flag error.
func (c *generateCmd) define(fs *flag.FlagSet) {
	fs.Int("size", 9, "grid size `N`: 4, 9, 16 or 25")
	fs.String("difficulty", "any", "easy, medium, hard, expert or extreme")
	fs.Uint64("seed", 0, "random seed")
	fs.Int("count", 1, "number of puzzles")
	fs.Bool("symmetric", false, "keep the givens symmetric under a half turn")
	fs.Bool("json", false, "print one JSON object per puzzle per line")
	fs.Var(formatFlag("pretty"), "format", "`layout` of the puzzles: pretty, line, grid or euler")
}

func (c *generateCmd) run(e *env, v *verb, operands []string) int {
	fmt.Fprintln(e.stderr, "generate: not available yet")
	return exitUsage
}

const rateSummary = "grade puzzles by the techniques they need (not available yet)"

const rateUsage = `Usage: puzzle sudoku rate [--json] [files|-]

Not available yet: it waits for the rating of package sudoku.
`

type rateCmd struct{}

func (c *rateCmd) define(fs *flag.FlagSet) {
	fs.Bool("json", false, "print one JSON object per puzzle per line")
}

func (c *rateCmd) run(e *env, v *verb, operands []string) int {
	fmt.Fprintln(e.stderr, "rate: not available yet")
	return exitUsage
}
