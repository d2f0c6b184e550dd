package nonogram_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/puzzlesolvers/puzzle/nonogram"
)

// A 2×2 grid with one cell in each row and column: either diagonal: one hint makes
// the first picture the only one, and so does flipping a cell.
func ExampleUniqueHints() {
	p, err := nonogram.Parse(strings.NewReader("2 2\n1\n1\n1\n1\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx := context.Background()
	h, err := nonogram.UniqueHints(ctx, p, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	res, _ := nonogram.Solve(ctx, p, nonogram.Options{Limit: 1})
	picture := res.Solutions[0]
	for _, i := range h.Cells {
		fmt.Printf("hint r%dc%d filled %v (fewest %v)\n", i/2+1, i%2+1, picture.Cells[i], h.Exact)
	}
	check, _ := nonogram.Solve(ctx, p, nonogram.Options{Fixed: h.Fixed})
	fmt.Println("with the hint:", check.Status)
	edits, err := nonogram.UniqueEdits(ctx, picture, 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range edits {
		fmt.Println("flip", e.Cells, "line-solvable", e.LineSolvable)
	}
	// Output:
	// hint r1c1 filled true (fewest true)
	// with the hint: unique
	// flip [0] line-solvable true
	// flip [1] line-solvable true
}
