package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"iter"
	"strconv"
	"strings"

	"github.com/puzzlesolvers/puzzle/internal/sheet"
	"github.com/puzzlesolvers/puzzle/queens"
	"github.com/puzzlesolvers/puzzle/status"
)

var queensPrintUsage = printUsage("queens", "[--timeout D] N...|files|-",
	`Each board is printed empty (operands N), or with the queens placed in
advance (instances as queens complete reads them: "n N", then "col:row"
queens from 0), under the exercise: place N queens, no two on a row,
column or diagonal. The answer pages show a solution, the queens given
in black, those placed in outline. Boards of 4 to 64 squares a side are
printed.
`, `	puzzle queens print -o queens.pdf 8 10 12
	puzzle queens print --per-page 1 -o instances.svg instances.txt
`)

type queensPrintCmd struct{ printCmd }

func (c *queensPrintCmd) define(fs *flag.FlagSet) { c.printCmd.define(fs) }

// queensMaxPrinted is the largest board printed.
const queensMaxPrinted = 64

func (c *queensPrintCmd) run(e *env, v *verb, operands []string) int {
	read := func(file string, r io.Reader) iter.Seq2[*queens.Puzzle, error] {
		return queens.NewReader(r, file).All()
	}
	files := operands
	if allNumbers(operands) {
		ns, code, ok := queensBoardSizes(e, v, operands, 4, queensMaxPrinted)
		if !ok {
			return code
		}
		files = []string{"-"}
		read = func(string, io.Reader) iter.Seq2[*queens.Puzzle, error] {
			return func(yield func(*queens.Puzzle, error) bool) {
				for _, n := range ns {
					if !yield(&queens.Puzzle{N: n}, nil) {
						return
					}
				}
			}
		}
	}
	return runPrint(e, v, &c.printCmd, files, printFamily[*queens.Puzzle]{
		title:      "N-Queens",
		note:       "Place N queens on each N×N board, no two on a row, column or diagonal; the queens drawn are given.",
		answerNote: "A solution of each board: the queens given in black, those placed in outline.",
		read:       read,
		errText:    func(err error) string { return err.Error() },
		where: func(file string, p *queens.Puzzle) string {
			if p.Line == 0 {
				return "N=" + strconv.Itoa(p.N)
			}
			return fmt.Sprintf("%s:%d", file, p.Line)
		},
		entry: func(ctx context.Context, where string, p *queens.Puzzle, answers bool) (printEntry, error) {
			if p.N < 4 || p.N > queensMaxPrinted {
				return printEntry{}, fmt.Errorf("a board of %d squares a side: print takes 4 to %d", p.N, queensMaxPrinted)
			}
			name := fmt.Sprintf("%d queens", p.N)
			if len(p.Queens) > 0 {
				name += fmt.Sprintf(", %d given", len(p.Queens))
			}
			if p.Name != "" {
				name = p.Name + ": " + name
			}
			ent := printEntry{name: name, puzzle: queensDrawing(p, nil), perPage: 1}
			switch {
			case p.N <= 8:
				ent.perPage = 6
			case p.N <= 12:
				ent.perPage = 4
			case p.N <= 20:
				ent.perPage = 2
			}
			if !answers {
				return ent, nil
			}
			res, err := queens.Solve(ctx, p, queens.Options{Complete: true})
			switch res.Status {
			case status.Solved, status.Unique, status.Multiple:
				a := queensDrawing(p, res.Solutions[0])
				ent.answer = &a
				return ent, nil
			case status.None:
				return ent, errors.New("the queens given cannot be completed")
			case status.Timeout:
				return ent, fmt.Errorf("no solution found in time (%v)", err)
			}
			return ent, fmt.Errorf("%s: %v", res.Status, err)
		},
	})
}

// queenPath is the page's queen (download.js): a crown on its base, in
// the C×C square at x, y.
func queenPath(x, y, c float64) string {
	pt := func(u, v float64) string { return sheet.Num(x+u*c) + " " + sheet.Num(y+v*c) }
	return "M" + pt(0.2, 0.74) + " L" + pt(0.12, 0.32) + " L" + pt(0.33, 0.52) + " L" + pt(0.5, 0.2) + " L" + pt(0.67, 0.52) +
		" L" + pt(0.88, 0.32) + " L" + pt(0.8, 0.74) + " Z M" + pt(0.2, 0.78) + " L" + pt(0.8, 0.78) + " L" + pt(0.8, 0.86) +
		" L" + pt(0.2, 0.86) + " Z"
}

// queensDrawing draws the board in the page's style: light and grey
// squares, the given queens black; with sol (the row of each column's
// queen) the others in outline (class "placed").
func queensDrawing(p *queens.Puzzle, sol []int) sheet.Item {
	n := p.N
	const C = 32.0
	var b strings.Builder
	b.WriteString(`<g class="squares">`)
	for r := range n {
		for c := range n {
			fill := "#fff"
			if (r+c)%2 == 1 {
				fill = "#d4d4d4"
			}
			fmt.Fprintf(&b, `<rect x="%s" y="%s" width="32" height="32" fill="%s"/>`, sheet.Num(C*float64(c)), sheet.Num(C*float64(r)), fill)
		}
	}
	b.WriteString("</g>\n")
	fmt.Fprintf(&b, `<rect class="frame" width="%s" height="%s" fill="none" stroke="#000" stroke-width="2"/>`, sheet.Num(C*float64(n)), sheet.Num(C*float64(n)))
	given := make(map[queens.Queen]bool, len(p.Queens))
	for _, q := range p.Queens {
		given[q] = true
		fmt.Fprintf(&b, `<path class="queen given" data-row="%d" data-col="%d" d="%s" fill="#000" stroke="#000" stroke-width="0.8"/>`,
			q.Row, q.Col, queenPath(C*float64(q.Col), C*float64(q.Row), C))
	}
	for col, row := range sol {
		if given[queens.Queen{Col: col, Row: row}] {
			continue
		}
		fmt.Fprintf(&b, `<path class="queen placed" data-row="%d" data-col="%d" d="%s" fill="#fff" stroke="#000" stroke-width="1.6"/>`,
			row, col, queenPath(C*float64(col), C*float64(row), C))
	}
	return sheet.Item{Width: C * float64(n), Height: C * float64(n), Body: b.String()}
}
