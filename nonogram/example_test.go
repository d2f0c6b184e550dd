package nonogram_test

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/puzzlesolvers/puzzle/nonogram"
	"github.com/puzzlesolvers/puzzle/status"
)

// Read every puzzle of a file, solve each, and tell the bad ones by their
// file and line.
func Example() {
	// Three puzzles in the plain format ("ROWS COLS", row clues, column
	// clues): a unique one, one whose clue cannot fit, and one with two
	// pictures (the two diagonals).
	const file = `2 3
3
1
1
2
1

1 2
3
1
1

2 2
1
1
1
1
`
	rd := nonogram.NewReader(strings.NewReader(file), "three.txt", "")
	for p, err := range rd.All() {
		var se *nonogram.SyntaxError
		if errors.As(err, &se) {
			fmt.Printf("line %d: %s\n", se.Line, se.Msg)
			continue
		}
		if err != nil {
			fmt.Println(err) // the input could not be read: All stops
			return
		}
		res, err := nonogram.Solve(context.Background(), p, nonogram.Options{})
		if err != nil {
			fmt.Println(err)
			continue
		}
		switch res.Status {
		case status.Unique:
			fmt.Printf("line %d: unique\n%s", p.Line, res.Solutions[0])
		case status.Multiple:
			fmt.Printf("line %d: several pictures\n", p.Line)
		default:
			fmt.Printf("line %d: %v\n", p.Line, res.Status)
		}
	}
	// Output:
	// line 1: unique
	// ###
	// .#.
	// line 9: row 1 clue 3 needs 3 cells, the row has 2
	// line 13: several pictures
}

// A clue that cannot be right is a *SyntaxError that names its line and
// wraps a *ClueError.
func ExampleSyntaxError() {
	_, err := nonogram.Parse(strings.NewReader("2 2\n1\n1\n1 1\n1\n"))
	var ce *nonogram.ClueError
	if errors.As(err, &ce) {
		fmt.Println("clue error on line", ce.Line)
	}
	fmt.Println(err)
	// Output:
	// clue error on line 4
	// nonogram: line 4: column 1 clue 1 1 needs 3 cells, the column has 2
}

// Make the random puzzle of a seed, as 'puzzle nonogram generate' does, and
// solve it.
func ExampleRandom() {
	p, err := nonogram.Random(8, 5, 0.4, 7)
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Name)
	res, _ := nonogram.Solve(context.Background(), p, nonogram.Options{})
	fmt.Println(res.Status, p.Satisfies(p.Goal))
	// Output:
	// random 5×8, density 0.4, seed 7
	// multiple true
}
