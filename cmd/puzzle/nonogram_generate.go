package main

import (
	"bytes"
	"flag"
	"strings"

	"github.com/puzzlesolvers/puzzle/nonogram"
)

const nonoGenerateUsage = `Usage: puzzle nonogram generate [--width W] [--height H] [--density P] [--seed N] [--count K] [--to FORMAT]

Prints the clues of random pictures: each cell is filled with probability
P, independently. Puzzle k of --count K uses seed N+k, so each can be made
again on its own; without --seed a random seed is drawn. Each puzzle is
named after its size, density and seed ("random 40×50, density 0.4, seed
7"), which the plain format writes as a comment line before the clues; non
and xml also store the picture as the goal. Such pictures are not made to
be unique: at densities of 0.3 to 0.5 most have many pictures, and they
are the hard random workload of docs/benchmarks.md.

The default format is plain; non, xml and picross also hold many puzzles
in one file, taai only square ones, and nin, cwd and mk one (--count 1).

Examples:

	puzzle nonogram generate --width 50 --height 40 --density 0.4 --seed 1 --count 20 > random40.txt
	puzzle nonogram generate --width 25 --height 25 --seed 7 | puzzle nonogram solve
	puzzle nonogram generate --to non --seed 3
`

// nonogramGenerateCmd is 'puzzle nonogram generate'.
type nonogramGenerateCmd struct {
	width, height, count int
	density              float64
	seed                 seedFlag
	to                   *choiceFlag
}

func (c *nonogramGenerateCmd) define(fs *flag.FlagSet) {
	c.to = &choiceFlag{value: string(nonogram.FormatPlain), choices: formatNames()}
	fs.IntVar(&c.width, "width", 25, "number of columns `W`")
	fs.IntVar(&c.height, "height", 25, "number of rows `H`")
	fs.Float64Var(&c.density, "density", 0.5, "probability `P` that a cell is filled, from 0 to 1")
	fs.Var(&c.seed, "seed", "random seed `N` of the first puzzle (default: drawn at random)")
	fs.IntVar(&c.count, "count", 1, "number of puzzles `K`")
	fs.Var(c.to, "to", "output `format`: "+strings.Join(formatNames(), ", "))
}

func (c *nonogramGenerateCmd) run(e *env, v *verb, operands []string) int {
	if len(operands) > 0 {
		return v.usageError(e, "unexpected argument %q", operands[0])
	}
	if c.width < 1 || c.height < 1 || c.width > nonogram.MaxSide || c.height > nonogram.MaxSide {
		return v.usageError(e, "--width and --height must be from 1 to %d", nonogram.MaxSide)
	}
	if !(c.density >= 0 && c.density <= 1) {
		return v.usageError(e, "--density must be from 0 to 1, not %v", c.density)
	}
	if c.count < 1 {
		return v.usageError(e, "--count must be at least 1")
	}
	seed := c.seed.seedValue()
	ps := make([]*nonogram.Puzzle, 0, c.count)
	for k := range c.count {
		if e.ctx.Err() != nil {
			e.errorf("nonogram generate: interrupted")
			return exitFail
		}
		p, err := nonogram.Random(c.width, c.height, c.density, seed+uint64(k))
		if err != nil { // the flags were checked above: a broken invariant
			e.errorf("nonogram generate: %v", err)
			return exitFail
		}
		ps = append(ps, p)
	}
	var buf bytes.Buffer
	if err := nonogram.WriteAll(&buf, ps, nonogram.Format(c.to.value)); err != nil {
		e.errorf("nonogram generate: %v", err)
		return exitFail
	}
	if _, err := e.stdout.Write(buf.Bytes()); err != nil {
		return exitFail
	}
	return exitOK
}
