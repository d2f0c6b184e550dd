package sliding

import (
	"context"
	"math/bits"
	"unsafe"
)

// IDA* specialised for additive pattern databases. A move changes one
// tile, so it changes one pattern's entry in the position and one in its
// reflection; the search keeps the ranks of both and updates them by the
// move (only the tiles it jumps over change their digits). Everything an
// iteration needs is in one flat record, pdbKernel, which an iteration
// walks with an explicit stack of frames: in assembly on amd64
// (idastar_pdb_amd64.s), where a node asks the processor for its
// children's table entries (PREFETCHT0) before it reads any, so that the
// cache misses overlap; in Go elsewhere (iterateGo, which the tests also
// hold the assembly to, node for node). Large tables are read by sparse
// index where it fits (pdb_sparse.go): the search then adds delta*weight
// to an index and reads no cell the tile passes.

// pdbKernel is one search's state, laid out for the iteration loop.
type pdbKernel struct {
	tables  [8]uintptr         // the first byte of each pattern's table
	tiles   [64]pdbTile        // by label
	steps   [64 * 5][4]pdbStep // [blank*5 + prev+1]: the moves but the one undoing prev
	nsteps  [64 * 5]uint8
	md      [64][64]int8     // md[label][cell]: the tile's Manhattan distance to its goal
	mdstep  [64 * 4][64]int8 // [blank*4+dir][label]: how the move changes the tile's md
	between [64][64]int64    // between[label][u]: see rankChange
	cells   [64]uint8        // labels of the cells, 0 for the blank
	rcells  [64]uint8        // the same in the reflected position
	rank    [8]int64         // each pattern's rank
	rrank   [8]int64         // the same in the reflection
	vals    [8]int64         // each pattern's entry
	rvals   [8]int64
	sparse  int64 // 1 if tables are sparse (pdb_sparse.go): no cell passed changes an index
	bound   int64
	next    int64 // the least f above the bound met so far
	gen     int64
	exp     int64
	depth   int64 // the top frame, kept when the loop pauses
	path    [256]int8
	frames  [256]pdbFrame

	slices [8][]byte // the tables, for iterateGo
}

// pdbTile is what the search needs of a tile: its pattern and the weight
// of its digit in the pattern's rank, and the same of the tile in its
// place in the reflection (whose label is rlab).
type pdbTile struct {
	weight, rweight        int64
	label, pat, rpat, rlab uint8 // copied as one word into a pdbKid
	_                      [4]uint8
}

// pdbStep is a move of the blank from a given cell: the tile at `to`
// slides in, delta (blank-to) cells. pass lists the cells the tile jumps
// over when it moves along a column, and the spare cell (which never
// holds a tile) in the rest of its four places: rankChange adds a term for
// each, and a spare cell's is 0. The same, r-prefixed, for the move in the
// reflection.
type pdbStep struct {
	to, rto, dir  uint8
	_             uint8
	delta, rdelta int8
	pass, rpass   [4]uint8
	mdrow         uint16 // the offset of the move's row of mdstep
}

// spareCell is a cell beyond every board the search takes (at most 5×5),
// always empty.
const spareCell = 63

// pdbKid is one child of a node: the move that makes it and the ranks of
// the entries it changes. The assembly copies to, rto and dir from a
// pdbStep, and tile, pat, rpat and rlab from a pdbTile, a word each.
type pdbKid struct {
	rank, rrank           int64
	to, rto, dir          uint8
	dmd                   int8 // the change of the Manhattan distance
	tile, pat, rpat, rlab uint8
}

// pdbFrame is a node on the path of an iteration: its children, how many
// there are (k) and were tried (i), the node's blank (and the
// reflection's), its Manhattan distance and sums of entries, and what the
// move in play from it (kids[i-1]) replaced. The assembly keeps addresses
// in k and i instead (see idastar_pdb_amd64.s).
type pdbFrame struct {
	kids                [4]pdbKid
	k, i                int64
	blank, rblank, prev int64
	md, sum, rsum       int64
	urank, urrank       int64
	uval, urval         int64
}

