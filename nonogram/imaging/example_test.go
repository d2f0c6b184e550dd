package imaging_test

import (
	"context"
	"fmt"
	"image"
	"image/color"

	"github.com/puzzlesolvers/puzzle/nonogram/imaging"
)

// A 40×20 picture of a dark disc on white (rows 3 to 17), made a
// 10-column puzzle: the height keeps the aspect ratio, each cell averages
// 4×4 pixels, and Otsu's method picks the threshold: the bottom row's
// cells half covered by the disc are filled, the top row's quarter
// covered ones are not.
func ExampleConvert() {
	img := image.NewGray(image.Rect(0, 0, 40, 20))
	for y := range 20 {
		for x := range 40 {
			img.SetGray(x, y, color.Gray{Y: 240})
			if (x-20)*(x-20)+(y-10)*(y-10) < 64 {
				img.SetGray(x, y, color.Gray{Y: 20})
			}
		}
	}
	res, err := imaging.Convert(context.Background(), img, "disc.png", imaging.Options{Width: 10})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Method, res.Picture.Width, res.Picture.Height)
	fmt.Print(res.Picture)
	fmt.Println(res.Puzzle.Rows, res.Puzzle.Cols)
	// Output:
	// otsu 10 5
	// ..........
	// ...####...
	// ...####...
	// ...####...
	// ....##....
	// [[] [4] [4] [4] [2]] [[] [] [] [3] [4] [4] [3] [] [] []]
}
