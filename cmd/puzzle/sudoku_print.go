package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/puzzlesolvers/puzzle/internal/sheet"
	"github.com/puzzlesolvers/puzzle/status"
	"github.com/puzzlesolvers/puzzle/sudoku"
)

var sudokuPrintUsage = printUsage("sudoku", "[--timeout D] [files|-]",
	`Each grid is printed with its givens; the answer pages show the whole
solution, the givens in bold. A puzzle with several solutions is printed
with one of them (stderr says so).
`, `	puzzle sudoku print -o sheet.pdf puzzles.txt
	puzzle sudoku print --per-page 6 --paper letter -o sheet.svg puzzles.txt
	puzzle sudoku generate --count 8 --difficulty hard | puzzle sudoku print -o hard.pdf
`)

type sudokuPrintCmd struct{ printCmd }

func (c *sudokuPrintCmd) define(fs *flag.FlagSet) { c.printCmd.define(fs) }

func (c *sudokuPrintCmd) run(e *env, v *verb, files []string) int {
	return runPrint(e, v, &c.printCmd, files, printFamily[*sudoku.Puzzle]{
		title:      "Sudoku",
		note:       "Fill every row, column and box with each symbol once.",
		answerNote: "The solutions, numbered as the puzzles; the givens in bold.",
		read:       sudokuRead,
		errText:    sudokuErrText,
		where:      func(file string, p *sudoku.Puzzle) string { return fmt.Sprintf("%s:%d", file, p.Line) },
		entry: func(ctx context.Context, where string, p *sudoku.Puzzle, answers bool) (printEntry, error) {
			n := p.Size()
			ent := printEntry{name: p.Name, puzzle: sudokuDrawing(p, nil), perPage: 1}
			switch {
			case n <= 4:
				ent.perPage = 6
			case n <= 9:
				ent.perPage = 4
			}
			if !answers {
				return ent, p.Validate()
			}
			res, err := sudoku.Solve(ctx, p, sudoku.Options{})
			switch res.Status {
			case status.Unique, status.Multiple:
				if res.Status == status.Multiple {
					e.errorf("sudoku print: %s: several solutions; the answer page shows one", where)
					ent.answerNote = "one of several solutions"
				}
				a := sudokuDrawing(p, res.Solutions[0])
				ent.answer = &a
				return ent, nil
			case status.None:
				return ent, errors.New("no solution")
			case status.Timeout:
				return ent, fmt.Errorf("no solution found in time (%v)", err)
			}
			return ent, fmt.Errorf("%s: %v", res.Status, err)
		},
	})
}

// sudokuSymbol is the symbol of value v as the page shows it: 1-9, then
// A-Z, then the number itself.
func sudokuSymbol(v int) string {
	switch {
	case v <= 9:
		return strconv.Itoa(v)
	case v <= 35:
		return string(rune('A' + v - 10))
	}
	return strconv.Itoa(v)
}

// sudokuDrawing draws a grid in the page's style (download.js): the
// givens in bold, and with sol the other cells' values in regular weight
// (class "solved").
func sudokuDrawing(p *sudoku.Puzzle, sol []uint8) sheet.Item {
	n, box := p.Size(), p.Box
	const C = 40.0
	fs := C * 0.56
	if n > 35 {
		fs = C * 0.42 // two digits
	}
	var b strings.Builder
	b.WriteString(`<g class="cells" fill="#fff" stroke="#000" stroke-width="0.6">`)
	for i := range n * n {
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="40" height="40"/>`, int(C)*(i%n), int(C)*(i/n))
	}
	b.WriteString("</g>\n")
	fmt.Fprintf(&b, `<g class="digits" font-size="%s" text-anchor="middle" fill="#000">`, sheet.Num(fs))
	for i, g := range p.Cells {
		x, y := C*float64(i%n)+C/2, C*float64(i/n)+C/2+0.35*fs
		switch {
		case g != 0:
			fmt.Fprintf(&b, `<text class="given" x="%s" y="%s" font-weight="bold">%s</text>`, sheet.Num(x), sheet.Num(y), sudokuSymbol(int(g)))
		case sol != nil:
			fmt.Fprintf(&b, `<text class="solved" x="%s" y="%s">%s</text>`, sheet.Num(x), sheet.Num(y), sudokuSymbol(int(sol[i])))
		}
	}
	b.WriteString("</g>\n")
	b.WriteString(`<g class="rules" stroke="#000">`)
	for k := 0; k <= box; k++ {
		at := float64(k*box) * C
		w := 2.0
		if k == 0 || k == box {
			w = 3
		}
		fmt.Fprintf(&b, `<line x1="%s" y1="0" x2="%s" y2="%s" stroke-width="%s"/>`, sheet.Num(at), sheet.Num(at), sheet.Num(C*float64(n)), sheet.Num(w))
		fmt.Fprintf(&b, `<line x1="0" y1="%s" x2="%s" y2="%s" stroke-width="%s"/>`, sheet.Num(at), sheet.Num(C*float64(n)), sheet.Num(at), sheet.Num(w))
	}
	b.WriteString("</g>")
	return sheet.Item{Width: C * float64(n), Height: C * float64(n), Body: b.String()}
}
