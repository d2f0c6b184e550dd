package sudoku_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/puzzlesolvers/puzzle/status"
	"github.com/puzzlesolvers/puzzle/sudoku"
)

func ExampleSolve() {
	p, err := sudoku.Parse(strings.NewReader(
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"))
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := sudoku.Solve(context.Background(), p, sudoku.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	if res.Status != status.Unique {
		fmt.Println("not unique:", res.Status)
		return
	}
	fmt.Println(res.Status)
	solved := &sudoku.Puzzle{Box: p.Box, Cells: res.Solutions[0]}
	solved.Format(os.Stdout, sudoku.FormatPretty)
	// Output:
	// unique
	// 5 3 4 | 6 7 8 | 9 1 2
	// 6 7 2 | 1 9 5 | 3 4 8
	// 1 9 8 | 3 4 2 | 5 6 7
	// ------+-------+------
	// 8 5 9 | 7 6 1 | 4 2 3
	// 4 2 6 | 8 5 3 | 7 9 1
	// 7 1 3 | 9 2 4 | 8 5 6
	// ------+-------+------
	// 9 6 1 | 5 3 7 | 2 8 4
	// 2 8 7 | 4 1 9 | 6 3 5
	// 3 4 5 | 2 8 6 | 1 7 9
}

func ExampleReader() {
	input := `# a file may mix layouts
Grid 01
003020600
900305001
001806400
008102900
700000008
006708200
002609500
800203009
005010300
1.3.
..1.
`
	rd := sudoku.NewReader(strings.NewReader(input), "puzzles.txt")
	for {
		p, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err) // a malformed puzzle; reading goes on
			continue
		}
		fmt.Printf("line %d: %d×%d, %d givens\n", p.Line, p.Size(), p.Size(), p.Givens())
	}
	// Output:
	// line 2: 9×9, 32 givens
	// sudoku: puzzles.txt:13: grid ends after 2 rows, want 4
}

// All reads every puzzle of a file: a malformed one gives its
// *SyntaxError, which wraps the cause (a digit given twice is a
// *ConflictError), and reading goes on.
func ExampleReader_All() {
	input := `1.3...1...4.2...
11..............
# a solved grid needs no search
1234341221434321
`
	for p, err := range sudoku.NewReader(strings.NewReader(input), "puzzles.txt").All() {
		if err != nil {
			var se *sudoku.SyntaxError
			var conflict *sudoku.ConflictError
			if errors.As(err, &se) && errors.As(err, &conflict) {
				file, line := se.Position()
				fmt.Printf("%s:%d: digit %d twice in %s\n", file, line, conflict.Digit, conflict.Unit)
			}
			continue
		}
		res, err := sudoku.Solve(context.Background(), p, sudoku.Options{})
		if err != nil {
			fmt.Println(err)
			continue
		}
		switch res.Status {
		case status.Unique:
			fmt.Printf("line %d: unique, %d search nodes\n", p.Line, res.Stats.Nodes)
		case status.Multiple, status.None:
			fmt.Printf("line %d: %v\n", p.Line, res.Status)
		}
	}
	// Output:
	// line 1: none
	// puzzles.txt:2: digit 1 twice in row 1
	// line 4: unique, 0 search nodes
}

// SolveInto and ReusePuzzle solve a file of 9×9 puzzles without an
// allocation per puzzle: the reader overwrites one puzzle, and each solve
// writes its solutions over the grids of the one before.
func ExampleSolveInto() {
	input := `53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
.................................................................................
`
	rd := sudoku.NewReader(strings.NewReader(input), "puzzles.txt")
	rd.ReusePuzzle = true // each puzzle is done with before the next is read
	res := sudoku.Result{Solutions: [][]uint8{make([]uint8, 81), make([]uint8, 81)}}
	for p, err := range rd.All() {
		if err != nil {
			fmt.Println(err)
			continue
		}
		if err := sudoku.SolveInto(context.Background(), p, sudoku.Options{}, &res); err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("line %d: %v, first row %v\n", p.Line, res.Status, res.Solutions[0][:9])
	}
	// Output:
	// line 1: unique, first row [5 3 4 6 7 8 9 1 2]
	// line 2: multiple, first row [1 2 3 4 5 6 7 8 9]
}

func ExamplePuzzle_Format() {
	p, _ := sudoku.Parse(strings.NewReader("1.3...1...4.2..."))
	p.Format(os.Stdout, sudoku.FormatGrid)
	// Output:
	// 1 0 3 0
	// 0 0 1 0
	// 0 0 4 0
	// 2 0 0 0
}
