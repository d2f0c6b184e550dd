package imaging

// Dither decides, by Floyd–Steinberg error diffusion, which of the
// width × height cells of luma (from 0 to 1, row by row) are filled
// (dark): each cell, taken left to right and top to bottom, is filled when
// its luma, plus the error passed on to it, is below 0.5, and the
// difference between that value and the one it gets (0 filled, 1 empty)
// goes on to its right neighbour (7/16), and below to the left (3/16),
// under it (5/16) and to the right (1/16).
func Dither(luma []float64, width, height int) []bool {
	v := append([]float64(nil), luma...)
	filled := make([]bool, len(v))
	for r := range height {
		for c := range width {
			i := r*width + c
			out := 1.0
			if v[i] < 0.5 {
				filled[i], out = true, 0
			}
			e := v[i] - out
			if c+1 < width {
				v[i+1] += e * 7 / 16
			}
			if r+1 < height {
				if c > 0 {
					v[i+width-1] += e * 3 / 16
				}
				v[i+width] += e * 5 / 16
				if c+1 < width {
					v[i+width+1] += e * 1 / 16
				}
			}
		}
	}
	return filled
}
