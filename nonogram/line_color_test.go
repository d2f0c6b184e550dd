package nonogram

import (
	"math/rand/v2"
	"testing"
)

// The colour line solver against enumeration of every colouring of the
// line that its allowed sets permit.
func TestColorLineSolverMatchesEnumeration(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(61, 62))
	var s colorLineSolver
	feasible := 0
	for iter := range 4000 {
		n, k := 1+rng.IntN(8), 2+rng.IntN(3)
		line := make([]uint8, n)
		for i := range line {
			if rng.IntN(2) == 0 {
				line[i] = uint8(1 + rng.IntN(k-1))
			}
		}
		clue, colors := colorLineClue(line)
		if rng.IntN(5) == 0 && len(clue) > 0 { // sometimes a clue that may not fit
			colors[rng.IntN(len(colors))] = 1 + rng.IntN(k-1)
		}
		allowed := make([]uint64, n)
		full := uint64(1)<<k - 1
		for i := range allowed {
			allowed[i] = full
			if rng.IntN(3) == 0 {
				allowed[i] &^= 1 << rng.IntN(k)
			}
			if rng.IntN(4) == 0 {
				allowed[i] = 1 << line[i]
			}
		}
		// Enumeration.
		want := make([]uint64, n)
		ok := false
		total := 1
		for range n {
			total *= k
		}
		cand := make([]uint8, n)
		for code := range total {
			x := code
			fitsAllowed := true
			for i := range cand {
				cand[i] = uint8(x % k)
				x /= k
				fitsAllowed = fitsAllowed && allowed[i]>>cand[i]&1 == 1
			}
			if !fitsAllowed {
				continue
			}
			r, c := colorLineClue(cand)
			if !equalClue(r, clue) || !equalClue(c, colors) {
				continue
			}
			ok = true
			for i, v := range cand {
				want[i] |= 1 << v
			}
		}
		got := make([]uint64, n)
		gotOK := s.solve(clue, colors, k, allowed, got)
		if gotOK != ok {
			t.Fatalf("case %d: clue %v colours %v allowed %b: feasible %v, enumeration %v", iter, clue, colors, allowed, gotOK, ok)
		}
		if !ok {
			continue
		}
		feasible++
		for i := range n {
			if got[i] != want[i] {
				t.Fatalf("case %d: clue %v colours %v allowed %b: cell %d may be %b, enumeration %b", iter, clue, colors, allowed, i, got[i], want[i])
			}
		}
	}
	if feasible < 1500 {
		t.Errorf("only %d feasible cases", feasible)
	}
}
