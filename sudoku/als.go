package sudoku

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// Almost locked sets. An almost locked set (ALS) is N cells of one unit
// holding N+1 digits between them: if one of its digits is taken away, the
// other N are locked in its cells (a naked subset). A bivalue cell is an
// ALS of one cell. Two ALSs A and B that share no cell have a restricted
// common candidate x when every x of A sees every x of B: x cannot be in
// both, so one of them loses x and becomes locked.
//
//   - ALS-XZ: A and B with a restricted common x and another common digit
//     z: whichever loses x holds z, so z is in A or B and is removed from
//     every cell seeing all the z of both. With two restricted commons
//     (doubly linked), each ALS loses one of them and is locked on the
//     rest: each restricted common is removed from cells seeing all of its
//     places in A and B, and every other digit of A (of B) from cells
//     seeing all its places in A (in B).
//   - ALS-XY-wing and ALS chains: disjoint ALSs A1, A2, ..., Ak, each
//     joined to the next by a restricted common, two consecutive ones
//     different. If A1 has no z, it is locked and holds the first
//     restricted common, which A2 then lacks, so A2 is locked and holds the
//     second, and so on until Ak is locked and holds z. So z, a digit of A1
//     and Ak other than the first and last restricted commons, is removed
//     from cells seeing all the z of A1 and Ak. Three ALSs make an
//     ALS-XY-wing, four or more an ALS chain (up to maxALSChain).
//
// These are the almost locked set techniques as Sudopedia and HoDoKu's
// manual describe them. They run on grids up to 9×9, on the cell sets of
// cellset.go.

// maxALSSize bounds the cells of an ALS, maxALSChain the ALSs of an ALS
// chain and maxALSChainWork the chain search (the links followed in one
// call), so that rating stays fast.
const (
	maxALSSize      = 5
	maxALSChain     = 6
	maxALSChainWork = 60000
)

// als is an almost locked set of the current pencil marks.
type als struct {
	cells  cellSet
	digits uint64
	unit   int
	in     [maxSetN]cellSet // in[d]: the cells holding digit d
	see    [maxSetN]cellSet // see[d]: the cells seeing every cell of in[d]
	reach  cellSet          // the union of see: a linked ALS has a cell in it
}

// alsLink is a restricted common candidate (or two) between two ALSs.
type alsLink struct {
	to  int32
	rcc uint64 // the restricted common digits
}

// alsState is the ALSs of a grid state and the links between them, kept
// while the pencil marks do not change (the ALS techniques are tried one
// after the other on the same state).
type alsState struct {
	grid  []uint8
	cand  []uint64
	sets  []als
	links [][]alsLink
	cells []cellSet // candidateCells

	aic aicGraph // grouped AIC's graph (aic.go)

	// Scratch of the chain searches, kept between calls.
	parent, seen []int32
	depth        []int8
	queue        []int32
	stamp        int32
}

