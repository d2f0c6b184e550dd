package imaging

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"testing"

	"github.com/puzzlesolvers/puzzle/internal/badinput"
)

// FuzzConvert reads any bytes as a picture and converts what it reads:
// an error or a valid puzzle of the size asked for, never a panic, and no
// picture over the pixel cap decoded.
func FuzzConvert(f *testing.F) {
	img := image.NewPaletted(image.Rect(0, 0, 12, 9), color.Palette{color.White, color.Black, color.RGBA{200, 0, 0, 255}})
	for i := range img.Pix {
		img.Pix[i] = uint8(i % 3)
	}
	var p, g, j bytes.Buffer
	png.Encode(&p, img)
	gif.Encode(&g, img, nil)
	jpeg.Encode(&j, img, nil)
	for _, b := range [][]byte{p.Bytes(), g.Bytes(), j.Bytes()} {
		f.Add(b, uint8(5), uint8(0), uint8(0))
		f.Add(b, uint8(20), uint8(3), uint8(1))
	}
	for _, c := range badinput.Images() {
		f.Add(c.Data, uint8(4), uint8(2), uint8(2))
	}
	const maxPixels = 1 << 16
	f.Fuzz(func(t *testing.T, data []byte, width, colors, mode uint8) {
		img, _, err := Decode(context.Background(), bytes.NewReader(data), "fuzz", maxPixels)
		if err != nil {
			return
		}
		if b := img.Bounds(); b.Dx()*b.Dy() > maxPixels {
			t.Fatalf("decoded %v, over the cap", b)
		}
		opt := Options{Width: 1 + int(width)%40, Colors: int(colors) % 6, Dither: mode%3 == 1}
		if mode%3 == 2 {
			opt.Threshold = float64(mode) / 255
		}
		if opt.Colors == 1 || opt.Colors > 2 && opt.Dither {
			opt.Colors = 0
		}
		if opt.Colors > 2 {
			opt.Threshold = 0
		}
		res, err := Convert(context.Background(), img, "fuzz", opt)
		if err != nil {
			return
		}
		if err := res.Puzzle.Validate(); err != nil {
			t.Fatalf("the puzzle made is not valid: %v", err)
		}
		if !res.Puzzle.Satisfies(res.Picture) || res.Picture.Width != opt.Width {
			t.Fatalf("the puzzle does not fit its %d×%d picture", res.Picture.Height, res.Picture.Width)
		}
	})
}
