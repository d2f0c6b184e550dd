package queens

import (
	"context"
	"slices"
	"testing"
)

func TestMinConflicts(t *testing.T) {
	t.Parallel()
	for _, n := range []int{1, 4, 5, 6, 7, 8, 9, 10, 20, 50, 100, 1000, 10_000} {
		for seed := range uint64(3) {
			rows, _, err := MinConflicts(context.Background(), n, seed)
			if err != nil {
				t.Fatalf("n=%d seed %d: %v", n, seed, err)
			}
			if err := Verify(rows); err != nil {
				t.Fatalf("n=%d seed %d: %v", n, seed, err)
			}
		}
	}
	a, _, _ := MinConflicts(context.Background(), 200, 7)
	b, _, _ := MinConflicts(context.Background(), 200, 7)
	if !slices.Equal(a, b) {
		t.Error("two runs with one seed differ")
	}
	for _, n := range []int{0, 2, 3} {
		if _, _, err := MinConflicts(context.Background(), n, 1); err == nil {
			t.Errorf("n=%d: no error", n)
		}
	}
}

func TestMinConflictsMillion(t *testing.T) {
	if testing.Short() {
		t.Skip("a million queens")
	}
	t.Parallel()
	rows, st, err := MinConflicts(context.Background(), 1_000_000, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := Verify(rows); err != nil {
		t.Fatal(err)
	}
	t.Logf("10^6 queens: %d swaps, %d tries, %d restarts, %v", st.Swaps, st.Tries, st.Restarts, st.Time)
}
