package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"iter"
	"strings"

	"github.com/puzzlesolvers/puzzle/internal/sheet"
	"github.com/puzzlesolvers/puzzle/sliding"
	"github.com/puzzlesolvers/puzzle/status"
)

var slidePrintUsage = printUsage("sliding", "[--goal blank-last|blank-first] [--timeout D] [--cache DIR] TILES...|files|-",
	`Each start board is printed; the answer pages show the board again,
small, the number of moves of its solution and the moves of the blank
(U, D, L, R), up to 120 of them. Boards up to 5×5 are solved optimally,
as sliding solve does them (a 24-puzzle may take minutes: --timeout
bounds it), larger ones not, and the answer says which.
`, `	puzzle sliding print -o sheet.pdf boards.txt
	puzzle sliding shuffle --size 4 --count 6 | puzzle sliding print -o fifteen.pdf
	puzzle sliding print --goal blank-first -o korf.svg korf.txt
`)

type slidingPrintCmd struct {
	printCmd
	goal  *choiceFlag
	cache string
}

func (c *slidingPrintCmd) define(fs *flag.FlagSet) {
	c.printCmd.define(fs)
	c.goal = goalFlag()
	fs.Var(c.goal, "goal", "the solved position: blank-last or blank-first")
	fs.StringVar(&c.cache, "cache", "", "pattern database `DIR` (default $PUZZLE_CACHE, else the user cache directory)")
}

func (c *slidingPrintCmd) run(e *env, v *verb, operands []string) int {
	goal, _ := sliding.ParseGoal(c.goal.value) // the flag takes known goals only
	files, tiles := operands, ""
	if allNumbers(operands) {
		files, tiles = nil, strings.Join(operands, " ")
	}
	var store *sliding.Store
	note := "Slide the tiles into order, the blank last."
	if goal == sliding.BlankFirst {
		note = "Slide the tiles into order, the blank first."
	}
	return runPrint(e, v, &c.printCmd, files, printFamily[*sliding.Puzzle]{
		title:      "Sliding puzzles",
		note:       note,
		answerNote: "Each board, the length of its solution and the moves of the blank (U up, D down, L left, R right).",
		// An answer is a board and its moves: a third as many as on the page.
		answersPerPage: func(per int) int { return min(max(2*per, 4), 12) },
		read: func(file string, r io.Reader) iter.Seq2[*sliding.Puzzle, error] {
			if tiles != "" {
				r, file = strings.NewReader(tiles), "args"
			}
			rd := sliding.NewReader(r, file)
			rd.Goal = goal
			return rd.All()
		},
		errText: func(err error) string { return err.Error() },
		where: func(file string, p *sliding.Puzzle) string {
			if tiles != "" {
				return "args"
			}
			return fmt.Sprintf("%s:%d", file, p.Line)
		},
		entry: func(ctx context.Context, where string, p *sliding.Puzzle, answers bool) (printEntry, error) {
			b := p.Board
			ent := printEntry{name: p.Name, puzzle: slidingDrawing(b, nil, false), perPage: 2}
			switch side := max(b.Rows, b.Cols); {
			case side <= 4:
				ent.perPage = 6
			case side <= 6:
				ent.perPage = 4
			}
			if !answers {
				if !b.Solvable(goal) {
					return ent, errors.New("the board cannot reach the goal (its permutation has the wrong parity)")
				}
				return ent, nil
			}
			if store == nil {
				store = e.newSlidingStore(c.cache)
			}
			if b.Rows*b.Cols <= 25 {
				// Load (or build) the tables before the clock of --timeout
				// starts, as sliding solve does: a build cut short is lost.
				store.Prepare(e.ctx, sliding.Auto, b.Rows, b.Cols)
			}
			res, err := sliding.Solve(ctx, p, sliding.Options{Store: store})
			switch res.Status {
			case status.Solved:
				a := slidingDrawing(b, res.Moves, res.Optimal)
				ent.answer = &a
				return ent, nil
			case status.None:
				return ent, fmt.Errorf("no solution: %s", res.Reason)
			case status.Timeout:
				return ent, fmt.Errorf("no solution found in time (%v)", err)
			}
			return ent, fmt.Errorf("%s: %v", res.Status, err)
		},
	})
}

