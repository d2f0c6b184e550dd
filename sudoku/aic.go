package sudoku

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// Grouped alternating inference chains (AIC). A node is a candidate (a
// digit in a cell) or a group: the cells of one digit where a box and a
// line cross, when there are two or three of them, true when the digit is
// in one of them. Two nodes are strongly linked (=) when one of them is
// true: they are the only places of a digit in a unit, or the two
// candidates of a bivalue cell. They are weakly linked (-) when they
// cannot both be true: the same digit in nodes whose cells all see each
// other, or two candidates of one cell. A chain starting and ending with a
// strong link, alternating, proves that its first or its last node is
// true (if the first is false the next is true, the next false, and so on
// to the last). So a candidate that is weakly linked to both ends is
// false: the same digit seeing both ends, or, with ends of different
// digits, the end's digit in the other end's cell (or every other digit of
// that cell when both ends are in it).
//
// This is the AIC as Sudopedia and HoDoKu's manual describe it, with the
// grouped nodes of box-line intersections; X-chains (one digit) and
// XY-chains (bivalue cells) are its simplest cases and are tried first, so
// a grouped AIC is reported only where they find nothing. The shortest
// productive chain (in links, up to maxAICLinks) is reported. Grids up to
// 9×9.

// maxAICLinks bounds the length of a grouped AIC.
const maxAICLinks = 16

type aicNode struct {
	digit int     // 0-based
	cell  int     // the cell of a candidate, -1 for a group
	cells cellSet // its cells
	see   cellSet // the cells seeing all of them
}

// aicGraph is the nodes of the current pencil marks and their links.
type aicGraph struct {
	nodes  []aicNode
	strong [][]int32 // strong[i]: the nodes that are true when i is false
	weak   [][]int32 // weak[i]: the nodes that are false when i is true

	// Scratch, kept between calls.
	candNode, inside    []int32
	groups              [][]int32
	parent, depth, seen []int32
	queue               []int32
	stamp               int32
}

// aicGraph builds the graph of the current pencil marks in the storage of
// the last one.
func (l *logic) aicGraph(cands []cellSet) *aicGraph {
	n, b := l.n, l.g.box
	peers := l.g.peerSets()
	if l.alsCache == nil {
		l.alsCache = &alsState{}
	}
	g := &l.alsCache.aic
	g.nodes = g.nodes[:0]
	g.candNode = grow(g.candNode, l.g.cells*n)
	candNode := g.candNode
	for c, m := range l.cand {
		for ; m != 0; m &= m - 1 {
			d := bits.TrailingZeros64(m)
			var s cellSet
			s.add(c)
			candNode[c*n+d] = int32(len(g.nodes))
			g.nodes = append(g.nodes, aicNode{digit: d, cell: c, cells: s, see: peers[c]})
		}
	}
	g.groups = grow(g.groups, n) // per digit
	groups := g.groups
	for d := range groups {
		groups[d] = groups[d][:0]
	}
	for box := range n {
		bu := l.g.units[2*n+box]
		r0, c0 := int(bu[0])/n, int(bu[0])%n
		for k := range 2 * b { // the rows, then the columns, crossing the box
			var s cellSet
			for i := range b {
				if k < b {
					s.add((r0+k)*n + c0 + i)
				} else {
					s.add((r0+i)*n + c0 + k - b)
				}
			}
			for d := range n {
				gs := s.and(cands[d])
				if gs.count() >= 2 {
					groups[d] = append(groups[d], int32(len(g.nodes)))
					g.nodes = append(g.nodes, aicNode{digit: d, cell: -1, cells: gs, see: seeAll(peers, gs)})
				}
			}
		}
	}
	g.strong = grow(g.strong, len(g.nodes))
	g.weak = grow(g.weak, len(g.nodes))
	for i := range g.nodes {
		g.strong[i], g.weak[i] = g.strong[i][:0], g.weak[i][:0]
	}
	link := func(adj [][]int32, a, b int32) {
		for _, x := range adj[a] {
			if x == b {
				return
			}
		}
		adj[a] = append(adj[a], b)
	}
	// nodeOf finds the node of digit d with exactly the cells s, -1 if none.
	nodeOf := func(d int, s cellSet) int32 {
		if s.count() == 1 {
			return candNode[s.first()*n+d]
		}
		for _, id := range groups[d] {
			if g.nodes[id].cells == s {
				return id
			}
		}
		return -1
	}
	// Strong links: a unit whose places for a digit are two nodes.
	for _, us := range l.g.unitSets() {
		for d := range n {
			places := us.and(cands[d])
			if places.count() < 2 {
				continue
			}
			inside := g.inside[:0]
			for w, m := range places {
				for ; m != 0; m &= m - 1 {
					inside = append(inside, candNode[(w*64+bits.TrailingZeros64(m))*n+d])
				}
			}
			for _, id := range groups[d] {
				if g.nodes[id].cells.within(places) {
					inside = append(inside, id)
				}
			}
			for _, a := range inside {
				if rest := nodeOf(d, places.minus(g.nodes[a].cells)); rest >= 0 {
					link(g.strong, a, rest)
				}
			}
			g.inside = inside
		}
	}
	for c, m := range l.cand {
		if bits.OnesCount64(m) == 2 {
			x, y := bits.TrailingZeros64(m), 63-bits.LeadingZeros64(m)
			link(g.strong, candNode[c*n+x], candNode[c*n+y])
			link(g.strong, candNode[c*n+y], candNode[c*n+x])
		}
	}
	// Weak links: the same digit in nodes that see each other, or two
	// candidates of one cell.
	for id := range g.nodes {
		a := &g.nodes[id]
		for w, m := range a.see.and(cands[a.digit]) {
			for ; m != 0; m &= m - 1 {
				g.weak[id] = append(g.weak[id], candNode[(w*64+bits.TrailingZeros64(m))*n+a.digit])
			}
		}
		for _, gid := range groups[a.digit] {
			if g.nodes[gid].cells.within(a.see) {
				g.weak[id] = append(g.weak[id], gid)
			}
		}
		if a.cell >= 0 {
			for m := l.cand[a.cell] &^ (1 << a.digit); m != 0; m &= m - 1 {
				g.weak[id] = append(g.weak[id], candNode[a.cell*n+bits.TrailingZeros64(m)])
			}
		}
	}
	return g
}

