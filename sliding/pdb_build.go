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

// region describes the free cells of a board for flood fills.
type region struct {
	cols     int
	notFirst uint64 // every cell but those of the first column
	notLast  uint64 // every cell but those of the last column
	all      uint64
	// regionOf[free<<4|c] is the region of c, on boards of 16 cells or
	// fewer.
	regionOf []uint16
	// lowest[free] holds in its nibble c the lowest cell of the region of
	// c (512 KB, which stays in the cache), on boards of 16 cells or fewer.
	lowest []uint64
	// lowests[free] holds the lowest cell of each region of free (128 KB),
	// on boards of 16 cells or fewer.
	lowests []uint16
}

func newRegion(rows, cols int) *region {
	n := rows * cols
	r := &region{cols: cols, all: 1<<n - 1}
	for c := range n {
		if c%cols != 0 {
			r.notFirst |= 1 << c
		}
		if c%cols != cols-1 {
			r.notLast |= 1 << c
		}
	}
	if n <= 16 {
		r.regionOf = make([]uint16, 1<<n*16)
		r.lowest = make([]uint64, 1<<n)
		r.lowests = make([]uint16, 1<<n)
		for free := range uint64(1 << n) {
			for c := range n {
				if free&(1<<c) != 0 {
					x := r.floodSlow(1<<c, free)
					r.regionOf[free<<4|uint64(c)] = uint16(x)
					r.lowest[free] |= uint64(bits.TrailingZeros64(x)) << (4 * c)
					r.lowests[free] |= 1 << bits.TrailingZeros64(x)
				}
			}
		}
	}
	return r
}

// floodSlow returns the cells of free connected to seed.
func (r *region) floodSlow(seed, free uint64) uint64 {
	x := seed
	for {
		y := (x | x<<1&r.notFirst | x>>1&r.notLast | x<<r.cols | x>>r.cols) & free
		if y == x {
			return x
		}
		x = y
	}
}

// lowestCell returns the lowest cell of the region of free holding cell c.
func (r *region) lowestCell(c int, free uint64) int {
	if r.lowest != nil {
		return int(r.lowest[free]>>(4*uint(c))) & 15
	}
	return bits.TrailingZeros64(r.floodSlow(1<<c, free))
}

// flood returns the region of free holding cell c.
func (r *region) flood(c int, free uint64) uint64 {
	if r.regionOf != nil {
		return uint64(r.regionOf[free<<4|uint64(c)])
	}
	return r.floodSlow(1<<c, free)
}

