package sliding

import "math/bits"

// rankOrderCopy copies the entries of a blockSpace search, held by
// combination and permutation, into the order of placement ranks. It
// walks the placements in rank order: tile 0's cell, then tile 1's among
// the cells left, and so on, keeping the permutation index as it goes, so
// the last tile's cells cost a table lookup each.
type rankOrderCopy struct {
	sp         *blockSpace
	deltas     []uint64
	deltaWords int
	nib        []uint32
}

// chunking returns how many leading tiles a chunk fixes and the number of
// chunks: ranges of ranks that fill whole words of nib, enough of them to
// share among the workers.
func (cp *rankOrderCopy) chunking(workers int) (fixed int, chunks int64) {
	n, k := cp.sp.n, cp.sp.k
	chunks, size := int64(1), int64(1)
	for i := range k {
		size *= int64(n - i)
	}
	for fixed < k-1 && chunks < int64(64*workers) {
		s := size / int64(n-fixed)
		if s%8 != 0 {
			break
		}
		chunks *= int64(n - fixed)
		size = s
		fixed++
	}
	return fixed, chunks
}

// chunk copies the placements whose first `fixed` tiles have the cells of
// chunk c (in rank order).
func (cp *rankOrderCopy) chunk(fixed int, c int64) {
	n := cp.sp.n
	var digits [32]int64
	for i, x := fixed-1, c; i >= 0; i-- {
		digits[i] = x % int64(n-i)
		x /= int64(n - i)
	}
	size := int64(1)
	for i := fixed; i < cp.sp.k; i++ {
		size *= int64(n - i)
	}
	var above [maxBlockTiles + 1][32]int32
	used, part := uint64(0), 0
	for i := range fixed {
		m := ^used
		for range digits[i] {
			m &= m - 1
		}
		cell := bits.TrailingZeros64(m)
		part += int(above[fixed][cell])
		cp.place(&above[fixed], i, cell)
		used |= 1 << cell
	}
	cp.walk(fixed, used, part, &above, c*size)
}

// place records tile j at cell: the cells below it gain its weight in the
// permutation index of the tiles placed after it (the Lehmer code counts,
// for each tile, the later tiles in lower cells).
func (cp *rankOrderCopy) place(above *[32]int32, j, cell int) {
	w := int32(1)
	for i := j + 1; i < cp.sp.k; i++ {
		w *= int32(cp.sp.k - i)
	}
	for c := range cell {
		above[c] += w
	}
}

// walk places tiles j.. on the cells not in used, in rank order from rank
// r; part is the permutation index of the tiles placed, above[j][c] what a
// tile at cell c adds to it (above[j+1:] is room for the tiles after).
func (cp *rankOrderCopy) walk(j int, used uint64, part int, above *[maxBlockTiles + 1][32]int32, r int64) int64 {
	sp := cp.sp
	free := (uint64(1)<<sp.n - 1) &^ used
	if j == sp.k-1 {
		for ; free != 0; free &= free - 1 {
			c := bits.TrailingZeros64(free)
			s := sp.combo(used | 1<<c)
			p := part + int(above[j][c])
			delta := cp.deltas[s*cp.deltaWords+p>>4] >> (4 * uint(p&15)) & 15
			cp.nib[r/8] |= uint32(delta) << (4 * uint(r%8))
			r++
		}
		return r
	}
	for ; free != 0; free &= free - 1 {
		c := bits.TrailingZeros64(free)
		above[j+1] = above[j]
		cp.place(&above[j+1], j, c)
		r = cp.walk(j+1, used|1<<c, part+int(above[j][c]), above, r)
	}
	return r
}