// grow returns s with length n, reusing its storage.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// almostLockedSets returns the ALSs and their links for the current pencil
// marks, computing them only when the marks changed.
func (l *logic) almostLockedSets() *alsState {
	st := l.alsCache
	if st != nil && slices.Equal(st.cand, l.cand) && slices.Equal(st.grid, l.grid) {
		return st
	}
	if st == nil {
		st = &alsState{}
		l.alsCache = st
	}
	st.grid = append(st.grid[:0], l.grid...)
	st.cand = append(st.cand[:0], l.cand...)
	st.sets = st.sets[:0]
	st.cells = l.candidateCellsInto(st.cells)
	peers := l.g.peerSets()
	var union [1 << maxSetN]uint64
	for u, unit := range l.g.units {
		var empty []int
		for _, c := range unit {
			if l.grid[c] == 0 {
				empty = append(empty, int(c))
			}
		}
		line := u < 2*l.n
		for m := 1; m < 1<<len(empty); m++ {
			low := bits.TrailingZeros(uint(m))
			union[m] = union[m&(m-1)] | l.cand[empty[low]]
			size := bits.OnesCount(uint(m))
			if size >= len(empty) || size > maxALSSize || bits.OnesCount64(union[m]) != size+1 {
				continue
			}
			var a als
			box := -1
			inOneBox := true
			for mm := m; mm != 0; mm &= mm - 1 {
				c := empty[bits.TrailingZeros(uint(mm))]
				a.cells.add(c)
				if b := int(l.g.unitsOf[c][2]); box < 0 {
					box = b
				} else if b != box {
					inOneBox = false
				}
			}
			if line && inOneBox {
				continue // the box lists it
			}
			a.digits, a.unit = union[m], u
			for dm := a.digits; dm != 0; dm &= dm - 1 {
				d := bits.TrailingZeros64(dm)
				a.in[d] = a.cells.and(st.cells[d])
				a.see[d] = seeAll(peers, a.in[d])
				a.reach = a.reach.or(a.see[d])
			}
			st.sets = append(st.sets, a)
		}
	}
	// Links: disjoint ALSs with a restricted common candidate.
	st.links = slices.Grow(st.links[:0], len(st.sets))[:len(st.sets)]
	for i := range st.links {
		st.links[i] = st.links[i][:0]
	}
	for i := range st.sets {
		a := &st.sets[i]
		for j := i + 1; j < len(st.sets); j++ {
			b := &st.sets[j]
			common := a.digits & b.digits
			if common == 0 || a.cells.disjoint(b.reach) || !a.cells.disjoint(b.cells) {
				continue
			}
			var rcc uint64
			for m := common; m != 0; m &= m - 1 {
				d := bits.TrailingZeros64(m)
				if a.in[d].within(b.see[d]) {
					rcc |= 1 << d
				}
			}
			if rcc != 0 {
				st.links[i] = append(st.links[i], alsLink{int32(j), rcc})
				st.links[j] = append(st.links[j], alsLink{int32(i), rcc})
			}
		}
	}
	return st
}

// eliminateSet records the removal of digit d (0-based) from the cells of s.
func (l *logic) eliminateSet(s cellSet, d int) {
	for w, m := range s {
		for ; m != 0; m &= m - 1 {
			l.eliminate(w*64+bits.TrailingZeros64(m), 1<<d)
		}
	}
}

// alsXZ finds two ALSs joined by a restricted common candidate, singly or
// doubly linked, preferring the fewest cells.
func (l *logic) alsXZ() (Step, bool) {
	if l.n > maxSetN {
		return Step{}, false
	}
	st := l.almostLockedSets()
	var best Step
	bestSize := 0
	for i, links := range st.links {
		a := &st.sets[i]
		for _, k := range links {
			if int(k.to) < i {
				continue
			}
			b := &st.sets[k.to]
			size := a.cells.count() + b.cells.count()
			if bestSize > 0 && size >= bestSize {
				continue
			}
			common := a.digits & b.digits
			doubly := false
			switch bits.OnesCount64(k.rcc) {
			case 1:
				for m := common &^ k.rcc; m != 0; m &= m - 1 {
					z := bits.TrailingZeros64(m)
					l.eliminateSet(a.see[z].and(b.see[z]), z)
				}
			case 2:
				doubly = true
				for m := k.rcc; m != 0; m &= m - 1 {
					x := bits.TrailingZeros64(m)
					l.eliminateSet(a.see[x].and(b.see[x]), x)
				}
				for m := a.digits &^ k.rcc; m != 0; m &= m - 1 {
					z := bits.TrailingZeros64(m)
					l.eliminateSet(a.see[z].minus(b.cells), z)
				}
				for m := b.digits &^ k.rcc; m != 0; m &= m - 1 {
					z := bits.TrailingZeros64(m)
					l.eliminateSet(b.see[z].minus(a.cells), z)
				}
			default:
				continue // three would leave no solution: left to others
			}
			if len(l.elimCells) == 0 {
				continue
			}
			el := l.takeElims()
			var text string
			if !doubly {
				x := digitName(lowDigit(k.rcc))
				var zs []int
				for _, e := range el {
					if !slices.Contains(zs, e.Digit) {
						zs = append(zs, e.Digit)
					}
				}
				slices.Sort(zs)
				text = fmt.Sprintf("ALS-XZ: %s and %s have the restricted common candidate %s (every %s of one sees every %s of the other), so one of them is locked without it, and %s is in one of them: %s",
					l.alsText(a), l.alsText(b), x, x, x, digitList(zs), elimText(el))
			} else {
				text = fmt.Sprintf("ALS-XZ: %s and %s have two restricted common candidates, %s (doubly linked): each loses one of them and is locked on its other digits, so %s",
					l.alsText(a), l.alsText(b), digitList(digitsOf(k.rcc)), elimText(el))
			}
			best = Step{
				Technique:    ALSXZ,
				Eliminations: el,
				Units:        l.units([]int{a.unit, b.unit}),
				Cells:        l.cells(append(a.cells.list(), b.cells.list()...)),
				Digits:       digitsOf(common),
				Text:         text,
			}
			bestSize = size
		}
	}
	return best, bestSize > 0
}

