package sliding

import (
	"context"
)

// searchNode is a position kept by A* or BFS.
type searchNode struct {
	parent int32
	g      int16
	h      int16
	dir    int8
}

// aStar returns a shortest solution with the heuristic of ev. Positions
// wait in buckets by f = g+h (all costs are 1), so the open list costs O(1)
// per operation; a position reached again by a shorter path is queued
// again and its stale entry skipped.
func aStar(ctx context.Context, p *problem, ev evaluator, limit int, stats *Stats) ([]int8, error) {
	st := newStopper(ctx)
	defer st.release()
	index := map[string]int32{}
	var keys []string
	var nodes []searchNode
	var open [][]int32
	openCount := int64(0)
	f := 0 // the least f that may have open positions
	push := func(i int32) {
		fi := int(nodes[i].g) + int(nodes[i].h)
		for len(open) <= fi {
			open = append(open, nil)
		}
		open[fi] = append(open[fi], i)
		// A position reopened by a shorter path may come below f when
		// the heuristic is inconsistent (pattern databases).
		f = min(f, fi)
		openCount++
		stats.MaxFrontier = max(stats.MaxFrontier, openCount)
	}
	start := string(p.cells)
	index[start] = 0
	keys = append(keys, start)
	nodes = append(nodes, searchNode{parent: -1, h: int16(ev.init(p.cells)), dir: -1})
	push(0)
	cells := make([]uint8, p.n)
	closed := []bool{false}
	for {
		for f < len(open) && len(open[f]) == 0 {
			f++
		}
		if f == len(open) {
			break
		}
		{
			i := open[f][len(open[f])-1]
			open[f] = open[f][:len(open[f])-1]
			openCount--
			n := nodes[i]
			if int(n.g)+int(n.h) != f || closed[i] {
				continue // stale
			}
			closed[i] = true
			copy(cells, keys[i])
			if n.h == 0 && isGoalCells(cells) {
				return pathTo(nodes, i), nil
			}
			stats.Expanded++
			if stats.Expanded&1023 == 0 && st.flag.Load() {
				return nil, ctx.Err()
			}
			blank := 0
			for c, t := range cells {
				if t == 0 {
					blank = c
				}
			}
			for d := range 4 {
				to := int(p.nb[blank][d])
				if to < 0 || d == 3-int(n.dir) {
					continue
				}
				cells[blank], cells[to] = cells[to], 0
				stats.Generated++
				key := string(cells)
				g := n.g + 1
				if j, ok := index[key]; ok {
					if g < nodes[j].g {
						nodes[j].g, nodes[j].parent, nodes[j].dir = g, i, int8(d)
						closed[j] = false
						push(j)
					}
				} else {
					if len(nodes) >= limit {
						return nil, ErrTooBig
					}
					j := int32(len(nodes))
					index[key] = j
					keys = append(keys, key)
					nodes = append(nodes, searchNode{parent: i, g: g, h: int16(ev.init(cells)), dir: int8(d)})
					closed = append(closed, false)
					push(j)
				}
				cells[to], cells[blank] = cells[blank], 0
			}
		}
	}
	panic("sliding: A* found no path on a solvable board")
}

// pathTo returns the directions from the root to node i.
func pathTo(nodes []searchNode, i int32) []int8 {
	var dirs []int8
	for ; nodes[i].parent >= 0; i = nodes[i].parent {
		dirs = append(dirs, nodes[i].dir)
	}
	for l, r := 0, len(dirs)-1; l < r; l, r = l+1, r-1 {
		dirs[l], dirs[r] = dirs[r], dirs[l]
	}
	return dirs
}