// build fills the table by breadth-first search from the goal, layer by
// layer, on `workers` goroutines. A state is a placement with the region
// of free cells the blank is in. For each placement, vis keeps the set of
// regions reached and the set already expanded. The frontier is a bitmap
// of groups of 16 placements holding regions reached but not expanded,
// scanned in order. Every move of a tile changes its Manhattan distance by
// one, so all the regions of a placement lie at depths of one parity: a
// layer expands the placements of its parity only, never those it reaches,
// so a region is expanded once and no other worker writes the placements
// it expands. A placement's entry is written when it is first expanded,
// from the first layer that reached it (the minimum over the blank's
// regions), in order rather than at random.
func (pt *pattern) build(ctx context.Context, workers int, progress func(BuildProgress), name string) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	n, k := pt.n, len(pt.tiles)
	if n > 32 {
		return fmt.Errorf("sliding: pattern databases are for boards of up to 32 cells")
	}
	// vis: on boards of 16 cells or fewer, 16 bits per placement: the
	// regions reached in the low byte and those expanded in the high byte,
	// a region being named by its rank among the placement's regions (at
	// most 8: they hold pairwise apart cells). On larger boards two words
	// per placement, a region being named by its lowest cell.
	wide := n > 16
	visWords := (pt.size + 1) / 2
	if wide {
		visWords = 2 * pt.size
	}
	const groupShift = 4 // placements per frontier bit: 1<<groupShift
	words := (pt.size>>groupShift + 64) / 64
	vis, releaseVis := buildWords[uint32](visWords)
	defer releaseVis()
	cur, releaseCur := buildWords[uint64](words)
	defer releaseCur()
	next, releaseNext := buildWords[uint64](words)
	defer releaseNext()
	nib, releaseNib := buildWords[uint32]((pt.size + 7) / 8)
	kept := false
	defer func() {
		if !kept {
			releaseNib()
		}
	}()
	nb := neighbours(pt.rows, pt.cols)
	md := manhattanTable(pt.rows, pt.cols)
	reg := newRegion(pt.rows, pt.cols)
	adj := make([]uint64, n) // the neighbours of each cell
	for c := range n {
		for _, x := range nb[c] {
			if x >= 0 {
				adj[c] |= 1 << uint(x)
			}
		}
	}
	weights := make([]int64, k)
	for i, w := k-1, int64(1); i >= 0; i-- {
		weights[i] = w
		w *= int64(pt.n - i)
	}
	// markRegion records the region of lowest cell rep, free cells free,
	// of placement r and reports whether it is new.
	markRegion := func(r int64, rep int, free uint64) bool {
		var w *uint32
		var bit uint32
		if wide {
			w, bit = &vis[2*r], 1<<uint(rep)
		} else {
			ord := bits.OnesCount16(reg.lowests[free] & (1<<rep - 1))
			w, bit = &vis[r>>1], 1<<(uint(r&1)*16+uint(ord))
		}
		if atomic.LoadUint32(w)&bit != 0 {
			return false // the common case, without a locked write
		}
		return atomic.OrUint32(w, bit)&bit == 0
	}
	// pending returns the regions of placement r reached and not yet
	// expanded (as vis names them), and reports whether r had none
	// expanded before.
	pending := func(r int64) (regions uint32, first bool) {
		if wide {
			old := vis[2*r+1]
			return atomic.LoadUint32(&vis[2*r]) &^ old, old == 0
		}
		x := atomic.LoadUint32(&vis[r>>1]) >> (uint(r&1) * 16)
		return x & 0xFF &^ (x >> 8 & 0xFF), x>>8&0xFF == 0
	}
	// expanded marks regions of placement r expanded.
	expanded := func(r int64, regions uint32) {
		if wide {
			vis[2*r+1] |= regions
		} else {
			atomic.OrUint32(&vis[r>>1], regions<<(uint(r&1)*16+8))
		}
	}
	// lowestCells returns the lowest cells of the regions named as vis
	// names them, free cells free.
	lowestCells := func(regions uint32, free uint64) uint32 {
		if wide {
			return regions
		}
		cells, all := uint32(0), uint32(reg.lowests[free])
		for i := 0; all != 0; i++ {
			if regions&(1<<i) != 0 {
				cells |= all & -all
			}
			all &= all - 1
		}
		return cells
	}

	goal := append([]uint8(nil), pt.tiles...)
	r0 := rank(n, goal)
	var used0 uint64
	for _, c := range goal {
		used0 |= 1 << c
	}
	markRegion(r0, bits.TrailingZeros64(reg.flood(0, reg.all&^used0)), reg.all&^used0)
	cur[r0>>groupShift/64] |= 1 << (r0 >> groupShift % 64)

	st := newStopper(ctx)
	defer st.release()
	done := int64(0)
	var clamped, maxDelta atomic.Int64
	// A chunk of the frontier, the unit of work, holds a multiple of 8
	// placements (nib words are not shared); small tables get several
	// chunks a worker too.
	chunkWords := min(max(words/int64(8*workers), 1), 1<<8)
	chunks := (words + chunkWords - 1) / chunkWords
	for d := 0; ; d++ {
		if d+1 >= 2*15+255 {
			return fmt.Errorf("sliding: pattern database deeper than expected")
		}
		var added, pairs atomic.Int64
		parallel(workers, chunks, func(c int64) {
			if st.flag.Load() {
				return
			}
			cells := make([]uint8, k)
			var digits, last [32]int64
			var before [32]uint64
			var localAdded, localPairs, localClamped int64
			localMax := int64(0)
			valid := 0 // the leading digits of last that cells and before describe
			for w := c * chunkWords; w < min((c+1)*chunkWords, words); w++ {
				for x := cur[w]; x != 0; x &= x - 1 {
					g := (w*64 + int64(bits.TrailingZeros64(x))) << groupShift
					splitDigits(n, g, digits[:k])
					for r := g; r < min(g+1<<groupShift, pt.size); r++ {
						if r > g { // the digits of r, from those of r-1
							for i := k - 1; ; i-- {
								if digits[i]++; digits[i] < int64(n-i) {
									break
								}
								digits[i] = 0
							}
						}
						regions, first := pending(r)
						if regions == 0 {
							continue
						}
						// Unrank r, reusing the cells of the previous placement
						// up to the first digit that differs.
						i := 0
						for i < valid && digits[i] == last[i] {
							i++
						}
						var used uint64
						if i > 0 {
							used = before[i-1] | 1<<cells[i-1]
						}
						for ; i < k; i++ {
							m := ^used
							for range digits[i] {
								m &= m - 1
							}
							cl := bits.TrailingZeros64(m)
							cells[i] = uint8(cl)
							before[i] = used
							used |= 1 << cl
							last[i] = digits[i]
						}
						valid = k
						free := reg.all &^ used
						m := 0
						for j, c := range cells {
							m += int(md[int(pt.tiles[j])*n+int(c)])
						}
						if (d-m)&1 != 0 {
							continue // reached in this layer
						}
						expanded(r, regions)
						regions = lowestCells(regions, free)
						if first {
							localAdded++
							delta := int64(d-m) / 2
							if delta > 15 {
								delta = 15
								localClamped++
							}
							localMax = max(localMax, delta)
							nib[r/8] |= uint32(delta) << (4 * uint(r%8))
						}
						for ; regions != 0; regions &= regions - 1 {
							area := reg.flood(bits.TrailingZeros32(regions), free)
							for j, c := range cells {
								for moves := adj[c] & area; moves != 0; moves &= moves - 1 {
									q := uint8(bits.TrailingZeros64(moves))
									digit := int64(q) - int64(bits.OnesCount64(before[j]&(1<<q-1)))
									r2 := r + (digit-digits[j])*weights[j]
									if q != c+1 && q+1 != c { // a vertical move jumps the cells between
										lo, hi, sign := c, q, int64(1)
										if q < c {
											lo, hi, sign = q, c, -1
										}
										for l := j + 1; l < k; l++ {
											if p := cells[l]; p > lo && p < hi {
												r2 += sign * weights[l]
											}
										}
									}
									free2 := free&^(1<<q) | 1<<c
									rep := reg.lowestCell(int(c), free2)
									if !markRegion(r2, rep, free2) {
										continue
									}
									localPairs++
									g2 := r2 >> groupShift
									if bit := uint64(1) << (g2 % 64); atomic.LoadUint64(&next[g2/64])&bit == 0 {
										atomic.OrUint64(&next[g2/64], bit)
									}
								}
							}
						}
					}
				}
			}
			added.Add(localAdded)
			pairs.Add(localPairs)
			clamped.Add(localClamped)
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
		done += added.Load()
		if progress != nil {
			progress(BuildProgress{Name: name, Done: done, Total: pt.size, Depth: d})
		}
		if pairs.Load() == 0 {
			break
		}
		cur, next = next, cur
		clear(next)
	}
	if done != pt.size {
		return fmt.Errorf("sliding: pattern database %s reached %d of %d placements", name, done, pt.size)
	}
	pt.clamped = clamped.Load()
	pt.maxDelta = int(maxDelta.Load())
	pt.table = nibbleBytes(nib, (pt.size+1)/2)
	kept = true
	return nil
}

// splitDigits fills digits with the digits of placement rank r: radix n,
// n-1, ..., most significant first.
func splitDigits(n int, r int64, digits []int64) {
	k := len(digits)
	if r < 1<<32 { // 32-bit division is much faster
		x := uint32(r)
		for i := k - 1; i >= 0; i-- {
			radix := uint32(n - i)
			digits[i] = int64(x % radix)
			x /= radix
		}
		return
	}
	for i := k - 1; i >= 0; i-- {
		radix := int64(n - i)
		digits[i] = r % radix
		r /= radix
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
