package hitset

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// family is a Check over an explicit list of sets: it returns the first
// set chosen does not hit, as a solve returns some alternative solution.
func family(sets [][]int) Check {
	return func(ctx context.Context, chosen []int) ([]int, error) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for _, s := range sets {
			if !slices.ContainsFunc(s, func(c int) bool { return slices.Contains(chosen, c) }) {
				return s, nil
			}
		}
		return nil, nil
	}
}

// bruteMin is the oracle: the size of the smallest subset of 0..n-1
// hitting every set, by enumeration of all 2^n subsets.
func bruteMin(n int, sets [][]int) int {
	best := n + 1
	for mask := 0; mask < 1<<n; mask++ {
		ok := true
		for _, s := range sets {
			hit := false
			for _, c := range s {
				if mask&(1<<c) != 0 {
					hit = true
					break
				}
			}
			if !hit {
				ok = false
				break
			}
		}
		if ok {
			best = min(best, bits.OnesCount(uint(mask)))
		}
	}
	return best
}

func TestMinimizeAgainstEnumeration(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(17, 2))
	for trial := range 400 {
		n := 3 + rng.IntN(11)
		m := rng.IntN(12)
		sets := make([][]int, m)
		for i := range sets {
			k := 1 + rng.IntN(min(n, 5))
			sets[i] = rng.Perm(n)[:k]
		}
		res, err := Minimize(context.Background(), n, family(sets))
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		if miss, _ := family(sets)(context.Background(), res.Cells); miss != nil {
			t.Fatalf("trial %d: %v misses %v", trial, res.Cells, miss)
		}
		if want := bruteMin(n, sets); !res.Exact || len(res.Cells) != want || res.Lower != want {
			t.Fatalf("trial %d: sets %v: got %v (exact %v, lower %d), want size %d", trial, sets, res.Cells, res.Exact, res.Lower, want)
		}
	}
}

// A check that runs out of time after the greedy pass leaves a verified
// bound, not exact.
func TestMinimizeBound(t *testing.T) {
	t.Parallel()
	// The time ends as soon as a set is verified (the greedy one).
	sets := [][]int{{0, 1}, {2, 3}, {4, 5}, {0, 2, 4}}
	calls := 0
	ctx, cancel := context.WithCancel(context.Background())
	check := func(c context.Context, chosen []int) ([]int, error) {
		calls++
		miss, err := family(sets)(c, chosen)
		if miss == nil && err == nil {
			cancel() // the first verified set is the last answer in time
		}
		return miss, err
	}
	res, err := Minimize(ctx, 6, check)
	if err != nil {
		t.Fatal(err)
	}
	if miss, _ := family(sets)(context.Background(), res.Cells); miss != nil {
		t.Fatalf("%v misses %v", res.Cells, miss)
	}
	if res.Exact && len(res.Cells) != 3 {
		t.Fatalf("exact %v, want size 3", res.Cells)
	}
	if res.Lower > len(res.Cells) {
		t.Fatalf("lower %d above %d", res.Lower, len(res.Cells))
	}
	// Without a verified set, the end of ctx is an error.
	ctx2, cancel2 := context.WithTimeout(context.Background(), -time.Second)
	defer cancel2()
	if _, err := Minimize(ctx2, 6, family(sets)); err == nil {
		t.Fatal("no error from an expired context")
	}
}

func TestMinimizeBadCheck(t *testing.T) {
	t.Parallel()
	bad := func(context.Context, []int) ([]int, error) { return []int{}, nil }
	if _, err := Minimize(context.Background(), 4, bad); err != ErrBadCheck {
		t.Fatalf("err %v, want ErrBadCheck", err)
	}
}