// alsText writes an ALS as "r1c1, r1c2 {1,2,5} in row 1"; a single cell
// as "r1c1 {1,5}".
func (l *logic) alsText(a *als) string {
	cells := cellList(l.cells(a.cells.list()))
	if a.cells.count() == 1 {
		return cells + " " + candText(a.digits)
	}
	return fmt.Sprintf("%s %s in %s", cells, candText(a.digits), l.unit(a.unit))
}

// alsXYWing finds ALSs A - C - B, A and B each joined to the pivot C by a
// different restricted common, and removes a digit z common to A and B
// (neither restricted common) from the cells seeing all the z of A and B.
func (l *logic) alsXYWing() (Step, bool) {
	if l.n > maxSetN {
		return Step{}, false
	}
	st := l.almostLockedSets()
	var best Step
	bestSize := 0
	for c, links := range st.links {
		for i, ka := range links {
			for _, kb := range links[i+1:] {
				a, b := &st.sets[ka.to], &st.sets[kb.to]
				if !a.cells.disjoint(b.cells) {
					continue
				}
				zs := a.digits & b.digits
				if zs == 0 {
					continue
				}
				size := a.cells.count() + b.cells.count() + st.sets[c].cells.count()
				if bestSize > 0 && size >= bestSize {
					continue
				}
				for xm := ka.rcc; xm != 0; xm &= xm - 1 {
					x := bits.TrailingZeros64(xm)
					for ym := kb.rcc &^ (1 << x); ym != 0; ym &= ym - 1 {
						y := bits.TrailingZeros64(ym)
						for m := zs &^ (1<<x | 1<<y); m != 0; m &= m - 1 {
							z := bits.TrailingZeros64(m)
							l.eliminateSet(a.see[z].and(b.see[z]), z)
							if len(l.elimCells) == 0 {
								continue
							}
							path := []int{int(ka.to), c, int(kb.to)}
							best = l.alsChainStep(ALSXYWing, st, path, []int{x, y}, l.takeElims())
							bestSize = size
							break
						}
						if bestSize == size {
							break
						}
					}
					if bestSize == size {
						break
					}
				}
			}
		}
	}
	return best, bestSize > 0
}

