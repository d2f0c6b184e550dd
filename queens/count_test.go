package queens

import (
	"context"
	"slices"
	"testing"

	"github.com/puzzlesolvers/puzzle/internal/oeis"
)

// naiveSolutions lists every solution by plain backtracking on arrays,
// one queen per column, checking each earlier queen: the oracle the
// bitboard counter is tested against.
func naiveSolutions(n int) [][]int {
	var out [][]int
	rows := make([]int, n)
	var place func(c int)
	place = func(c int) {
		if c == n {
			out = append(out, slices.Clone(rows))
			return
		}
	next:
		for r := range n {
			for k := range c {
				if rows[k] == r || rows[k]-r == k-c || rows[k]-r == c-k {
					continue next
				}
			}
			rows[c] = r
			place(c + 1)
		}
	}
	place(0)
	return out
}

// naiveClasses counts the classes of solutions under the 8 symmetries, by
// the least image of each solution, and the classes of each size.
func naiveClasses(sols [][]int) (classes int, bySize map[int]uint64) {
	members := map[string]int{}
	for _, s := range sols {
		least := ""
		for _, t := range Symmetries(s) {
			k := string(toBytes(t))
			if least == "" || k < least {
				least = k
			}
		}
		members[least]++
	}
	bySize = map[int]uint64{}
	for _, m := range members {
		bySize[m]++
	}
	return len(members), bySize
}

func toBytes(s []int) []byte {
	b := make([]byte, len(s))
	for i, v := range s {
		b[i] = byte(v)
	}
	return b
}

