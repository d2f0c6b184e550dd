package nonogram

import "image"

// drawFont is a bitmap font for the digits 0 to 9: glyph[d][y] holds row y
// of digit d, bit w-1-x set when the pixel at column x is ink (so that the
// binary literals below read as the pictures).
type drawFont struct {
	w, h  int
	glyph [10][]uint8
}

// drawFont5x7 is the font for cells of 12 pixels and more.
var drawFont5x7 = &drawFont{w: 5, h: 7, glyph: [10][]uint8{
	{0b01110, 0b10001, 0b10011, 0b10101, 0b11001, 0b10001, 0b01110},
	{0b00100, 0b01100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110},
	{0b01110, 0b10001, 0b00001, 0b00010, 0b00100, 0b01000, 0b11111},
	{0b11111, 0b00010, 0b00100, 0b00010, 0b00001, 0b10001, 0b01110},
	{0b00010, 0b00110, 0b01010, 0b10010, 0b11111, 0b00010, 0b00010},
	{0b11111, 0b10000, 0b11110, 0b00001, 0b00001, 0b10001, 0b01110},
	{0b00110, 0b01000, 0b10000, 0b11110, 0b10001, 0b10001, 0b01110},
	{0b11111, 0b00001, 0b00010, 0b00100, 0b01000, 0b01000, 0b01000},
	{0b01110, 0b10001, 0b10001, 0b01110, 0b10001, 0b10001, 0b01110},
	{0b01110, 0b10001, 0b10001, 0b01111, 0b00001, 0b00010, 0b01100},
}}

// drawFont3x5 is the font for small cells and for numbers too wide for
// drawFont5x7.
var drawFont3x5 = &drawFont{w: 3, h: 5, glyph: [10][]uint8{
	{0b111, 0b101, 0b101, 0b101, 0b111},
	{0b010, 0b110, 0b010, 0b010, 0b111},
	{0b111, 0b001, 0b111, 0b100, 0b111},
	{0b111, 0b001, 0b011, 0b001, 0b111},
	{0b101, 0b101, 0b111, 0b001, 0b001},
	{0b111, 0b100, 0b111, 0b001, 0b111},
	{0b111, 0b100, 0b111, 0b101, 0b111},
	{0b111, 0b001, 0b001, 0b010, 0b010},
	{0b111, 0b101, 0b111, 0b101, 0b111},
	{0b111, 0b101, 0b111, 0b001, 0b111},
}}

// numWidth returns the width in pixels of an n-digit number drawn at
// scale s: the glyphs with one scaled pixel between them.
func (f *drawFont) numWidth(n, s int) int {
	return n*(f.w+1)*s - s
}

// drawNum draws the decimal number n ≥ 0 with its top-left corner at
// (x, y), every font pixel an s×s square of colour index ink.
func (f *drawFont) drawNum(img *image.Paletted, x, y, n, s int, ink uint8) {
	var buf [20]byte
	i := len(buf)
	for {
		i--
		buf[i] = byte(n % 10)
		n /= 10
		if n == 0 {
			break
		}
	}
	for _, d := range buf[i:] {
		for gy, bits := range f.glyph[d] {
			for gx := range f.w {
				if bits&(1<<(f.w-1-gx)) != 0 {
					drawFill(img, image.Rect(x+gx*s, y+gy*s, x+(gx+1)*s, y+(gy+1)*s), ink)
				}
			}
		}
		x += (f.w + 1) * s
	}
}

// drawFill paints the part of r inside img with colour index c.
func drawFill(img *image.Paletted, r image.Rectangle, c uint8) {
	r = r.Intersect(img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		i := img.PixOffset(r.Min.X, y)
		row := img.Pix[i : i+r.Dx()]
		for j := range row {
			row[j] = c
		}
	}
}
