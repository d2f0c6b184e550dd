package nonogram_test

import (
	"errors"
	"fmt"
	"io"
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
	fmt.Println("first row:", nonogram.FormatClue(p.Rows[0]))
	fmt.Println("second column:", nonogram.FormatClue(p.Cols[1]))
	// Output:
	// 3 rows, 4 columns
	// first row: 2 1
	// second column: 1 1
}

func ExampleReader() {
	// Two grids in picross-solver's format; the first one's clues
	// cannot fit, and the reader goes on with the second.
	const text = `GRID Too wide
ROWS
[ 1 1 ]
COLUMNS
[ 1 ]
[ 1 ]

GRID Fine
ROWS
[ 2 ]
COLUMNS
[ 1 ]
[ 1 ]
`
	rd := nonogram.NewReader(strings.NewReader(text), "grids.txt", "")
	for {
		p, err := rd.Next()
		if err == io.EOF {
			break
		}
		var ce *nonogram.ClueError
		if errors.As(err, &ce) {
			fmt.Println(err)
			continue
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s: %s puzzle %q, %d×%d\n", p.File, rd.Format(), p.Name, p.Height(), p.Width())
	}
	// Output:
	// nonogram: grids.txt:3: grid "Too wide": row 1 clue 1 1 needs 3 cells, the row has 2
	// grids.txt: picross puzzle "Fine", 1×2
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
