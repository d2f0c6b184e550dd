package sliding

import (
	"context"
	"math/bits"
)

// pdbSearch is IDA* specialised for additive pattern databases: no
// interface calls, fixed arrays, no allocation. A move changes one tile,
// so it changes one pattern's entry in the position and one in its
// reflection. The ranks of both are kept and updated by the move (only
// the tiles it jumps over change their digits). The lookups miss the
// caches: a node asks the processor for the entries of all its children
// (a prefetch instruction, which does not wait) before it reads any, so
// that they wait for memory together, not one after the other.
type pdbSearch struct {
	n       int
	cells   [64]uint8 // cells[cell]: its label, 0 for the blank
	rcells  [64]uint8 // the same in the reflected position
	nb      [64][4]int8
	md      []int8
	owner   [64]int8      // pattern of a label
	key     [64]int32     // 64 × a label's pattern + its place in the pattern's rank
	weight  [64]int64     // the weight of a label's digit in its pattern's rank
	between [64][64]int64 // between[label][u]: see rankChange
	refl    [64]uint8
	reflect bool
	tables  [][]byte
	rank    [8]int64 // the rank of each pattern's placement
	rrank   [8]int64 // the same in the reflected position
	vals    [8]int
	rvals   [8]int
	path    [256]int8
	bound   int
	next    int
	gen     int64
	exp     int64
	stop    *stopper
	stopped bool
}

