package sliding

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/puzzlesolvers/puzzle/status"
)

// One IDA* iteration cut into shards, so that many machines search one
// board: a wave. Every shard walks the tree above a fixed depth, the cut,
// exactly as the iteration does (the same children in the same order, the
// same pruning, the same next bound); the nodes at the cut that are within
// the bound are the frontier, numbered in depth-first order, and each is
// the root of a subtree. The frontier is split into shards by a rule that
// depends only on its sizes at the previous bound (or on the numbering
// when none are known), so every shard computes the same split and
// searches its own subtrees, in order, with the iteration's loop. The
// nodes above the cut are counted once, in shard 1. Merging the shards
// gives the iteration's counts exactly: when no shard finds a goal, the
// nodes above the cut plus every subtree; when one does, the first
// subtree j (in depth-first order) that holds a goal decides, as it does
// in one piece: the nodes above the cut generated before j, every subtree
// before j, and j's nodes up to its goal. A shard therefore stops at its
// first goal, and reports, for each subtree, its path from the root, its
// counts and the count above the cut before it.

// WaveOptions names one shard of one wave.
type WaveOptions struct {
	// Heuristic must be a pattern database set (pdb-555, pdb-663, pdb-78,
	// pdb-6666), or Auto where that picks one; Store provides it (nil:
	// the default store).
	Heuristic Heuristic
	Store     *Store
	// Bound is the IDA* bound of the wave; 0 is the first, the
	// heuristic's value at the root.
	Bound int
	// Cut is the depth of the frontier: 0 chooses it from Shards, as
	// the least depth whose frontier holds SubtreesPerShard × Shards
	// subtrees. With AutoCut, Cut is the least depth to take (the cut of
	// the previous wave), deepened as that choice goes when its frontier
	// is smaller. It is lowered to the root's heuristic, so that no goal
	// lies above it.
	Cut     int
	AutoCut bool
	// Shard (from 1) of Shards.
	Shard, Shards int
	// Sizes holds the nodes generated in each subtree at the previous
	// bound, by path (Subtree.Path); nil splits the frontier round-robin.
	Sizes map[string]int64
}

// SubtreesPerShard is how many subtrees per shard the automatic cut
// (Cut 0) asks of the frontier: it takes the least depth whose frontier
// holds at least SubtreesPerShard × Shards subtrees. The split by the
// previous bound's sizes (splitFrontier) places the largest subtree first
// on the least loaded shard, so that no shard exceeds the mean by more
// than the largest subtree: with m subtrees a shard, the excess is at most
// the largest subtree's size over m times the mean's. The subtrees of one
// depth differ by a factor of 10 to 100 on the 15- and 24-puzzles, so m =
// 32 keeps a shard within a few tenths of the mean at worst, while the
// frontier (walked twice by every shard, and listed in the wave file)
// stays small: 32 × K paths.
const SubtreesPerShard = 32

// maxAutoCut bounds the automatic cut's depth, whatever K: at depth 24 a
// 24-puzzle's frontier holds about 10^10 nodes, more than any K needs.
const maxAutoCut = 24

// FoundBy is the cause (context.Cause) with which a wave's shard is
// stopped because another shard of the same wave found a goal: SolveWave
// then returns the shard as stopped (WaveResult.StoppedBy), with partial
// counts, rather than as interrupted.
type FoundBy struct {
	// Shard is the shard, from 1, that found the goal.
	Shard int
}

func (f *FoundBy) Error() string { return fmt.Sprintf("stopped: found by shard %d", f.Shard) }

// Subtree is the search below one node of a wave's frontier.
type Subtree struct {
	// Index numbers the frontier nodes from 0, in depth-first order.
	Index int
	// Path is the moves from the root to the node.
	Path string
	// Above is the count of nodes generated and expanded above the cut
	// before this subtree (its own node included in AboveGenerated).
	AboveGenerated, AboveExpanded int64
	// Generated and Expanded are the nodes of the subtree (up to the goal
	// when it holds one).
	Generated, Expanded int64
	// Found reports that the subtree holds a goal.
	Found bool
}

