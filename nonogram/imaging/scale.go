package imaging

import (
	"context"
	"image"
	"image/color"
)

// Raster is a picture scaled to a grid: Width × Height cells, each an RGB
// colour with channels from 0 to 1, row by row in Pix (3 values a cell).
type Raster struct {
	Width, Height int
	Pix           []float64
}

// At returns the colour of the cell at row r, column c.
func (ra *Raster) At(r, c int) (red, green, blue float64) {
	i := 3 * (r*ra.Width + c)
	return ra.Pix[i], ra.Pix[i+1], ra.Pix[i+2]
}

// Luma returns the luma of every cell (Rec. 601 weights), row by row.
func (ra *Raster) Luma() []float64 {
	out := make([]float64, ra.Width*ra.Height)
	for i := range out {
		out[i] = luma(ra.Pix[3*i], ra.Pix[3*i+1], ra.Pix[3*i+2])
	}
	return out
}

func luma(r, g, b float64) float64 { return 0.299*r + 0.587*g + 0.114*b }

// span is one source pixel's share of a cell along an axis.
type span struct {
	at     int     // the pixel's index
	weight float64 // the length it shares with the cell, over the cell's length
}

// spans returns, for each of n cells over src pixels, the pixels it covers
// and their weights (summing to 1): cell i covers [i·src/n, (i+1)·src/n).
func spans(src, n int) [][]span {
	out := make([][]span, n)
	step := float64(src) / float64(n)
	for i := range n {
		a, b := float64(i)*step, float64(i+1)*step
		for x := int(a); x < src && float64(x) < b; x++ {
			lo, hi := max(a, float64(x)), min(b, float64(x+1))
			if hi > lo {
				out[i] = append(out[i], span{x, (hi - lo) / step})
			}
		}
	}
	return out
}

// Scale scales img to width × height cells by area averaging: each cell is
// the mean of the pixels it covers, each weighted by the area it shares
// with the cell. Transparent pixels are laid over white. It stops with
// ctx's error when ctx ends.
func Scale(ctx context.Context, img image.Image, width, height int) (*Raster, error) {
	b := img.Bounds()
	cols, rows := spans(b.Dx(), width), spans(b.Dy(), height)
	ra := &Raster{Width: width, Height: height, Pix: make([]float64, 3*width*height)}
	src := make([]float64, 3*b.Dx())  // one source row
	horiz := make([]float64, 3*width) // that row averaged across each column of cells
	cached := -1                      // the source row horiz holds
	for r, ys := range rows {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		out := ra.Pix[3*r*width : 3*(r+1)*width]
		for _, y := range ys {
			if y.at != cached {
				readRow(img, b.Min.Y+y.at, src)
				for c, xs := range cols {
					var sr, sg, sb float64
					for _, x := range xs {
						sr += x.weight * src[3*x.at]
						sg += x.weight * src[3*x.at+1]
						sb += x.weight * src[3*x.at+2]
					}
					horiz[3*c], horiz[3*c+1], horiz[3*c+2] = sr, sg, sb
				}
				cached = y.at
			}
			for i := range out {
				out[i] += y.weight * horiz[i]
			}
		}
		for i := range out {
			out[i] = min(1, max(0, out[i]))
		}
	}
	return ra, nil
}

// readRow puts the colours of row y of img in dst, 3 values from 0 to 1 a
// pixel, laid over white; the common decoders' types are read directly.
func readRow(img image.Image, y int, dst []float64) {
	b := img.Bounds()
	const k = 1.0 / 255
	switch m := img.(type) {
	case *image.Gray:
		row := m.Pix[(y-b.Min.Y)*m.Stride:]
		for x := range b.Dx() {
			v := float64(row[x]) * k
			dst[3*x], dst[3*x+1], dst[3*x+2] = v, v, v
		}
	case *image.NRGBA:
		row := m.Pix[(y-b.Min.Y)*m.Stride:]
		for x := range b.Dx() {
			p := row[4*x : 4*x+4]
			a := float64(p[3]) * k
			dst[3*x] = float64(p[0])*k*a + 1 - a
			dst[3*x+1] = float64(p[1])*k*a + 1 - a
			dst[3*x+2] = float64(p[2])*k*a + 1 - a
		}
	case *image.RGBA:
		row := m.Pix[(y-b.Min.Y)*m.Stride:]
		for x := range b.Dx() {
			p := row[4*x : 4*x+4]
			a := float64(p[3]) * k
			dst[3*x] = float64(p[0])*k + 1 - a
			dst[3*x+1] = float64(p[1])*k + 1 - a
			dst[3*x+2] = float64(p[2])*k + 1 - a
		}
	case *image.Paletted:
		pal := make([][3]float64, len(m.Palette))
		for i, c := range m.Palette {
			pal[i] = over(c)
		}
		row := m.Pix[(y-b.Min.Y)*m.Stride:]
		for x := range b.Dx() {
			p := [3]float64{1, 1, 1} // an index beyond the palette: as image/color, transparent
			if int(row[x]) < len(pal) {
				p = pal[row[x]]
			}
			dst[3*x], dst[3*x+1], dst[3*x+2] = p[0], p[1], p[2]
		}
	case *image.YCbCr:
		for x := range b.Dx() {
			c := m.YCbCrAt(b.Min.X+x, y)
			r, g, bl := color.YCbCrToRGB(c.Y, c.Cb, c.Cr)
			dst[3*x], dst[3*x+1], dst[3*x+2] = float64(r)*k, float64(g)*k, float64(bl)*k
		}
	default:
		for x := range b.Dx() {
			p := over(img.At(b.Min.X+x, y))
			dst[3*x], dst[3*x+1], dst[3*x+2] = p[0], p[1], p[2]
		}
	}
}

// over lays c over white and returns its channels from 0 to 1.
func over(c color.Color) [3]float64 {
	r, g, b, a := c.RGBA() // alpha-premultiplied, 16 bits
	const k = 1.0 / 0xffff
	t := 1 - float64(a)*k
	return [3]float64{float64(r)*k + t, float64(g)*k + t, float64(b)*k + t}
}
