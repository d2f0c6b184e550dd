package record

import (
	"errors"
	"fmt"
	"io"

	"github.com/puzzlesolvers/puzzle/sudoku"
)

// SudokuIntended is the solution an author means for a puzzle: the one
// whose digits `sudoku solve --suggest --intended FILE` (intended= on the
// web) gives as the givens to add.
type SudokuIntended struct {
	// File and Line say where the grid was read, for errors.
	File string
	Line int
	Box  int
	// Cells is the complete grid, row-major, digits from 1.
	Cells []uint8
}

// ReadSudokuIntended reads the one complete grid of r, named file, in any
// layout sudoku.Reader reads. The grid is refused, with an error naming
// file and line (a *sudoku.SyntaxError), when it is malformed, breaks the
// rules (a digit twice in a unit), has an empty cell, or is followed by
// another grid; a file without a grid is refused too.
func ReadSudokuIntended(r io.Reader, file string) (*SudokuIntended, error) {
	rd := sudoku.NewReader(r, file)
	p, err := rd.Next()
	switch {
	case errors.Is(err, io.EOF):
		return nil, &sudoku.SyntaxError{File: file, Line: 1, Msg: "no grid: the intended solution is one complete grid"}
	case err != nil:
		return nil, err
	}
	n := p.Size()
	if empty := n*n - p.Givens(); empty > 0 {
		first := 0
		for p.Cells[first] != 0 {
			first++
		}
		return nil, &sudoku.SyntaxError{File: file, Line: p.Line, Msg: fmt.Sprintf(
			"the intended solution has %d empty %s (the first r%dc%d): give a complete grid",
			empty, map[bool]string{true: "cell", false: "cells"}[empty == 1], first/n+1, first%n+1)}
	}
	if q, err := rd.Next(); !errors.Is(err, io.EOF) {
		line := 0
		if q != nil {
			line = q.Line
		}
		var se *sudoku.SyntaxError
		if errors.As(err, &se) {
			line = se.Line
		}
		return nil, &sudoku.SyntaxError{File: file, Line: line, Msg: fmt.Sprintf(
			"another grid after the one at line %d: the intended solution is one grid", p.Line)}
	}
	return &SudokuIntended{File: file, Line: p.Line, Box: p.Box, Cells: p.Cells}, nil
}

// mismatch says why the intended grid is not a solution of p, read from
// file, or returns nil: the error names the grid's file and line, then
// the puzzle's. A grid that ReadSudokuIntended accepted keeps the
// rules, so it is a solution exactly when it has p's size and agrees with
// every given.
func (in *SudokuIntended) mismatch(file string, p *sudoku.Puzzle) error {
	where := fmt.Sprintf("%s:%d", file, p.Line)
	n := p.Size()
	if in.Box != p.Box {
		m := in.Box * in.Box
		return fmt.Errorf("%s:%d: the intended solution is %d×%d, the puzzle at %s %d×%d", in.File, in.Line, m, m, where, n, n)
	}
	var differ []string
	first := -1
	for i, g := range p.Cells {
		if g != 0 && g != in.Cells[i] {
			if first < 0 {
				first = i
			}
			differ = append(differ, fmt.Sprintf("r%dc%d", i/n+1, i%n+1))
		}
	}
	if first < 0 {
		return nil
	}
	return fmt.Errorf("%s:%d: the intended solution is not a solution of the givens at %s: it differs from %d %s (%s); r%dc%d is %d where the given is %d",
		in.File, in.Line, where, len(differ), map[bool]string{true: "given", false: "givens"}[len(differ) == 1], joinCells(differ),
		first/n+1, first%n+1, in.Cells[first], p.Cells[first])
}

// joinCells lists cells, the first ten and how many more.
func joinCells(cells []string) string {
	s := ""
	for i, c := range cells {
		if i == 10 {
			return s + fmt.Sprintf(" and %d more", len(cells)-10)
		}
		if i > 0 {
			s += " "
		}
		s += c
	}
	return s
}
