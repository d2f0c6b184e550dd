package sliding

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"sync/atomic"
)

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

	reg := &region{cols: cols, all: all}
	for c := range n {
		if c%cols != 0 {
			reg.notFirst |= 1 << c
		}
		if c%cols != cols-1 {
			reg.notLast |= 1 << c
		}
	}
	sp.first = make([]int32, len(sp.combos)+1)
	for s, c := range sp.combos {
		sp.first[s] = int32(len(sp.region))
		for free := all &^ c; free != 0; {
			r := reg.floodSlow(free&-free, free)
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
			// A move into (to, region[b]) brings a tile from cell y of
			// region[b] to cell x, leaving the blank at y's side: undone,
			// the tile at x moves back to y.
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

// buildBlocks fills the table by breadth-first search from the goal over
// the blocks of a blockSpace, layer by layer, on `workers` goroutines. A
// layer pulls each block's new states from the frontier blocks that move
// into it (moves are reversible), so a worker writes only the blocks of
// its combinations and no write is atomic. A placement's entry is set in
// the layer that first reaches it (the least over the blank's regions),
// in combination order; a last pass copies the entries into the order of
// the file (rank).
func (pt *pattern) buildBlocks(ctx context.Context, workers int, progress func(BuildProgress), name string) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	n, k := pt.n, len(pt.tiles)
	if n > 32 {
		return fmt.Errorf("sliding: pattern databases are for boards of up to 32 cells")
	}
	if k > maxBlockTiles {
		return fmt.Errorf("sliding: pattern databases hold at most %d tiles", maxBlockTiles)
	}
	sp := newBlockSpace(pt.rows, pt.cols, k)
	W := sp.words
	blocks := len(sp.region)
	visited, releaseVisited := buildWords[uint64](int64(blocks * W))
	front, releaseFront := buildWords[uint64](int64(blocks * W))
	next, releaseNext := buildWords[uint64](int64(blocks * W))
	released := false
	release := func() {
		if !released {
			releaseVisited()
			releaseFront()
			releaseNext()
			released = true
		}
	}
	defer release()
	frontOn := make([]bool, blocks)
	nextOn := make([]bool, blocks)
	// deltas holds the entries in combination order: (perms+15)/16 words
	// of nibbles per combination.
	DW := (sp.perms + 15) / 16
	deltas, releaseDeltas := buildWords[uint64](int64(len(sp.combos) * DW))
	defer releaseDeltas()
	md := manhattanTable(pt.rows, pt.cols)

	var goalCells uint64
	for _, c := range pt.tiles {
		goalCells |= 1 << c
	}
	goalPos := make([]uint8, k)
	for j, c := range pt.tiles {
		goalPos[j] = uint8(bits.OnesCount64(goalCells & (1<<c - 1)))
	}
	s0, p0 := sp.combo(goalCells), sp.rankPerm(goalPos)
	b0 := int(sp.first[s0])
	for sp.region[b0]&1 == 0 { // the blank's home is cell 0
		b0++
	}
	visited[b0*W+p0/64] |= 1 << (p0 % 64)
	front[b0*W+p0/64] |= 1 << (p0 % 64)
	frontOn[b0] = true

	st := newStopper(ctx)
	defer st.release()
	done := int64(1)
	var clamped, maxDelta, odd atomic.Int64
	const chunkCombos = 16
	chunks := int64((len(sp.combos) + chunkCombos - 1) / chunkCombos)
	for d := 1; ; d++ {
		if d >= 2*15+255 {
			return fmt.Errorf("sliding: pattern database deeper than expected")
		}
		var added, states atomic.Int64
		parallel(workers, chunks, func(c int64) {
			if st.flag.Load() {
				return
			}
			scratch := make([]uint64, W)
			before := make([]uint64, W)
			fresh := make([]uint64, W)
			mdRow := make([]int8, k*k)
			var localAdded, localStates, localClamped, localMax, localOdd int64
			for s := int(c) * chunkCombos; s < min(int(c+1)*chunkCombos, len(sp.combos)); s++ {
				lo, hi := int(sp.first[s]), int(sp.first[s+1])
				grew := false
				for b := lo; b < hi; b++ {
					nextOn[b] = false
					reached := false
					for _, m := range sp.in[sp.inFirst[b]:sp.inFirst[b+1]] {
						if !frontOn[m.src] {
							continue
						}
						if !reached {
							clear(scratch)
							reached = true
						}
						f := front[int(m.src)*W : int(m.src+1)*W]
						if m.rot == 0 {
							for w, x := range f {
								scratch[w] |= x
							}
							continue
						}
						rot := sp.rotated[m.rot]
						for w, x := range f {
							for ; x != 0; x &= x - 1 {
								p := rot[w<<6|bits.TrailingZeros64(x)]
								scratch[p>>6] |= 1 << (p & 63)
							}
						}
					}
					if !reached {
						continue
					}
					v, nx := visited[b*W:(b+1)*W], next[b*W:(b+1)*W]
					var newHere uint64
					count := 0
					for w, x := range scratch {
						x &^= v[w]
						nx[w] = x
						newHere |= x
						count += bits.OnesCount64(x)
					}
					if newHere != 0 {
						nextOn[b] = true
						grew = true
						localStates += int64(count)
					}
				}
				if !grew {
					continue
				}
				// The placements first reached: new in some region, in none
				// before.
				clear(before)
				clear(fresh)
				for b := lo; b < hi; b++ {
					v := visited[b*W : (b+1)*W]
					for w, x := range v {
						before[w] |= x
					}
					if nextOn[b] {
						for w, x := range next[b*W : (b+1)*W] {
							fresh[w] |= x
							v[w] |= x
						}
					}
				}
				cells := sp.combos[s]
				for p := 0; cells != 0; p++ {
					c := bits.TrailingZeros64(cells)
					for j, t := range pt.tiles {
						mdRow[j*k+p] = md[int(t)*n+c]
					}
					cells &= cells - 1
				}
				dl := deltas[s*DW : (s+1)*DW]
				for w, x := range fresh {
					for x &^= before[w]; x != 0; x &= x - 1 {
						p := w<<6 | bits.TrailingZeros64(x)
						m := 0
						for j, q := range sp.pos[p*k : (p+1)*k] {
							m += int(mdRow[j*k+int(q)])
						}
						delta := int64(d - m)
						if delta < 0 || delta&1 != 0 {
							localOdd++
						}
						delta /= 2
						if delta > 15 {
							delta = 15
							localClamped++
						}
						localMax = max(localMax, delta)
						dl[p>>4] |= uint64(delta) << (4 * uint(p&15))
						localAdded++
					}
				}
			}
			added.Add(localAdded)
			states.Add(localStates)
			clamped.Add(localClamped)
			odd.Add(localOdd)
			for {
				old := maxDelta.Load()
				if localMax <= old || maxDelta.CompareAndSwap(old, localMax) {
					break
				}
			}
		})
		if st.flag.Load() {
			return ctx.Err()
		}
		if odd.Load() != 0 {
			return fmt.Errorf("sliding: pattern database %s: a distance below Manhattan's or of the wrong parity", name)
		}
		done += added.Load()
		if progress != nil {
			progress(BuildProgress{Name: name, Done: done, Total: pt.size, Depth: d})
		}
		if states.Load() == 0 {
			break
		}
		front, next = next, front
		frontOn, nextOn = nextOn, frontOn
	}
	if done != pt.size {
		return fmt.Errorf("sliding: pattern database %s reached %d of %d placements", name, done, pt.size)
	}
	release()

	// Copy the entries into rank order, each worker writing whole words.
	nib, releaseNib := buildWords[uint32]((pt.size + 7) / 8)
	cp := &rankOrderCopy{sp: sp, deltas: deltas, deltaWords: DW, nib: nib}
	fixed, chunks := cp.chunking(workers)
	parallel(workers, chunks, func(c int64) {
		if !st.flag.Load() {
			cp.chunk(fixed, c)
		}
	})
	if st.flag.Load() {
		releaseNib()
		return ctx.Err()
	}
	pt.clamped = clamped.Load()
	pt.maxDelta = int(maxDelta.Load())
	pt.table = nibbleBytes(nib, (pt.size+1)/2)
	return nil
}

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
