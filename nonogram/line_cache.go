package nonogram

import "sync"

// lineCache remembers recent results of the one-word line solver. Probing
// and search solve the same line in the same state many times over (each
// trial starts from the same parent state), so a direct-mapped table keyed
// by (line, known cells) saves most of the work. Tables are recycled
// between solves; a generation number tells this solve's entries apart.
type lineCache struct {
	t    *lineTable
	gen  uint32
	hits int64
}

type lineTable struct {
	entries []lineCacheEntry
	gen     uint32
}

type lineCacheEntry struct {
	black, white uint64
	fill, empty  uint64
	line         int32
	gen          uint32 // 0 marks an empty slot
	ok           bool
}

const lineCacheBits = 16

var lineTables = sync.Pool{New: func() any {
	return &lineTable{entries: make([]lineCacheEntry, 1<<lineCacheBits)}
}}

// release returns the table for the next solve.
func (c *lineCache) release() {
	if c.t != nil {
		lineTables.Put(c.t)
		c.t = nil
	}
}

func (c *lineCache) solve(l, n int, clue []int, black, white uint64) (fill, empty uint64, ok bool) {
	if c.t == nil {
		c.t = lineTables.Get().(*lineTable)
		c.t.gen++
		if c.t.gen == 0 { // wrapped: forget everything
			clear(c.t.entries)
			c.t.gen = 1
		}
		c.gen = c.t.gen
	}
	h := (black*0x9E3779B97F4A7C15 ^ white*0xC2B2AE3D27D4EB4F ^ uint64(l)*0x165667B19E3779F9) >> (64 - lineCacheBits)
	e := &c.t.entries[h]
	if e.gen == c.gen && e.line == int32(l) && e.black == black && e.white == white {
		c.hits++
		return e.fill, e.empty, e.ok
	}
	fill, empty, ok = solveLine1(n, clue, black, white)
	*e = lineCacheEntry{black: black, white: white, fill: fill, empty: empty, line: int32(l), gen: c.gen, ok: ok}
	return fill, empty, ok
}
