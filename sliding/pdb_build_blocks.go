package sliding

import "math/bits"

// blockSpace splits the states of a pattern database search by the cells
// the pattern's tiles occupy. A placement is a combination (the set of
// occupied cells) and a permutation (which tile holds which of those
// cells, in cell order); a state adds the region of free cells holding the
// blank. The regions and the moves depend on the combination only, and a
// move carries every permutation of its combination to the same
// permutation of the child's combination rotated: the moved tile changes
// position among the occupied cells, those it jumps over shift by one. So
// a block, the permutations of one (combination, region), is a bitset, and
// a layer of the search maps whole blocks to blocks, in the caches.
type blockSpace struct {
	n, k    int
	perms   int      // k!: the permutations of a block
	words   int      // words of a block's bitset
	combos  []uint64 // the occupied cells of each combination, in colex order
	comboOf []uint32 // comboOf[cells]: the combination's index, on boards of 16 cells or fewer
	binom   [65][9]int64
	first   []int32  // first[s]: the first block of combination s; first[len(combos)] is the number of blocks
	region  []uint64 // region[b]: the free cells of block b, a combination's regions in order of their lowest cell
	inFirst []int32  // the moves into block b are in[inFirst[b]:inFirst[b+1]]
	in      []blockMove
	// pos[p*k+j]: the position of tile j (its cell's rank among the
	// occupied cells) in permutation p. A permutation's index is the
	// Lehmer code of the positions of tiles 0, 1, ..., k-1.
	pos []uint8
	// rotated[id][p]: the permutation p becomes once the tile at one
	// position moves to another (id names the pair; 0 is no change).
	rotated [][]uint16
}

// blockMove is a move into a block: from block src, permutations rotated
// by rotated[rot].
type blockMove struct {
	src int32
	rot int32
}

// maxBlockTiles bounds the tiles of a pattern: permutations are indexed
// in 16 bits.
const maxBlockTiles = 8

func newBlockSpace(rows, cols, k int) *blockSpace {
	n := rows * cols
	sp := &blockSpace{n: n, k: k}
	for i := range sp.binom {
		sp.binom[i][0] = 1
		for j := 1; j < len(sp.binom[i]) && i > 0; j++ {
			sp.binom[i][j] = sp.binom[i-1][j-1] + sp.binom[i-1][j]
		}
	}
	sp.perms = 1
	for i := 2; i <= k; i++ {
		sp.perms *= i
	}
	sp.words = (sp.perms + 63) / 64
	sp.combos = make([]uint64, 0, sp.binom[n][k])
	all := uint64(1)<<n - 1
	for c := uint64(1)<<k - 1; c <= all; {
		sp.combos = append(sp.combos, c)
		if k == 0 {
			break
		}
		low := c & -c // Gosper: the next number with k bits set
		ripple := c + low
		c = ripple | (c^ripple)>>2/low
	}
	if n <= 16 {
		sp.comboOf = make([]uint32, 1<<n)
		for s, c := range sp.combos {
			sp.comboOf[c] = uint32(s)
		}
	}

	reg := newRegion(rows, cols)
	sp.first = make([]int32, len(sp.combos)+1)
	for s, c := range sp.combos {
		sp.first[s] = int32(len(sp.region))
		for free := all &^ c; free != 0; {
			r := reg.flood(free&-free, free)
			sp.region = append(sp.region, r)
			free &^= r
		}
	}
	sp.first[len(sp.combos)] = int32(len(sp.region))

	sp.pos = make([]uint8, sp.perms*k)
	for p := range sp.perms {
		sp.unrankPerm(p, sp.pos[p*k:(p+1)*k])
	}
	adj := make([]uint64, n)
	for c := range n {
		for _, x := range neighbourCells(rows, cols, c) {
			adj[c] |= 1 << x
		}
	}
	rotID := map[[2]int]int32{}
	sp.rotated = [][]uint16{nil}
	sp.inFirst = make([]int32, len(sp.region)+1)
	for s, to := range sp.combos {
		for b := sp.first[s]; b < sp.first[s+1]; b++ {
			sp.inFirst[b] = int32(len(sp.in))
			// A move into (to, region[b]) took a tile from cell y, where
			// it leaves the blank (in region[b]), to cell x, which was in
			// the blank's region of the cell set before (from).
			for occupied := to; occupied != 0; occupied &= occupied - 1 {
				x := bits.TrailingZeros64(occupied)
				for ys := adj[x] & sp.region[b]; ys != 0; ys &= ys - 1 {
					y := bits.TrailingZeros64(ys)
					from := to&^(1<<x) | 1<<y
					src := sp.first[sp.combo(from)]
					for sp.region[src]&(1<<x) == 0 {
						src++
					}
					i := bits.OnesCount64(from & (1<<y - 1))
					j := bits.OnesCount64(to & (1<<x - 1))
					rot := int32(0)
					if i != j {
						id, ok := rotID[[2]int{i, j}]
						if !ok {
							id = int32(len(sp.rotated))
							rotID[[2]int{i, j}] = id
							sp.rotated = append(sp.rotated, sp.rotation(i, j))
						}
						rot = id
					}
					sp.in = append(sp.in, blockMove{src: src, rot: rot})
				}
			}
		}
	}
	sp.inFirst[len(sp.region)] = int32(len(sp.in))
	return sp
}

