package hitset

import (
	"context"
	"errors"
	"math/bits"
	"slices"
)

// Check says whether giving the cells of chosen (from the intended
// solution) makes the solution unique. If it does, it returns nil; if not,
// the cells where an alternative solution that agrees on chosen differs
// from the intended one: a non-empty set disjoint from chosen, at least
// one of which any sufficient set must hold. It returns ctx's error when
// ctx ends first.
type Check func(ctx context.Context, chosen []int) (miss []int, err error)

// Result is a set of cells that makes the solution unique.
type Result struct {
	// Cells are the cells to give, in increasing order.
	Cells []int
	// Exact says that no smaller set suffices. When the time ran out
	// first it is false: Cells suffice, and Lower is the size proved
	// necessary.
	Exact bool
	Lower int
	// Checks counts the calls of check (solves); Sets the alternatives
	// found.
	Checks, Sets int
}

// ErrBadCheck is returned when check breaks its contract (a set that is
// empty, meets chosen or is out of range), so that the search cannot
// progress.
var ErrBadCheck = errors.New("hitset: check returned an empty set, a set meeting the chosen cells, or a cell out of range")

// Minimize returns a smallest set of cells among 0..n-1 that check accepts.
// It returns an error only when ctx ends (or check fails) before any set
// was verified; once one is, the end of ctx gives the best verified set
// with Exact false.
func Minimize(ctx context.Context, n int, check Check) (Result, error) {
	s := &search{n: n, words: (n + 63) / 64}
	var res Result
	// Greedy: add, for each alternative found, the cell that hits the
	// most alternatives found so far; each check rules out at least the
	// alternative it returned, so this ends with a verified set.
	var chosen []int
	for {
		res.Checks++
		miss, err := check(ctx, chosen)
		if err != nil {
			return res, err
		}
		if miss == nil {
			break
		}
		if err := s.add(miss, chosen); err != nil {
			return res, err
		}
		chosen = append(chosen, s.mostHitting(chosen))
	}
	best := slices.Clone(chosen)
	slices.Sort(best)
	res.Cells, res.Sets = best, len(s.sets)
	// Exact: a minimum hitting set of the alternatives found; if check
	// accepts it, it is optimal, else one more alternative. Minimums only
	// grow as sets are added, so each search starts at the last size.
	lower := 0
	for {
		h, ok := s.minimum(ctx, lower, len(best))
		if !ok {
			res.Sets = len(s.sets)
			return res, nil // Exact false, Lower as proved
		}
		if h == nil { // nothing smaller than best hits them all
			res.Exact, res.Lower, res.Sets = true, len(best), len(s.sets)
			return res, nil
		}
		lower = len(h)
		res.Lower = lower
		res.Checks++
		miss, err := check(ctx, h)
		if err != nil {
			if ctx.Err() != nil {
				res.Sets = len(s.sets)
				return res, nil
			}
			return res, err
		}
		if miss == nil {
			slices.Sort(h)
			res.Cells, res.Exact, res.Lower, res.Sets = h, true, len(h), len(s.sets)
			return res, nil
		}
		if err := s.add(miss, h); err != nil {
			return res, err
		}
		// A better bound, for when the time runs out: h extended
		// greedily, while it can still beat best. Each step is a check
		// that may add a set.
		ext := slices.Clone(h)
		for len(ext)+1 < len(best) && ctx.Err() == nil {
			ext = append(ext, s.mostHitting(ext))
			res.Checks++
			miss, err := check(ctx, ext)
			if err != nil {
				break // the time ran out: the loop above says so
			}
			if miss == nil {
				best = slices.Clone(ext)
				slices.Sort(best)
				res.Cells = best
				break
			}
			if err := s.add(miss, ext); err != nil {
				return res, err
			}
		}
	}
}

// search holds the sets found, as lists and as bitsets of n bits.
type search struct {
	n, words int
	sets     [][]int
	bits     [][]uint64
	nodes    int
}

func (s *search) add(miss, chosen []int) error {
	if len(miss) == 0 {
		return ErrBadCheck
	}
	b := make([]uint64, s.words)
	for _, c := range miss {
		if c < 0 || c >= s.n || slices.Contains(chosen, c) {
			return ErrBadCheck
		}
		b[c/64] |= 1 << (c % 64)
	}
	set := slices.Clone(miss)
	slices.Sort(set)
	s.sets = append(s.sets, slices.Compact(set))
	s.bits = append(s.bits, b)
	return nil
}

