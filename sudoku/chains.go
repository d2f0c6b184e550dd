package sudoku

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// Chains over strong links: simple colouring, X-chains and XY-chains.

// strongLinks returns, for digit d (0-based), the cells linked to each cell
// by a unit where d has exactly those two places.
func (l *logic) strongLinks(d int) [][]int32 {
	l.index()
	n := l.n
	adj := make([][]int32, l.g.cells)
	for u := range l.g.units {
		ps := l.pos[u*n+d]
		if bits.OnesCount64(ps) != 2 {
			continue
		}
		a := l.g.units[u][bits.TrailingZeros64(ps)]
		b := l.g.units[u][63-bits.LeadingZeros64(ps)]
		if !slices.Contains(adj[a], b) {
			adj[a] = append(adj[a], b)
			adj[b] = append(adj[b], a)
		}
	}
	return adj
}

// simpleColouring two-colours each cluster of cells joined by strong links
// of one digit: exactly one colour holds the digit. If two cells of one
// colour see each other, that colour is false; a cell outside the cluster
// that sees both colours cannot hold the digit.
func (l *logic) simpleColouring() (Step, bool) {
	colour := make([]int8, l.g.cells)   // 1 or 2 once coloured
	cluster := make([]int32, l.g.cells) // 1 + the cluster's start cell
	for d := range l.n {
		bit := uint64(1) << d
		adj := l.strongLinks(d)
		clear(colour)
		for start := range adj {
			if len(adj[start]) == 0 || colour[start] != 0 {
				continue
			}
			id := int32(start + 1)
			members := []int{start}
			colour[start], cluster[start] = 1, id
			odd := false
			for i := 0; i < len(members); i++ {
				c := members[i]
				for _, q := range adj[c] {
					switch colour[q] {
					case 0:
						colour[q], cluster[q] = 3-colour[c], id
						members = append(members, int(q))
					case colour[c]:
						odd = true
					}
				}
			}
			if odd || len(members) < 3 {
				continue // an odd cycle means a contradiction; leave it to others
			}
			var side [3][]int
			for _, c := range members {
				side[colour[c]] = append(side[colour[c]], c)
			}
			// Colour wrap.
			for k := 1; k <= 2; k++ {
				a, b, clash := 0, 0, false
				for i, x := range side[k] {
					for _, y := range side[k][i+1:] {
						if l.sees(x, y) {
							a, b, clash = x, y, true
							break
						}
					}
					if clash {
						break
					}
				}
				if !clash {
					continue
				}
				for _, c := range side[k] {
					l.eliminate(c, bit)
				}
				el := l.takeElims()
				return Step{
					Technique:    SimpleColouring,
					Eliminations: el,
					Cells:        l.cells(members),
					Digits:       []int{d + 1},
					Text: fmt.Sprintf("Simple colouring on %s: the strong links join %s (one colour) and %s (the other); %s and %s share a colour and see each other, so that colour is false: %s",
						digitName(d+1), cellList(l.cells(side[1])), cellList(l.cells(side[2])),
						l.cell(a), l.cell(b), elimText(el)),
				}, true
			}
			// Colour trap.
			for c, m := range l.cand {
				if m&bit == 0 || (colour[c] != 0 && cluster[c] == id) {
					continue
				}
				s1 := slices.ContainsFunc(side[1], func(x int) bool { return l.sees(c, x) })
				if s1 && slices.ContainsFunc(side[2], func(x int) bool { return l.sees(c, x) }) {
					l.eliminate(c, bit)
				}
			}
			if len(l.elimCells) == 0 {
				continue
			}
			el := l.takeElims()
			return Step{
				Technique:    SimpleColouring,
				Eliminations: el,
				Cells:        l.cells(members),
				Digits:       []int{d + 1},
				Text: fmt.Sprintf("Simple colouring on %s: the strong links join %s (one colour) and %s (the other); one colour holds %s, so %s",
					digitName(d+1), cellList(l.cells(side[1])), cellList(l.cells(side[2])),
					digitName(d+1), elimText(el)),
			}, true
		}
	}
	return Step{}, false
}

// chainSearch is the scratch of a breadth-first chain search over states
// (for X-chains a cell and a parity, for XY-chains a cell and a digit).
type chainSearch struct {
	parent  []int32 // -2 unvisited, -1 the start
	depth   []int32
	queue   []int32
	touched []int32
	div     int // state / div is the cell
}

func newChainSearch(states, div int) *chainSearch {
	cs := &chainSearch{parent: make([]int32, states), depth: make([]int32, states), div: div}
	for i := range cs.parent {
		cs.parent[i] = -2
	}
	return cs
}

func (cs *chainSearch) reset() {
	for _, s := range cs.touched {
		cs.parent[s] = -2
	}
	cs.touched, cs.queue = cs.touched[:0], cs.queue[:0]
}

func (cs *chainSearch) visit(s, parent int, depth int) {
	cs.parent[s] = int32(parent)
	cs.depth[s] = int32(depth)
	cs.touched = append(cs.touched, int32(s))
	cs.queue = append(cs.queue, int32(s))
}

// onPath reports whether cell c is on the path ending at state s.
func (cs *chainSearch) onPath(s, c int) bool {
	for ; s >= 0; s = int(cs.parent[s]) {
		if s/cs.div == c {
			return true
		}
	}
	return false
}

// path lists the cells of the path ending at state s, start first.
func (cs *chainSearch) path(s int) []int {
	var p []int
	for ; s >= 0; s = int(cs.parent[s]) {
		p = append(p, s/cs.div)
	}
	slices.Reverse(p)
	return p
}

