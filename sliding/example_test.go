package sliding_test

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/puzzlesolvers/puzzle/sliding"
	"github.com/puzzlesolvers/puzzle/status"
)

func ExampleSolve() {
	p, err := sliding.Parse(strings.NewReader("8 6 7 2 5 4 3 0 1"))
	if err != nil {
		panic(err)
	}
	res, err := sliding.Solve(context.Background(), p, sliding.Options{Heuristic: sliding.WalkingDistance})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Status == status.Solved, len(res.Moves), res.Optimal)
	fmt.Println(p.Board.Check(res.Moves, p.Goal))
	// Output:
	// true 31 true
	// <nil>
}

// A file holds boards one per line, or row by row with empty lines
// between boards. The reader goes on past a bad board; a board whose tiles
// have the wrong parity has no solution.
func ExampleReader_All() {
	const file = `# three boards and a bad one
1 2 3 4 5 6 7 0 8
2 1 3 4 5 6 7 8 0
1 2 3 4 5 5 7 8 0

1 2 3
4 5 6
0 7 8
`
	r := sliding.NewReader(strings.NewReader(file), "boards.txt")
	for p, err := range r.All() {
		var se *sliding.SyntaxError
		if errors.As(err, &se) {
			fmt.Printf("line %d: %s\n", se.Line, se.Msg)
			continue
		}
		res, err := sliding.Solve(context.Background(), p, sliding.Options{})
		switch {
		case err != nil:
			fmt.Println(err)
		case res.Status == status.None:
			fmt.Printf("line %d: no solution (%s)\n", p.Line, res.Reason[:strings.Index(res.Reason, ":")])
		case res.Status == status.Solved:
			fmt.Printf("line %d: %s, %d moves: %s\n", p.Line, p.Board.Line(), len(res.Moves), res.Moves)
		}
	}
	// Output:
	// line 2: 1 2 3 4 5 6 7 0 8, 1 moves: R
	// line 3: no solution (parity)
	// line 4: tile 5 appears twice
	// line 6: 1 2 3 4 5 6 0 7 8, 2 moves: RR
}

func ExampleBoard_Solvable() {
	swapped, _ := sliding.Parse(strings.NewReader("1 2 3 4 5 6 8 7 0"))
	fmt.Println(swapped.Board.Solvable(sliding.BlankLast))
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
	res, _ := sliding.Solve(context.Background(), &sliding.Puzzle{Board: b}, sliding.Options{Algorithm: sliding.Reduce})
	fmt.Println(res.Status, res.Optimal, b.Check(res.Moves, sliding.BlankLast) == nil)
	// Output: solved false true
}

func ExampleHeuristic_Fits() {
	h, err := sliding.ParseHeuristic("pdb-78")
	if err != nil {
		panic(err)
	}
	fmt.Println(h.Fits(4, 4))
	fmt.Println(h.Fits(3, 3))
	_, err = sliding.ParseHeuristic("manhattan+euclid")
	fmt.Println(err != nil)
	// Output:
	// <nil>
	// sliding: pdb-78 is for 4×4 boards, not 3×3
	// true
}

// One IDA* iteration searched as waves of two shards, each shard a call
// (on a cluster, a process), merged: the solution and the node counts of
// the search in one piece.
func ExampleSolveWave() {
	p, err := sliding.Parse(strings.NewReader("0 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15")) // Korf's #79
	if err != nil {
		panic(err)
	}
	p.Goal = sliding.BlankFirst
	store := &sliding.Store{} // in memory: the tables are built here
	whole, err := sliding.Solve(context.Background(), p, sliding.Options{Heuristic: sliding.PDB555, Store: store})
	if err != nil {
		panic(err)
	}
	var generated int64
	var sizes map[string]int64
	for bound := 0; ; {
		var shards []sliding.WaveResult
		for i := 1; i <= 2; i++ {
			res, err := sliding.SolveWave(context.Background(), p, sliding.WaveOptions{Heuristic: sliding.PDB555, Store: store,
				Bound: bound, Shard: i, Shards: 2, Sizes: sizes})
			if err != nil {
				panic(err)
			}
			shards = append(shards, res)
		}
		m, err := sliding.MergeWave(shards)
		if err != nil {
			panic(err)
		}
		generated += m.Generated
		if m.Found {
			fmt.Println(len(m.Moves), m.Moves.String() == whole.Moves.String(), generated == whole.Stats.Generated)
			break
		}
		bound, sizes = m.Next, m.Sizes
	}
	// Output:
	// 42 true true
}
