// Command puzzleuser is a program outside the puzzle module that uses its
// library through the public API only, as any Go program would after
// `go get github.com/puzzlesolvers/puzzle`. It solves the puzzles of a file
// of the named family and prints one line per puzzle:
//
//	go run . sudoku ../sudoku/classic.txt
//	go run . nonogram ../nonogram/heart.txt
//	go run . sliding ../sliding/eight.txt
//	go run . queens ../queens/completion.txt
//
// The module's test (main_test.go) checks the same API, and the puzzle
// module's tests run it (internal/apitest).
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/puzzlesolvers/puzzle/nonogram"
	"github.com/puzzlesolvers/puzzle/queens"
	"github.com/puzzlesolvers/puzzle/sliding"
	"github.com/puzzlesolvers/puzzle/status"
	"github.com/puzzlesolvers/puzzle/sudoku"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: puzzleuser sudoku|nonogram|sliding|queens FILE")
		os.Exit(2)
	}
	f, err := os.Open(os.Args[2])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer f.Close()
	failed, err := solveAll(context.Background(), os.Stdout, os.Args[1], f, os.Args[2])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if failed {
		os.Exit(1)
	}
}

// solveAll solves every puzzle of r, of the given family, and writes
// "file:line: status" for each. It reports whether a puzzle was malformed
// or has no solution.
func solveAll(ctx context.Context, w io.Writer, family string, r io.Reader, file string) (failed bool, err error) {
	report := func(line int, st status.Status, err error) {
		switch {
		case err != nil:
			fmt.Fprintf(w, "%s:%d: %v: %v\n", file, line, st, err)
		default:
			fmt.Fprintf(w, "%s:%d: %v\n", file, line, st)
		}
		if st != status.Unique && st != status.Multiple && st != status.Solved {
			failed = true
		}
	}
	// A malformed puzzle is a *SyntaxError of its family, which knows its
	// line; reading goes on after it.
	syntax := func(err error) int {
		var se interface{ Position() (string, int) }
		if errors.As(err, &se) {
			_, line := se.Position()
			return line
		}
		return 0
	}
	switch family {
	case "sudoku":
		for p, err := range sudoku.NewReader(r, file).All() {
			if err != nil {
				report(syntax(err), status.Invalid, err)
				continue
			}
			res, err := sudoku.Solve(ctx, p, sudoku.Options{})
			report(p.Line, res.Status, err)
		}
	case "nonogram":
		for p, err := range nonogram.NewReader(r, file, "").All() {
			if err != nil {
				report(syntax(err), status.Invalid, err)
				continue
			}
			res, err := nonogram.Solve(ctx, p, nonogram.Options{})
			report(p.Line, res.Status, err)
		}
	case "sliding":
		for p, err := range sliding.NewReader(r, file).All() {
			if err != nil {
				report(syntax(err), status.Invalid, err)
				continue
			}
			res, err := sliding.Solve(ctx, p, sliding.Options{})
			report(p.Line, res.Status, err)
		}
	case "queens":
		for p, err := range queens.NewReader(r, file).All() {
			if err != nil {
				report(syntax(err), status.Invalid, err)
				continue
			}
			res, err := queens.Solve(ctx, p, queens.Options{Complete: true})
			report(p.Line, res.Status, err)
		}
	default:
		return false, fmt.Errorf("unknown family %q: want sudoku, nonogram, sliding or queens", family)
	}
	return failed, nil
}
