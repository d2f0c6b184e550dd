package queens

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/puzzlesolvers/puzzle/status"
)

// TestCompleteAgainstEnumeration checks random partial placements against
// the list of every solution: a completion exists exactly when some
// solution holds the given queens.
func TestCompleteAgainstEnumeration(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 1; n <= 9; n++ {
		all := naiveSolutions(n)
		for range 60 {
			var qs []Queen
			used := map[int]bool{}
			for range rng.IntN(min(n, 4)) + 1 {
				c := rng.IntN(n)
				if !used[c] {
					used[c] = true
					qs = append(qs, Queen{c, rng.IntN(n)})
				}
			}
			want := false
			for _, s := range all {
				fits := true
				for _, q := range qs {
					fits = fits && s[q.Col] == q.Row
				}
				want = want || fits
			}
			res, err := Complete(context.Background(), n, qs)
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Status == status.Solved; got != want {
				t.Fatalf("n=%d %v: %v, want a completion %v", n, qs, res.Status, want)
			}
			if want {
				for _, q := range qs {
					if res.Solutions[0][q.Col] != q.Row {
						t.Fatalf("n=%d %v: %v moves a given queen", n, qs, res.Solutions[0])
					}
				}
			}
		}
	}
}

func TestCompleteLarge(t *testing.T) {
	t.Parallel()
	res, err := Complete(context.Background(), 60, []Queen{{0, 0}, {1, 2}, {30, 35}})
	if err != nil || res.Status != status.Solved {
		t.Fatalf("%v %v", res.Status, err)
	}
	// Every other queen of a solution of the construction, on boards past
	// one machine word.
	for _, n := range []int{65, 130, 300} {
		rows, _ := One(n)
		var given []Queen
		for c := 0; c < n; c += 2 {
			given = append(given, Queen{Col: c, Row: rows[c]})
		}
		res, err := Complete(context.Background(), n, given)
		if err != nil || res.Status != status.Solved {
			t.Fatalf("n=%d: %v %v", n, res.Status, err)
		}
		for _, q := range given {
			if res.Solutions[0][q.Col] != q.Row {
				t.Fatalf("n=%d: a given queen moved", n)
			}
		}
	}
	res, _ = Complete(context.Background(), 200, []Queen{{0, 1}, {3, 7}})
	if res.Status != status.Solved {
		t.Errorf("n=200, two queens: %v", res.Status)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if res, err := Complete(ctx, 1000, nil); err == nil || res.Status != status.Timeout {
		t.Errorf("cancelled: %v, %v", res.Status, err)
	}
	for _, bad := range [][]Queen{{{0, 8}}, {{-1, 0}}, {{1, 1}, {1, 1}}} {
		if res, err := Complete(context.Background(), 8, bad); err == nil || res.Status != status.Invalid {
			t.Errorf("%v: %v, %v", bad, res.Status, err)
		}
	}
	if res, _ := Complete(context.Background(), 8, []Queen{{0, 0}, {1, 1}}); res.Status != status.None {
		t.Errorf("attacking queens: %v", res.Status)
	}
}

func TestReadInstances(t *testing.T) {
	t.Parallel()
	in := "# two\nn 8\n0:3, 1:6\n2:2\n\n5\n0:0\nend\n"
	got, err := ReadInstances(strings.NewReader(in), "x")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].N != 8 || len(got[0].Queens) != 3 || got[1].N != 5 || got[1].Queens[0] != (Queen{0, 0}) || got[1].Line != 6 {
		t.Errorf("%+v", got)
	}
	for _, tc := range []struct{ in, msg string }{
		{"0:1\n", "x:1: queens before"},
		{"n 4\n0:4\n", "x:2: queen 0:4 is off"},
		{"n 4\n0-1\n", "x:2: want the board size"},
		{"n 4\n0:a\n", "x:2: bad queen"},
		{"", "no instance"},
	} {
		_, err := ReadInstances(strings.NewReader(tc.in), "x")
		if err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%q: %v, want %q", tc.in, err, tc.msg)
		}
	}
}

func FuzzReadInstances(f *testing.F) {
	f.Add("n 8\n0:3, 1:6\n")
	f.Add("4\n0:1\n\n5\n")
	f.Fuzz(func(t *testing.T, s string) {
		insts, err := ReadInstances(strings.NewReader(s), "fuzz")
		if err != nil {
			return
		}
		for _, in := range insts {
			if in.N > 12 {
				continue
			}
			ctx, cancel := context.WithCancel(context.Background())
			Complete(ctx, in.N, in.Queens)
			cancel()
		}
	})
}
