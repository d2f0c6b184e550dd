package sliding

import (
	"context"
)

// idaSearch is one IDA* run with any heuristic.
type idaSearch struct {
	p       *problem
	cells   []uint8
	ev      evaluator
	path    []int8
	bound   int
	next    int // the least f above the bound
	stats   *Stats
	stop    *stopper
	stopped bool
}

// idaStar returns a shortest solution, as directions, with the
// heuristic of ev (already initialised on p.cells).
func idaStar(ctx context.Context, p *problem, ev evaluator, stats *Stats) ([]int8, error) {
	st := newStopper(ctx)
	defer st.release()
	s := &idaSearch{p: p, cells: append([]uint8(nil), p.cells...), ev: ev, stats: stats, stop: st}
	h := ev.init(s.cells)
	blank := p.blank()
	for s.bound = h; ; s.bound = s.next {
		stats.Iterations++
		s.next = 1 << 30
		if s.dfs(blank, 0, h, -1) {
			return s.path, nil
		}
		if s.stopped {
			return nil, ctx.Err()
		}
	}
}

func (s *idaSearch) dfs(blank, g, h, prev int) bool {
	s.stats.Expanded++
	if int64(len(s.path)+1) > s.stats.MaxFrontier {
		s.stats.MaxFrontier = int64(len(s.path) + 1)
	}
	if h == 0 && isGoalCells(s.cells) {
		return true
	}
	if s.stats.Expanded&pollMask == 0 && s.stop.flag.Load() {
		s.stopped = true
	}
	if s.stopped {
		return false
	}
	nb := &s.p.nb[blank]
	for d := range 4 {
		to := int(nb[d])
		if to < 0 || d == 3-prev {
			continue
		}
		tile := int(s.cells[to])
		s.cells[blank], s.cells[to] = uint8(tile), 0
		s.stats.Generated++
		h2 := s.ev.move(s.cells, tile, to, blank)
		if f := g + 1 + h2; f <= s.bound {
			s.path = append(s.path, int8(d))
			if s.dfs(to, g+1, h2, d) {
				return true
			}
			s.path = s.path[:len(s.path)-1]
		} else if f < s.next {
			s.next = f
		}
		s.cells[blank], s.cells[to] = 0, uint8(tile)
		s.ev.undo(s.cells, tile, to, blank)
	}
	return false
}
