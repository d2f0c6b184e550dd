package queens

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"time"
)

// MaxDominate is the largest board Dominate accepts: the board is a set of
// at most 256 squares. The proof for n = 14 (7 queens too few) takes about
// 10 s, for n = 15 minutes; each size beyond costs far more.
const MaxDominate = 16

// DominateOptions control Dominate.
type DominateOptions struct {
	// Independent asks for queens that do not attack each other.
	Independent bool
	// Progress, if set, is called when the search for k queens begins.
	Progress func(k int)
	// Shard and Shards, when Shards > 1, search only the Shard-th
	// (1-based) of Shards shares of each size's search: the branches of
	// the first queen i (from 0, in the order the search tries them) with
	// i mod Shards = Shard-1, each with the squares of the branches before
	// it forbidden, as in the whole search. The shares of one size
	// together are the whole search for it, node for node (the root is
	// counted in share 1); a share stops at the first size it finds a set
	// for, so every size below the least found is searched by every share.
	Shard, Shards int
}

// Domination is a minimum set of queens that occupy or attack every
// square, and the proof that no smaller set does.
type Domination struct {
	N           int
	Independent bool
	// Size is γ(Q_n), or i(Q_n) for independent sets.
	Size int
	// Queens are the Size queens found, by row then column.
	Queens []Queen
	// Tried lists the sizes searched, the smaller ones proved impossible.
	Tried []SizeSearch
	Nodes int64
	Time  time.Duration
	// Shard and Shards are those of the options (0 and 0 for the whole
	// search); Branch is the index of the first queen's branch of the set
	// found (of the least such branch, in the whole search), -1 when a
	// share found none up to n.
	Shard, Shards, Branch int
}

// SizeSearch is the exhaustive search for k queens.
type SizeSearch struct {
	K     int
	Found bool
	Nodes int64
	Time  time.Duration
}

// Dominate finds the least number of queens that occupy or attack every
// square of the n×n board, with such a set. It searches for k = 1, 2, ...
// queens until a set exists: each failed search is exhaustive, so the
// size returned is proved minimal (for plain domination the failure of
// k-1 alone proves it, since any queen added to a dominating set keeps
// it dominating).
//
// A search for k queens picks the uncovered square with the fewest
// squares left that could cover it, and branches on each of them; a
// square tried in a branch is forbidden in the branches after it, so no
// set is met twice. It prunes when the k' queens left cannot cover what
// is left: when the k' largest numbers of uncovered squares single
// squares would cover add up to less than the uncovered squares, or when
// more than k' rows (or columns) have more than 3k' uncovered squares
// (a queen off a line covers at most 3 of its squares). The first queen
// covers the corner, and by the diagonal symmetry it stands on the top
// row or the main diagonal.
func Dominate(ctx context.Context, n int, opt DominateOptions) (Domination, error) {
	start := time.Now()
	res := Domination{N: n, Independent: opt.Independent}
	if n < 1 || n > MaxDominate {
		return res, fmt.Errorf("queens: dominate: n must be between 1 and %d, not %d", MaxDominate, n)
	}
	if opt.Shards < 0 || opt.Shards > 1 && (opt.Shard < 1 || opt.Shard > opt.Shards) {
		return res, fmt.Errorf("queens: dominate: shard %d/%d: want 1 ≤ shard ≤ shards", opt.Shard, opt.Shards)
	}
	d := newDominator(ctx, n, opt.Independent)
	res.Branch = -1
	if opt.Shards > 1 {
		d.shard, d.shards = opt.Shard, opt.Shards
		res.Shard, res.Shards = opt.Shard, opt.Shards
	}
	for k := 1; k <= n; k++ {
		if opt.Progress != nil {
			opt.Progress(k)
		}
		t0 := time.Now()
		before := d.nodes
		found := d.search(k, cells{}, cells{}, true)
		res.Tried = append(res.Tried, SizeSearch{K: k, Found: found, Nodes: d.nodes - before, Time: time.Since(t0)})
		res.Nodes = d.nodes
		if d.stopped {
			res.Time = time.Since(start)
			return res, ctx.Err()
		}
		if found {
			res.Size, res.Branch = k, d.branch
			for _, s := range d.chosen {
				res.Queens = append(res.Queens, Queen{Col: s % n, Row: s / n})
			}
			slices.SortFunc(res.Queens, func(a, b Queen) int { return (a.Row*n + a.Col) - (b.Row*n + b.Col) })
			break
		}
	}
	res.Time = time.Since(start)
	if res.Size == 0 && d.shards > 1 {
		return res, nil // this share holds no set up to n
	}
	if err := VerifyDomination(n, res.Queens, opt.Independent); err != nil {
		panic(fmt.Sprintf("queens: dominate found a wrong set: %v", err))
	}
	return res, nil
}

