package imaging

import (
	"cmp"
	"context"
	"slices"
)

// A colorBin is one cell of the colour histogram: the cells whose colour
// falls in it, their colours' sum and the sum of their squares.
type colorBin struct {
	n       float64
	sum, sq [3]float64
}

func (b *colorBin) mean(ch int) float64 { return b.sum[ch] / b.n }

// box is a set of bins, with their totals.
type box struct {
	bins []*colorBin
	tot  colorBin
}

func newBox(bins []*colorBin) *box {
	bx := &box{bins: bins}
	for _, b := range bins {
		bx.tot.add(b)
	}
	return bx
}

func (a *colorBin) add(b *colorBin) {
	a.n += b.n
	for ch := range 3 {
		a.sum[ch] += b.sum[ch]
		a.sq[ch] += b.sq[ch]
	}
}

// sse is the squared error of the colours of a set of cells about their
// mean, from their totals.
func (t *colorBin) sse() float64 {
	if t.n == 0 {
		return 0
	}
	var e float64
	for ch := range 3 {
		e += t.sq[ch] - t.sum[ch]*t.sum[ch]/t.n
	}
	return max(0, e)
}

// Quantize chooses a palette of at most k colours for the cells of ra by
// median cut with variance-based cuts: the cells' colours go in a
// histogram of 32 levels a channel; starting from one box of every bin,
// the box of largest squared error is cut, along the channel in which its
// bins' means vary most, where the two halves leave the least squared
// error, until there are k boxes or no box holds two bins. The palette is
// the boxes' mean colours, in the order they were made. It stops with
// ctx's error when ctx ends.
func Quantize(ctx context.Context, ra *Raster, k int) ([][3]float64, error) {
	hist := make([]colorBin, 1<<15)
	for i := 0; i < len(ra.Pix); i += 3 {
		key := 0
		for ch := range 3 {
			key = key<<5 | min(31, max(0, int(ra.Pix[i+ch]*32)))
		}
		b := &hist[key]
		b.n++
		for ch := range 3 {
			v := ra.Pix[i+ch]
			b.sum[ch] += v
			b.sq[ch] += v * v
		}
	}
	var bins []*colorBin
	for i := range hist {
		if hist[i].n > 0 {
			bins = append(bins, &hist[i])
		}
	}
	boxes := []*box{newBox(bins)}
	for len(boxes) < k {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		worst, worstErr := -1, 0.0
		for i, bx := range boxes {
			if e := bx.tot.sse(); len(bx.bins) > 1 && e > worstErr {
				worst, worstErr = i, e
			}
		}
		if worst < 0 {
			break
		}
		a, b := cut(boxes[worst])
		boxes[worst] = a
		boxes = slices.Insert(boxes, worst+1, b)
	}
	palette := make([][3]float64, len(boxes))
	for i, bx := range boxes {
		for ch := range 3 {
			palette[i][ch] = bx.tot.sum[ch] / bx.tot.n
		}
	}
	return palette, nil
}

// cut splits a box of two or more bins in two, along the channel of
// largest variance of its bins' means, where the halves' squared errors
// add up to the least.
func cut(bx *box) (*box, *box) {
	axis, spread := 0, -1.0
	for ch := range 3 {
		var n, s, sq float64
		for _, b := range bx.bins {
			m := b.mean(ch)
			n += b.n
			s += b.n * m
			sq += b.n * m * m
		}
		if v := sq/n - (s/n)*(s/n); v > spread {
			axis, spread = ch, v
		}
	}
	bins := slices.Clone(bx.bins)
	slices.SortStableFunc(bins, func(a, b *colorBin) int { return cmp.Compare(a.mean(axis), b.mean(axis)) })
	best, at := -1.0, 1
	var left colorBin
	for i := 1; i < len(bins); i++ {
		left.add(bins[i-1])
		right := bx.tot
		for ch := range 3 {
			right.n = bx.tot.n - left.n
			right.sum[ch] = bx.tot.sum[ch] - left.sum[ch]
			right.sq[ch] = bx.tot.sq[ch] - left.sq[ch]
		}
		if e := left.sse() + right.sse(); best < 0 || e < best {
			best, at = e, i
		}
	}
	return newBox(bins[:at]), newBox(bins[at:])
}

// Nearest returns the index of the palette colour nearest to (r, g, b),
// by squared distance; the first of equals.
func Nearest(palette [][3]float64, r, g, b float64) int {
	best, at := -1.0, 0
	for i, p := range palette {
		d := (p[0]-r)*(p[0]-r) + (p[1]-g)*(p[1]-g) + (p[2]-b)*(p[2]-b)
		if best < 0 || d < best {
			best, at = d, i
		}
	}
	return at
}
