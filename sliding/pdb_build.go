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
	Depth       int    // the distance being expanded
}

// build fills the table by breadth-first search from the goal over
// the blocks of a blockSpace, layer by layer, on `workers` goroutines. A
// layer pulls each block's new states from the frontier blocks that move
// into it (moves are reversible), so a worker writes only the blocks of
// its combinations and no write is atomic. A placement's entry is set in
// the layer that first reaches it (the least over the blank's regions),
// in combination order; a last pass copies the entries into the order of
// the file (rank).
func (pt *pattern) build(ctx context.Context, workers int, progress func(BuildProgress), name string) error {
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
