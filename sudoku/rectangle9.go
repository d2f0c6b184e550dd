package sudoku

import (
	"math/bits"
	"sync"
)

// A second solution of a 9×9 puzzle often lies one exchange away from the
// first. Take two rows r1, r2 of one band and two columns c1, c2 of
// different stacks where the first solution holds
//
//	r1: a ... b
//	r2: b ... a
//
// The four cells lie in two boxes, and exchanging a and b in them keeps
// every row, column and box whole: a "deadly rectangle", the smallest
// unavoidable set. When none of the four is a given, the exchanged grid is
// a second solution, and a search with a limit of two solutions can stop
// at once instead of searching on for one. Two columns of one stack and two
// rows of different bands give the same by symmetry. On the serg benchmark
// (10,000 puzzles with several solutions each) six first solutions in ten
// have such a rectangle free of givens.
//
// The rectangles are looked for in a fixed order, the slots of rect9: the
// nine row pairs of the bands, then the nine column pairs of the stacks;
// in each, the cross pairs in lexicographic order. Both implementations
// (rectangle9AVX512 and rectangle9Go) return the first slot that holds a
// rectangle. With AVX-512 the look-up takes a few dozen cycles, and the
// search uses it; the Go one costs about as much as the rest of the search
// it would save, so without AVX-512 the search goes on for the second
// solution as before, and serves as the oracle of the tests. A puzzle with
// several solutions may then show another of them (the smaller of the two
// found) than on a processor with AVX-512; its status is the same.

// rect9Slots is the number of slots of rect9: 18 pairs of lines with 27
// cross pairs each, padded to 8 vectors of 64.
const (
	rect9Used  = 18 * 27
	rect9Slots = 512
)

// rect9Table lays the rectangles out for rectangle9AVX512: slot i of the
// table holds a rectangle free of givens exactly when the grid g, with
// every given replaced by sentinel[cell], has g[a[i]] == g[b[i]] and
// g[c[i]] == g[d[i]]. A sentinel (0x10 plus the cell) equals no digit and
// no other sentinel, so a given in any of the four cells fails the test.
// The padding slots compare two cells of one row, which always differ.
type rect9Table struct {
	sentinel   [128]uint8
	a, b, c, d [rect9Slots]uint8
}

// rect9 is the table, made on first use.
var rect9 = sync.OnceValue(func() *rect9Table {
	t := new(rect9Table)
	for i := range t.sentinel {
		t.sentinel[i] = 0x10 + uint8(i)
	}
	slot := 0
	add := func(a, b, c, d int) {
		t.a[slot], t.b[slot], t.c[slot], t.d[slot] = uint8(a), uint8(b), uint8(c), uint8(d)
		slot++
	}
	// Lines are the rows of a band, crossed by columns of different
	// stacks; then the columns of a stack, crossed by rows of different
	// bands. a and d lie on line l1, b and c on line l2.
	for _, at := range []func(line, k int) int{
		func(line, k int) int { return 9*line + k },
		func(line, k int) int { return 9*k + line },
	} {
		for l1 := range 9 {
			for l2 := l1 + 1; l2 < l1/3*3+3; l2++ {
				for k1 := range 9 {
					for k2 := k1 + 1; k2 < 9; k2++ {
						if k1/3 != k2/3 {
							add(at(l1, k1), at(l2, k2), at(l2, k1), at(l1, k2))
						}
					}
				}
			}
		}
	}
	for slot < rect9Slots {
		add(0, 1, 0, 1)
	}
	return t
})

// secondBySwap9 looks in sol, a solution of the puzzle with the given
// cells, for the first deadly rectangle free of givens, and if there is
// one writes the grid with its digits exchanged to out and reports true.
func secondBySwap9(cells, sol, out *[81]uint8) bool {
	t := rect9()
	var slot int
	if rectangle9Wide {
		slot = rectangle9AVX512(sol, cells, t)
	} else {
		slot = rectangle9Go(sol, cells)
	}
	if slot < 0 {
		return false
	}
	*out = *sol
	a, b, c, d := t.a[slot], t.b[slot], t.c[slot], t.d[slot]
	// a and d share a row or a column, as do b and c.
	out[a], out[d] = sol[d], sol[a]
	out[b], out[c] = sol[c], sol[b]
	return true
}

// rectangle9Go is rectangle9AVX512 in Go: the first slot of rect9 holding
// a rectangle of sol free of the givens of cells, or -1, without the
// table. It looks at the rows of each band, then at those of the
// transposed grid, which are the columns of each stack.
func rectangle9Go(sol, cells *[81]uint8) int {
	if slot := rect9Lines(sol, cells); slot >= 0 {
		return slot
	}
	var solT, cellsT [81]uint8
	for r := range 9 {
		for c := range 9 {
			solT[9*c+r], cellsT[9*c+r] = sol[9*r+c], cells[9*r+c]
		}
	}
	if slot := rect9Lines(&solT, &cellsT); slot >= 0 {
		return 9*27 + slot
	}
	return -1
}

// rect9Lines is the first rectangle of two rows of a band of sol free of
// the givens of cells, as its rank among the 9·27 of the rows, or -1. For
// each pair of rows it takes the free places k1 of the first in order: the
// partner k2 is where the second row holds the first's digit at k1.
func rect9Lines(sol, cells *[81]uint8) int {
	var given [9]uint16 // the places of the givens along each row
	for r := range given {
		var m uint16
		for c, v := range (*[9]uint8)(cells[9*r:]) {
			m |= (uint16(v) + 0xFF) >> 8 << c // 1 << c if v is a given
		}
		given[r] = m
	}
	for l1 := range 9 {
		one := (*[9]uint8)(sol[9*l1:])
		for l2 := l1 + 1; l2 < l1/3*3+3; l2++ {
			busy := given[l1] | given[l2]
			two := (*[9]uint8)(sol[9*l2:])
			var at [16]uint8 // the place of each digit in row l2
			for k, v := range two {
				at[v&15] = uint8(k)
			}
			for free := ^busy & 0x1FF; free != 0; free &= free - 1 {
				k1 := bits.TrailingZeros16(free)
				k2 := int(at[one[k1]&15]) % 9
				if k2 > k1 && busy>>k2&1 == 0 && k1/3 != k2/3 && two[k1] == one[k2] {
					return 27*(l1/3*3+l1%3+l2%3-1) + rect9Rank(k1, k2)
				}
			}
		}
	}
	return -1
}

// rect9Rank is the rank of the cross pair k1 < k2, of different thirds,
// among the 27 of a pair of lines in lexicographic order.
func rect9Rank(k1, k2 int) int {
	rank := 0
	for a := range k1 {
		rank += 8 - a - (2 - a%3) // partners after a, less those of a's third
	}
	return rank + (k2 - k1) - (2 - k1%3) - 1
}
