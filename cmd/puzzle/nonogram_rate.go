package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/nonogram"
	"github.com/puzzlesolvers/puzzle/status"
)

const nonoRateSummary = "grade puzzles by the reasoning they need"

const nonoRateUsage = `Usage: puzzle nonogram rate [--json] [--timeout D] [--from FORMAT] [files|-]

Grades every puzzle by the hardest rule its explanation needs (the steps
of 'puzzle nonogram solve --explain'), in Sudoku's levels: easy (every
deduction is an overlap: a run covers the cell in its left-most and
right-most placements), medium (complete line solving: every placement
of a line's clue agrees on a cell), hard (lines get stuck; trying cells,
or a line's placements, both ways finishes it), expert (guessing, in at
most 1000 search nodes) or extreme (more guessing, or clause learning).
The score adds to the level's number a fraction for the work within it.
A puzzle must have exactly one picture to be rated: one with several has
status multiple, one with none status none, and neither gets a rating.

With --json each puzzle is one JSON object on a line
(docs/schema/nonogram.json, "rate"): file, line, name, status, error
(invalid and timeout only), rows, cols, and for a rated puzzle
difficulty, hardest (overlap, line, contradiction, both-ways, line-trial
or search), length (steps of the explanation) and score; stats (time_ms).

Exit status 0 when every puzzle was read and answered (rated or multiple),
1 when one is invalid, has no picture or timed out, 2 on a usage error.

Examples:

	puzzle nonogram rate examples/nonogram/*.txt
	puzzle nonogram rate --json puzzles.xml | jq -r .difficulty | sort | uniq -c
`

type nonogramRateCmd struct {
	json    bool
	timeout time.Duration
	from    *choiceFlag
}

func (c *nonogramRateCmd) define(fs *flag.FlagSet) {
	c.from = inputFormatFlag()
	fs.BoolVar(&c.json, "json", false, "print one JSON object per puzzle per line")
	fs.DurationVar(&c.timeout, "timeout", 0, "give up on a puzzle after `D`; 0 means no limit")
	fs.Var(c.from, "from", "input `format`: auto, "+strings.Join(formatNames(), ", "))
}

func (c *nonogramRateCmd) run(e *env, v *verb, files []string) int {
	if c.timeout < 0 {
		return v.usageError(e, "--timeout must not be negative")
	}
	return runBatch(e, v, files, batch[*nonogram.Puzzle, *record.NonogramRate]{
		json: c.json,
		read: nonogramRead(c.from.nonogramFormat()),
		bad: func(file string, err error) (*record.NonogramRate, bool) {
			return &record.NonogramRate{Head: record.Invalid(file, err), Cause: err}, nonogramPuzzleError(err)
		},
		work: func(ctx context.Context, file string, p *nonogram.Puzzle) (*record.NonogramRate, error) {
			return record.NewNonogramRate(ctx, file, p, c.timeout), nil
		},
		human:   writeNonogramRate,
		summary: true,
	})
}

// writeNonogramRate writes one rated nonogram for people.
func writeNonogramRate(w io.Writer, rec *record.NonogramRate) error {
	head := nonogramWhere(rec.File, rec.Line, rec.Name)
	if rec.Rows > 0 {
		head += fmt.Sprintf(" (%d×%d)", rec.Rows, rec.Cols)
	}
	var err error
	var se *nonogram.SyntaxError
	var ce *nonogram.ClueError
	switch {
	case errors.As(rec.Cause, &se):
		_, err = fmt.Fprintf(w, "%s: invalid: %s\n", head, se.Msg)
	case errors.As(rec.Cause, &ce):
		_, err = fmt.Fprintf(w, "%s: invalid: %s\n", head, ce.Msg)
	case rec.NonogramRating != nil:
		_, err = fmt.Fprintf(w, "%s: %s (hardest: %s, %d steps, score %.1f)\n",
			head, rec.Difficulty, rec.Hardest, rec.Length, rec.Score)
	case rec.Status == status.Multiple:
		_, err = fmt.Fprintf(w, "%s: multiple: not rated, the puzzle has more than one picture\n", head)
	case rec.Status == status.None:
		_, err = fmt.Fprintf(w, "%s: none: not rated, the puzzle has no picture\n", head)
	default:
		_, err = fmt.Fprintf(w, "%s: %v: %s\n", head, rec.Status, rec.Error)
	}
	return err
}
