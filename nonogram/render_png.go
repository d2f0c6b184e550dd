package nonogram

import (
	"image"
	"image/color"
	"image/png"
	"io"
	"strconv"
)

// drawMaxSide bounds the width and height of a PNG in pixels, so that the
// image (one byte per pixel while drawing) stays under 64 MB.
const drawMaxSide = 8000

// The colour indexes of the PNG palette.
const (
	drawWhite   = iota // background, empty cells
	drawBlack          // filled cells, thick lines, clues
	drawGrey           // thin grid lines
	drawLightGr        // unknown cells
	drawColors         // the first colour of a colour puzzle
)

var drawPalette = color.Palette{
	drawWhite:   color.Gray{0xff},
	drawBlack:   color.Gray{0x00},
	drawGrey:    color.Gray{0x99},
	drawLightGr: color.Gray{0xd0},
}

// drawLayout places the parts of a PNG picture.
type drawLayout struct {
	cell     int       // side of a grid cell, lines included
	pad      int       // blank margin around the picture
	font     *drawFont // nil when no clues are drawn
	scale    int       // pixels per font pixel
	slotW    int       // width of the slot of a row-clue number
	gap      int       // blank between the clues and the grid
	rowSlots int       // row-clue slots left of the grid
	colSlots int       // column-clue slots, cell×cell each, above the grid
	left     int       // x of the grid's left edge
	top      int       // y of the grid's top edge
	width    int       // image width
	height   int       // image height
}

// drawLayoutFor returns the layout of a width×height puzzle with clue
// margins st: the requested cell size (16 by default, at most 256), shrunk
// until the image fits in drawMaxSide pixels each way. If the clues do not
// fit, because no font fits in cells that small, they are left out and
// the cells are as large as fits without them.
func drawLayoutFor(width, height int, st renderClueStats, opt RenderOptions) drawLayout {
	req := opt.CellSize
	if req <= 0 {
		req = renderDefaultCell
	}
	req = min(req, renderMaxCell)
	for _, clues := range []bool{!opt.NoClues, false} {
		for c := req; c >= 1; c-- {
			l := drawLayoutAt(width, height, st, c, clues)
			if clues && l.font == nil {
				break // no font fits smaller cells either
			}
			if l.width <= drawMaxSide && l.height <= drawMaxSide {
				return l
			}
		}
	}
	return drawLayoutAt(width, height, st, 1, false)
}

func drawLayoutAt(width, height int, st renderClueStats, c int, clues bool) drawLayout {
	l := drawLayout{cell: c, pad: max(2, c/2)}
	if clues {
		l.font, l.scale = drawPickFont(c, st.colDigits)
	}
	if l.font != nil {
		l.rowSlots, l.colSlots = st.rowSlots, st.colSlots
		l.slotW = max(c, l.font.numWidth(st.rowDigits, l.scale)+max(2, c/4))
		l.gap = max(2, c/4)
	}
	l.left = l.pad + l.rowSlots*l.slotW + l.gap
	l.top = l.pad + l.colSlots*c + l.gap
	l.width = l.left + width*c + l.pad
	l.height = l.top + height*c + l.pad
	return l
}

// drawPickFont returns the font and scale for clues in cells of c pixels
// whose column numbers have up to digits digits: the larger font at the
// largest scale whose glyphs are at most 5/8 of a cell high and whose
// numbers leave a pixel either side in a column; failing that the small
// font in any cell of 7 pixels or more.
func drawPickFont(c, digits int) (*drawFont, int) {
	for _, f := range []*drawFont{drawFont5x7, drawFont3x5} {
		for s := c * 5 / 8 / f.h; s >= 1; s-- {
			if f.numWidth(digits, s) <= c-2 {
				return f, s
			}
		}
	}
	if f := drawFont3x5; f.h <= c-2 && f.numWidth(digits, 1) <= c-2 {
		return f, 1
	}
	return nil, 0
}

// RenderPNG draws the puzzle as a PNG image: filled cells black, empty
// cells white, unknown cells light grey, thin grey grid lines and thick
// black ones every 5 cells and around the grid, the clues in the margins
// in a built-in bitmap font (an empty clue drawn as 0). A nil board draws
// every cell unknown. In a colour puzzle cells and clue numbers take their
// colours.
//
// The cell size is shrunk so that the image is at most 8000 pixels on each
// side (64 MB while drawing). The clues are left out when the cells are
// then too small for digits (below 7 pixels, or 9, 13 and 17 when column
// clues have numbers of 2, 3 and 4 digits), and the cells made as large as
// fits without them. Below 4 pixels a cell has no grid lines, only the
// frame around the grid.
func RenderPNG(w io.Writer, p *Puzzle, b *Board, opt RenderOptions) error {
	img, err := drawImage(p, b, opt)
	if err != nil {
		return err
	}
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	return enc.Encode(w, img)
}

