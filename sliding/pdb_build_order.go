package sliding

import "math/bits"

// rankOrderCopy copies the entries of a blockSearch, held by cell set and
// permutation, into the order of placement ranks, turning each into the
// excess over Manhattan (see blockSearch). It walks the placements in
// rank order: tile 0's cell, then tile 1's among the cells left, and so
// on, keeping the permutation index and the Manhattan distance as it
// goes, so the last tile's cells cost a table lookup each.
type rankOrderCopy struct {
	sp         *blockSpace
	deltas     []uint64
	deltaWords int
	nib        []uint32
	md         [][]int8 // md[j][c]: the Manhattan distance of tile j at cell c
}

func newRankOrderCopy(bs *blockSearch, nib []uint32) *rankOrderCopy {
	cp := &rankOrderCopy{sp: bs.sp, deltas: bs.deltas, deltaWords: bs.deltaWords, nib: nib}
	n := bs.sp.n
	for _, t := range bs.pt.tiles {
		cp.md = append(cp.md, bs.md[int(t)*n:int(t+1)*n])
	}
	return cp
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
// chunk c (in rank order) and returns their largest entry.
func (cp *rankOrderCopy) chunk(fixed int, c int64) int {
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
	w := &copyWalk{cp: cp, r: c * size}
	used, part, md := uint64(0), 0, 0
	for i := range fixed {
		m := ^used
		for range digits[i] {
			m &= m - 1
		}
		cell := bits.TrailingZeros64(m)
		part += int(w.above[fixed][cell])
		md += int(cp.md[i][cell])
		cp.place(&w.above[fixed], i, cell)
		used |= 1 << cell
	}
	w.walk(fixed, used, part, md)
	return w.most
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

// copyWalk is the walk of one chunk.
type copyWalk struct {
	cp *rankOrderCopy
	// above[j][c]: what tile j at cell c adds to the permutation index
	// of the tiles before it.
	above [maxBlockTiles + 1][32]int32
	r     int64 // the rank of the next placement
	most  int   // the largest entry
}

// walk places tiles j.. on the cells not in used, in rank order; part is
// the permutation index of the tiles placed and md their Manhattan
// distance.
func (w *copyWalk) walk(j int, used uint64, part, md int) {
	cp, sp := w.cp, w.cp.sp
	free := (uint64(1)<<sp.n - 1) &^ used
	if j == sp.k-1 {
		for ; free != 0; free &= free - 1 {
			c := bits.TrailingZeros64(free)
			s := sp.combo(used | 1<<c)
			p := part + int(w.above[j][c])
			x := int(cp.deltas[s*cp.deltaWords+p>>4]>>(4*uint(p&15))) & 15
			delta := (x - (md+int(cp.md[j][c]))/2) & 15
			w.most = max(w.most, delta)
			cp.nib[w.r/8] |= uint32(delta) << (4 * uint(w.r%8))
			w.r++
		}
		return
	}
	for ; free != 0; free &= free - 1 {
		c := bits.TrailingZeros64(free)
		w.above[j+1] = w.above[j]
		cp.place(&w.above[j+1], j, c)
		w.walk(j+1, used|1<<c, part+int(w.above[j][c]), md+int(cp.md[j][c]))
	}
}