// goal returns the goal of a pattern of these tiles (their goal cells):
// its permutation and block, the blank at home (cell 0).
func (sp *blockSpace) goal(tiles []uint8) (p, b int) {
	var cells uint64
	for _, c := range tiles {
		cells |= 1 << c
	}
	pos := make([]uint8, sp.k)
	for j, c := range tiles {
		pos[j] = uint8(bits.OnesCount64(cells & (1<<c - 1)))
	}
	p, b = sp.rankPerm(pos), int(sp.first[sp.combo(cells)])
	for sp.region[b]&1 == 0 {
		b++
	}
	return p, b
}

// neighbourCells returns the cells next to c.
func neighbourCells(rows, cols, c int) []int {
	var out []int
	for d := range 4 {
		if x := neighbour(rows, cols, c, d); x >= 0 {
			out = append(out, x)
		}
	}
	return out
}

// combo returns the index of the combination of the given cells.
func (sp *blockSpace) combo(cells uint64) int {
	if sp.comboOf != nil {
		return int(sp.comboOf[cells])
	}
	s := int64(0)
	for i := 1; cells != 0; i++ {
		s += sp.binom[bits.TrailingZeros64(cells)][i]
		cells &= cells - 1
	}
	return int(s)
}

// unrankPerm fills pos with the positions of the tiles in permutation p.
func (sp *blockSpace) unrankPerm(p int, pos []uint8) {
	k := sp.k
	var digits [maxBlockTiles]int
	for j := k - 1; j >= 0; j-- {
		digits[j] = p % (k - j)
		p /= k - j
	}
	free := uint32(1)<<k - 1
	for j := range k {
		m := free
		for range digits[j] {
			m &= m - 1
		}
		q := bits.TrailingZeros32(m)
		pos[j] = uint8(q)
		free &^= 1 << q
	}
}

// rankPerm returns the index of the permutation with the given positions.
func (sp *blockSpace) rankPerm(pos []uint8) int {
	k := sp.k
	p, used := 0, uint32(0)
	for j := range k {
		q := pos[j]
		p = p*(k-j) + int(q) - bits.OnesCount32(used&(1<<q-1))
		used |= 1 << q
	}
	return p
}

// rotation returns the permutations after the tile at position i moves
// to position j, those between shifting by one.
func (sp *blockSpace) rotation(i, j int) []uint16 {
	k := sp.k
	out := make([]uint16, sp.perms)
	moved := make([]uint8, k)
	for p := range sp.perms {
		for t, q := range sp.pos[p*k : (p+1)*k] {
			switch {
			case int(q) == i:
				q = uint8(j)
			case i < j && int(q) > i && int(q) <= j:
				q--
			case j < i && int(q) >= j && int(q) < i:
				q++
			}
			moved[t] = q
		}
		out[p] = uint16(sp.rankPerm(moved))
	}
	return out
}

// region floods the free cells of a board.
type region struct {
	cols     int
	notFirst uint64 // every cell but those of the first column
	notLast  uint64 // every cell but those of the last column
}

func newRegion(rows, cols int) *region {
	r := &region{cols: cols}
	for c := range rows * cols {
		if c%cols != 0 {
			r.notFirst |= 1 << c
		}
		if c%cols != cols-1 {
			r.notLast |= 1 << c
		}
	}
	return r
}

// flood returns the cells of free connected to seed.
func (r *region) flood(seed, free uint64) uint64 {
	x := seed
	for {
		y := (x | x<<1&r.notFirst | x>>1&r.notLast | x<<r.cols | x>>r.cols) & free
		if y == x {
			return x
		}
		x = y
	}
}
