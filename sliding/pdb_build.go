package sliding

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
)

// BuildProgress reports the building of one pattern database.
type BuildProgress struct {
	Name        string // the pattern's file name
	Done, Total int64  // placements reached
	Depth       int    // the distance of the layer just made
}

// build fills the table by breadth-first search from the goal, layer by
// layer, on `workers` goroutines, over the blocks of a blockSpace: the
// permutations of the pattern's tiles for one set of occupied cells and
// one region of the blank, each block a bitset. A layer pulls each
// block's new states from the frontier blocks that move into it (moves
// are reversible), whole blocks at a time, so a worker writes only the
// blocks of its own cell sets and in the caches, with no atomic write. A
// placement's entry comes from the layer that first reaches it (the least
// over the blank's regions), stored by cell set and permutation; a last
// pass copies the entries into the order of placement ranks (the file's).
func (pt *pattern) build(ctx context.Context, workers int, progress func(BuildProgress), name string) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if pt.n > 32 {
		return fmt.Errorf("sliding: pattern databases are for boards of up to 32 cells")
	}
	if len(pt.tiles) > maxBlockTiles {
		return fmt.Errorf("sliding: pattern databases hold at most %d tiles", maxBlockTiles)
	}
	bs, release := newBlockSearch(pt)
	defer release()
	st := newStopper(ctx)
	defer st.release()

	done := int64(1) // the goal
	var clamped, maxDelta, wrong atomic.Int64
	const chunkCombos = 16 // the unit of work: cell sets
	chunks := int64((len(bs.sp.combos) + chunkCombos - 1) / chunkCombos)
	for d := 1; ; d++ {
		if d >= 2*15+255 {
			return fmt.Errorf("sliding: pattern database deeper than expected")
		}
		var added, states atomic.Int64
		parallel(workers, chunks, func(c int64) {
			if st.flag.Load() {
				return
			}
			var l layerCounts
			scratch := newLayerScratch(bs.sp)
			for s := int(c) * chunkCombos; s < min(int(c+1)*chunkCombos, len(bs.sp.combos)); s++ {
				bs.grow(s, d, scratch, &l)
			}
			added.Add(l.added)
			states.Add(l.states)
			clamped.Add(l.clamped)
			wrong.Add(l.wrong)
		})
		if st.flag.Load() {
			return ctx.Err()
		}
		if wrong.Load() != 0 {
			return fmt.Errorf("sliding: pattern database %s: a distance below Manhattan's or of the wrong parity", name)
		}
		done += added.Load()
		if progress != nil {
			progress(BuildProgress{Name: name, Done: done, Total: pt.size, Depth: d})
		}
		if states.Load() == 0 {
			break
		}
		bs.front, bs.next = bs.next, bs.front
		bs.frontOn, bs.nextOn = bs.nextOn, bs.frontOn
	}
	if done != pt.size {
		return fmt.Errorf("sliding: pattern database %s reached %d of %d placements", name, done, pt.size)
	}
	bs.releaseBits()

	nib, releaseNib := buildWords[uint32]((pt.size + 7) / 8)
	cp := newRankOrderCopy(bs, nib)
	fixed, copyChunks := cp.chunking(workers)
	parallel(workers, copyChunks, func(c int64) {
		if !st.flag.Load() {
			most := int64(cp.chunk(fixed, c))
			for {
				old := maxDelta.Load()
				if most <= old || maxDelta.CompareAndSwap(old, most) {
					break
				}
			}
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

// blockSearch is the state of a build. Per block, a bitset of
// permutations in each of visited (reached), front (reached in the last
// layer) and next (reached in the layer being made), and whether front and
// next hold any; per cell set, the entries of its permutations in deltas.
//
// An entry of deltas is the placement's distance d halved, modulo 16:
// its excess over Manhattan, (d-m)/2, is then that less m/2 modulo 16
// (d and m have one parity), which the last pass works out with m, since
// it places the tiles one by one. A cell set whose Manhattan distances
// might fall so low that an excess would pass 15 stores instead m/2 plus
// the excess clamped to 15, modulo 16: the same sum when no clamping.
type blockSearch struct {
	pt              *pattern
	sp              *blockSpace
	visited         []uint64
	front, next     []uint64
	frontOn, nextOn []bool
	deltas          []uint64 // deltaWords words of nibbles per cell set
	deltaWords      int
	md              []int8
	releaseBits     func()
}

// newBlockSearch returns the search of pt with the goal reached, and the
// function that releases its memory.
func newBlockSearch(pt *pattern) (*blockSearch, func()) {
	sp := newBlockSpace(pt.rows, pt.cols, len(pt.tiles))
	bs := &blockSearch{pt: pt, sp: sp, md: manhattanTable(pt.rows, pt.cols)}
	blocks := len(sp.region)
	words := int64(blocks * sp.words)
	var releaseVisited, releaseFront, releaseNext func()
	bs.visited, releaseVisited = buildWords[uint64](words)
	bs.front, releaseFront = buildWords[uint64](words)
	bs.next, releaseNext = buildWords[uint64](words)
	released := false
	bs.releaseBits = func() {
		if !released {
			releaseVisited()
			releaseFront()
			releaseNext()
			bs.visited, bs.front, bs.next = nil, nil, nil
			released = true
		}
	}
	bs.frontOn = make([]bool, blocks)
	bs.nextOn = make([]bool, blocks)
	bs.deltaWords = (sp.perms + 15) / 16
	var releaseDeltas func()
	bs.deltas, releaseDeltas = buildWords[uint64](int64(len(sp.combos) * bs.deltaWords))

	p, b := sp.goal(pt.tiles) // its entry is 0, as deltas starts
	bs.visited[b*sp.words+p/64] |= 1 << (p % 64)
	bs.front[b*sp.words+p/64] |= 1 << (p % 64)
	bs.frontOn[b] = true
	return bs, func() {
		bs.releaseBits()
		releaseDeltas()
	}
}

// layerScratch is a worker's room for one cell set.
type layerScratch struct {
	reached, before, fresh []uint64 // a block's bits each
	md                     []int8   // md[j*k+i]: the Manhattan distance of tile j at the i-th occupied cell
}

// maxEntry is the largest entry: a larger excess over Manhattan is
// clamped to it.
const maxEntry = 15

// layerEntriesSpan is how far a layer may lie beyond the least Manhattan
// distance of a cell set for its entries to be d/2 modulo 16, none of its
// excesses passing maxEntry (a variable for the tests).
var layerEntriesSpan = 2*maxEntry + 1

func newLayerScratch(sp *blockSpace) *layerScratch {
	return &layerScratch{
		reached: make([]uint64, sp.words),
		before:  make([]uint64, sp.words),
		fresh:   make([]uint64, sp.words),
		md:      make([]int8, sp.k*sp.k),
	}
}

// layerCounts are a worker's counts in one layer.
type layerCounts struct {
	added   int64 // placements first reached
	states  int64 // states (placement, region) first reached
	clamped int64 // entries above 15, stored as 15
	wrong   int64 // distances below Manhattan's or of its other parity: a bug
}

// grow makes layer d of the blocks of cell set s from layer d-1 (front),
// and sets the entries of the placements it reaches first.
func (bs *blockSearch) grow(s, d int, sc *layerScratch, l *layerCounts) {
	sp, W := bs.sp, bs.sp.words
	lo, hi := int(sp.first[s]), int(sp.first[s+1])
	grew := false
	for b := lo; b < hi; b++ {
		bs.nextOn[b] = false
		reached := sc.reached
		hit := false // by a move from the frontier
		for _, m := range sp.in[sp.inFirst[b]:sp.inFirst[b+1]] {
			if !bs.frontOn[m.src] {
				continue
			}
			if !hit {
				clear(reached)
				hit = true
			}
			f := bs.front[int(m.src)*W : int(m.src+1)*W]
			if m.rot == 0 {
				for w, x := range f {
					reached[w] |= x
				}
				continue
			}
			rot := sp.rotated[m.rot]
			for w, x := range f {
				for ; x != 0; x &= x - 1 {
					p := rot[w<<6|bits.TrailingZeros64(x)]
					reached[p>>6] |= 1 << (p & 63)
				}
			}
		}
		if !hit {
			continue
		}
		v, nx := bs.visited[b*W:(b+1)*W], bs.next[b*W:(b+1)*W]
		var union uint64
		count := 0
		for w, x := range reached {
			x &^= v[w]
			nx[w] = x
			union |= x
			count += bits.OnesCount64(x)
		}
		if union != 0 {
			bs.nextOn[b] = true
			grew = true
			l.states += int64(count)
		}
	}
	if !grew {
		return
	}
	// The placements first reached: new in some region, in none before.
	before, fresh := sc.before, sc.fresh
	clear(before)
	clear(fresh)
	for b := lo; b < hi; b++ {
		v := bs.visited[b*W : (b+1)*W]
		for w, x := range v {
			before[w] |= x
		}
		if bs.nextOn[b] {
			for w, x := range bs.next[b*W : (b+1)*W] {
				fresh[w] |= x
				v[w] |= x
			}
		}
	}
	entries := bs.deltas[s*bs.deltaWords : (s+1)*bs.deltaWords]
	k, n := sp.k, sp.n
	least := 0 // the least Manhattan distance of the tiles on these cells
	for j, t := range bs.pt.tiles {
		low := int8(127)
		for i, cells := 0, sp.combos[s]; cells != 0; i++ {
			m := bs.md[int(t)*n+bits.TrailingZeros64(cells)]
			sc.md[j*k+i] = m
			low = min(low, m)
			cells &= cells - 1
		}
		least += int(low)
	}
	if d-least <= layerEntriesSpan {
		// No excess passes 15: every entry is d/2 modulo 16.
		x := uint64(d/2) & 15
		for w, f := range fresh {
			for f &^= before[w]; f != 0; f &= f - 1 {
				p := w<<6 | bits.TrailingZeros64(f)
				entries[p>>4] |= x << (4 * uint(p&15))
				l.added++
			}
		}
		return
	}
	for w, f := range fresh {
		for f &^= before[w]; f != 0; f &= f - 1 {
			p := w<<6 | bits.TrailingZeros64(f)
			m := 0
			for j, i := range sp.pos[p*k : (p+1)*k] {
				m += int(sc.md[j*k+int(i)])
			}
			delta := d - m
			if delta < 0 || delta&1 != 0 {
				l.wrong++
			}
			delta /= 2
			if delta > maxEntry {
				delta = maxEntry
				l.clamped++
			}
			entries[p>>4] |= uint64(m/2+delta) & 15 << (4 * uint(p&15))
			l.added++
		}
	}
}

// buildWords returns n zero words for a build and the function that
// releases them: on huge pages when they are many, since the build writes
// them at random.
func buildWords[T uint32 | uint64](n int64) ([]T, func()) {
	var zero T
	if n*int64(unsafe.Sizeof(zero)) < hugeTable {
		return make([]T, n), func() {}
	}
	return hugeWords[T](n)
}

// nibbleBytes returns the words as little-endian bytes, without a copy
// where the machine is little-endian.
func nibbleBytes(words []uint32, n int64) []byte {
	if binary.NativeEndian.Uint16([]byte{1, 0}) == 1 {
		return unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), len(words)*4)[:n]
	}
	b := make([]byte, len(words)*4)
	for i, w := range words {
		binary.LittleEndian.PutUint32(b[i*4:], w)
	}
	return b[:n]
}

// parallel calls fn for 0..count-1 on `workers` goroutines.
func parallel(workers int, count int64, fn func(int64)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := next.Add(1) - 1
				if i >= count {
					return
				}
				fn(i)
			}
		}()
	}
	wg.Wait()
}
