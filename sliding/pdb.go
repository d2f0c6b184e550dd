package sliding

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
)

// A pattern database stores, for every placement of a few tiles (the
// pattern), how many moves of those tiles bring them home when the other
// tiles are ignored. In this relaxation a pattern tile may move into any
// neighbouring cell that no other pattern tile holds, so a move of the real
// puzzle moves at most one pattern tile and disjoint patterns may be added
// (Korf and Felner, "Disjoint pattern database heuristics", AIJ 134, 2002).
// Every move changes the moved tile's Manhattan distance by one, so a
// pattern's distance has the parity of its tiles' Manhattan distance and
// the table stores (distance - Manhattan)/2, four bits per placement.

// pattern is one pattern database: its tiles (labels, that is goal cells)
// and the table indexed by the rank of their cells.
type pattern struct {
	rows, cols, n int
	tiles         []uint8
	size          int64 // n!/(n-k)! placements
	table         []byte
	clamped       int64 // placements whose extra moves exceeded 30
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

// unrankDigits fills cells with the placement of rank r, digits with its
// digits and before[i] with the cells of the tiles before tile i.
func unrankDigits(n int, r int64, cells []uint8, digits []int64, before []uint64) {
	k := len(cells)
	for i := k - 1; i >= 0; i-- {
		radix := int64(n - i)
		digits[i] = r % radix
		r /= radix
	}
	var used uint64
	for i := range k {
		m := ^used
		for range digits[i] {
			m &= m - 1
		}
		c := bits.TrailingZeros64(m)
		cells[i] = uint8(c)
		before[i] = used
		used |= 1 << c
	}
}

// delta returns the table entry of rank r.
func (pt *pattern) delta(r int64) int {
	return int(pt.table[r>>1]>>(uint(r&1)<<2)) & 15
}

// BuildProgress reports the building of one pattern database.
type BuildProgress struct {
	Name        string // the pattern's file name
	Done, Total int64  // placements reached
	Depth       int    // the distance being expanded
}

// build fills the table by breadth-first search from the goal placement,
// layer by layer, on `workers` goroutines. Distances live in a byte per
// placement while building; a placement's table entry is written when it
// is expanded.
func (pt *pattern) build(ctx context.Context, workers int, progress func(BuildProgress), name string) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	k := len(pt.tiles)
	words := (pt.size + 7) / 8
	dist := make([]uint64, words)
	for i := range dist {
		dist[i] = ^uint64(0)
	}
	pt.table = make([]byte, (pt.size+1)/2)
	nb := neighbours(pt.rows, pt.cols)
	md := manhattanTable(pt.rows, pt.cols)
	goal := make([]uint8, k)
	copy(goal, pt.tiles)
	r0 := rank(pt.n, goal)
	dist[r0/8] &^= 0xFF << (uint(r0%8) * 8)

	weights := make([]int64, k)
	for i, w := k-1, int64(1); i >= 0; i-- {
		weights[i] = w
		w *= int64(pt.n - i)
	}
	st := newStopper(ctx)
	defer st.release()
	var done atomic.Int64
	done.Store(1)
	var clamped atomic.Int64
	var maxDelta atomic.Int64
	const chunkWords = 1 << 13
	for d := 0; ; d++ {
		if d >= 254 {
			return fmt.Errorf("sliding: pattern database deeper than 254")
		}
		var next atomic.Int64
		var added atomic.Int64
		var wg sync.WaitGroup
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				cells := make([]uint8, k)
				var digits [32]int64
				var before [32]uint64
				var localAdded, localClamped int64
				localMax := 0
				want := uint64(d) * 0x0101010101010101
				for {
					first := next.Add(chunkWords) - chunkWords
					if first >= words || st.flag.Load() {
						break
					}
					last := min(first+chunkWords, words)
					for w := first; w < last; w++ {
						x := atomic.LoadUint64(&dist[w]) ^ want
						// Does any byte of x equal zero?
						if (x-0x0101010101010101)&^x&0x8080808080808080 == 0 {
							continue
						}
						for b := range int64(8) {
							if byte(x>>(8*b)) != 0 {
								continue
							}
							r := w*8 + b
							if r >= pt.size {
								break
							}
							unrankDigits(pt.n, r, cells, digits[:k], before[:k])
							m := 0
							for i, c := range cells {
								m += int(md[int(pt.tiles[i])*pt.n+int(c)])
							}
							used := before[k-1] | 1<<cells[k-1]
							delta := (d - m) / 2
							if delta > 15 {
								delta = 15
								localClamped++
							}
							localMax = max(localMax, delta)
							pt.table[r>>1] |= byte(delta) << (uint(r&1) << 2)
							// A successor's rank differs in the moved tile's
							// digit and, when it jumps a row, in the digits of
							// the later tiles it jumps over.
							for i, c := range cells {
								for dir := range 4 {
									to := nb[c][dir]
									if to < 0 || used&(1<<uint(to)) != 0 {
										continue
									}
									q := uint8(to)
									digit := int64(q) - int64(bits.OnesCount64(before[i]&(1<<q-1)))
									r2 := r + (digit-digits[i])*weights[i]
									if dir == dirUp || dir == dirDown {
										lo, hi, sign := c, q, int64(1)
										if q < c {
											lo, hi, sign = q, c, -1
										}
										for j := i + 1; j < k; j++ {
											if p := cells[j]; p > lo && p < hi {
												r2 += sign * weights[j]
											}
										}
									}
									if mark(dist, r2, byte(d+1)) {
										localAdded++
									}
								}
							}
						}
					}
				}
				added.Add(localAdded)
				clamped.Add(localClamped)
				for {
					old := maxDelta.Load()
					if int64(localMax) <= old || maxDelta.CompareAndSwap(old, int64(localMax)) {
						break
					}
				}
			}()
		}
		wg.Wait()
		if st.flag.Load() {
			pt.table = nil
			return ctx.Err()
		}
		if added.Load() == 0 {
			break
		}
		done.Add(added.Load())
		if progress != nil {
			progress(BuildProgress{Name: name, Done: done.Load(), Total: pt.size, Depth: d + 1})
		}
	}
	if done.Load() != pt.size {
		return fmt.Errorf("sliding: pattern database %s reached %d of %d placements", name, done.Load(), pt.size)
	}
	pt.clamped = clamped.Load()
	pt.maxDelta = int(maxDelta.Load())
	return nil
}

// mark sets the distance of placement r to d if it has none yet, and
// reports whether it did.
func mark(dist []uint64, r int64, d byte) bool {
	w := &dist[r/8]
	shift := uint(r%8) * 8
	for {
		old := atomic.LoadUint64(w)
		if byte(old>>shift) != 0xFF {
			return false
		}
		if atomic.CompareAndSwapUint64(w, old, old&^(0xFF<<shift)|uint64(d)<<shift) {
			return true
		}
	}
}