// xChain: a chain of one digit starting and ending with strong links,
// alternating strong (=) and weak (-) links: if its first cell is not the
// digit, its last is, so the digit is removed from cells seeing both ends.
// The shortest productive chain is reported.
func (l *logic) xChain() (Step, bool) {
	var best Step
	bestLen := 0
	// State 2*cell+1: reached by a strong link, the cell holds the digit if
	// the start does not; 2*cell: reached by a weak link, it does not.
	cs := newChainSearch(2*l.g.cells, 2)
	for d := range l.n {
		bit := uint64(1) << d
		strong := l.strongLinks(d)
		for start := range l.g.cells {
			if l.cand[start]&bit == 0 || len(strong[start]) == 0 {
				continue
			}
			cs.reset()
			cs.visit(2*start, -1, 0)
			for qi := 0; qi < len(cs.queue); qi++ {
				s := int(cs.queue[qi])
				c, par, length := s/2, s%2, int(cs.depth[s])
				if bestLen > 0 && length+1 >= bestLen {
					break
				}
				next := strong[c]
				if par == 1 {
					next = l.g.peers[c]
				}
				for _, q := range next {
					if l.cand[q]&bit == 0 {
						continue
					}
					t := 2*int(q) + 1 - par
					if cs.parent[t] != -2 || cs.onPath(s, int(q)) {
						continue
					}
					cs.visit(t, s, length+1)
					if t%2 == 0 || length+1 < 3 {
						continue
					}
					l.commonPeersElim([]int{start, int(q)}, bit)
					if len(l.elimCells) == 0 {
						continue
					}
					el := l.takeElims()
					path := cs.path(t)
					best = Step{
						Technique:    XChain,
						Eliminations: el,
						Cells:        l.cells(path),
						Digits:       []int{d + 1},
						Text: fmt.Sprintf("X-chain on %s: %s (= strong link, - weak link): one end is %s, so %s",
							digitName(d+1), l.chainText(path), digitName(d+1), elimText(el)),
					}
					bestLen = length + 1
					break
				}
			}
		}
	}
	return best, bestLen > 0
}

// chainText writes an X-chain's cells joined by = and - alternately.
func (l *logic) chainText(path []int) string {
	var b strings.Builder
	for i, c := range path {
		if i > 0 {
			if i%2 == 1 {
				b.WriteString(" = ")
			} else {
				b.WriteString(" - ")
			}
		}
		b.WriteString(l.cell(c).String())
	}
	return b.String()
}

// xyChain: a chain of bivalue cells, each seeing the next and sharing a
// digit with it. If the first cell is not x it forces the next, and so on
// until the last cell is x; so x is removed from cells seeing both ends.
// The shortest productive chain is reported.
func (l *logic) xyChain() (Step, bool) {
	n := l.n
	var bi []int
	for c, m := range l.cand {
		if l.grid[c] == 0 && bits.OnesCount64(m) == 2 {
			bi = append(bi, c)
		}
	}
	if len(bi) < 3 {
		return Step{}, false
	}
	// State cell*n+f: the cell takes digit f+1 if the start is not x.
	cs := newChainSearch(l.g.cells*n, n)
	var best Step
	bestLen := 0
	for _, start := range bi {
		for xm := l.cand[start]; xm != 0; xm &= xm - 1 {
			x := bits.TrailingZeros64(xm)
			cs.reset()
			cs.visit(start*n+bits.TrailingZeros64(l.cand[start]&^(1<<x)), -1, 0)
			for qi := 0; qi < len(cs.queue); qi++ {
				s := int(cs.queue[qi])
				c, t, length := s/n, s%n, int(cs.depth[s])
				if bestLen > 0 && length+1 >= bestLen {
					break
				}
				for _, q := range l.g.peers[c] {
					qm := l.cand[q]
					if l.grid[q] != 0 || bits.OnesCount64(qm) != 2 || qm&(1<<t) == 0 || int(q) == start {
						continue
					}
					f := bits.TrailingZeros64(qm &^ (1 << t))
					ns := int(q)*n + f
					if cs.parent[ns] != -2 || cs.onPath(s, int(q)) {
						continue
					}
					cs.visit(ns, s, length+1)
					if f != x || length+1 < 2 {
						continue
					}
					l.commonPeersElim([]int{start, int(q)}, 1<<x)
					if len(l.elimCells) == 0 {
						continue
					}
					el := l.takeElims()
					path := cs.path(ns)
					best = Step{
						Technique:    XYChain,
						Eliminations: el,
						Cells:        l.cells(path),
						Digits:       []int{x + 1},
						Text: fmt.Sprintf("XY-chain: %s: if %s is not %s, %s is, so %s",
							l.xyChainText(path, x), l.cell(start), digitName(x+1), l.cell(int(q)), elimText(el)),
					}
					bestLen = length + 1
					break
				}
			}
		}
	}
	return best, bestLen > 0
}

// xyChainText writes each cell of an XY-chain with the digit it loses and
// the digit it then takes: r1c1(3=5) - r1c4(5=7).
func (l *logic) xyChainText(path []int, x int) string {
	var b strings.Builder
	in := x
	for i, c := range path {
		if i > 0 {
			b.WriteString(" - ")
		}
		out := bits.TrailingZeros64(l.cand[c] &^ (1 << in))
		fmt.Fprintf(&b, "%s(%s=%s)", l.cell(c), digitName(in+1), digitName(out+1))
		in = out
	}
	return b.String()
}