// WaveResult is what one shard of a wave reports.
type WaveResult struct {
	// Status is Solved when the shard did its work (whether or not it
	// found a goal), None when the board cannot reach the goal, Timeout
	// when ctx stopped it.
	Status    status.Status
	Heuristic Heuristic
	// Initial is the heuristic's value at the root.
	Initial                   int
	Bound, Cut, Shard, Shards int
	// Frontier is how many nodes are at the cut within the bound.
	Frontier int
	// AutoCut reports that the cut was chosen from the number of shards
	// (WaveOptions.Cut 0, or AutoCut).
	AutoCut bool
	// Found reports a goal within the bound; Moves reach it (from the
	// board as given), in the subtree FoundIndex.
	Found      bool
	Moves      Moves
	FoundIndex int
	// Next is the least f above the bound among the nodes this shard
	// generated (with those above the cut): the next bound is the least
	// over the shards.
	Next int
	// AboveGenerated and AboveExpanded count the nodes above the cut; the
	// shard's Stats include them in shard 1 only.
	AboveGenerated, AboveExpanded int64
	// Subtrees are those the shard searched in full, in depth-first
	// order.
	Subtrees []Subtree
	// StoppedBy is the shard that found a goal, when this one stopped
	// for it (its context cancelled with cause FoundBy) before the end of
	// its work: Status is Solved, Stats count the nodes up to the stop
	// (the subtree cut short included), and the merge's counts are
	// partial.
	StoppedBy int
	Stats     Stats
}

// ErrWaveHeuristic reports a heuristic that waves cannot use.
var ErrWaveHeuristic = errors.New("sliding: waves need a pattern database heuristic (pdb-555, pdb-663, pdb-78 or pdb-6666)")

// SolveWave searches shard opt.Shard of the IDA* iteration with bound
// opt.Bound on p's board.
func SolveWave(ctx context.Context, p *Puzzle, opt WaveOptions) (WaveResult, error) {
	start := time.Now()
	res := WaveResult{Bound: opt.Bound, Cut: opt.Cut, Shard: opt.Shard, Shards: opt.Shards}
	if p == nil || p.Board == nil {
		res.Status = status.Invalid
		return res, errors.New("sliding: no board")
	}
	b := p.Board
	if len(b.Tiles) != b.Rows*b.Cols || b.Rows < 2 || b.Cols < 2 {
		res.Status = status.Invalid
		return res, errors.New("sliding: malformed board")
	}
	if opt.Shards < 1 || opt.Shard < 1 || opt.Shard > opt.Shards {
		res.Status = status.Invalid
		return res, fmt.Errorf("sliding: shard %d/%d: want I/K with 1 ≤ I ≤ K", opt.Shard, opt.Shards)
	}
	if opt.Bound < 0 || opt.Cut < 0 {
		res.Status = status.Invalid
		return res, fmt.Errorf("sliding: bound %d and cut %d must not be negative", opt.Bound, opt.Cut)
	}
	if !b.Solvable(p.Goal) {
		res.Status = status.None
		return res, nil
	}
	store := opt.Store
	if store == nil {
		store = DefaultStore()
	}
	h, dbs, err := store.prepare(ctx, opt.Heuristic, b.Rows, b.Cols)
	res.Heuristic = h
	if err != nil {
		res.Status = status.Invalid
		if ctx.Err() != nil {
			res.Status = status.Timeout
			err = ctx.Err()
		}
		return res, err
	}
	set := dbs[h]
	if set == nil {
		res.Status = status.Invalid
		return res, fmt.Errorf("%w, not %s", ErrWaveHeuristic, h)
	}
	err = waveSearch(ctx, newProblem(b, p.Goal), set, opt, &res)
	res.Stats.Time = time.Since(start)
	res.Status = status.Solved
	var by *FoundBy
	if err != nil && ctx.Err() != nil && errors.As(context.Cause(ctx), &by) && !res.Found {
		res.StoppedBy = by.Shard
		return res, nil
	}
	if err != nil {
		res.Status, res.Found, res.Moves = status.Timeout, false, nil
	}
	return res, err
}

