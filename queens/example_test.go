package queens_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/puzzlesolvers/puzzle/queens"
	"github.com/puzzlesolvers/puzzle/status"
)

func ExampleCount() {
	c, err := queens.Count(context.Background(), 8, queens.CountOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Println(c.Solutions, "solutions,", c.Fundamental, "fundamental")
	// Output: 92 solutions, 12 fundamental
}

func ExampleSolve() {
	// The 5×5 board with the queen of column 0 on row 3.
	p := &queens.Puzzle{N: 5, Queens: []queens.Queen{{Col: 0, Row: 3}}}
	res, err := queens.Solve(context.Background(), p, queens.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Status == status.Multiple, res.Count)
	for _, rows := range res.Solutions {
		fmt.Println(rows)
	}
	queens.Draw(os.Stdout, res.Solutions[0])
	// Output:
	// true 2
	// [3 0 2 4 1]
	// [3 1 4 2 0]
	// - Q - - -
	// - - - - Q
	// - - Q - -
	// Q - - - -
	// - - - Q -
}

// Puzzles are read with a Reader; the completion search extends the queens
// given to a solution, or proves that none exists.
func ExampleReader_All() {
	const text = `# the six queens board has four solutions
n 6
1:3

n 6
0:0   # no solution has a queen in the corner

n 1000
0:0, 1:2
`
	for p, err := range queens.NewReader(strings.NewReader(text), "puzzles.txt").All() {
		if err != nil {
			panic(err)
		}
		res, err := queens.Solve(context.Background(), p, queens.Options{Complete: true})
		if err != nil {
			panic(err)
		}
		fmt.Printf("line %d: n=%d, %d given: %v, solution checked: %v\n", p.Line, p.N, len(p.Queens), res.Status,
			res.Status == status.Solved && queens.Verify(res.Solutions[0]) == nil)
	}
	// Output:
	// line 2: n=6, 1 given: solved, solution checked: true
	// line 5: n=6, 1 given: none, solution checked: false
	// line 8: n=1000, 2 given: solved, solution checked: true
}

func ExampleSyntaxError() {
	_, err := queens.Parse(strings.NewReader("n 8\n0:3\n9:1\n"))
	var se *queens.SyntaxError
	if errors.As(err, &se) {
		fmt.Println(se.Line, se.Msg)
	}
	fmt.Println(err)
	// Output:
	// 3 queen 9:1 is off the 8×8 board
	// queens: line 3: queen 9:1 is off the 8×8 board
}

func ExampleOne() {
	rows, _ := queens.One(10_000_000)
	fmt.Println(queens.Verify(rows))
	// Output: <nil>
}

func ExampleDominate() {
	d, _ := queens.Dominate(context.Background(), 8, queens.DominateOptions{})
	fmt.Println(d.Size, queens.VerifyDomination(8, d.Queens, false))
	// Output: 5 <nil>
}

func ExampleMerge() {
	var parts []queens.Counts
	for i := 1; i <= 3; i++ {
		c, _ := queens.Count(context.Background(), 10, queens.CountOptions{Shard: i, Shards: 3})
		parts = append(parts, c)
	}
	sum, err := queens.Merge(parts)
	fmt.Println(sum.Solutions, sum.Fundamental, err)
	_, err = queens.Merge(parts[1:])
	fmt.Println(err)
	// Output:
	// 724 92 <nil>
	// queens: shard 1/3 missing
}

func ExampleMinConflicts() {
	rows, _, err := queens.MinConflicts(context.Background(), 1000, 7)
	fmt.Println(len(rows), err, queens.Verify(rows))
	// Output: 1000 <nil> <nil>
}
