package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/puzzlesolvers/puzzle/internal/sheet"
	"github.com/puzzlesolvers/puzzle/nonogram"
	"github.com/puzzlesolvers/puzzle/status"
)

var nonoPrintUsage = printUsage("nonogram", "[--timeout D] [--from FORMAT] [files|-]",
	`Each puzzle is printed as its clues around an empty grid, drawn as
nonogram render draws it; the answer pages show the picture alone. A
puzzle with several pictures is printed with the cells where they differ
grey on its answer (stderr says so). Grids up to 200×200 are printed.
`, `	puzzle nonogram print -o sheet.pdf examples/nonogram/heart.txt examples/nonogram/duck.txt
	puzzle nonogram print --per-page 1 --paper letter -o big.svg puzzle.non
`)

type nonogramPrintCmd struct {
	printCmd
	from *choiceFlag
}

func (c *nonogramPrintCmd) define(fs *flag.FlagSet) {
	c.printCmd.define(fs)
	c.from = inputFormatFlag()
	fs.Var(c.from, "from", "input `format`: auto, "+strings.Join(formatNames(), ", "))
}

// nonogramMaxPrinted is the longest side printed: a 200-cell side on a
// page is 2.6 points a cell.
const nonogramMaxPrinted = 200

func (c *nonogramPrintCmd) run(e *env, v *verb, files []string) int {
	return runPrint(e, v, &c.printCmd, files, printFamily[*nonogram.Puzzle]{
		title:      "Nonograms",
		note:       "Fill the cells so that each row and column has the runs its clue lists, in order.",
		answerNote: "The pictures, numbered as the puzzles.",
		read:       nonogramRead(c.from.nonogramFormat()),
		errText:    func(err error) string { return err.Error() },
		where:      func(file string, p *nonogram.Puzzle) string { return fmt.Sprintf("%s:%d", file, p.Line) },
		entry: func(ctx context.Context, where string, p *nonogram.Puzzle, answers bool) (printEntry, error) {
			w, h := p.Width(), p.Height()
			if w > nonogramMaxPrinted || h > nonogramMaxPrinted {
				return printEntry{}, fmt.Errorf("the grid is %d×%d: print takes sides up to %d", h, w, nonogramMaxPrinted)
			}
			// The empty grid: every cell Empty, drawn white (Unknown is grey).
			blank := &nonogram.Board{Width: w, Height: h, Cells: make([]nonogram.Cell, w*h)}
			for i := range blank.Cells {
				blank.Cells[i] = nonogram.Empty
			}
			it, err := nonogramItem(p, blank, nonogram.RenderOptions{})
			if err != nil {
				return printEntry{}, err
			}
			ent := printEntry{name: p.Name, puzzle: it, perPage: 1}
			switch side := max(w, h); {
			case side <= 15:
				ent.perPage = 4
			case side <= 30:
				ent.perPage = 2
			}
			if !answers {
				return ent, nil
			}
			res, err := nonogram.Solve(ctx, p, nonogram.Options{})
			var board *nonogram.Board
			switch res.Status {
			case status.Unique:
				board = nonogram.BoardOf(res.Solutions[0])
			case status.Multiple:
				b, _, err := nonogram.Undecided(ctx, p, res.Solutions)
				if err != nil {
					return ent, fmt.Errorf("several pictures, and no answer on which cells they differ (%v)", err)
				}
				e.errorf("nonogram print: %s: several pictures; the cells where they differ are grey on the answer page", where)
				board = b
				ent.answerNote = "several pictures: grey undecided"
			case status.None:
				return ent, errors.New("no picture meets the clues")
			case status.Timeout:
				return ent, fmt.Errorf("no picture found in time (%v)", err)
			default:
				return ent, fmt.Errorf("%s: %v", res.Status, err)
			}
			a, err := nonogramItem(p, board, nonogram.RenderOptions{NoClues: true})
			if err != nil {
				return ent, err
			}
			ent.answer = &a
			return ent, nil
		},
	})
}

// nonogramItem draws a board of p as nonogram render does.
func nonogramItem(p *nonogram.Puzzle, b *nonogram.Board, opt nonogram.RenderOptions) (sheet.Item, error) {
	var buf bytes.Buffer
	if err := nonogram.RenderSVG(&buf, p, b, opt); err != nil {
		return sheet.Item{}, err
	}
	return svgItem(buf.Bytes())
}