// VerifyDomination checks that the queens occupy or attack every square
// of the n×n board and, if independent, that none attacks another.
func VerifyDomination(n int, qs []Queen, independent bool) error {
	for i, q := range qs {
		if q.Col < 0 || q.Col >= n || q.Row < 0 || q.Row >= n {
			return fmt.Errorf("queens: queen %d:%d is off the board", q.Col, q.Row)
		}
		for _, p := range qs[:i] {
			if p == q {
				return fmt.Errorf("queens: queen %d:%d given twice", q.Col, q.Row)
			}
			if independent && attacks(p, q) {
				return fmt.Errorf("queens: queens %d:%d and %d:%d attack each other", p.Col, p.Row, q.Col, q.Row)
			}
		}
	}
	for r := range n {
		for c := range n {
			sq := Queen{Col: c, Row: r}
			if !slices.ContainsFunc(qs, func(q Queen) bool { return q == sq || attacks(q, sq) }) {
				return fmt.Errorf("queens: square %d:%d is neither occupied nor attacked", c, r)
			}
		}
	}
	return nil
}

func attacks(p, q Queen) bool {
	dr, dc := p.Row-q.Row, p.Col-q.Col
	return dr == 0 || dc == 0 || dr == dc || dr == -dc
}

// cells is a set of squares r·n+c.
type cells [4]uint64

func (a cells) and(b cells) cells { return cells{a[0] & b[0], a[1] & b[1], a[2] & b[2], a[3] & b[3]} }
func (a cells) or(b cells) cells  { return cells{a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]} }
func (a cells) andNot(b cells) cells {
	return cells{a[0] &^ b[0], a[1] &^ b[1], a[2] &^ b[2], a[3] &^ b[3]}
}
func (a cells) count() int {
	return bits.OnesCount64(a[0]) + bits.OnesCount64(a[1]) + bits.OnesCount64(a[2]) + bits.OnesCount64(a[3])
}
func (a cells) empty() bool { return a[0]|a[1]|a[2]|a[3] == 0 }
func (a *cells) add(s int)  { a[s>>6] |= 1 << (s & 63) }
func (a cells) andCount(b cells) int {
	return bits.OnesCount64(a[0]&b[0]) + bits.OnesCount64(a[1]&b[1]) + bits.OnesCount64(a[2]&b[2]) + bits.OnesCount64(a[3]&b[3])
}

// each calls fn for every square of a, in order.
func (a cells) each(fn func(s int)) {
	for w, x := range a {
		for x != 0 {
			fn(w<<6 + bits.TrailingZeros64(x))
			x &= x - 1
		}
	}
}

type dominator struct {
	ctx         context.Context
	n, squares  int
	independent bool
	full        cells
	cover       []cells // the squares a queen on s occupies or attacks
	lines       []cells // the rows, then the columns
	chosen      []int
	nodes       int64
	stopped     bool
	plain       bool // no bounds and no symmetry: the oracle of the tests
	// shard and shards cut the root's branches (DominateOptions); branch
	// is the root's branch of the set found.
	shard, shards, branch int
}

