package sliding_test

import (
	"context"
	"fmt"

	"github.com/puzzlesolvers/puzzle/sliding"
)

func ExampleSolve() {
	b, err := sliding.ParseTiles([]string{"8 6 7 2 5 4 3 0 1"})
	if err != nil {
		panic(err)
	}
	res, err := sliding.Solve(context.Background(), b, sliding.Options{Heuristic: sliding.WalkingDistance})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Status, len(res.Moves), res.Optimal)
	fmt.Println(b.Check(res.Moves, sliding.BlankLast))
	// Output:
	// solved 31 true
	// <nil>
}

func ExampleBoard_Solvable() {
	swapped, _ := sliding.ParseTiles([]string{"1 2 3 4 5 6 8 7 0"})
	fmt.Println(swapped.Solvable(sliding.BlankLast))
	// On a 3×3 board the two goals reach each other.
	fmt.Println(sliding.GoalBoard(3, 3, sliding.BlankLast).Solvable(sliding.BlankFirst))
	// Output:
	// false
	// true
}

func ExampleSolve_reduce() {
	b := sliding.GoalBoard(10, 10, sliding.BlankLast)
	b.Apply(sliding.Up)
	b.Apply(sliding.Left)
	res, _ := sliding.Solve(context.Background(), b, sliding.Options{Algorithm: sliding.Reduce})
	fmt.Println(res.Status, res.Optimal, b.Check(res.Moves, sliding.BlankLast) == nil)
	// Output: solved false true
}