// waveSearch fills res with the shard's search of pr: a first walk above
// the cut lists the frontier, a second walks it again and searches the
// shard's subtrees where it meets them.
func waveSearch(ctx context.Context, pr *problem, set *PDBSet, opt WaveOptions, res *WaveResult) error {
	st := newStopper(ctx)
	defer st.release()
	k := newPDBKernel(pr, set)
	res.Initial = k.root(pr, 0)
	if res.Bound == 0 {
		res.Bound = res.Initial
	}
	if res.Bound < res.Initial {
		return fmt.Errorf("sliding: bound %d is below the heuristic's value at the root, %d", res.Bound, res.Initial)
	}
	if res.Bound >= len(k.path) {
		return fmt.Errorf("sliding: bound %d is above the longest path searched (%d)", res.Bound, len(k.path)-1)
	}
	var w *waver
	if res.Cut == 0 || opt.AutoCut {
		res.AutoCut = true
		w = autoCut(k, pr, res, max(res.Cut, 1), SubtreesPerShard*opt.Shards, st)
	} else {
		res.Cut = min(res.Cut, res.Initial)
		w = &waver{k: k, pr: pr, cut: res.Cut, bound: res.Bound, next: 1 << 30, stop: st}
		k.root(pr, res.Bound)
		w.frames[0] = k.frames[0]
		w.above(0)
	}
	res.Frontier = len(w.frontier)
	res.AboveGenerated, res.AboveExpanded = w.gen, w.exp
	keys := make([]string, len(w.frontier))
	for i, fn := range w.frontier {
		keys[i] = pr.userMoves(fn.path).String()
	}
	if opt.Shard == 1 {
		res.Stats.Generated, res.Stats.Expanded = w.gen, w.exp
	}
	w.owner, w.shard, w.searching = splitFrontier(keys, opt.Sizes, opt.Shards), opt.Shard-1, true
	w.frames[0] = k.frames[0]
	w.index = 0
	next := w.next
	w.visit = func(i int, f *pdbFrame) bool {
		if st.flag.Load() { // stopped between two subtrees
			w.err = ctx.Err()
			return true
		}
		fn := &w.frontier[i]
		k.frames[0] = pdbFrame{blank: f.blank, rblank: f.rblank, prev: f.prev, md: f.md, sum: f.sum, rsum: f.rsum}
		k.depth, k.bound, k.next = 0, int64(w.bound-w.cut), 1<<30
		gen, exp := k.gen, k.exp
		r := pdbIterate(k, false)
		for r == iterPaused {
			if st.flag.Load() {
				// The subtree cut short counts in the shard's nodes
				// (partial when another shard found the goal), not
				// among its subtrees.
				res.Stats.Generated += k.gen - gen
				res.Stats.Expanded += k.exp - exp
				w.err = ctx.Err()
				return true
			}
			r = pdbIterate(k, true)
		}
		sub := Subtree{Index: i, Path: keys[i], AboveGenerated: fn.gen, AboveExpanded: fn.exp,
			Generated: k.gen - gen, Expanded: k.exp - exp, Found: r >= 0}
		res.Subtrees = append(res.Subtrees, sub)
		res.Stats.Generated += sub.Generated
		res.Stats.Expanded += sub.Expanded
		if r >= 0 {
			res.Found, res.FoundIndex = true, i
			res.Moves = pr.userMoves(append(slices.Clone(fn.path), k.path[:r]...))
			res.Stats.MaxFrontier = int64(res.Cut + r + 1)
			return true
		}
		next = min(next, int64(res.Cut)+k.next)
		return false
	}
	w.above(0)
	if w.err != nil {
		return w.err
	}
	if !res.Found {
		res.Stats.MaxFrontier = int64(res.Bound + 1)
	}
	res.Next = int(next)
	res.Stats.Iterations = 1
	return nil
}

// autoCut walks above the cut at depths from, from+1, ... (up to the
// root's heuristic, and maxAutoCut) and keeps the first whose frontier
// holds at least want nodes; when none does (a small board, or a bound
// that few paths reach, as the first), the depth with the largest
// frontier. It sets res.Cut and returns the walk of that depth, its
// frontier listed. At a fixed depth the frontier only grows with the
// bound, so the cut of a wave is never too deep for the next: kept from
// wave to wave, it is deepened only while the frontier is too small.
func autoCut(k *pdbKernel, pr *problem, res *WaveResult, from, want int, st *stopper) *waver {
	var best *waver
	for d := min(from, res.Initial); ; d++ {
		w := &waver{k: k, pr: pr, cut: d, bound: res.Bound, next: 1 << 30, stop: st}
		k.root(pr, res.Bound)
		w.frames[0] = k.frames[0]
		w.above(0)
		if best == nil || len(w.frontier) > len(best.frontier) {
			best = w
		}
		if len(w.frontier) >= want || len(w.frontier) == 0 || d >= min(res.Initial, maxAutoCut) {
			break
		}
	}
	res.Cut = best.cut
	return best
}

