package imaging

// Otsu returns the threshold that Otsu's method chooses for values from 0
// to 1: over a histogram of 256 bins, the cut that maximizes the
// between-class variance w0·w1·(μ0−μ1)². Values below the threshold are
// one class ("dark"), the others the second. When every value falls in
// one bin there is no cut to choose, and Otsu returns 0.5.
func Otsu(values []float64) float64 {
	var hist [256]float64
	for _, v := range values {
		hist[bin(v)]++
	}
	n := float64(len(values))
	var total float64 // the sum of bin indexes, weighted by count
	for i, h := range hist {
		total += float64(i) * h
	}
	best, cut := -1.0, -1
	var w0, sum0 float64
	for k := range 255 { // class 0 is the bins 0..k
		w0 += hist[k]
		sum0 += float64(k) * hist[k]
		w1 := n - w0
		if w0 == 0 || w1 == 0 {
			continue
		}
		m0, m1 := sum0/w0, (total-sum0)/w1
		if v := w0 * w1 * (m0 - m1) * (m0 - m1); v > best {
			best, cut = v, k
		}
	}
	if cut < 0 {
		return 0.5
	}
	return float64(cut+1) / 256
}

// bin is the histogram bin of a value from 0 to 1: v < (k+1)/256 for
// every value of bin k.
func bin(v float64) int { return min(255, max(0, int(v*256))) }
