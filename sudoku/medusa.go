package sudoku

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// 3D Medusa: colouring over all digits at once.
//
// Two candidates are strongly linked when exactly one of them is true: the
// two of a bivalue cell, or the two places of a digit in a unit where it has
// only two. Following these links from any candidate and giving the two
// colours in turn splits a cluster of candidates into two colours, exactly
// one of which is true. Then:
//
//   - two candidates of one colour in one cell, or of one digit in one unit,
//     make that colour false;
//   - a cell that holds both colours holds nothing else;
//   - an uncoloured candidate that sees the same digit in both colours, or
//     sees it in one colour while its own cell holds the other, is false;
//   - an uncoloured cell whose every candidate sees the same digit in one
//     colour would be left empty: that colour is false.
//
// The rules are those of Andrew Stuart's sudokuwiki.org page on 3D Medusa;
// the smallest productive cluster is reported.

// medusaScratch is the work area of one search, indexed by candidate
// cell*n+digit (0-based digit) or by cell.
type medusaScratch struct {
	start, edges []int32 // adjacency of the candidates, compressed rows
	colour       []int8  // 0 uncoloured, 1 or 2
	members      []int32
	mask         [3][]uint64 // mask[k][cell]: digits of colour k in the cell
	seen         [3][]uint64 // seen[k][cell]: digits of colour k in the cell's peers
	touched      []int32     // cells whose mask or seen is set
}

// medusaResult is a productive cluster: the eliminations and why.
type medusaResult struct {
	size        int // candidates in the cluster
	elims       []Candidate
	falseColour int    // the colour found false, 0 for a trap
	why         string // the reason a colour is false
	sides       [3][]Candidate
}

// medusa3D colours every cluster of strongly linked candidates and reports
// the smallest one that removes something.
func (l *logic) medusa3D() (Step, bool) {
	l.index()
	n, cells := l.n, l.g.cells
	ms := &medusaScratch{colour: make([]int8, cells*n)}
	for k := 1; k <= 2; k++ {
		ms.mask[k] = make([]uint64, cells)
		ms.seen[k] = make([]uint64, cells)
	}
	l.medusaLinks(ms)
	var best medusaResult
	for s := range cells * n {
		if ms.colour[s] != 0 || ms.start[s] == ms.start[s+1] {
			continue
		}
		if !l.medusaColour(ms, s) {
			continue // an odd cycle: the grid is contradictory, left to others
		}
		if best.size > 0 && len(ms.members) >= best.size {
			continue
		}
		if r, ok := l.medusaCluster(ms); ok {
			best = r
		}
	}
	if best.size == 0 {
		return Step{}, false
	}
	var cs []int
	var digits uint64
	for k := 1; k <= 2; k++ {
		for _, c := range best.sides[k] {
			cs = append(cs, c.Row*n+c.Col)
			digits |= 1 << (c.Digit - 1)
		}
	}
	slices.Sort(cs)
	cs = slices.Compact(cs)
	text := fmt.Sprintf("3D Medusa: the bivalue cells and the units where a digit has two places join %s (one colour) and %s (the other); exactly one colour is true",
		candList(best.sides[1]), candList(best.sides[2]))
	if best.falseColour != 0 {
		text += fmt.Sprintf("; %s, so that colour is false: %s", best.why, elimText(best.elims))
	} else {
		text += ", so " + elimText(best.elims)
	}
	return Step{
		Technique:    Medusa3D,
		Eliminations: best.elims,
		Cells:        l.cells(cs),
		Digits:       digitsOf(digits),
		Text:         text,
	}, true
}

// candList writes candidates as "r1c1=3, r2c5=7".
func candList(cs []Candidate) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.String()
	}
	return strings.Join(names, ", ")
}

// medusaLinks builds the strong links of every candidate.
func (l *logic) medusaLinks(ms *medusaScratch) {
	n, cells := l.n, l.g.cells
	var pairs []int32
	for c, m := range l.cand {
		if l.grid[c] == 0 && bits.OnesCount64(m) == 2 {
			pairs = append(pairs, int32(c*n+bits.TrailingZeros64(m)), int32(c*n+63-bits.LeadingZeros64(m)))
		}
	}
	for u := range l.g.units {
		for m := l.full &^ l.placed[u]; m != 0; m &= m - 1 {
			d := bits.TrailingZeros64(m)
			ps := l.pos[u*n+d]
			if bits.OnesCount64(ps) != 2 {
				continue
			}
			a := l.g.units[u][bits.TrailingZeros64(ps)]
			b := l.g.units[u][63-bits.LeadingZeros64(ps)]
			pairs = append(pairs, int32(int(a)*n+d), int32(int(b)*n+d))
		}
	}
	ms.start = make([]int32, cells*n+1)
	for _, p := range pairs {
		ms.start[p+1]++
	}
	for i := 1; i < len(ms.start); i++ {
		ms.start[i] += ms.start[i-1]
	}
	ms.edges = make([]int32, len(pairs))
	fill := slices.Clone(ms.start[:cells*n])
	for i := 0; i < len(pairs); i += 2 {
		a, b := pairs[i], pairs[i+1]
		ms.edges[fill[a]], fill[a] = b, fill[a]+1
		ms.edges[fill[b]], fill[b] = a, fill[b]+1
	}
}