// aicElims records the candidates weakly linked to both s and e, which a
// chain from s to e removes.
func (l *logic) aicElims(g *aicGraph, cands []cellSet, s, e *aicNode) {
	if s.digit == e.digit {
		l.eliminateSet(s.see.and(e.see).and(cands[s.digit]), s.digit)
		return
	}
	if e.cell >= 0 && s.see.has(e.cell) {
		l.eliminate(e.cell, 1<<s.digit)
	}
	if s.cell >= 0 && e.see.has(s.cell) {
		l.eliminate(s.cell, 1<<e.digit)
	}
	if s.cell >= 0 && s.cell == e.cell {
		l.eliminate(s.cell, l.cand[s.cell]&^(1<<s.digit|1<<e.digit))
	}
}

// groupedAIC searches breadth first from every node with a strong link:
// the literal 2*node is the node false, 2*node+1 true.
func (l *logic) groupedAIC() (Step, bool) {
	if l.n > maxSetN {
		return Step{}, false
	}
	cands := l.candidateCells()
	g := l.aicGraph(cands)
	lits := 2 * len(g.nodes)
	g.parent, g.depth = grow(g.parent, lits), grow(g.depth, lits)
	if cap(g.seen) < lits {
		g.seen, g.stamp = make([]int32, lits), 0
	}
	parent, depth, seen := g.parent, g.depth, g.seen[:lits]
	queue := g.queue
	defer func() { g.queue = queue }()
	var best Step
	bestLen := 0
	for start := range g.nodes {
		if len(g.strong[start]) == 0 {
			continue
		}
		g.stamp++
		stamp := g.stamp
		s0 := int32(2 * start)
		seen[s0], parent[s0], depth[s0] = stamp, -1, 0
		queue = append(queue[:0], s0)
		found := false
		for qi := 0; qi < len(queue) && !found; qi++ {
			s := queue[qi]
			k := int(depth[s])
			if k+1 > maxAICLinks || (bestLen > 0 && k+1 >= bestLen) {
				break
			}
			node, truth := int(s/2), s%2
			next := g.strong[node]
			if truth == 1 {
				next = g.weak[node]
			}
			for _, q := range next {
				t := 2*q + 1 - truth
				if seen[t] == stamp || int(q) == start {
					continue
				}
				seen[t], parent[t], depth[t] = stamp, s, int32(k+1)
				queue = append(queue, t)
				if t%2 == 0 {
					continue
				}
				l.aicElims(g, cands, &g.nodes[start], &g.nodes[q])
				if len(l.elimCells) == 0 {
					continue
				}
				var path []int32
				for p := t; p >= 0; p = parent[p] {
					path = append(path, p/2)
				}
				slices.Reverse(path)
				best = l.aicStep(g, path, l.takeElims())
				bestLen, found = k+1, true
				break
			}
		}
	}
	return best, bestLen > 0
}

// aicStep describes a chain of nodes: r1c1(4) = r1c5(4) - r1c5(7) = ...
func (l *logic) aicStep(g *aicGraph, path []int32, el []Candidate) Step {
	var b strings.Builder
	var cells []int
	var digits uint64
	for i, id := range path {
		if i > 0 {
			if i%2 == 1 {
				b.WriteString(" = ")
			} else {
				b.WriteString(" - ")
			}
		}
		nd := &g.nodes[id]
		b.WriteString(l.aicNodeName(nd))
		digits |= 1 << nd.digit
		cells = append(cells, nd.cells.list()...)
	}
	first, last := &g.nodes[path[0]], &g.nodes[path[len(path)-1]]
	return Step{
		Technique:    GroupedAIC,
		Eliminations: el,
		Cells:        l.cells(cells),
		Digits:       digitsOf(digits),
		Text: fmt.Sprintf("Grouped AIC: %s (= strong link, - weak link): %s or %s, so %s",
			b.String(), l.aicClaim(first), l.aicClaim(last), elimText(el)),
	}
}

// aicNodeName writes a candidate as r1c1(4) and a group as r1c12(4), the
// cells r1c1 and r1c2.
func (l *logic) aicNodeName(nd *aicNode) string {
	if nd.cell >= 0 {
		return fmt.Sprintf("%s(%s)", l.cell(nd.cell), digitName(nd.digit+1))
	}
	cs := nd.cells.list()
	var rows, cols string
	for _, c := range cs {
		if r := fmt.Sprint(c/l.n + 1); !strings.Contains(rows, r) {
			rows += r
		}
		if k := fmt.Sprint(c%l.n + 1); !strings.Contains(cols, k) {
			cols += k
		}
	}
	return fmt.Sprintf("r%sc%s(%s)", rows, cols, digitName(nd.digit+1))
}

// aicClaim says that a node is true: "r1c1 is 4", "4 is in r1c1 or r1c2".
func (l *logic) aicClaim(nd *aicNode) string {
	if nd.cell >= 0 {
		return fmt.Sprintf("%s is %s", l.cell(nd.cell), digitName(nd.digit+1))
	}
	cs := l.cells(nd.cells.list())
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.String()
	}
	return fmt.Sprintf("%s is in %s", digitName(nd.digit+1), strings.Join(names, " or "))
}