// slidingMovesPerLine is the number of moves a line of an answer holds:
// four groups of five, half a line of the page's (the answers are small).
const slidingMovesPerLine = 20

// slidingMaxListed is the longest solution whose moves an answer lists:
// six lines. The row-by-row solutions of large boards run to thousands.
const slidingMaxListed = 120

// slidingDrawing draws a board in the page's style (download.js): tiles
// as framed numbers, the blank dashed. With moves (an answer) the length
// and the moves follow under the board.
func slidingDrawing(b *sliding.Board, moves sliding.Moves, optimal bool) sheet.Item {
	const C = 48.0
	fs := C * 0.42
	w := C * float64(b.Cols)
	var s strings.Builder
	fmt.Fprintf(&s, `<rect class="frame" x="-3" y="-3" width="%s" height="%s" fill="#fff" stroke="#000" stroke-width="3"/>`,
		sheet.Num(w+6), sheet.Num(C*float64(b.Rows)+6))
	for i, t := range b.Tiles {
		x, y := C*float64(i%b.Cols), C*float64(i/b.Cols)
		if t == 0 {
			fmt.Fprintf(&s, `<rect class="blank" x="%s" y="%s" width="%s" height="%s" fill="#fff" stroke="#999" stroke-width="1" stroke-dasharray="4 3"/>`,
				sheet.Num(x+3), sheet.Num(y+3), sheet.Num(C-6), sheet.Num(C-6))
			continue
		}
		fmt.Fprintf(&s, `<g class="tile" data-tile="%d" data-index="%d"><rect x="%s" y="%s" width="%s" height="%s" fill="#fff" stroke="#000" stroke-width="2"/>`,
			t, i, sheet.Num(x+3), sheet.Num(y+3), sheet.Num(C-6), sheet.Num(C-6))
		fmt.Fprintf(&s, `<text x="%s" y="%s" font-size="%s" font-weight="bold" text-anchor="middle" fill="#000">%d</text></g>`,
			sheet.Num(x+C/2), sheet.Num(y+C/2+0.35*fs), sheet.Num(fs), t)
	}
	h := C*float64(b.Rows) + 3
	if moves != nil {
		kind := "the fewest possible"
		if !optimal {
			kind = "not necessarily the fewest"
		}
		h += 30
		fmt.Fprintf(&s, `<text class="length" data-moves="%d" x="0" y="%s" font-size="18" font-weight="bold" fill="#000">%s (%s)</text>`,
			len(moves), sheet.Num(h), sheet.Esc(plural(len(moves), "move")), kind)
		ms := moves.String()
		if len(moves) > slidingMaxListed {
			h += 22
			fmt.Fprintf(&s, `<text class="unlisted" x="0" y="%s" font-size="16" fill="#000">moves not listed (more than %d): see sliding solve</text>`,
				sheet.Num(h), slidingMaxListed)
			ms = ""
		}
		for len(ms) > 0 {
			line := ms[:min(len(ms), slidingMovesPerLine)]
			ms = ms[len(line):]
			var groups []string
			for len(line) > 0 {
				groups = append(groups, line[:min(5, len(line))])
				line = line[min(5, len(line)):]
			}
			h += 22
			fmt.Fprintf(&s, `<text class="moves" x="0" y="%s" font-size="16" font-family="Courier, 'Courier New', monospace" fill="#000">%s</text>`,
				sheet.Num(h), strings.Join(groups, " "))
		}
		h += 6
		w = max(w, 0.6*16*(slidingMovesPerLine+slidingMovesPerLine/5-1), 0.55*18*float64(len(kind)+12))
	}
	return sheet.Item{Width: w, Height: h, Body: s.String()}
}
