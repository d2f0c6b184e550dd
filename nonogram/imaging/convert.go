package imaging

import (
	"cmp"
	"context"
	"fmt"
	"image"
	"slices"

	"github.com/puzzlesolvers/puzzle/nonogram"
)

// MaxColors bounds Options.Colors: the colours of a picture, background
// included.
const MaxColors = 32

// Options say how to convert a picture.
type Options struct {
	// Width is the number of columns, from 1 to nonogram.MaxSide.
	Width int
	// Height is the number of rows; 0 keeps the picture's aspect ratio.
	Height int
	// Colors is the number of colours, background included: 0 or 2 for
	// black and white, 3 to MaxColors for a colour puzzle.
	Colors int
	// Threshold, in black and white, fills the cells whose luma (0 black,
	// 1 white) is below it; 0 chooses it by Otsu's method. It must lie in
	// 0..1.
	Threshold float64
	// Dither fills cells by Floyd–Steinberg error diffusion instead of a
	// threshold (black and white only).
	Dither bool
}

// Method names how a picture was made black and white or coloured, as the
// records say it.
const (
	MethodOtsu      = "otsu"
	MethodThreshold = "threshold"
	MethodDither    = "dither"
	MethodMedianCut = "median-cut"
)

// Result is a picture converted to a nonogram.
type Result struct {
	// Puzzle has the clues of Picture, which is also its Goal; a colour
	// puzzle has a palette, background first.
	Puzzle  *nonogram.Puzzle
	Picture *nonogram.Grid
	// Method is MethodOtsu, MethodThreshold, MethodDither or
	// MethodMedianCut; Threshold is the luma threshold used by the first
	// two.
	Method    string
	Threshold float64
}

// Size returns the grid size for a picture of w × h pixels: opt's, with
// the height that keeps the aspect ratio when opt.Height is 0. It checks
// the sizes.
func (opt Options) Size(w, h int) (width, height int, err error) {
	width, height = opt.Width, opt.Height
	if width < 1 || width > nonogram.MaxSide {
		return 0, 0, fmt.Errorf("width %d: must be from 1 to %d", width, nonogram.MaxSide)
	}
	if height == 0 {
		height = max(1, int(float64(width)*float64(h)/float64(w)+0.5))
		if height > nonogram.MaxSide {
			return 0, 0, fmt.Errorf("a %d×%d picture %d cells wide would be %d cells high, more than %d: give a smaller width or a height",
				w, h, width, height, nonogram.MaxSide)
		}
	}
	if height < 1 || height > nonogram.MaxSide {
		return 0, 0, fmt.Errorf("height %d: must be from 1 to %d", height, nonogram.MaxSide)
	}
	return width, height, nil
}

// Check checks the options that do not depend on the picture.
func (opt Options) Check() error {
	switch {
	case opt.Width < 1 || opt.Width > nonogram.MaxSide:
		return fmt.Errorf("width %d: must be from 1 to %d", opt.Width, nonogram.MaxSide)
	case opt.Height < 0 || opt.Height > nonogram.MaxSide:
		return fmt.Errorf("height %d: must be from 1 to %d (0 keeps the aspect ratio)", opt.Height, nonogram.MaxSide)
	case opt.Colors < 0 || opt.Colors == 1 || opt.Colors > MaxColors:
		return fmt.Errorf("%d colours: must be from 2 to %d, background included", opt.Colors, MaxColors)
	case !(opt.Threshold >= 0 && opt.Threshold <= 1):
		return fmt.Errorf("threshold %v: must be from 0 to 1 (0 chooses it by Otsu's method)", opt.Threshold)
	case opt.Colors > 2 && (opt.Dither || opt.Threshold > 0):
		return fmt.Errorf("a threshold or dithering makes black and white pictures, not %d colours", opt.Colors)
	case opt.Dither && opt.Threshold > 0:
		return fmt.Errorf("a threshold or dithering, not both")
	}
	return nil
}

// Convert scales img to the grid and makes it black and white, or reduces
// it to opt.Colors colours, as the package comment says, and returns the
// picture and its puzzle. file names the picture in errors and is the
// puzzle's File. It stops with ctx's error when ctx ends.
func Convert(ctx context.Context, img image.Image, file string, opt Options) (*Result, error) {
	fail := func(err error) (*Result, error) { return nil, &Error{File: file, Msg: err.Error(), Err: err} }
	if err := opt.Check(); err != nil {
		return fail(err)
	}
	b := img.Bounds()
	if b.Empty() {
		return fail(fmt.Errorf("the picture is %d×%d pixels: it has none", b.Dx(), b.Dy()))
	}
	w, h, err := opt.Size(b.Dx(), b.Dy())
	if err != nil {
		return fail(err)
	}
	ra, err := Scale(ctx, img, w, h)
	if err != nil {
		return nil, err
	}
	res := &Result{}
	if opt.Colors > 2 {
		g, palette, err := quantized(ctx, ra, opt.Colors)
		if err != nil {
			return nil, err
		}
		if len(palette) < 2 {
			return fail(fmt.Errorf("the picture scaled to %d×%d has one colour: a colour puzzle needs two", h, w))
		}
		res.Picture, res.Method = g, MethodMedianCut
		res.Puzzle = g.ColorClues(palette)
	} else {
		lum := ra.Luma()
		var filled []bool
		switch {
		case opt.Dither:
			res.Method = MethodDither
			filled = Dither(lum, w, h)
		default:
			res.Method, res.Threshold = MethodThreshold, opt.Threshold
			if opt.Threshold == 0 {
				res.Method, res.Threshold = MethodOtsu, Otsu(lum)
			}
			filled = make([]bool, len(lum))
			for i, v := range lum {
				filled[i] = v < res.Threshold
			}
		}
		res.Picture = &nonogram.Grid{Width: w, Height: h, Cells: filled}
		res.Puzzle = res.Picture.Clues()
	}
	res.Puzzle.Goal, res.Puzzle.File, res.Puzzle.Line = res.Picture, file, 1
	return res, nil
}