// mostHitting returns the cell, not in chosen, that the most sets not hit
// by chosen hold (the lowest such cell).
func (s *search) mostHitting(chosen []int) int {
	count := make([]int, s.n)
	for _, set := range s.sets {
		if meets(set, chosen) {
			continue
		}
		for _, c := range set {
			count[c]++
		}
	}
	best := -1
	for c, k := range count {
		if k > 0 && (best < 0 || k > count[best]) {
			best = c
		}
	}
	return best
}

func meets(set, chosen []int) bool {
	for _, c := range chosen {
		if _, ok := slices.BinarySearch(set, c); ok {
			return true
		}
	}
	return false
}

// minimum returns a minimum hitting set of s.sets if it is smaller than
// bound, nil if none is, knowing that none has fewer than lower cells; ok
// is false when ctx ended first. It deepens iteratively: a set of lower
// cells, then lower+1, ...
func (s *search) minimum(ctx context.Context, lower, bound int) (h []int, ok bool) {
	for k := max(lower, 0); k < bound; k++ {
		h, ok := s.within(ctx, k)
		if !ok || h != nil {
			return h, ok
		}
	}
	return nil, true
}

// within returns a hitting set of s.sets of at most k cells, nil if there
// is none; ok is false when ctx ended first. Branch and bound: branch on
// the unhit set with fewest cells left, trying first the cells that hit
// the most unhit sets; bound by a packing of disjoint unhit sets, smallest
// first, each of which needs a cell of its own.
func (s *search) within(ctx context.Context, k int) (h []int, ok bool) {
	m := len(s.sets)
	hit := make([]int, m) // how many chosen cells each set holds
	banned := make([]uint64, s.words)
	used := make([]uint64, s.words)
	count := make([]int, s.n)
	var chosen, out []int
	found, stopped := false, false
	type open struct{ set, size int }
	var dfs func()
	dfs = func() {
		s.nodes++
		if s.nodes%1024 == 0 && ctx.Err() != nil {
			stopped = true
			return
		}
		var unhit []open
		for i := range m {
			if hit[i] > 0 {
				continue
			}
			size := 0
			for w, x := range s.bits[i] {
				size += bits.OnesCount64(x &^ banned[w])
			}
			if size == 0 {
				return // no cell left to hit it
			}
			unhit = append(unhit, open{i, size})
		}
		if len(unhit) == 0 {
			found, out = true, slices.Clone(chosen)
			return
		}
		if len(chosen) == k {
			return
		}
		slices.SortFunc(unhit, func(a, b open) int { return a.size - b.size })
		clear(used)
		pack := 0
		for _, u := range unhit {
			disjoint := true
			for w, x := range s.bits[u.set] {
				if x&^banned[w]&used[w] != 0 {
					disjoint = false
					break
				}
			}
			if disjoint {
				pack++
				for w, x := range s.bits[u.set] {
					used[w] |= x &^ banned[w]
				}
			}
		}
		if len(chosen)+pack > k {
			return
		}
		pick := s.sets[unhit[0].set]
		var cells []int
		for _, c := range pick {
			if banned[c/64]&(1<<(c%64)) == 0 {
				cells = append(cells, c)
				count[c] = 0
			}
		}
		for _, u := range unhit {
			for _, c := range cells {
				if s.bits[u.set][c/64]&(1<<(c%64)) != 0 {
					count[c]++
				}
			}
		}
		slices.SortStableFunc(cells, func(a, b int) int { return count[b] - count[a] })
		for x, c := range cells {
			chosen = append(chosen, c)
			s.mark(c, hit, 1)
			dfs()
			s.mark(c, hit, -1)
			chosen = chosen[:len(chosen)-1]
			if found || stopped {
				for _, d := range cells[:x] {
					banned[d/64] &^= 1 << (d % 64)
				}
				return
			}
			// Sets with c were tried; the siblings need not hold it.
			banned[c/64] |= 1 << (c % 64)
		}
		for _, d := range cells {
			banned[d/64] &^= 1 << (d % 64)
		}
	}
	dfs()
	if stopped {
		return nil, false
	}
	return out, true
}

func (s *search) mark(c int, hit []int, d int) {
	for i, b := range s.bits {
		if b[c/64]&(1<<(c%64)) != 0 {
			hit[i] += d
		}
	}
}
