package sudoku

import (
	"context"
	"math/bits"
	"math/rand/v2"
)

// repair looks for a solution of a sparse grid by local search, after
// Rhyd Lewis, "Metaheuristics can solve Sudoku puzzles" (Journal of
// Heuristics, 2007): every box holds each digit once, the cells fixed by
// propagation never move, and a move swaps two free cells of one box,
// which keeps the boxes right; the cost is the number of repeated digits
// in rows and columns. The start is the template (template.go) with the
// fixed cells written in, each box's displaced digits put back where its
// candidates allow, so a sparse grid starts a few conflicts from a
// solution. A move takes a conflicting cell and the swap in its box that
// lowers a weighted cost most (min-conflicts); where no swap lowers it,
// the weights of the cell's conflicting lines grow (the breakout method),
// and a swap that leaves it level is made half the time. The swaps keep
// every cell within the candidates left by propagation at the root. It
// reports ok false if maxSteps pass without a solution or ctx is done; a
// grid returned with ok has no repeat in any unit.
func repair(ctx context.Context, s *board, prefer []uint8, rng *rand.Rand, maxSteps int) (grid []uint8, ok bool) {
	l := s.lay
	n := l.n
	grid = make([]uint8, l.cells)
	free := make([]bool, l.cells)
	for x := range n {
		var placed uint64
		for k := range n {
			c := int(l.boxCell[x*n+k])
			if v := s.val[c]; v != 0 {
				grid[c] = v
				placed |= 1 << (v - 1)
			}
		}
		missing := l.full &^ placed
		// Template digits first, where they are missing and allowed.
		for k := range n {
			c := int(l.boxCell[x*n+k])
			if s.val[c] != 0 {
				continue
			}
			free[c] = true
			if v := prefer[c]; v != 0 && missing>>(v-1)&1 != 0 && s.cand[c]>>(v-1)&1 != 0 {
				grid[c] = v
				missing &^= 1 << (v - 1)
			}
		}
		// Then any missing digit the cell allows, then any.
		for pass := 0; pass < 2; pass++ {
			for k := range n {
				c := int(l.boxCell[x*n+k])
				if !free[c] || grid[c] != 0 {
					continue
				}
				m := missing
				if pass == 0 {
					m &= s.cand[c]
				}
				if m != 0 {
					v := bits.TrailingZeros64(m)
					grid[c] = uint8(v + 1)
					missing &^= 1 << v
				}
			}
		}
	}
	rowN := make([]int16, n*n) // rowN[r*n+d]: cells of row r holding d+1
	colN := make([]int16, n*n)
	for c, v := range grid {
		rowN[int(l.row[c])*n+int(v)-1]++
		colN[int(l.col[c])*n+int(v)-1]++
	}
	cost := 0
	for i := range rowN {
		if rowN[i] > 1 {
			cost += int(rowN[i]) - 1
		}
		if colN[i] > 1 {
			cost += int(colN[i]) - 1
		}
	}
	// gain of adding (+1) or removing (-1) digit d in a line with count k.
	add := func(k int16) int {
		if k >= 1 {
			return 1
		}
		return 0
	}
	sub := func(k int16) int {
		if k >= 2 {
			return -1
		}
		return 0
	}
	// weight[line] (rows, then columns) grows each time a conflict of
	// that line sits in a local minimum: the breakout method (Morris,
	// AAAI 1993), which makes the search leave the minimum.
	weight := make([]int, 2*n)
	for i := range weight {
		weight[i] = 1
	}
	// delta returns the change of the cost and of the weighted cost that
	// swapping cells a and b of one box makes.
	delta := func(a, b int) (d, wd int) {
		va, vb := int(grid[a])-1, int(grid[b])-1
		ra, rb, ca, cb := int(l.row[a]), int(l.row[b]), int(l.col[a]), int(l.col[b])
		if ra != rb {
			x := sub(rowN[ra*n+va]) + add(rowN[ra*n+vb])
			y := sub(rowN[rb*n+vb]) + add(rowN[rb*n+va])
			d += x + y
			wd += x*weight[ra] + y*weight[rb]
		}
		if ca != cb {
			x := sub(colN[ca*n+va]) + add(colN[ca*n+vb])
			y := sub(colN[cb*n+vb]) + add(colN[cb*n+va])
			d += x + y
			wd += x*weight[n+ca] + y*weight[n+cb]
		}
		return d, wd
	}
	swap := func(a, b int) {
		va, vb := int(grid[a])-1, int(grid[b])-1
		ra, rb, ca, cb := int(l.row[a]), int(l.row[b]), int(l.col[a]), int(l.col[b])
		rowN[ra*n+va]--
		rowN[ra*n+vb]++
		rowN[rb*n+vb]--
		rowN[rb*n+va]++
		colN[ca*n+va]--
		colN[ca*n+vb]++
		colN[cb*n+vb]--
		colN[cb*n+va]++
		grid[a], grid[b] = grid[b], grid[a]
	}
	conflicted := func(c int) bool {
		v := int(grid[c]) - 1
		return rowN[int(l.row[c])*n+v] > 1 || colN[int(l.col[c])*n+v] > 1
	}
	// conf lists cells that were in conflict; entries go stale and are
	// dropped when drawn.
	conf := make([]int32, 0, 64)
	for c := range grid {
		if free[c] && conflicted(c) {
			conf = append(conf, int32(c))
		}
	}
	for step := 0; cost > 0; step++ {
		if step >= maxSteps || (step&4095 == 0 && ctx.Err() != nil) {
			return nil, false
		}
		if len(conf) == 0 {
			for c := range grid {
				if free[c] && conflicted(c) {
					conf = append(conf, int32(c))
				}
			}
			if len(conf) == 0 {
				return nil, false // conflicts only among fixed cells: cannot happen after propagation
			}
		}
		j := rng.IntN(len(conf))
		a := int(conf[j])
		if !conflicted(a) {
			conf[j] = conf[len(conf)-1]
			conf = conf[:len(conf)-1]
			continue
		}
		x := int(l.box[a])
		bestB, bestD, bestW := -1, 0, 1<<30
		ties := 0
		for k := range n {
			b := int(l.boxCell[x*n+k])
			if b == a || !free[b] || s.cand[a]>>(grid[b]-1)&1 == 0 || s.cand[b]>>(grid[a]-1)&1 == 0 {
				continue
			}
			d, wd := delta(a, b)
			if wd < bestW {
				bestB, bestD, bestW, ties = b, d, wd, 1
			} else if wd == bestW {
				ties++
				if rng.IntN(ties) == 0 {
					bestB, bestD = b, d
				}
			}
		}
		if bestB < 0 {
			continue
		}
		if bestW >= 0 {
			// A local minimum for this cell: weigh its conflicts.
			v := int(grid[a]) - 1
			if r := int(l.row[a]); rowN[r*n+v] > 1 {
				weight[r]++
			}
			if k := int(l.col[a]); colN[k*n+v] > 1 {
				weight[n+k]++
			}
			if bestW > 0 || rng.IntN(2) == 0 {
				continue
			}
		}
		swap(a, bestB)
		cost += bestD
		if conflicted(bestB) {
			conf = append(conf, int32(bestB))
		}
		// Cells that share a line with the moved digits may now conflict.
		for _, c := range [2]int{a, bestB} {
			v := int(grid[c]) - 1
			if rowN[int(l.row[c])*n+v] > 1 || colN[int(l.col[c])*n+v] > 1 {
				r, k := int(l.row[c]), int(l.col[c])
				for q := range n {
					if c2 := r*n + q; free[c2] && int(grid[c2])-1 == v && c2 != c {
						conf = append(conf, int32(c2))
					}
					if c2 := q*n + k; free[c2] && int(grid[c2])-1 == v && c2 != c {
						conf = append(conf, int32(c2))
					}
				}
			}
		}
	}
	return grid, true
}
