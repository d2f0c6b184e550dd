package sudoku

// sink takes the solutions a search finds: it keeps them, or hands each to
// found as it comes and keeps only the count, so that enumerating every
// solution of a nearly empty grid needs no memory for them.
type sink struct {
	limit int // stop after this many solutions; negative: never
	found func([]uint8) bool
	sols  [][]uint8
	count int
	spare []uint8 // room for the solutions still to come, see grid
}

// grid returns a fresh grid of n cells for a solution to come. When the
// sink keeps a few solutions, one allocation holds all of them.
func (k *sink) grid(n int) []uint8 {
	if k.found != nil || k.limit <= 0 || k.limit > 4 {
		return make([]uint8, n)
	}
	if len(k.spare) < n {
		k.spare = make([]uint8, n*(k.limit-k.count))
		if k.sols == nil {
			k.sols = make([][]uint8, 0, k.limit)
		}
	}
	g := k.spare[:n:n]
	k.spare = k.spare[n:]
	return g
}

// add takes one solution, which it may keep, and reports whether the
// search should stop: the limit is reached, or found asked to stop.
func (k *sink) add(sol []uint8) bool {
	k.count++
	if k.found != nil {
		if !k.found(sol) {
			return true
		}
	} else {
		k.sols = append(k.sols, sol)
	}
	return k.limit > 0 && k.count >= k.limit
}
