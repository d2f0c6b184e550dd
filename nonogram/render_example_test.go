package nonogram_test

import (
	"os"

	"github.com/puzzlesolvers/puzzle/nonogram"
)

func ExampleRenderText() {
	rows := []string{
		".#.#.",
		"#####",
		"#####",
		".###.",
		"..#..",
	}
	g := nonogram.NewGrid(5, 5)
	for r, row := range rows {
		for c := range row {
			g.Set(r, c, row[c] == '#')
		}
	}
	p := g.Clues()
	if err := nonogram.RenderText(os.Stdout, p, nonogram.BoardOf(g), nonogram.RenderOptions{}); err != nil {
		panic(err)
	}
	// Output:
	//     | 2 4 4 4 2
	// ----+----------
	// 1 1 | . # . # .
	//   5 | # # # # #
	//   5 | # # # # #
	//   3 | . # # # .
	//   1 | . . # . .
}

// A partly solved board: '?' marks the cells not known yet.
func ExampleRenderText_partial() {
	p := &nonogram.Puzzle{
		Rows: [][]int{{3}, {1, 1}, {}, {12}},
		Cols: [][]int{{1, 1}, {1, 1}, {2, 1}, {1}, {1}, {1}, {1}, {1}, {1}, {1, 1}, {1}, {1}},
	}
	state := map[rune]nonogram.Cell{'?': nonogram.Unknown, '.': nonogram.Empty, '#': nonogram.Filled}
	b := &nonogram.Board{Width: 12, Height: 4}
	for _, row := range []string{
		"?##?????????",
		"..#???????..",
		"............",
		"############",
	} {
		for _, ch := range row {
			b.Cells = append(b.Cells, state[ch])
		}
	}
	if err := nonogram.RenderText(os.Stdout, p, b, nonogram.RenderOptions{}); err != nil {
		panic(err)
	}
	// Output:
	//     | 1 1 2               1
	//     | 1 1 1 1 1   1 1 1 1 1   1 1
	// ----+-----------+-----------+----
	//   3 | ? # # ? ? | ? ? ? ? ? | ? ?
	// 1 1 | . . # ? ? | ? ? ? ? ? | . .
	//   0 | . . . . . | . . . . . | . .
	//  12 | # # # # # | # # # # # | # #
}
