package sliding

import (
	"context"
	"math/bits"
)

// pdbSearch is IDA* specialised for additive pattern databases: no
// interface calls, fixed arrays, no allocation. A move changes one tile,
// so it changes one pattern's entry in the position and one in its
// reflection: two rank computations and two table lookups per node, the
// reflected one made only when the first does not already prune.
type pdbSearch struct {
	n        int
	cells    [64]uint8
	pos      [64]uint8 // pos[label]: its cell
	rpos     [64]uint8 // rpos[label]: its cell in the reflected position
	nb       [64][4]int8
	md       []int8
	owner    [64]int8 // pattern of a label
	rowner   [64]int8 // pattern of a label's reflection
	refl     [64]uint8
	reflect  bool
	tiles    [][]uint8
	tables   [][]byte
	vals     [8]int
	rvals    [8]int
	path     [256]int8
	bound    int
	next     int
	gen, exp int64
	stop     *stopper
	stopped  bool
}

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

func nibble(table []byte, r int64) int {
	return int(table[r>>1]>>(uint(r&1)<<2)) & 15
}

// idaStarPDB returns a shortest solution using the database set.
func idaStarPDB(ctx context.Context, p *problem, set *PDBSet, stats *Stats) ([]int8, error) {
	st := newStopper(ctx)
	defer st.release()
	s := &pdbSearch{n: p.n, md: set.md, reflect: set.reflect, stop: st}
	copy(s.nb[:], p.nb)
	for _, pt := range set.patterns {
		s.tiles = append(s.tiles, pt.tiles)
		s.tables = append(s.tables, pt.table)
	}
	md := 0
	blank := 0
	for c, t := range p.cells {
		s.cells[c] = t
		s.pos[t] = uint8(c)
		md += int(set.md[int(t)*p.n+c])
		if t == 0 {
			blank = c
		}
	}
	for t := 1; t < p.n; t++ {
		s.owner[t] = set.owner[t]
		if s.reflect {
			s.refl[t] = set.refl[t]
			s.rowner[t] = set.owner[set.refl[t]]
		}
	}
	if s.reflect {
		for t := 1; t < p.n; t++ {
			s.rpos[t] = set.refl[s.pos[set.refl[t]]]
		}
		s.refl[0] = 0
	}
	sum, rsum := 0, 0
	for i := range s.tiles {
		s.vals[i] = nibble(s.tables[i], rankOf(s.n, s.tiles[i], &s.pos))
		sum += s.vals[i]
		if s.reflect {
			s.rvals[i] = nibble(s.tables[i], rankOf(s.n, s.tiles[i], &s.rpos))
			rsum += s.rvals[i]
		}
	}
	h := md + 2*max(sum, rsum)
	defer func() {
		stats.Generated += s.gen
		stats.Expanded += s.exp
	}()
	for s.bound = h; ; s.bound = s.next {
		stats.Iterations++
		s.next = 1 << 30
		if s.bound >= len(s.path) {
			panic("sliding: solution longer than the path buffer")
		}
		if d := s.dfs(blank, 0, md, sum, rsum, -1); d >= 0 {
			stats.MaxFrontier = max(stats.MaxFrontier, int64(d+1))
			return append([]int8(nil), s.path[:d]...), nil
		}
		stats.MaxFrontier = max(stats.MaxFrontier, int64(s.bound+1))
		if s.stopped {
			return nil, ctx.Err()
		}
	}
}

// dfs searches below the position with the blank at `blank`, g moves
// from the start; it returns the solution's length, or -1.
func (s *pdbSearch) dfs(blank, g, md, sum, rsum, prev int) int {
	s.exp++
	if md == 0 {
		return g
	}
	if s.exp&pollMask == 0 && s.stop.flag.Load() {
		s.stopped = true
	}
	if s.stopped {
		return -1
	}
	n := s.n
	room := s.bound - g - 1 // the most h a child may have

	for d := range 4 {
		to := int(s.nb[blank][d])
		if to < 0 || d == 3-prev {
			continue
		}
		s.gen++
		t := int(s.cells[to])
		md2 := md + int(s.md[t*n+blank]) - int(s.md[t*n+to])
		s.pos[t] = uint8(blank)
		pi := s.owner[t]
		old := s.vals[pi]
		v := nibble(s.tables[pi], rankOf(n, s.tiles[pi], &s.pos))
		sum2 := sum - old + v
		h := md2 + 2*sum2
		if h <= room && s.reflect {
			rt := s.refl[t]
			s.rpos[rt] = s.refl[blank]
			ri := s.rowner[t]
			rold := s.rvals[ri]
			rv := nibble(s.tables[ri], rankOf(n, s.tiles[ri], &s.rpos))
			rsum2 := rsum - rold + rv
			h = max(h, md2+2*rsum2)
			if h <= room {
				s.vals[pi], s.rvals[ri] = v, rv
				s.cells[blank], s.cells[to] = uint8(t), 0
				s.path[g] = int8(d)
				if r := s.dfs(to, g+1, md2, sum2, rsum2, d); r >= 0 {
					return r
				}
				s.cells[blank], s.cells[to] = 0, uint8(t)
				s.vals[pi], s.rvals[ri] = old, rold
			}
			s.rpos[rt] = s.refl[to]
		} else if h <= room {
			s.vals[pi] = v
			s.cells[blank], s.cells[to] = uint8(t), 0
			s.path[g] = int8(d)
			if r := s.dfs(to, g+1, md2, sum2, rsum, d); r >= 0 {
				return r
			}
			s.cells[blank], s.cells[to] = 0, uint8(t)
			s.vals[pi] = old
		}
		s.pos[t] = uint8(to)
		if f := g + 1 + h; f > s.bound && f < s.next {
			s.next = f
		}
	}
	return -1
}