// frontierNode is a node at the cut: its path and the counts above the
// cut before it.
type frontierNode struct {
	path     []int8
	gen, exp int64
}

// waver walks the tree above the cut with the loop's own steps (list,
// play, unplay: idastar_pdb.go) and its pruning, in its own frames. The
// first walk lists the frontier; the second (searching) calls visit at
// each node the shard owns, and stops when visit returns true.
type waver struct {
	k          *pdbKernel
	pr         *problem
	cut, bound int
	frames     [256]pdbFrame
	path       [256]int8
	gen, exp   int64
	next       int64
	frontier   []frontierNode
	stop       *stopper

	searching bool
	owner     []int
	shard     int
	index     int
	visit     func(i int, f *pdbFrame) bool
	err       error
}

// above expands the node of frame g (g < cut) as iterateGo does, and
// meets its children at the cut within the bound; it returns true when
// the walk is to stop.
func (w *waver) above(g int) bool {
	k, f := w.k, &w.frames[g]
	if g == w.cut {
		i := w.index
		w.index++
		if !w.searching {
			w.frontier = append(w.frontier, frontierNode{path: slices.Clone(w.path[:g]), gen: w.gen, exp: w.exp})
			return false
		}
		return w.owner[i] == w.shard && w.visit(i, f)
	}
	if !w.searching {
		w.exp++
	}
	k.list(f)
	for f.i < f.k {
		kid := &f.kids[f.i]
		f.i++
		if !w.searching {
			w.gen++
		}
		md := f.md + int64(kid.dmd)
		v := nibble(k.slices[kid.pat], kid.rank)
		sum := f.sum - k.vals[kid.pat] + v
		h := md + 2*sum
		room := int64(w.bound - g - 1)
		var rv, rsum int64
		if h <= room {
			rv = nibble(k.slices[kid.rpat], kid.rrank)
			rsum = f.rsum - k.rvals[kid.rpat] + rv
			h = max(h, md+2*rsum)
		}
		if h > room {
			w.next = min(w.next, int64(g)+1+h)
			continue
		}
		k.play(f, kid, v, rv)
		w.path[g] = int8(kid.dir)
		c := &w.frames[g+1]
		*c = pdbFrame{blank: int64(kid.to), rblank: int64(kid.rto), prev: int64(kid.dir), md: md, sum: sum, rsum: rsum}
		stop := w.above(g + 1)
		k.unplay(f, kid)
		if stop {
			return true
		}
	}
	return false
}

// splitFrontier gives each frontier node a shard (from 0): with sizes,
// the largest first, each to the shard with the fewest nodes so far (a
// node without a size counts as the smallest size known); without,
// round-robin in depth-first order. Ties go to the lower index, so every
// shard computes the same split.
func splitFrontier(keys []string, sizes map[string]int64, k int) []int {
	owner := make([]int, len(keys))
	if len(sizes) == 0 {
		for i := range owner {
			owner[i] = i % k
		}
		return owner
	}
	least := int64(-1)
	for _, s := range sizes {
		if s > 0 && (least < 0 || s < least) {
			least = s
		}
	}
	least = max(least, 1)
	est := make([]int64, len(keys))
	order := make([]int, len(keys))
	for i, key := range keys {
		order[i] = i
		est[i] = least
		if s, ok := sizes[key]; ok && s > 0 {
			est[i] = s
		}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case est[a] > est[b]:
			return -1
		case est[a] < est[b]:
			return 1
		}
		return a - b
	})
	load := make([]int64, k)
	for _, i := range order {
		s := 0
		for j := 1; j < k; j++ {
			if load[j] < load[s] {
				s = j
			}
		}
		owner[i] = s
		load[s] += est[i]
	}
	return owner
}