// The assembly indexes steps, children and tiles by shifts and scaled
// adds, so a step must be 16 bytes and a child and a tile 24: anything
// else does not compile.
var (
	_ = [1]struct{}{}[unsafe.Sizeof(pdbStep{})-16]
	_ = [1]struct{}{}[unsafe.Sizeof(pdbKid{})-24]
	_ = [1]struct{}{}[unsafe.Sizeof(pdbTile{})-24]
)

// What an iteration returns besides the length of a solution.
const (
	iterExhausted = -1 // no solution within the bound
	iterPaused    = -2 // pollMask+1 more expansions: look at the stop flag, then resume
)

func rankOf(n int, tiles []uint8, pos *[64]uint8) int64 {
	var used uint64
	r := int64(0)
	for i, t := range tiles {
		c := pos[t]
		r = r*int64(n-i) + int64(c) - int64(bits.OnesCount64(used&(1<<c-1)))
		used |= 1 << c
	}
	return r
}

func nibble(table []byte, r int64) int64 {
	return int64(table[r>>1]>>(uint(r&1)<<2)) & 15
}

// passedCells lists the cells a tile jumps over from `from` to `to`,
// filled up with the spare cell.
func passedCells(from, to int) [4]uint8 {
	pass := [4]uint8{spareCell, spareCell, spareCell, spareCell}
	for i, c := 0, min(from, to)+1; c < max(from, to); i, c = i+1, c+1 {
		pass[i] = uint8(c)
	}
	return pass
}

// newPDBKernel sets up the search of position p with the database set.
// Boards that are not square are searched with the identity for their
// reflection, which looks up the same entries twice and changes nothing.
func newPDBKernel(p *problem, set *PDBSet) *pdbKernel {
	k := &pdbKernel{}
	n := p.n
	refl := func(c int) int { return c }
	if set.reflect {
		refl = func(c int) int { return int(set.refl[c]) }
	}
	for t := range n {
		for c := range n {
			k.md[t][c] = set.md[t*n+c]
		}
	}
	sparse := true
	for _, pt := range set.patterns {
		sparse = sparse && pt.sparse != nil
	}
	var weight [64]int64
	for i, pt := range set.patterns {
		table, size := pt.table, pt.size
		if sparse {
			table = pt.sparse
			size, _ = pt.sparseSize()
		}
		if int64(len(table)) != (size+1)/2 {
			panic("sliding: a pattern table of the wrong size") // the loop reads it unchecked
		}
		k.slices[i] = table
		k.tables[i] = uintptr(unsafe.Pointer(unsafe.SliceData(table)))
		w := int64(1)
		for j := len(pt.tiles) - 1; j >= 0; j-- {
			t := pt.tiles[j]
			k.tiles[t].pat, weight[t] = uint8(i), w
			w *= int64(n - j)
		}
		if sparse {
			for j, t := range pt.tiles {
				weight[t] = pt.sparseWeight(j)
			}
			continue // between stays 0
		}
		for i, t := range pt.tiles {
			for j, u := range pt.tiles {
				switch {
				case j < i:
					k.between[t][u] = -weight[t]
				case j > i:
					k.between[t][u] = weight[u]
				}
			}
		}
	}
	if sparse {
		k.sparse = 1
	}
	for t := 1; t < n; t++ {
		rt := refl(t)
		k.tiles[t].weight, k.tiles[t].rweight = weight[t], weight[rt]
		k.tiles[t].label, k.tiles[t].rpat, k.tiles[t].rlab = uint8(t), k.tiles[rt].pat, uint8(rt)
	}
	for blank := range n {
		for prev := -1; prev < 4; prev++ {
			j := 0
			for d := range 4 {
				to := int(p.nb[blank][d])
				if to < 0 || d == 3-prev {
					continue
				}
				rto, rblank := refl(to), refl(blank)
				st := pdbStep{to: uint8(to), rto: uint8(rto), dir: uint8(d),
					delta: int8(blank - to), rdelta: int8(rblank - rto),
					pass: passedCells(to, to), rpass: passedCells(rto, rto),
					mdrow: uint16(64 * (blank*4 + d))}
				for t := range n {
					k.mdstep[blank*4+d][t] = k.md[t][blank] - k.md[t][to]
				}
				if !sparse {
					st.pass, st.rpass = passedCells(to, blank), passedCells(rto, rblank)
				}
				k.steps[blank*5+prev+1][j] = st
				j++
			}
			k.nsteps[blank*5+prev+1] = uint8(j)
		}
	}
	var at, rat [64]uint8
	for c, t := range p.cells {
		k.cells[c] = t
		at[t] = uint8(c)
		k.rcells[refl(c)] = uint8(refl(int(t)))
		rat[refl(int(t))] = uint8(refl(c))
	}
	for i, pt := range set.patterns {
		if sparse {
			k.rank[i], k.rrank[i] = pt.sparseIndex(&at), pt.sparseIndex(&rat)
		} else {
			k.rank[i], k.rrank[i] = rankOf(n, pt.tiles, &at), rankOf(n, pt.tiles, &rat)
		}
		k.vals[i] = nibble(k.slices[i], k.rank[i])
		k.rvals[i] = nibble(k.slices[i], k.rrank[i])
	}
	return k
}

