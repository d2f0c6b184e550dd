package oeis

import "testing"

// The tables hold what the identities between them say.
func TestTables(t *testing.T) {
	for n := 1; n < len(counts); n++ {
		s, f, ok := QueensCounts(n)
		// Each class of solutions under the 8 symmetries has 1, 2, 4 or 8 members.
		if !ok || f > s || s > 8*f {
			t.Errorf("n=%d: %d solutions, %d fundamental", n, s, f)
		}
	}
	if _, _, ok := QueensCounts(len(counts)); ok {
		t.Error("a count beyond the table")
	}
	for n := 1; n < len(independent); n++ {
		g, _ := QueensDomination(n)
		i, _ := IndependentDomination(n)
		if i < g {
			t.Errorf("n=%d: i %d below γ %d", n, i, g)
		}
	}
}
