package queens

import (
	"context"
	"testing"

	"github.com/puzzlesolvers/puzzle/internal/oeis"
)

// bruteDomination finds the least k for which some k squares dominate the
// board (independently if asked), trying every set of k squares.
func bruteDomination(n int, independent bool) int {
	for k := 1; ; k++ {
		set := make([]Queen, k)
		var try func(i, from int) bool
		try = func(i, from int) bool {
			if i == k {
				return VerifyDomination(n, set, independent) == nil
			}
			for s := from; s < n*n; s++ {
				set[i] = Queen{Col: s % n, Row: s / n}
				if try(i+1, s+1) {
					return true
				}
			}
			return false
		}
		if try(0, 0) {
			return k
		}
	}
}

func TestDominateAgainstBrute(t *testing.T) {
	t.Parallel()
	for n := 1; n <= 6; n++ {
		for _, ind := range []bool{false, true} {
			want := bruteDomination(n, ind)
			got, err := Dominate(context.Background(), n, DominateOptions{Independent: ind})
			if err != nil {
				t.Fatal(err)
			}
			if got.Size != want {
				t.Errorf("n=%d independent=%v: size %d, brute force %d", n, ind, got.Size, want)
			}
			if err := VerifyDomination(n, got.Queens, ind); err != nil || len(got.Queens) != got.Size {
				t.Errorf("n=%d: %v: %v", n, got.Queens, err)
			}
		}
	}
}

func gammaOf(n int) int {
	g, _ := oeis.QueensDomination(n)
	return g
}

func TestDominateKnown(t *testing.T) {
	t.Parallel()
	maxN := 10
	if testing.Short() {
		maxN = 8
	}
	for n := 7; n <= maxN; n++ {
		for _, ind := range []bool{false, true} {
			got, err := Dominate(context.Background(), n, DominateOptions{Independent: ind})
			if err != nil {
				t.Fatal(err)
			}
			want := gammaOf(n)
			if ind {
				want, _ = oeis.IndependentDomination(n)
			}
			if got.Size != want {
				t.Errorf("n=%d independent=%v: size %d, known %d", n, ind, got.Size, want)
			}
			if err := VerifyDomination(n, got.Queens, ind); err != nil {
				t.Error(err)
			}
		}
	}
}

// TestDominateBoundsAreSafe compares the search with its bounds and
// symmetry against the same search without them, size by size: for each
// k both must agree on whether k queens suffice.
func TestDominateBoundsAreSafe(t *testing.T) {
	t.Parallel()
	for n := 2; n <= 9; n++ {
		for _, ind := range []bool{false, true} {
			fast := newDominator(context.Background(), n, ind)
			slow := newDominator(context.Background(), n, ind)
			slow.plain = true
			for k := 1; k <= gammaOf(n)+2; k++ {
				f := fast.search(k, cells{}, cells{}, true)
				s := slow.search(k, cells{}, cells{}, true)
				if f != s {
					t.Errorf("n=%d k=%d independent=%v: with bounds %v, without %v", n, k, ind, f, s)
				}
				fast.chosen, slow.chosen = nil, nil
			}
			if fast.nodes > slow.nodes {
				t.Errorf("n=%d: the bounds visit more nodes (%d) than none (%d)", n, fast.nodes, slow.nodes)
			}
		}
	}
}
