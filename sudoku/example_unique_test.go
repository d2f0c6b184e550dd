package sudoku_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/puzzlesolvers/puzzle/sudoku"
)

// A draft with several solutions: the fewest givens that make the first
// solution found the only one, and then the givens the result could lose.
func ExampleUniqueGivens() {
	draft := "....2.6.....3.5..1..18.64....81.29..........8..67.82....26.95..8..2.3..9....1.3.."
	p, err := sudoku.Parse(strings.NewReader(draft))
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx := context.Background()
	g, err := sudoku.UniqueGivens(ctx, p, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	res, _ := sudoku.Solve(ctx, p, sudoku.Options{Limit: 1})
	for _, c := range g.Cells {
		fmt.Printf("give %v = %d\n", c, res.Solutions[0][c.Row*9+c.Col])
		p.Cells[c.Row*9+c.Col] = res.Solutions[0][c.Row*9+c.Col]
	}
	fmt.Println("fewest:", g.Exact)
	removable, err := sudoku.Removable(ctx, p)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("removable:", removable)
	// Output:
	// give r1c1 = 7
	// give r5c1 = 3
	// give r6c5 = 5
	// fewest: true
	// removable: [r2c6 r2c9 r3c4 r3c7 r4c3 r4c4 r4c7 r6c4 r6c6 r6c7 r7c4 r8c4 r8c6 r9c5 r9c7]
}