// pdbMove is one move considered by a node: the tile at cell `to`
// slides into the blank, and the ranks of the entries it changes.
type pdbMove struct {
	rank, rrank   int64
	dir, to, tile int8
	pat, rpat     int8
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

// rankChange returns how the rank of the pattern of `label` changes when
// it slides from cell `from` into the blank at `to`. Its digit counts the
// cells before its own that hold no earlier tile of its pattern, and so do
// the digits of the later tiles. A move along a row changes its digit by
// one (its weight) and no other digit; a move along a column also passes
// the cells between: an earlier tile there takes one from the change of
// its digit, a later tile changes its own digit by one. between[label][u]
// holds that term for a tile u between, so the sum has no branches.
func (s *pdbSearch) rankChange(cells *[64]uint8, label uint8, from, to int) int64 {
	lo, hi, sign := from, to, int64(1)
	if to < from {
		lo, hi, sign = to, from, -1
	}
	row := &s.between[label]
	var passed int64
	for c := lo + 1; c < hi; c++ {
		passed += row[cells[c]]
	}
	return int64(to-from)*s.weight[label] + sign*passed
}

// newPDBSearch sets up the search of position p with the database set:
// it returns the search, the blank's cell, the Manhattan distance and the
// sums of the entries of the position and of its reflection.
func newPDBSearch(p *problem, set *PDBSet, st *stopper) (s *pdbSearch, blank, md, sum, rsum int) {
	s = &pdbSearch{n: p.n, md: set.md, reflect: set.reflect, stop: st}
	copy(s.nb[:], p.nb)
	s.owner[0] = -1    // the blank is in no pattern
	s.key[0] = 64 * 64 // far from every pattern's keys
	var pos, rpos [64]uint8
	for c, t := range p.cells {
		s.cells[c] = t
		pos[t] = uint8(c)
		md += int(set.md[int(t)*p.n+c])
		if t == 0 {
			blank = c
		}
	}
	for i, pt := range set.patterns {
		s.tables = append(s.tables, pt.table)
		w := int64(1)
		for j := len(pt.tiles) - 1; j >= 0; j-- {
			t := pt.tiles[j]
			s.owner[t], s.key[t], s.weight[t] = int8(i), int32(64*i+j), w
			w *= int64(p.n - j)
		}
	}
	for _, pt := range set.patterns {
		for i, t := range pt.tiles {
			for j, u := range pt.tiles {
				switch {
				case j < i:
					s.between[t][u] = -s.weight[t]
				case j > i:
					s.between[t][u] = s.weight[u]
				}
			}
		}
	}
	if s.reflect {
		copy(s.refl[:], set.refl)
		for c := range p.n {
			s.rcells[set.refl[c]] = set.refl[s.cells[c]]
			rpos[s.rcells[set.refl[c]]] = set.refl[c]
		}
	}
	for i, pt := range set.patterns {
		s.rank[i] = rankOf(s.n, pt.tiles, &pos)
		s.vals[i] = nibble(s.tables[i], s.rank[i])
		sum += s.vals[i]
		if s.reflect {
			s.rrank[i] = rankOf(s.n, pt.tiles, &rpos)
			s.rvals[i] = nibble(s.tables[i], s.rrank[i])
			rsum += s.rvals[i]
		}
	}
	return s, blank, md, sum, rsum
}

// idaStarPDB returns a shortest solution using the database set.
func idaStarPDB(ctx context.Context, p *problem, set *PDBSet, stats *Stats) ([]int8, error) {
	st := newStopper(ctx)
	defer st.release()
	s, blank, md, sum, rsum := newPDBSearch(p, set, st)
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

// moves fills ms with the moves from the position, the blank at `blank`,
// but the one undoing `prev`, asks the processor for their table entries,
// and returns how many there are.
func (s *pdbSearch) moves(ms *[4]pdbMove, blank, prev int) int {
	k := 0
	for d := range 4 {
		to := int(s.nb[blank][d])
		if to < 0 || d == 3-prev {
			continue
		}
		t := s.cells[to]
		m := &ms[k]
		k++
		p := s.owner[t]
		m.dir, m.to, m.tile, m.pat = int8(d), int8(to), int8(t), p
		m.rank = s.rank[p] + s.rankChange(&s.cells, t, to, blank)
		a := &s.tables[p][m.rank>>1]
		if s.reflect {
			rt := s.refl[t]
			rp := s.owner[rt]
			m.rpat = rp
			rto, rblank := int(s.refl[to]), int(s.refl[blank])
			m.rrank = s.rrank[rp] + s.rankChange(&s.rcells, rt, rto, rblank)
			prefetch2(a, &s.tables[rp][m.rrank>>1])
		} else {
			prefetch2(a, a)
		}
	}
	return k
}

// play makes move m from the position with the blank at `blank`, but for
// the pattern entries.
func (s *pdbSearch) play(m *pdbMove, blank int) {
	s.cells[blank], s.cells[m.to] = uint8(m.tile), 0
	s.rank[m.pat] = m.rank
	if s.reflect {
		s.rcells[s.refl[blank]], s.rcells[s.refl[m.to]] = s.refl[m.tile], 0
		s.rrank[m.rpat] = m.rrank
	}
}

// unplay takes move m back, the ranks it changed being rank and rrank.
func (s *pdbSearch) unplay(m *pdbMove, blank int, rank, rrank int64) {
	s.cells[blank], s.cells[m.to] = 0, uint8(m.tile)
	s.rank[m.pat] = rank
	if s.reflect {
		s.rcells[s.refl[blank]], s.rcells[s.refl[m.to]] = 0, s.refl[m.tile]
		s.rrank[m.rpat] = rrank
	}
}

// dfs searches below the position with the blank at `blank`, g moves
// from the start, whose last move was `prev`; it returns the solution's
// length, or -1. It lists its children first, asking for all their table
// entries at once, so that they wait for memory together.
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
	var kids [4]pdbMove
	k := s.moves(&kids, blank, prev)
	for i := range k {
		s.gen++
		m := &kids[i]
		t, to := int(m.tile), int(m.to)
		md2 := md + int(s.md[t*n+blank]) - int(s.md[t*n+to])
		v := nibble(s.tables[m.pat], m.rank)
		sum2 := sum - s.vals[m.pat] + v
		h := md2 + 2*sum2
		rsum2, rv := rsum, 0
		if h <= room && s.reflect {
			rv = nibble(s.tables[m.rpat], m.rrank)
			rsum2 = rsum - s.rvals[m.rpat] + rv
			h = max(h, md2+2*rsum2)
		}
		if h <= room {
			old, rold := s.vals[m.pat], s.rvals[m.rpat]
			rank, rrank := s.rank[m.pat], s.rrank[m.rpat]
			s.play(m, blank)
			s.vals[m.pat] = v
			if s.reflect {
				s.rvals[m.rpat] = rv
			}
			s.path[g] = m.dir
			if r := s.dfs(to, g+1, md2, sum2, rsum2, int(m.dir)); r >= 0 {
				return r
			}
			s.unplay(m, blank, rank, rrank)
			s.vals[m.pat], s.rvals[m.rpat] = old, rold
		}
		if f := g + 1 + h; f > s.bound && f < s.next {
			s.next = f
		}
	}
	return -1
}