func newDominator(ctx context.Context, n int, independent bool) *dominator {
	d := &dominator{ctx: ctx, n: n, squares: n * n, independent: independent}
	d.cover = make([]cells, n*n)
	for s := range n * n {
		d.full.add(s)
		p := Queen{Col: s % n, Row: s / n}
		for t := range n * n {
			if q := (Queen{Col: t % n, Row: t / n}); p == q || attacks(p, q) {
				d.cover[s].add(t)
			}
		}
	}
	d.lines = make([]cells, 2*n)
	for s := range n * n {
		d.lines[s/n].add(s)
		d.lines[n+s%n].add(s)
	}
	return d
}

// search looks for k more queens, off forbidden, that cover what covered
// lacks; on success d.chosen holds them.
func (d *dominator) search(k int, covered, forbidden cells, root bool) bool {
	if !root || d.shard <= 1 {
		d.nodes++ // the root is counted in one share only
	}
	if d.nodes&0x3fff == 0 && d.ctx.Err() != nil {
		d.stopped = true
	}
	if d.stopped {
		return false
	}
	uncovered := d.full.andNot(covered)
	if uncovered.empty() {
		return true
	}
	if k == 0 {
		return false
	}
	u := uncovered.count()
	allowed := d.full.andNot(forbidden)
	if d.independent {
		allowed = allowed.andNot(covered)
	}
	if d.plain {
		root = false
	} else if !d.hopeful(k, u, uncovered, allowed) {
		return false
	}
	// Branch on the uncovered square with the fewest allowed coverers.
	best, bestCount := -1, 1<<30
	if root {
		best = 0
	} else {
		uncovered.each(func(s int) {
			if bestCount == 0 {
				return
			}
			if c := d.cover[s].andCount(allowed); c < bestCount {
				best, bestCount = s, c
			}
		})
		if bestCount == 0 {
			return false
		}
	}
	cands := d.cover[best].and(allowed)
	if root {
		// The corner's coverers on column 0 mirror those on row 0.
		for r := 1; r < d.n; r++ {
			cands[(r*d.n)>>6] &^= 1 << ((r * d.n) & 63)
		}
	}
	type cand struct{ s, gain int }
	var list []cand
	cands.each(func(s int) { list = append(list, cand{s, d.cover[s].andCount(uncovered)}) })
	slices.SortStableFunc(list, func(a, b cand) int { return b.gain - a.gain })
	for j, c := range list {
		if root && d.shards > 1 && j%d.shards != d.shard-1 {
			forbidden.add(c.s) // another share's branch
			continue
		}
		d.chosen = append(d.chosen, c.s)
		if d.search(k-1, covered.or(d.cover[c.s]), forbidden, false) {
			if root {
				d.branch = j
			}
			return true
		}
		d.chosen = d.chosen[:len(d.chosen)-1]
		if d.stopped {
			return false
		}
		forbidden.add(c.s)
	}
	return false
}

// hopeful reports whether k queens on allowed squares might still cover
// the u uncovered squares, by the two bounds of Dominate.
func (d *dominator) hopeful(k, u int, uncovered, allowed cells) bool {
	// A line with more than 3k uncovered squares needs a queen on it.
	forcedRows, forcedCols := 0, 0
	for i, line := range d.lines {
		if uncovered.andCount(line) > 3*k {
			if i < d.n {
				forcedRows++
			} else {
				forcedCols++
			}
		}
	}
	if forcedRows > k || forcedCols > k {
		return false
	}
	// The k best single gains must reach u.
	var top [MaxDominate]int
	allowed.each(func(s int) {
		g := d.cover[s].andCount(uncovered)
		if g > top[k-1] {
			i := k - 1
			for i > 0 && top[i-1] < g {
				top[i] = top[i-1]
				i--
			}
			top[i] = g
		}
	})
	sum := 0
	for _, g := range top[:k] {
		sum += g
	}
	return sum >= u
}
