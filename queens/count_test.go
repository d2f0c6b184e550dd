package queens

import (
	"context"
	"slices"
	"testing"
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
		total, fundamental, _ := KnownCounts(n)
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
