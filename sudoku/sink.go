package sudoku

// sink takes the solutions a search finds: it keeps them, or hands each to
// found as it comes and keeps only the count, so that enumerating every
// solution of a nearly empty grid needs no memory for them.
type sink struct {
	limit int // stop after this many solutions; negative: never
	found func([]uint8) bool
	sols  [][]uint8
	count int
	spare []uint8    // room for the solutions still to come, see grid
	held  [2][]uint8 // room for sols when it keeps one or two
	lent  [][]uint8  // the caller's grids, the i-th for solution i (SolveInto)
}

// newSink returns a sink that stops after limit solutions (negative:
// never) of n cells each, or hands them to found. One that keeps one or
// two solutions of a 9×9 grid comes in one allocation with room for them,
// as a file of puzzles needs thousands of them.
func newSink(limit int, found func([]uint8) bool, n int) *sink {
	if found != nil || limit < 1 || limit > 2 || n != 81 {
		return &sink{limit: limit, found: found}
	}
	room := new(struct {
		k     sink
		cells [2 * 81]uint8
	})
	room.k = sink{limit: limit, spare: room.cells[:limit*n]}
	return &room.k
}

// grid returns a fresh grid of n cells for a solution to come. When the
// sink keeps a few solutions, one allocation holds all of them.
func (k *sink) grid(n int) []uint8 {
	if k.count < len(k.lent) {
		return k.lent[k.count][:n]
	}
	if k.found != nil || k.limit <= 0 || k.limit > 4 {
		return make([]uint8, n)
	}
	if len(k.spare) < n {
		k.spare = make([]uint8, n*(k.limit-k.count))
	}
	switch {
	case k.sols != nil:
	case k.limit <= len(k.held):
		k.sols = k.held[:0:k.limit]
	default:
		k.sols = make([][]uint8, 0, k.limit)
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