// root sets up the first frame of an iteration with bound `bound` and
// returns the position's heuristic.
func (k *pdbKernel) root(p *problem, bound int) (h int) {
	f := &k.frames[0]
	*f = pdbFrame{prev: -1}
	md := 0
	for c, t := range p.cells {
		if t == 0 {
			f.blank = int64(c)
		}
		if k.rcells[c] == 0 {
			f.rblank = int64(c)
		}
		md += int(k.md[t][c])
	}
	for i := range k.slices {
		f.sum += k.vals[i]
		f.rsum += k.rvals[i]
	}
	f.md = int64(md)
	k.depth, k.bound, k.next = 0, int64(bound), 1<<30
	return md + 2*int(max(f.sum, f.rsum))
}

// idaStarPDB returns a shortest solution using the database set.
func idaStarPDB(ctx context.Context, p *problem, set *PDBSet, stats *Stats) ([]int8, error) {
	st := newStopper(ctx)
	defer st.release()
	k := newPDBKernel(p, set)
	h := k.root(p, 0)
	defer func() {
		stats.Generated += k.gen
		stats.Expanded += k.exp
	}()
	for bound := h; ; bound = int(k.next) {
		stats.Iterations++
		if bound >= len(k.path) {
			panic("sliding: solution longer than the path buffer")
		}
		k.root(p, bound)
		r := pdbIterate(k, false)
		for r == iterPaused {
			if st.flag.Load() {
				return nil, ctx.Err()
			}
			r = pdbIterate(k, true)
		}
		if r >= 0 {
			stats.MaxFrontier = max(stats.MaxFrontier, int64(r+1))
			return append([]int8(nil), k.path[:r]...), nil
		}
		stats.MaxFrontier = max(stats.MaxFrontier, int64(bound+1))
	}
}

// rankChange returns how the rank of the pattern of the tile whose
// between row is `row` changes when it slides `delta` cells, into the
// blank, passing the cells of `pass`. Its digit counts the cells before
// its own that hold no earlier tile of its pattern, and so do the digits
// of the later tiles. A move along a row changes its digit by one (its
// weight) and no other digit; a move along a column also passes the cells
// between: an earlier tile there takes one from the change of its digit,
// a later tile changes its own digit by one. between[label][u] holds that
// term for a tile u passed (0 for the blank, tiles of other patterns and
// the tile itself).
func rankChange(row *[64]int64, cells *[64]uint8, pass *[4]uint8, weight int64, delta int8) int64 {
	passed := row[cells[pass[0]&63]&63] + row[cells[pass[1]&63]&63] + row[cells[pass[2]&63]&63] + row[cells[pass[3]&63]&63]
	if delta < 0 {
		passed = -passed
	}
	return int64(delta)*weight + passed
}

