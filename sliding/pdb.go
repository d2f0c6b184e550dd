package sliding

import (
	"math/bits"
)

// A pattern database stores, for every placement of a few tiles (the
// pattern), how many moves of those tiles at least bring them home, the
// other tiles being alike and their moves free: the blank wanders at no
// cost through the cells the pattern leaves free, and a pattern tile moves
// when the blank's region touches it. A move of the real puzzle moves at
// most one pattern tile, so disjoint patterns may be added (Korf and
// Felner, "Disjoint pattern database heuristics", AIJ 134, 2002). Every
// move changes the moved tile's Manhattan distance by one, so a pattern's
// distance has the parity of its tiles' Manhattan distance and the table
// stores (distance - Manhattan)/2, four bits per placement.

// pattern is one pattern database: its tiles (labels, that is goal cells)
// and the table indexed by the rank of their cells.
type pattern struct {
	rows, cols, n int
	tiles         []uint8
	size          int64 // n!/(n-k)! placements
	table         []byte
	sparse        []byte // the same entries by sparse index (pdb_sparse.go), if made
	clamped       int64  // placements whose excess over Manhattan exceeded 30 (stored as 30: still a lower bound)
	maxDelta      int
}

func newPattern(rows, cols int, tiles []uint8) *pattern {
	n := rows * cols
	size := int64(1)
	for i := range tiles {
		size *= int64(n - i)
	}
	return &pattern{rows: rows, cols: cols, n: n, tiles: tiles, size: size}
}

// rank returns the index of a placement: the cells of the pattern's tiles
// in order, read as digits of radix n, n-1, ..., each digit counting the
// free cells before the tile's cell.
func rank(n int, cells []uint8) int64 {
	var used uint64
	r := int64(0)
	for i, c := range cells {
		digit := int64(c) - int64(bits.OnesCount64(used&(1<<c-1)))
		r = r*int64(n-i) + digit
		used |= 1 << c
	}
	return r
}

// unrank fills cells with the placement of rank r.
func unrank(n int, r int64, cells []uint8) {
	k := len(cells)
	var digits [32]int64
	for i := k - 1; i >= 0; i-- {
		radix := int64(n - i)
		digits[i] = r % radix
		r /= radix
	}
	free := uint64(1)<<n - 1
	for i := range k {
		m := free
		for range digits[i] {
			m &= m - 1
		}
		c := bits.TrailingZeros64(m)
		cells[i] = uint8(c)
		free &^= 1 << c
	}
}

// delta returns the table entry of rank r.
func (pt *pattern) delta(r int64) int {
	return int(pt.table[r>>1]>>(uint(r&1)<<2)) & 15
}