// WaveMerge is the shards of a wave merged: the iteration as one search.
type WaveMerge struct {
	Heuristic                             Heuristic
	Initial, Bound, Cut, Shards, Frontier int
	// AutoCut: the cut was chosen from K (the next wave may deepen it).
	AutoCut bool
	// Found reports a goal within the bound, reached by Moves: the
	// iteration's first in depth-first order, in subtree FoundIndex.
	Found      bool
	Moves      Moves
	FoundIndex int
	// Next is the next bound when nothing was found.
	Next int
	// Generated and Expanded are the iteration's counts, as the search
	// in one piece makes them.
	Generated, Expanded int64
	// Sizes holds the nodes generated in each subtree searched in full,
	// by path: the next wave's WaveOptions.Sizes.
	Sizes map[string]int64
	// Stopped lists the shards (from 1) that stopped when another found
	// the goal. Generated and Expanded are then the nodes the shards
	// searched, less than the iteration in one piece would have (the
	// stopped shards cut short) or more (subtrees after the goal's):
	// Partial. The solution is still optimal, every smaller bound having
	// been searched in full, but it may be another of the same length
	// than the search in one piece finds.
	Stopped []int
	Partial bool
}

// MergeWave merges the results of every shard of one wave. It refuses a
// set with a shard missing, given twice or unfinished, shards of
// different waves (bound, cut, number of shards, heuristic, frontier),
// and subtrees searched twice or by nobody, naming them. Shards stopped
// because another found the goal (StoppedBy) are accepted only when a
// shard of the set found one: the merge then has the first goal found,
// and partial counts.
func MergeWave(shards []WaveResult) (WaveMerge, error) {
	if len(shards) == 0 {
		return WaveMerge{}, errors.New("sliding: no shard to merge")
	}
	first := &shards[0]
	m := WaveMerge{Heuristic: first.Heuristic, Initial: first.Initial, Bound: first.Bound, Cut: first.Cut,
		Shards: first.Shards, Frontier: first.Frontier, AutoCut: first.AutoCut, Next: 1 << 30, Sizes: map[string]int64{}}
	name := func(r *WaveResult) string { return fmt.Sprintf("shard %d/%d", r.Shard, r.Shards) }
	seen := make([]bool, m.Shards)
	for i := range shards {
		r := &shards[i]
		switch {
		case r.Shards != m.Shards:
			return m, fmt.Errorf("sliding: shards of %d and of %d mixed", m.Shards, r.Shards)
		case r.Shard < 1 || r.Shard > r.Shards:
			return m, fmt.Errorf("sliding: %s: want I/K with 1 ≤ I ≤ K", name(r))
		case r.Status != status.Solved:
			return m, fmt.Errorf("sliding: %s did not finish (status %s)", name(r), r.Status)
		case r.Bound != m.Bound || r.Cut != m.Cut || r.AutoCut != m.AutoCut || r.Heuristic != m.Heuristic || r.Frontier != m.Frontier || r.Initial != m.Initial:
			return m, fmt.Errorf("sliding: %s is of another wave: bound %d, cut %d, %s, %d subtrees; %s: bound %d, cut %d, %s, %d subtrees",
				name(r), r.Bound, r.Cut, r.Heuristic, r.Frontier, name(first), m.Bound, m.Cut, m.Heuristic, m.Frontier)
		case seen[r.Shard-1]:
			return m, fmt.Errorf("sliding: %s given twice", name(r))
		}
		seen[r.Shard-1] = true
	}
	var missing []string
	for i, ok := range seen {
		if !ok {
			missing = append(missing, fmt.Sprintf("%d/%d", i+1, m.Shards))
		}
	}
	if len(missing) > 0 {
		return m, fmt.Errorf("sliding: %s missing", plural(missing, "shard"))
	}
	if merged, ok, err := mergeStopped(shards, m); ok || err != nil {
		return merged, err
	}
	subs := make([]*Subtree, m.Frontier)
	end := m.Frontier // the subtrees that count: those up to the first goal
	for i := range shards {
		r := &shards[i]
		for j := range r.Subtrees {
			s := &r.Subtrees[j]
			if s.Index < 0 || s.Index >= m.Frontier {
				return m, fmt.Errorf("sliding: %s: subtree %d of %d", name(r), s.Index, m.Frontier)
			}
			if subs[s.Index] != nil {
				return m, fmt.Errorf("sliding: subtree %d (%s) searched twice", s.Index, s.Path)
			}
			subs[s.Index] = s
			if s.Found && s.Index < end {
				end = s.Index
				m.Found, m.FoundIndex, m.Moves = true, s.Index, r.Moves
			}
		}
		if !r.Found {
			m.Next = min(m.Next, r.Next)
		}
		m.Generated, m.Expanded = first.AboveGenerated, first.AboveExpanded
	}
	missing = missing[:0]
	for i := range end {
		if subs[i] == nil {
			missing = append(missing, fmt.Sprint(i))
		}
	}
	if len(missing) > 0 {
		return m, fmt.Errorf("sliding: %s searched by no shard", plural(missing, "subtree"))
	}
	for i := range end {
		m.Generated += subs[i].Generated
		m.Expanded += subs[i].Expanded
		m.Sizes[subs[i].Path] = subs[i].Generated
	}
	if m.Found {
		s := subs[end]
		m.Generated += s.AboveGenerated - first.AboveGenerated + s.Generated
		m.Expanded += s.AboveExpanded - first.AboveExpanded + s.Expanded
		m.Next = 0
	}
	return m, nil
}

