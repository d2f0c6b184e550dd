package sliding

import "runtime"

// A pattern's table is indexed by the compact rank of its placement (see
// rank): the smallest index, but a move of a tile changes the digits of
// the tiles it passes, so the search works the change out cell by cell.
// The sparse index instead reads the tiles' cells themselves as the
// digits, in radix n: a tile of digit weight w that slides delta cells
// changes it by delta*w, whatever it passes, at the cost of n^k entries
// for n!/(n-k)! placements (1.9 times as many for six tiles of the
// 24-puzzle). The sparse table is made in memory from the compact one,
// read and checked from its file; its entries for cells holding two
// tiles are never read.

// maxSparseEntries bounds the sparse table of a pattern: 2^28 entries
// (128 MiB) takes six tiles of the 24-puzzle, not eight of the 15-puzzle.
const maxSparseEntries = 1 << 28

// sparseSize returns the number of entries of the sparse table of pt,
// and whether it is worth making: the compact table is large (so the
// search's lookups, not its caches, set its pace) and the sparse one not
// too large.
func (pt *pattern) sparseSize() (int64, bool) {
	size := int64(1)
	for range pt.tiles {
		size *= int64(pt.n)
		if size > maxSparseEntries {
			return 0, false
		}
	}
	return size, (pt.size+1)/2 >= hugeTable
}

// sparseWeight returns the weight of the j-th tile's digit in the sparse
// index.
func (pt *pattern) sparseWeight(j int) int64 {
	w := int64(1)
	for range len(pt.tiles) - 1 - j {
		w *= int64(pt.n)
	}
	return w
}

// sparseIndex returns the sparse index of the placement whose cells (by
// label) are at.
func (pt *pattern) sparseIndex(at *[64]uint8) int64 {
	s := int64(0)
	for _, t := range pt.tiles {
		s = s*int64(pt.n) + int64(at[t])
	}
	return s
}

// makeSparse sets pt.sparse from pt.table where it is worth it (see
// sparseSize), on `workers` goroutines (0: GOMAXPROCS).
func (pt *pattern) makeSparse(huge bool, workers int) {
	if _, ok := pt.sparseSize(); ok && pt.table != nil && pt.sparse == nil {
		pt.sparse = pt.sparseTable(huge, workers)
	}
}

// sparseTable returns the entries of pt.table by sparse index, in zeroed
// memory from tableBytes (kept as long as the table), or nil if the
// sparse table would be too large. Walking the placements in the order
// of their ranks visits their sparse indices in increasing order too; the
// work is split by the first tile's cell, two cells a piece so that the
// pieces write whole bytes.
func (pt *pattern) sparseTable(huge bool, workers int) []byte {
	size, _ := pt.sparseSize()
	if size == 0 {
		return nil
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	sparse, _ := tableBytes(int((size+1)/2), huge)
	n, k := pt.n, len(pt.tiles)
	ranks := pt.size / int64(n) // the placements with the first tile on one cell
	parallel(workers, int64(n+1)/2, func(piece int64) {
		for c0 := int(2 * piece); c0 < min(int(2*piece+2), n); c0++ {
			r := int64(c0) * ranks
			var walk func(j int, used uint64, s int64)
			walk = func(j int, used uint64, s int64) {
				if j == k { // a placement
					entry := pt.table[r>>1] >> (uint(r&1) << 2) & 15
					sparse[s>>1] |= entry << (uint(s&1) << 2)
					r++
					return
				}
				for c := range n {
					if used&(1<<c) == 0 {
						walk(j+1, used|1<<c, s*int64(n)+int64(c))
					}
				}
			}
			walk(1, 1<<c0, int64(c0))
		}
	})
	return sparse
}