// list fills frame f with the children of its node.
func (k *pdbKernel) list(f *pdbFrame) {
	idx := f.blank*5 + f.prev + 1
	steps := &k.steps[idx]
	f.k, f.i = int64(k.nsteps[idx]), 0
	for j := range f.k {
		st, kid := &steps[j], &f.kids[j]
		t := k.cells[st.to]
		ti := &k.tiles[t]
		kid.to, kid.rto, kid.dir, kid.dmd = st.to, st.rto, st.dir, k.mdstep[st.mdrow/64][t]
		kid.tile, kid.pat, kid.rpat, kid.rlab = ti.label, ti.pat, ti.rpat, ti.rlab
		kid.rank = k.rank[ti.pat] + rankChange(&k.between[t], &k.cells, &st.pass, ti.weight, st.delta)
		kid.rrank = k.rrank[ti.rpat] + rankChange(&k.between[ti.rlab], &k.rcells, &st.rpass, ti.rweight, st.rdelta)
	}
}

// iterateGo is the iteration loop in Go, the same as the assembly's, step
// for step: from the frame at k.depth (or, resuming, with its next child),
// depth first, each node's children in the order of its steps. It returns
// the length of a solution within the bound, or iterExhausted, or
// iterPaused after an expansion whose count is a multiple of pollMask+1.
func (k *pdbKernel) iterateGo(resume bool) int {
	g := int(k.depth)
	f := &k.frames[g]
	expand := !resume
	for {
		if expand {
			k.exp++
			if f.md == 0 {
				return g
			}
			k.list(f)
			if k.exp&pollMask == 0 {
				k.depth = int64(g)
				return iterPaused
			}
			expand = false
		}
		if f.i == f.k {
			if g == 0 {
				return iterExhausted
			}
			g--
			f = &k.frames[g]
			k.unplay(f, &f.kids[f.i-1])
			continue
		}
		kid := &f.kids[f.i]
		f.i++
		k.gen++
		to := kid.to
		md := f.md + int64(kid.dmd)
		v := nibble(k.slices[kid.pat], kid.rank)
		sum := f.sum - k.vals[kid.pat] + v
		h := md + 2*sum
		room := k.bound - int64(g) - 1 // the most h a child may have
		var rv, rsum int64
		if h <= room {
			rv = nibble(k.slices[kid.rpat], kid.rrank)
			rsum = f.rsum - k.rvals[kid.rpat] + rv
			h = max(h, md+2*rsum)
		}
		if h > room {
			if x := int64(g) + 1 + h; x < k.next {
				k.next = x
			}
			continue
		}
		k.play(f, kid, v, rv)
		k.path[g] = int8(kid.dir)
		g++
		c := &k.frames[g]
		c.blank, c.rblank, c.prev = int64(to), int64(kid.rto), int64(kid.dir)
		c.md, c.sum, c.rsum = md, sum, rsum
		f, expand = c, true
	}
}

// play makes the move of kid, a child of frame f, its entries becoming v
// and rv, and keeps what it replaces in f.
func (k *pdbKernel) play(f *pdbFrame, kid *pdbKid, v, rv int64) {
	f.urank, f.uval = k.rank[kid.pat], k.vals[kid.pat]
	f.urrank, f.urval = k.rrank[kid.rpat], k.rvals[kid.rpat]
	k.rank[kid.pat], k.vals[kid.pat] = kid.rank, v
	k.rrank[kid.rpat], k.rvals[kid.rpat] = kid.rrank, rv
	k.cells[f.blank], k.cells[kid.to] = kid.tile, 0
	k.rcells[f.rblank], k.rcells[kid.rto] = kid.rlab, 0
}

// unplay takes back the move of kid, a child of frame f.
func (k *pdbKernel) unplay(f *pdbFrame, kid *pdbKid) {
	k.cells[f.blank], k.cells[kid.to] = 0, kid.tile
	k.rcells[f.rblank], k.rcells[kid.rto] = 0, kid.rlab
	k.rank[kid.pat], k.vals[kid.pat] = f.urank, f.uval
	k.rrank[kid.rpat], k.rvals[kid.rpat] = f.urrank, f.urval
}
