package sudoku

import (
	"math/bits"
	"sync"
)

// Tables for the Go path of the 9×9 bitboard solver (solve9.go), made by
// t9Tables when first needed: the assembly search needs none of them, so a
// process that only solves with it does not pay for them at start-up. A band word is 27 bits:
// bit 9r+c is row r (0..2) of the band and column c (0..8). A minirow is
// the three cells of one row inside one box; the nine minirows of a band
// are numbered 3r+k, k the box (0..2). Word i of a state is digit i/3+1 in
// band i%3.
var (
	// t9Boxes maps the nine bits of a row to the three bits of the boxes
	// where the row has a candidate.
	t9Boxes [512]uint32
	// t9Perm maps the minirows of a band that hold a digit to the cells of
	// those that belong to at least one complete placement of the digit in
	// the band (one minirow per row and per box); 0 if there is none.
	t9Perm [512]uint32
	// t9Pointing maps the columns of a band that hold a digit to the cells,
	// in all three rows, of those that are the only such column of their
	// box: the two other bands lose them.
	t9Pointing [512]uint32
	// t9Claim maps the columns whose digit lies in one band only to the
	// cells of that band that must lose it: in each box with such a
	// column, the other columns of the box.
	t9Claim [512]uint32
	// t9BoxCells maps three bits, one per box of a band, to the cells of
	// those boxes.
	t9BoxCells [8]uint32
	// t9Single maps a row pattern to itself if it has one bit, else to 0.
	t9Single [512]uint32
	// t9Row maps a bit of a band word to the mask of its row.
	t9Row [27]uint32
	// t9Band is the band of word i, t9Others the two words of the same
	// digit in the other bands.
	t9Band   [27]uint8
	t9Others [27][2]uint8
	// t9Peers lists, for a cell (row-major 0..80), the other cells of its
	// row, column and box, as three band words.
	t9Peers [81][3]uint32
)

// t9Tables makes the tables once.
var t9Tables = sync.OnceFunc(func() {
	perms := [6][3]uint32{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for p := range uint32(512) {
		for k := range uint32(3) {
			if p>>(3*k)&7 != 0 {
				t9Boxes[p] |= 1 << k
			}
		}
		for _, pi := range perms {
			var cells uint32
			for r, k := range pi {
				cells |= 7 << (9*uint32(r) + 3*k)
				if p>>(3*uint32(r)+k)&1 == 0 {
					cells = 0
					break
				}
			}
			t9Perm[p] |= cells
		}
		var el, cl uint32
		for k := range 3 {
			m := p >> (3 * k) & 7
			if bits.OnesCount32(m) == 1 {
				el |= m << (3 * k)
			}
			if m != 0 {
				cl |= (7 &^ m) << (3 * k)
			}
		}
		t9Pointing[p] = el | el<<9 | el<<18
		t9Claim[p] = cl | cl<<9 | cl<<18
		if bits.OnesCount32(p) == 1 {
			t9Single[p] = p
		}
	}
	for m := range t9BoxCells {
		for k := range 3 {
			if m>>k&1 != 0 {
				t9BoxCells[m] |= 0x1C0E07 << (3 * k)
			}
		}
	}
	for i := range t9Row {
		t9Row[i] = 0x1FF << (9 * (i / 9))
		b, base := i%3, i-i%3
		t9Band[i] = uint8(b)
		t9Others[i] = [2]uint8{uint8(base + (b+1)%3), uint8(base + (b+2)%3)}
	}
	for c := range 81 {
		for o := range 81 {
			if o != c && (o/9 == c/9 || o%9 == c%9 || (o/27 == c/27 && o%9/3 == c%9/3)) {
				t9Peers[c][o/27] |= 1 << (o % 27)
			}
		}
	}
})

// valid9 reports whether the 81 values of cells are 0..9 with no digit
// given twice in a row, column or box. Each value becomes one bit (none
// for an empty cell); a unit holds no digit twice when the sum of its bits
// equals their union. The sums of the columns and of a band's boxes are
// kept side by side in 16-bit lanes of a few registers, where nine bits of
// up to 2⁸ cannot carry into the next lane, and no branch looks at a value.
func valid9(cells []uint8) bool {
	cells = cells[:81]
	var c0, c0or, c1, c1or, c2, c2or, bad uint64 // columns 0-3, 4-7 and 8
	for band := 0; band < 81; band += 27 {
		var boxes, boxesOr uint64
		for r := band; r < band+27; r += 9 {
			x := (*[9]uint8)(cells[r : r+9])
			m0, m1, m2 := uint64(oneHot9[x[0]]), uint64(oneHot9[x[1]]), uint64(oneHot9[x[2]])
			m3, m4, m5 := uint64(oneHot9[x[3]]), uint64(oneHot9[x[4]]), uint64(oneHot9[x[5]])
			m6, m7, m8 := uint64(oneHot9[x[6]]), uint64(oneHot9[x[7]]), uint64(oneHot9[x[8]])
			k0, k1, k2 := m0|m1|m2, m3|m4|m5, m6|m7|m8
			row := k0 | k1 | k2
			bad |= (m0 + m1 + m2 + m3 + m4 + m5 + m6 + m7 + m8) ^ row
			bad |= row & outOfRange9
			w0, w1 := m0|m1<<16|m2<<32|m3<<48, m4|m5<<16|m6<<32|m7<<48
			c0, c0or = c0+w0, c0or|w0
			c1, c1or = c1+w1, c1or|w1
			c2, c2or = c2+m8, c2or|m8
			boxes += (m0 + m1 + m2) | (m3+m4+m5)<<16 | (m6+m7+m8)<<32
			boxesOr |= k0 | k1<<16 | k2<<32
		}
		bad |= boxes ^ boxesOr
	}
	bad |= (c0 ^ c0or) | (c1 ^ c1or) | (c2 ^ c2or)
	return bad == 0
}

// oneHot9 maps a value of a 9×9 grid to its bit for valid9: none for 0,
// bit v-1 for 1..9, and outOfRange9 for any other.
var oneHot9 = func() (t [256]uint16) {
	for v := range t {
		switch {
		case v == 0:
		case v <= 9:
			t[v] = 1 << (v - 1)
		default:
			t[v] = outOfRange9
		}
	}
	return t
}()

const outOfRange9 = 1 << 15