// mergeStopped merges a wave some of whose shards stopped when another
// found the goal: ok is false when none did. It requires the shards named
// as finders to have found a goal; the solution is the one of the least
// subtree found, the counts the sum of the shards' (partial).
func mergeStopped(shards []WaveResult, m WaveMerge) (WaveMerge, bool, error) {
	found := map[int]bool{}
	for i := range shards {
		r := &shards[i]
		if r.StoppedBy != 0 {
			m.Stopped = append(m.Stopped, r.Shard)
		}
		if r.Found {
			found[r.Shard] = true
			if !m.Found || r.FoundIndex < m.FoundIndex {
				m.Found, m.FoundIndex, m.Moves = true, r.FoundIndex, r.Moves
			}
		}
	}
	if len(m.Stopped) == 0 {
		return m, false, nil
	}
	slices.Sort(m.Stopped)
	for i := range shards {
		r := &shards[i]
		switch {
		case r.StoppedBy == 0:
		case r.Found:
			return m, true, fmt.Errorf("sliding: shard %d/%d found a goal and says it stopped for shard %d", r.Shard, r.Shards, r.StoppedBy)
		case !found[r.StoppedBy]:
			what := "found nothing"
			if r.StoppedBy < 1 || r.StoppedBy > m.Shards {
				what = "is not of the wave"
			}
			return m, true, fmt.Errorf("sliding: shard %d/%d stopped, found by shard %d, but shard %d/%d %s at bound %d: its counts are partial and nothing proves the bound holds a goal",
				r.Shard, r.Shards, r.StoppedBy, r.StoppedBy, m.Shards, what, m.Bound)
		}
	}
	seen := map[int]bool{}
	for i := range shards {
		r := &shards[i]
		for _, s := range r.Subtrees {
			switch {
			case s.Index < 0 || s.Index >= m.Frontier:
				return m, true, fmt.Errorf("sliding: shard %d/%d: subtree %d of %d", r.Shard, r.Shards, s.Index, m.Frontier)
			case seen[s.Index]:
				return m, true, fmt.Errorf("sliding: subtree %d (%s) searched twice", s.Index, s.Path)
			}
			seen[s.Index] = true
		}
		m.Generated += r.Stats.Generated
		m.Expanded += r.Stats.Expanded
	}
	m.Next, m.Partial = 0, true
	return m, true, nil
}

// plural writes "shard 2/3" or "shards 2/3, 3/3 and 5/8", "subtree 4" or
// "subtrees 4 and 7".
func plural(items []string, noun string) string {
	if len(items) == 1 {
		return noun + " " + items[0]
	}
	const most = 10
	more := ""
	if len(items) > most {
		more = fmt.Sprintf(" and %d more", len(items)-most)
		items = items[:most]
	}
	if more == "" {
		return noun + "s " + strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
	}
	return noun + "s " + strings.Join(items, ", ") + more
}
