package nonogram_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/puzzlesolvers/puzzle/nonogram"
)

func ExampleParse() {
	// A 3×4 picture in the plain format: "ROWS COLS", the row clues, then
	// the column clues; "0" is an empty line.
	const text = `3 4
2 1
0
3
1
1 1
1
1 1
`
	p, err := nonogram.Parse(strings.NewReader(text))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Height(), "rows,", p.Width(), "columns")
	fmt.Println("first row:", p.Rows[0])
	fmt.Println("second column:", p.Cols[1])
	// Output:
	// 3 rows, 4 columns
	// first row: [2 1]
	// second column: [1 1]
}

func ExamplePuzzle_Format() {
	g := nonogram.NewGrid(3, 2)
	g.Set(0, 0, true)
	g.Set(0, 1, true)
	g.Set(1, 2, true)
	p := g.Clues()
	p.Name = "Tiny"
	p.Goal = g
	if err := p.Format(os.Stdout, nonogram.FormatNON); err != nil {
		fmt.Println(err)
	}
	// Output:
	// title "Tiny"
	// width 3
	// height 2
	//
	// rows
	// 2
	// 1
	//
	// columns
	// 1
	// 1
	// 1
	//
	// goal "110001"
}
