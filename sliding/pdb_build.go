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
		for free := range uint64(1 << n) {
			for c := range n {
				if free&(1<<c) != 0 {
					x := r.floodSlow(1<<c, free)
					r.regionOf[free<<4|uint64(c)] = uint16(x)
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

// flood returns the region of free holding cell c.
func (r *region) flood(c int, free uint64) uint64 {
	if r.regionOf != nil {
		return uint64(r.regionOf[free<<4|uint64(c)])
	}
	return r.floodSlow(1<<c, free)
}

// build fills the table by breadth-first search from the goal, layer by
// layer, on `workers` goroutines. A state is a placement with the region
// of free cells the blank is in (named by its lowest cell): visited keeps,
// for each placement, the set of regions reached; the table entry of a
// placement comes from the first layer that reaches it (the minimum over
// the blank's positions).
func (pt *pattern) build(ctx context.Context, workers int, progress func(BuildProgress), name string) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	n, k := pt.n, len(pt.tiles)
	if n > 32 {
		return fmt.Errorf("sliding: pattern databases are for boards of up to 32 cells")
	}
	// visited: 16 bits per placement on boards of 16 cells or fewer, else 32.
	shift := uint(0) // log2 of placements per word
	if n <= 16 {
		shift = 1
	}
	vis := make([]uint32, (pt.size>>shift)+1)
	cur := make([]uint64, (pt.size+63)/64)
	next := make([]uint64, (pt.size+63)/64)
	nib := make([]uint32, (pt.size+7)/8)
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
	// markRegion records region rep of placement r; it reports whether the
	// pair is new, and whether the placement is.
	markRegion := func(r int64, rep int) (newPair, newPlacement bool) {
		w := &vis[r>>shift]
		var bit, all uint32
		if shift == 1 {
			s := uint(r&1) * 16
			bit, all = 1<<(s+uint(rep)), 0xFFFF<<s
		} else {
			bit, all = 1<<uint(rep), ^uint32(0)
		}
		if atomic.LoadUint32(w)&bit != 0 {
			return false, false // the common case, without a locked write
		}
		old := atomic.OrUint32(w, bit)
		return old&bit == 0, old&all == 0
	}
	regionsOf := func(r int64) uint32 {
		x := atomic.LoadUint32(&vis[r>>shift])
		if shift == 1 {
			return x >> (uint(r&1) * 16) & 0xFFFF
		}
		return x
	}

	goal := append([]uint8(nil), pt.tiles...)
	r0 := rank(n, goal)
	var used0 uint64
	for _, c := range goal {
		used0 |= 1 << c
	}
	markRegion(r0, bits.TrailingZeros64(reg.flood(0, reg.all&^used0)))
	cur[r0/64] |= 1 << (r0 % 64)

	st := newStopper(ctx)
	defer st.release()
	done := int64(1)
	var clamped, maxDelta atomic.Int64
	const chunkWords = 1 << 10
	words := int64(len(cur))
	chunks := (words + chunkWords - 1) / chunkWords
	offsets := make([]int64, chunks+1)
	var snapBuf []uint32
	for d := 0; ; d++ {
		if d+1 >= 2*15+255 {
			return fmt.Errorf("sliding: pattern database deeper than expected")
		}
		// Snapshot the regions of the frontier's placements, so that regions
		// reached during this layer are not expanded in it.
		for c := range chunks {
			cnt := int64(0)
			for _, w := range cur[c*chunkWords : min((c+1)*chunkWords, words)] {
				cnt += int64(bits.OnesCount64(w))
			}
			offsets[c+1] = offsets[c] + cnt
		}
		if int64(cap(snapBuf)) < offsets[chunks] {
			snapBuf = make([]uint32, offsets[chunks]+offsets[chunks]/4)
		}
		snap := snapBuf[:offsets[chunks]]
		parallel(workers, chunks, func(c int64) {
			i := offsets[c]
			for w := c * chunkWords; w < min((c+1)*chunkWords, words); w++ {
				for x := cur[w]; x != 0; x &= x - 1 {
					snap[i] = regionsOf(w*64 + int64(bits.TrailingZeros64(x)))
					i++
				}
			}
		})
		var added, pairs atomic.Int64
		parallel(workers, chunks, func(c int64) {
			if st.flag.Load() {
				return
			}
			cells := make([]uint8, k)
			var digits [32]int64
			var before [32]uint64
			var localAdded, localPairs, localClamped int64
			localMax := int64(0)
			i := offsets[c]
			for w := c * chunkWords; w < min((c+1)*chunkWords, words); w++ {
				for x := cur[w]; x != 0; x &= x - 1 {
					r := w*64 + int64(bits.TrailingZeros64(x))
					regions := snap[i]
					i++
					unrankDigits(n, r, cells, digits[:k], before[:k])
					used := before[k-1] | 1<<cells[k-1]
					free := reg.all &^ used
					m := 0
					for j, c := range cells {
						m += int(md[int(pt.tiles[j])*n+int(c)])
					}
					for ; regions != 0; regions &= regions - 1 {
						area := reg.flood(bits.TrailingZeros32(regions), free)
						for j, c := range cells {
							t := int(pt.tiles[j])
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
								rep := bits.TrailingZeros64(reg.flood(int(c), free2))
								newPair, newPlacement := markRegion(r2, rep)
								if !newPair {
									continue
								}
								localPairs++
								atomic.OrUint64(&next[r2/64], 1<<(r2%64))
								if newPlacement {
									localAdded++
									m2 := m - int(md[t*n+int(c)]) + int(md[t*n+int(q)])
									delta := int64(d+1-m2) / 2
									if delta > 15 {
										delta = 15
										localClamped++
									}
									localMax = max(localMax, delta)
									atomic.OrUint32(&nib[r2/8], uint32(delta)<<(4*uint(r2%8)))
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
			progress(BuildProgress{Name: name, Done: done, Total: pt.size, Depth: d + 1})
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
	return nil
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
