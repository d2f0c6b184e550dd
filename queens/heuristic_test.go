package queens

import (
	"context"
	"slices"
	"testing"
)

func TestAccessibility(t *testing.T) {
	t.Parallel()
	for n := 1; n <= 10; n++ {
		starts, err := Accessibility(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		if len(starts) != n*n {
			t.Fatalf("n=%d: %d starts", n, len(starts))
		}
		for _, s := range starts {
			if s.Placed < 1 || s.Placed > n || (s.Placed == n) != (s.Rows != nil) {
				t.Errorf("n=%d %+v", n, s)
			}
			if s.Rows != nil {
				if err := Verify(s.Rows); err != nil {
					t.Error(err)
				}
				if s.Rows[s.Col] != s.Row {
					t.Errorf("n=%d: the start %d:%d is not in %v", n, s.Col, s.Row, s.Rows)
				}
			}
		}
		// A start succeeds only if some solution holds its square: the
		// 8 symmetries of the board map successes of one to the others.
		all := naiveSolutions(n)
		for _, s := range starts {
			if s.Rows != nil && !slices.ContainsFunc(all, func(sol []int) bool { return slices.Equal(sol, s.Rows) }) {
				t.Errorf("n=%d: %v is not a solution", n, s.Rows)
			}
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Accessibility(ctx, 20); err == nil {
		t.Error("cancelled run returned no error")
	}
	if _, err := Accessibility(context.Background(), 0); err == nil {
		t.Error("n=0 accepted")
	}
}

func TestBrute(t *testing.T) {
	t.Parallel()
	for n := 1; n <= 8; n++ {
		res, err := ExhaustiveBrute(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		sols := naiveSolutions(n)
		if len(sols) == 0 {
			if res.Rows != nil {
				t.Errorf("n=%d: %v", n, res.Rows)
			}
			continue
		}
		// Generate-and-test meets the lexicographically first solution after
		// testing every placement before it.
		if !slices.Equal(res.Rows, sols[0]) {
			t.Errorf("n=%d: %v, want %v", n, res.Rows, sols[0])
		}
		index := int64(0)
		for _, r := range sols[0] {
			index = index*int64(n) + int64(r)
		}
		if res.Nodes != index+1 {
			t.Errorf("n=%d: %d placements tested, want %d", n, res.Nodes, index+1)
		}
		r, err := RandomBrute(context.Background(), n, 1, 1_000_000)
		if err != nil {
			t.Fatal(err)
		}
		if r.Rows == nil || Verify(r.Rows) != nil {
			t.Errorf("n=%d: random: %v", n, r.Rows)
		}
	}
	r, _ := RandomBrute(context.Background(), 3, 1, 50)
	if r.Rows != nil || r.Trials != 50 {
		t.Errorf("n=3: %+v", r)
	}
}
