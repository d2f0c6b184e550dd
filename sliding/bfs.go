package sliding

import "context"

// bfs returns a shortest solution by breadth-first search from the board:
// the oracle for tiny boards.
func bfs(ctx context.Context, p *problem, limit int, stats *Stats) ([]int8, error) {
	st := newStopper(ctx)
	defer st.release()
	index := map[string]int32{string(p.cells): 0}
	keys := []string{string(p.cells)}
	nodes := []searchNode{{parent: -1, dir: -1}}
	cells := make([]uint8, p.n)
	for head := 0; head < len(nodes); head++ {
		copy(cells, keys[head])
		if isGoalCells(cells) {
			return pathTo(nodes, int32(head)), nil
		}
		stats.Expanded++
		stats.MaxFrontier = max(stats.MaxFrontier, int64(len(nodes)-head))
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
			if to < 0 || d == 3-int(nodes[head].dir) {
				continue
			}
			cells[blank], cells[to] = cells[to], 0
			stats.Generated++
			key := string(cells)
			if _, ok := index[key]; !ok {
				if len(nodes) >= limit {
					return nil, ErrTooBig
				}
				index[key] = int32(len(nodes))
				keys = append(keys, key)
				nodes = append(nodes, searchNode{parent: int32(head), g: nodes[head].g + 1, dir: int8(d)})
			}
			cells[to], cells[blank] = cells[blank], 0
		}
	}
	panic("sliding: BFS found no path on a solvable board")
}