// drawImage draws the picture that RenderPNG encodes.
func drawImage(p *Puzzle, b *Board, opt RenderOptions) (*image.Paletted, error) {
	b, err := renderCheck(p, b)
	if err != nil {
		return nil, err
	}
	l := drawLayoutFor(b.Width, b.Height, renderStatsOf(p), opt)
	palette := drawPalette
	if p.IsColor() {
		// Colour k of the puzzle is palette entry drawColors+k-1.
		palette = append(color.Palette{}, drawPalette...)
		for col := 1; col < len(p.Colors); col++ {
			palette = append(palette, drawParseRGB(renderRGB(p, col)))
		}
	}
	img := image.NewPaletted(image.Rect(0, 0, l.width, l.height), palette)
	c := l.cell
	ink := func(side, line, i, n int) uint8 {
		if !p.IsColor() || n == 0 {
			return drawBlack // "0" stands for an empty clue
		}
		return uint8(drawColors + renderRunColor(p, side, line, i) - 1)
	}

	for r := range b.Height {
		for col, v := range b.Cells[r*b.Width : (r+1)*b.Width] {
			x, y := l.left+col*c, l.top+r*c
			switch {
			case v >= Filled && p.IsColor():
				drawFill(img, image.Rect(x, y, x+c, y+c), uint8(drawColors+cellColor(v)-1))
			case v == Filled:
				drawFill(img, image.Rect(x, y, x+c, y+c), drawBlack)
			case v == Unknown:
				drawFill(img, image.Rect(x, y, x+c, y+c), drawLightGr)
			}
		}
	}

	right, bottom := l.left+b.Width*c, l.top+b.Height*c
	if c >= 4 {
		// A thin line is the first pixel row or column of a cell; a thick
		// one takes the last of the previous cell too.
		for pass := range 2 {
			thick := pass == 1
			for i := 0; i <= b.Width; i++ {
				if (i%5 == 0 || i == b.Width) == thick {
					x := l.left + i*c
					if thick {
						drawFill(img, image.Rect(x-1, l.top-1, x+1, bottom+1), drawBlack)
					} else {
						drawFill(img, image.Rect(x, l.top, x+1, bottom), drawGrey)
					}
				}
			}
			for i := 0; i <= b.Height; i++ {
				if (i%5 == 0 || i == b.Height) == thick {
					y := l.top + i*c
					if thick {
						drawFill(img, image.Rect(l.left-1, y-1, right+1, y+1), drawBlack)
					} else {
						drawFill(img, image.Rect(l.left, y, right, y+1), drawGrey)
					}
				}
			}
		}
	} else {
		drawFill(img, image.Rect(l.left-1, l.top-1, right+1, l.top), drawBlack)
		drawFill(img, image.Rect(l.left-1, bottom, right+1, bottom+1), drawBlack)
		drawFill(img, image.Rect(l.left-1, l.top, l.left, bottom), drawBlack)
		drawFill(img, image.Rect(right, l.top, right+1, bottom), drawBlack)
	}

	if l.font == nil {
		return img, nil
	}
	gh := l.font.h * l.scale
	for col, clue := range p.Cols {
		nums := renderClueNums(clue)
		for i, n := range nums {
			k := l.colSlots - len(nums) + i
			nw := l.font.numWidth(renderDigits(n), l.scale)
			x := l.left + col*c + (c-nw+1)/2
			y := l.pad + k*c + (c-gh+1)/2
			l.font.drawNum(img, x, y, n, l.scale, ink(1, col, i, n))
		}
	}
	for r, clue := range p.Rows {
		nums := renderClueNums(clue)
		for i, n := range nums {
			k := l.rowSlots - len(nums) + i
			nw := l.font.numWidth(renderDigits(n), l.scale)
			x := l.pad + k*l.slotW + (l.slotW-nw+1)/2
			y := l.top + r*c + (c-gh+1)/2
			l.font.drawNum(img, x, y, n, l.scale, ink(0, r, i, n))
		}
	}
	return img, nil
}

// drawParseRGB parses "#rrggbb".
func drawParseRGB(s string) color.RGBA {
	var v [3]uint8
	for i := range v {
		n, _ := strconv.ParseUint(s[1+2*i:3+2*i], 16, 8)
		v[i] = uint8(n)
	}
	return color.RGBA{v[0], v[1], v[2], 0xff}
}