// medusaColour colours the cluster of candidate s into ms.members,
// reporting false when two linked candidates get the same colour.
func (l *logic) medusaColour(ms *medusaScratch, s int) bool {
	ms.members = append(ms.members[:0], int32(s))
	ms.colour[s] = 1
	ok := true
	for i := 0; i < len(ms.members); i++ {
		x := ms.members[i]
		for _, y := range ms.edges[ms.start[x]:ms.start[x+1]] {
			switch ms.colour[y] {
			case 0:
				ms.colour[y] = 3 - ms.colour[x]
				ms.members = append(ms.members, y)
			case ms.colour[x]:
				ok = false
			}
		}
	}
	return ok
}

// medusaCluster applies the rules to the coloured cluster ms.members.
func (l *logic) medusaCluster(ms *medusaScratch) (medusaResult, bool) {
	n := l.n
	touch := func(c int) {
		if ms.mask[1][c]|ms.mask[2][c]|ms.seen[1][c]|ms.seen[2][c] == 0 {
			ms.touched = append(ms.touched, int32(c))
		}
	}
	for _, x := range ms.members {
		c, d, k := int(x)/n, int(x)%n, ms.colour[x]
		touch(c)
		ms.mask[k][c] |= 1 << d
		for _, q := range l.g.peers[c] {
			if l.cand[q]&(1<<d) != 0 {
				touch(int(q))
				ms.seen[k][q] |= 1 << d
			}
		}
	}
	defer func() {
		for _, c := range ms.touched {
			for k := 1; k <= 2; k++ {
				ms.mask[k][c], ms.seen[k][c] = 0, 0
			}
		}
		ms.touched = ms.touched[:0]
	}()
	r := medusaResult{size: len(ms.members)}
	// A colour is false when two of its candidates share a cell or see each
	// other with one digit, or when it would empty an uncoloured cell.
	for k := 1; k <= 2 && r.falseColour == 0; k++ {
		for _, x := range ms.members {
			if ms.colour[x] != int8(k) {
				continue
			}
			c, d := int(x)/n, int(x)%n
			if other := ms.mask[k][c] &^ (1 << d); other != 0 {
				r.falseColour = k
				r.why = fmt.Sprintf("%s and %s share a colour in one cell",
					Candidate{c / n, c % n, d + 1}, Candidate{c / n, c % n, lowDigit(other)})
				break
			}
			if ms.seen[k][c]&(1<<d) != 0 {
				for _, q := range l.g.peers[c] {
					if ms.mask[k][q]&(1<<d) != 0 {
						r.falseColour = k
						r.why = fmt.Sprintf("%s and %s share a colour and see each other",
							Candidate{c / n, c % n, d + 1}, l.cell(int(q)).String()+"="+digitName(d+1))
						break
					}
				}
				break
			}
		}
		if r.falseColour != 0 {
			break
		}
		for _, c := range ms.touched {
			if l.grid[c] == 0 && ms.mask[1][c]|ms.mask[2][c] == 0 && l.cand[c]&^ms.seen[k][c] == 0 {
				r.falseColour = k
				r.why = fmt.Sprintf("every candidate of %s sees its digit in that colour, which would leave %s empty",
					l.cell(int(c)), l.cell(int(c)))
				break
			}
		}
	}
	if r.falseColour != 0 {
		for _, x := range ms.members {
			if ms.colour[x] == int8(r.falseColour) {
				l.eliminate(int(x)/n, 1<<(int(x)%n))
			}
		}
		r.elims = l.takeElims()
		ms.sides(&r, n)
		return r, true
	}
	// Traps: an uncoloured candidate that each colour rules out, by seeing
	// its digit in that colour or sharing its cell with that colour.
	for _, c := range ms.touched {
		coloured := ms.mask[1][c] | ms.mask[2][c]
		for m := l.cand[c] &^ coloured; m != 0; m &= m - 1 {
			bit := m & -m
			out1 := ms.seen[1][c]&bit != 0 || ms.mask[1][c] != 0
			out2 := ms.seen[2][c]&bit != 0 || ms.mask[2][c] != 0
			if out1 && out2 {
				l.eliminate(int(c), bit)
			}
		}
	}
	if len(l.elimCells) == 0 {
		return medusaResult{}, false
	}
	r.elims = l.takeElims()
	ms.sides(&r, n)
	return r, true
}

// sides lists the candidates of each colour, in cell then digit order.
func (ms *medusaScratch) sides(r *medusaResult, n int) {
	members := slices.Clone(ms.members)
	slices.Sort(members)
	for _, x := range members {
		c, d := int(x)/n, int(x)%n
		r.sides[ms.colour[x]] = append(r.sides[ms.colour[x]], Candidate{c / n, c % n, d + 1})
	}
}
