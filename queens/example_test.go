package queens_test

import (
	"context"
	"fmt"
	"os"

	"github.com/puzzlesolvers/puzzle/queens"
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
	res, _ := queens.Solve(context.Background(), 5, queens.SolveOptions{FixFirstRow: true, FirstRow: 3})
	for _, rows := range res.Solutions {
		fmt.Println(rows)
	}
	queens.Draw(os.Stdout, res.Solutions[0])
	// Output:
	// [3 0 2 4 1]
	// [3 1 4 2 0]
	// - Q - - -
	// - - - - Q
	// - - Q - -
	// Q - - - -
	// - - - Q -
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

func ExampleComplete() {
	res, _ := queens.Complete(context.Background(), 8, []queens.Queen{{Col: 0, Row: 0}, {Col: 1, Row: 4}})
	fmt.Println(res.Status, res.Solutions)
	// Output: solved [[0 4 7 5 2 6 1 3]]
}

func ExampleMerge() {
	var parts []queens.Counts
	for i := 1; i <= 3; i++ {
		c, _ := queens.Count(context.Background(), 10, queens.CountOptions{Shard: i, Shards: 3})
		parts = append(parts, c)
	}
	sum, err := queens.Merge(parts)
	fmt.Println(sum.Solutions, sum.Fundamental, err)
	// Output: 724 92 <nil>
}

func ExampleMinConflicts() {
	rows, _, err := queens.MinConflicts(context.Background(), 1000, 7)
	fmt.Println(len(rows), err, queens.Verify(rows))
	// Output: 1000 <nil> <nil>
}