// alsChain finds a chain of four to maxALSChain disjoint ALSs,
// consecutive restricted commons different, breadth first from every ALS and digit
// z: the state (ALS i, digit r) means "if the first ALS has no z, ALS i
// has no r". The shortest productive chain is reported, within
// maxALSChainWork links followed.
func (l *logic) alsChain() (Step, bool) {
	if l.n > maxSetN {
		return Step{}, false
	}
	st := l.almostLockedSets()
	n := l.n
	states := len(st.sets) * n
	st.parent = grow(st.parent, states)
	st.depth = grow(st.depth, states)
	if cap(st.seen) < states {
		st.seen, st.stamp = make([]int32, states), 0
	}
	parent, depth, seen := st.parent, st.depth, st.seen[:states] // seen: stamp of the search that reached it
	queue := st.queue
	defer func() { st.queue = queue }()
	work := 0
	var best Step
	bestLen := 0
	// overlaps reports whether ALS j shares a cell with an ALS of the
	// path ending at s: the ALSs of a chain are disjoint.
	overlaps := func(s int32, j int) bool {
		for ; s >= 0; s = parent[s] {
			if !st.sets[int(s)/n].cells.disjoint(st.sets[j].cells) {
				return true
			}
		}
		return false
	}
	for start := range st.sets {
		a := &st.sets[start]
		for zm := a.digits; zm != 0; zm &= zm - 1 {
			z := bits.TrailingZeros64(zm)
			if a.see[z].and(st.cells[z]).empty() {
				continue // nothing to remove
			}
			st.stamp++
			stamp := st.stamp
			s0 := int32(start*n + z)
			seen[s0], parent[s0], depth[s0] = stamp, -1, 0
			queue = append(queue[:0], s0)
			for qi := 0; qi < len(queue) && work < maxALSChainWork; qi++ {
				s := queue[qi]
				i, r, k := int(s)/n, int(s)%n, int(depth[s])
				if k+1 >= maxALSChain || (bestLen > 0 && k+1 >= bestLen) {
					break
				}
				for _, link := range st.links[i] {
					work++
					for em := link.rcc &^ (1 << r); em != 0; em &= em - 1 {
						e := bits.TrailingZeros64(em)
						j := int(link.to)
						t := int32(j*n + e)
						if seen[t] == stamp || overlaps(s, j) {
							continue
						}
						seen[t], parent[t], depth[t] = stamp, s, int8(k+1)
						queue = append(queue, t)
						b := &st.sets[j]
						if k+1 < 3 || e == z || b.digits&(1<<z) == 0 {
							continue
						}
						l.eliminateSet(a.see[z].and(b.see[z]), z)
						if len(l.elimCells) == 0 {
							continue
						}
						var path, rccs []int
						for p := t; p >= 0; p = parent[p] {
							path = append(path, int(p)/n)
							if parent[p] >= 0 {
								rccs = append(rccs, int(p)%n)
							}
						}
						slices.Reverse(path)
						slices.Reverse(rccs)
						best = l.alsChainStep(ALSChain, st, path, rccs, l.takeElims())
						bestLen = k + 1
						break
					}
					if bestLen == k+1 {
						break
					}
				}
				if bestLen == k+1 {
					break
				}
			}
		}
	}
	return best, bestLen > 0
}

// alsChainStep describes a chain of ALSs (an ALS-XY-wing or an ALS chain)
// with its restricted commons rccs between consecutive ALSs.
func (l *logic) alsChainStep(t Technique, st *alsState, path, rccs []int, el []Candidate) Step {
	first, last := &st.sets[path[0]], &st.sets[path[len(path)-1]]
	z := el[0].Digit - 1
	var b strings.Builder
	var cells, units []int
	var digits uint64 = 1 << z
	in := z
	for i, p := range path {
		a := &st.sets[p]
		out := z
		if i < len(rccs) {
			out = rccs[i]
			digits |= 1 << out
		}
		if i > 0 {
			b.WriteString(" - ")
		}
		fmt.Fprintf(&b, "%s(%s=%s)", l.alsName(a), digitName(in+1), digitName(out+1))
		in = out
		cells = append(cells, a.cells.list()...)
		units = append(units, a.unit)
	}
	var list []string
	for _, p := range path {
		list = append(list, l.alsText(&st.sets[p]))
	}
	return Step{
		Technique:    t,
		Eliminations: el,
		Units:        l.units(units),
		Cells:        l.cells(cells),
		Digits:       digitsOf(digits),
		Text: fmt.Sprintf("%s: %s (almost locked sets %s; = within a set, - a restricted common candidate): if %s has no %s, %s holds it, so %s",
			techniqueTable[t].title, b.String(), strings.Join(list, "; "),
			l.alsName(first), digitName(z+1), l.alsName(last), elimText(el)),
	}
}

// alsName writes an ALS's cells compactly: "r1c1", "{r1c1 r1c2}".
func (l *logic) alsName(a *als) string {
	cs := l.cells(a.cells.list())
	if len(cs) == 1 {
		return cs[0].String()
	}
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.String()
	}
	return "{" + strings.Join(names, " ") + "}"
}