func TestCountAgainstNaive(t *testing.T) {
	t.Parallel()
	for n := 1; n <= 10; n++ {
		sols := naiveSolutions(n)
		for _, sol := range sols {
			if err := Verify(sol); err != nil {
				t.Fatalf("n=%d: naive solution %v: %v", n, sol, err)
			}
		}
		classes, bySize := naiveClasses(sols)
		for _, split := range []int{2, 3, 4} {
			got, err := Count(context.Background(), n, CountOptions{SplitDepth: split, Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			if got.Solutions != uint64(len(sols)) || got.Fundamental != uint64(classes) {
				t.Errorf("n=%d split %d: %d solutions, %d fundamental; naive search finds %d and %d",
					n, split, got.Solutions, got.Fundamental, len(sols), classes)
			}
			if got.Sym1 != bySize[1] || got.Sym2 != bySize[2] || got.Sym4 != bySize[4] || got.Sym8 != bySize[8] {
				t.Errorf("n=%d split %d: classes of 1, 2, 4, 8: %d %d %d %d; naive search finds %d %d %d %d", n, split,
					got.Sym1, got.Sym2, got.Sym4, got.Sym8, bySize[1], bySize[2], bySize[4], bySize[8])
			}
		}
	}
}

func TestCountOEIS(t *testing.T) {
	t.Parallel()
	// n ≤ 16 takes 1.5 s of CPU; under the race detector (about ten times
	// slower), or with -short, the larger boards are left out.
	maxN := 16
	switch {
	case testing.Short():
		maxN = 10
	case raceEnabled:
		maxN = 15
	}
	for n := 1; n <= maxN; n++ {
		got, err := Count(context.Background(), n, CountOptions{})
		if err != nil {
			t.Fatal(err)
		}
		total, fundamental, _ := oeis.QueensCounts(n)
		if got.Solutions != total || got.Fundamental != fundamental {
			t.Errorf("n=%d: %d solutions, %d fundamental; OEIS: %d, %d", n, got.Solutions, got.Fundamental, total, fundamental)
		}
	}
}

func TestShardsSumToWhole(t *testing.T) {
	t.Parallel()
	for _, n := range []int{1, 4, 8, 11} {
		whole, err := Count(context.Background(), n, CountOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range []int{2, 3, 7} {
			var parts []Counts
			for i := k; i >= 1; i-- { // any order
				p, err := Count(context.Background(), n, CountOptions{Shard: i, Shards: k})
				if err != nil {
					t.Fatal(err)
				}
				parts = append(parts, p)
			}
			m, err := Merge(parts)
			if err != nil {
				t.Fatalf("n=%d k=%d: %v", n, k, err)
			}
			if m.Solutions != whole.Solutions || m.Fundamental != whole.Fundamental || m.Nodes != whole.Nodes {
				t.Errorf("n=%d k=%d: shards give %+v, whole %+v", n, k, m, whole)
			}
			if _, err := Merge(parts[1:]); err == nil {
				t.Errorf("n=%d k=%d: merge without shard %d accepted", n, k, parts[0].Shard)
			}
			if _, err := Merge(append(parts, parts[0])); err == nil {
				t.Errorf("n=%d k=%d: merge with a shard twice accepted", n, k)
			}
		}
	}
	a, _ := Count(context.Background(), 8, CountOptions{Shard: 1, Shards: 2})
	b, _ := Count(context.Background(), 9, CountOptions{Shard: 2, Shards: 2})
	if _, err := Merge([]Counts{a, b}); err == nil {
		t.Error("merge of shards of n=8 and n=9 accepted")
	}
	b, _ = Count(context.Background(), 8, CountOptions{Shard: 2, Shards: 3})
	if _, err := Merge([]Counts{a, b}); err == nil {
		t.Error("merge of shards 1/2 and 2/3 accepted")
	}
	b, _ = Count(context.Background(), 8, CountOptions{Shard: 2, Shards: 2})
	b.Sym8++
	if _, err := Merge([]Counts{a, b}); err == nil {
		t.Error("merge of an inconsistent shard accepted")
	}
}

func TestCountCancel(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Count(ctx, 14, CountOptions{}); err == nil {
		t.Error("cancelled count returned no error")
	}
	for _, bad := range []CountOptions{{Shard: 0, Shards: 2}, {Shard: 3, Shards: 2}, {Shards: -1}} {
		if _, err := Count(context.Background(), 8, bad); err == nil {
			t.Errorf("options %+v accepted", bad)
		}
	}
	if _, err := Count(context.Background(), 0, CountOptions{}); err == nil {
		t.Error("n=0 accepted")
	}
}

func TestCountProgress(t *testing.T) {
	t.Parallel()
	last, calls := 0, 0
	res, err := Count(context.Background(), 9, CountOptions{Progress: func(done, total int) {
		calls++
		if done != last+1 || total <= 0 || done > total {
			t.Errorf("progress %d/%d after %d", done, total, last)
		}
		last = done
	}})
	if err != nil {
		t.Fatal(err)
	}
	if calls != res.Subproblems {
		t.Errorf("%d progress calls for %d sub-problems", calls, res.Subproblems)
	}
}

// TestSearchOnWideBoards checks the bit-mask search where the masks are
// widest (n up to MaxCount, whose diagonals reach bit 62): it completes
// the last rows of a constructed solution, put in the canonical form, and
// compares what it counts with every completion found by plain loops,
// each given to the same leaf check.
func TestSearchOnWideBoards(t *testing.T) {
	t.Parallel()
	for _, n := range []int{20, 27, 31, MaxCount} {
		sol, err := One(n)
		if err != nil {
			t.Fatal(err)
		}
		// An image whose row 0 queen (img[r] is row r's column) is the
		// farthest edge queen, on the left half: one that setBound's rules
		// allow.
		var cols []int
		for _, img := range Symmetries(sol) {
			if b := img[0]; b < 1 || b > (n-1)/2 {
				continue
			}
			s := newSearcher(n)
			s.setBound(img[0])
			if allowed(s, img) {
				cols = img
				break
			}
		}
		if cols == nil {
			t.Fatalf("n=%d: no image of %v in the canonical form", n, sol)
		}
		for _, k := range []int{n - 8, n - 4, n - 3} {
			// The oracle: every completion of rows k.. by plain loops.
			oracle := newSearcher(n)
			oracle.setBound(cols[0])
			placed := slices.Clone(cols[:k])
			completions := 0
			var complete func()
			complete = func() {
				r := len(placed)
				if r == n {
					for i, c := range placed {
						oracle.rows[i].queen = 1 << c
					}
					oracle.check()
					completions++
					return
				}
				for c := range n {
					if oracle.forbid[r]>>c&1 == 0 && !attacked(placed, c) {
						placed = append(placed, c)
						complete()
						placed = placed[:r]
					}
				}
			}
			complete()
			if completions == 0 || oracle.sym2+oracle.sym4+oracle.sym8 == 0 {
				t.Fatalf("n=%d from row %d: %d completions, none canonical: the test tests nothing", n, k, completions)
			}

			s := newSearcher(n)
			s.setBound(cols[0])
			var left, down, right uint64
			for r, c := range cols[:k] {
				bit := uint64(1) << c
				s.rows[r].queen = bit
				left, down, right = (left|bit)<<1, down|bit, (right|bit)>>1
			}
			free := s.mask &^ (left | down | right | s.forbid[k])
			s.row(&s.rows[k], free, ^left, ^down, ^right)
			if s.sym2 != oracle.sym2 || s.sym4 != oracle.sym4 || s.sym8 != oracle.sym8 {
				t.Errorf("n=%d from row %d: the search counts %d %d %d of 2, 4, 8; the %d completions, %d %d %d",
					n, k, s.sym2, s.sym4, s.sym8, completions, oracle.sym2, oracle.sym4, oracle.sym8)
			}
		}
	}
}

// allowed reports whether the placement (cols[r] is row r's column)
// keeps to the columns the canonical form leaves to each row.
func allowed(s *searcher, cols []int) bool {
	for r, c := range cols {
		if s.forbid[r]>>c&1 == 1 {
			return false
		}
	}
	return true
}

// attacked reports whether a queen in the next row, at column c, shares a
// column or a diagonal with one of the queens placed (placed[r] is row
// r's column).
func attacked(placed []int, c int) bool {
	r := len(placed)
	for i, pc := range placed {
		if pc == c || pc-c == r-i || c-pc == r-i {
			return true
		}
	}
	return false
}
