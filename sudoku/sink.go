package sudoku

// sink takes the solutions a search finds: it keeps them, or hands each to
// found as it comes and keeps only the count, so that enumerating every
// solution of a nearly empty grid needs no memory for them.
type sink struct {
	limit int // stop after this many solutions; negative: never
	found func([]uint8) bool
	sols  [][]uint8
	count int
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