// quantized reduces the cells of ra to at most k colours: the picture and
// its palette, the lightest colour first (the background), then the others
// by how many cells they colour, most first. Colours no cell takes are left
// out.
func quantized(ctx context.Context, ra *Raster, k int) (*nonogram.Grid, []nonogram.Color, error) {
	pal, err := Quantize(ctx, ra, k)
	if err != nil {
		return nil, nil, err
	}
	n := ra.Width * ra.Height
	index := make([]int, n)
	count := make([]int, len(pal))
	for i := range n {
		index[i] = Nearest(pal, ra.Pix[3*i], ra.Pix[3*i+1], ra.Pix[3*i+2])
		count[index[i]]++
	}
	order := make([]int, 0, len(pal))
	for i := range pal {
		if count[i] > 0 {
			order = append(order, i)
		}
	}
	lum := func(i int) float64 { return luma(pal[i][0], pal[i][1], pal[i][2]) }
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Or(-cmp.Compare(lum(a), lum(b)), cmp.Compare(a, b))
	})
	slices.SortStableFunc(order[1:], func(a, b int) int { return cmp.Compare(count[b], count[a]) })
	rank := make([]uint8, len(pal))
	palette := make([]nonogram.Color, len(order))
	used := map[byte]bool{}
	names := map[string]int{}
	for r, i := range order {
		rank[i] = uint8(r)
		palette[r] = colorOf(pal[i], r == 0, used, names)
	}
	g := &nonogram.Grid{Width: ra.Width, Height: ra.Height, Cells: make([]bool, n), Colors: make([]uint8, n)}
	for i, p := range index {
		g.Colors[i] = rank[p]
		g.Cells[i] = rank[p] != 0
	}
	return g, palette, nil
}

// named are the colours palette entries are named after: the nearest
// gives the name.
var named = []struct {
	name string
	rgb  [3]float64
}{
	{"white", [3]float64{1, 1, 1}}, {"black", [3]float64{0, 0, 0}}, {"gray", [3]float64{0.5, 0.5, 0.5}},
	{"silver", [3]float64{0.75, 0.75, 0.75}}, {"red", [3]float64{1, 0, 0}}, {"maroon", [3]float64{0.5, 0, 0}},
	{"orange", [3]float64{1, 0.65, 0}}, {"yellow", [3]float64{1, 1, 0}}, {"olive", [3]float64{0.5, 0.5, 0}},
	{"lime", [3]float64{0, 1, 0}}, {"green", [3]float64{0, 0.5, 0}}, {"aqua", [3]float64{0, 1, 1}},
	{"teal", [3]float64{0, 0.5, 0.5}}, {"blue", [3]float64{0, 0, 1}}, {"navy", [3]float64{0, 0, 0.5}},
	{"fuchsia", [3]float64{1, 0, 1}}, {"purple", [3]float64{0.5, 0, 0.5}}, {"pink", [3]float64{1, 0.75, 0.8}},
	{"brown", [3]float64{0.65, 0.16, 0.16}},
}

// colorOf makes the palette entry of colour c: named after the nearest
// named colour ("red", then "red2", ...), with its first letter as its
// character when free (the background's is '.'), and its RGB in hex.
func colorOf(c [3]float64, background bool, used map[byte]bool, names map[string]int) nonogram.Color {
	refs := make([][3]float64, len(named))
	for i, n := range named {
		refs[i] = n.rgb
	}
	name := named[Nearest(refs, c[0], c[1], c[2])].name
	names[name]++
	if k := names[name]; k > 1 {
		name = fmt.Sprintf("%s%d", name, k)
	}
	ch := byte('.')
	if !background {
		ch = 0
		for _, x := range []byte(name[:1] + "abcdefghijklmnopqrstuvwxyz0123456789") {
			if !used[x] {
				ch = x
				break
			}
		}
	}
	used[ch] = true
	hex := func(v float64) int { return int(v*255 + 0.5) }
	return nonogram.Color{Name: name, Char: ch, RGB: fmt.Sprintf("%02X%02X%02X", hex(c[0]), hex(c[1]), hex(c[2]))}
}
