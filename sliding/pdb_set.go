package sliding

import (
	"fmt"
	"strings"
)

// partitions are the tiles of each database, as goal cells of Korf's
// blank-first goal (a blank-last board is turned half a turn first, see
// problem).
var partitions = map[Heuristic]struct {
	side     int
	patterns [][]uint8
}{
	PDB555:  {4, [][]uint8{{1, 2, 3, 6, 7}, {4, 5, 8, 9, 12}, {10, 11, 13, 14, 15}}},
	PDB663:  {4, [][]uint8{{1, 2, 3}, {4, 5, 8, 9, 12, 13}, {6, 7, 10, 11, 14, 15}}},
	PDB78:   {4, [][]uint8{{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14, 15}}},
	PDB6666: {5, [][]uint8{{1, 2, 5, 6, 7, 12}, {3, 4, 8, 9, 13, 14}, {10, 11, 15, 16, 20, 21}, {17, 18, 19, 22, 23, 24}}},
}

// PDBSet is an additive set of disjoint pattern databases covering every
// tile of a board, with, on square boards, the second lookup of the
// position reflected about the main diagonal (which fixes the goal).
type PDBSet struct {
	Name       Heuristic
	rows, cols int
	n          int
	patterns   []*pattern
	owner      []int8  // owner[label]: the pattern holding the tile
	reflect    bool    // also look up the reflected position
	refl       []uint8 // refl[cell]: the cell reflected about the diagonal
	md         []int8
}

// newPDBSet assembles a set from patterns that partition the tiles.
func newPDBSet(name Heuristic, rows, cols int, pats []*pattern) (*PDBSet, error) {
	if err := pdbBoardFits(rows, cols); err != nil {
		return nil, err
	}
	n := rows * cols
	s := &PDBSet{Name: name, rows: rows, cols: cols, n: n, patterns: pats,
		owner: make([]int8, n), md: manhattanTable(rows, cols)}
	for i := range s.owner {
		s.owner[i] = -1
	}
	for p, pt := range pats {
		for _, t := range pt.tiles {
			if t == 0 || int(t) >= n || s.owner[t] >= 0 {
				return nil, fmt.Errorf("sliding: patterns of %s do not partition the tiles", name)
			}
			s.owner[t] = int8(p)
		}
	}
	for t := 1; t < n; t++ {
		if s.owner[t] < 0 {
			return nil, fmt.Errorf("sliding: patterns of %s leave tile %d out", name, t)
		}
	}
	if rows == cols {
		s.reflect = true
		s.refl = make([]uint8, n)
		for c := range n {
			s.refl[c] = uint8(c%cols*cols + c/cols)
		}
	}
	return s, nil
}

// pdbBoardFits refuses boards wider or taller than 5, which the search
// loop does not take (a move passes at most four cells, see pdbStep).
func pdbBoardFits(rows, cols int) error {
	if rows > 5 || cols > 5 {
		return fmt.Errorf("sliding: pattern databases are for boards of up to 5×5, not %d×%d", rows, cols)
	}
	return nil
}

// patternFile names the file of a pattern database.
func patternFile(rows, cols int, tiles []uint8) string {
	var b strings.Builder
	fmt.Fprintf(&b, "sliding-%dx%d", rows, cols)
	for _, t := range tiles {
		fmt.Fprintf(&b, "-%d", t)
	}
	fmt.Fprintf(&b, ".v%d.pdb", pdbVersion)
	return b.String()
}

// pdbEvaluator is the pattern databases as an evaluator, for A* and for
// maxima with other heuristics; IDA* has its own loop (idastar_pdb.go).
type pdbEvaluator struct {
	s          *PDBSet
	pos        []uint8
	vals, rval []int
	sum, rsum  int
	md         int
	buf        []uint8
}

func newPDBEvaluator(s *PDBSet) *pdbEvaluator {
	return &pdbEvaluator{s: s, pos: make([]uint8, s.n), vals: make([]int, len(s.patterns)),
		rval: make([]int, len(s.patterns)), buf: make([]uint8, 32)}
}

func (e *pdbEvaluator) lookup(p int) int {
	pt := e.s.patterns[p]
	for i, t := range pt.tiles {
		e.buf[i] = e.pos[t]
	}
	return pt.delta(rank(e.s.n, e.buf[:len(pt.tiles)]))
}

func (e *pdbEvaluator) rlookup(p int) int {
	pt, refl := e.s.patterns[p], e.s.refl
	for i, t := range pt.tiles {
		e.buf[i] = refl[e.pos[refl[t]]]
	}
	return pt.delta(rank(e.s.n, e.buf[:len(pt.tiles)]))
}

func (e *pdbEvaluator) value() int { return e.md + 2*max(e.sum, e.rsum) }

func (e *pdbEvaluator) init(cells []uint8) int {
	e.md, e.sum, e.rsum = 0, 0, 0
	for c, t := range cells {
		e.pos[t] = uint8(c)
		e.md += int(e.s.md[int(t)*e.s.n+c])
	}
	for p := range e.s.patterns {
		e.vals[p] = e.lookup(p)
		e.sum += e.vals[p]
		if e.s.reflect {
			e.rval[p] = e.rlookup(p)
			e.rsum += e.rval[p]
		}
	}
	return e.value()
}

func (e *pdbEvaluator) update(tile, cell int) {
	e.pos[tile] = uint8(cell)
	p := int(e.s.owner[tile])
	v := e.lookup(p)
	e.sum += v - e.vals[p]
	e.vals[p] = v
	if e.s.reflect {
		p = int(e.s.owner[e.s.refl[tile]])
		v = e.rlookup(p)
		e.rsum += v - e.rval[p]
		e.rval[p] = v
	}
}

func (e *pdbEvaluator) move(_ []uint8, tile, from, to int) int {
	e.md += int(e.s.md[tile*e.s.n+to]) - int(e.s.md[tile*e.s.n+from])
	e.update(tile, to)
	return e.value()
}

func (e *pdbEvaluator) undo(_ []uint8, tile, from, to int) {
	e.md -= int(e.s.md[tile*e.s.n+to]) - int(e.s.md[tile*e.s.n+from])
	e.update(tile, from)
}

func (e *pdbEvaluator) clone() evaluator {
	c := *e
	c.pos = append([]uint8(nil), e.pos...)
	c.vals = append([]int(nil), e.vals...)
	c.rval = append([]int(nil), e.rval...)
	c.buf = make([]uint8, 32)
	return &c
}
