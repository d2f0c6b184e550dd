package queens

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/status"
)

func completeT(ctx context.Context, n int, qs []Queen) (Result, error) {
	return Solve(ctx, &Puzzle{N: n, Queens: qs}, Options{Complete: true})
}

// TestCompleteAgainstEnumeration checks random partial placements against
// the list of every solution: a completion exists exactly when some
// solution holds the given queens, and the listing with the queens given
// is the sub-list of those solutions.
func TestCompleteAgainstEnumeration(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 1; n <= 9; n++ {
		all := naiveSolutions(n)
		for range 60 {
			var qs []Queen
			for range rng.IntN(min(n, 4)) + 1 {
				q := Queen{rng.IntN(n), rng.IntN(n)}
				if !slices.Contains(qs, q) {
					qs = append(qs, q) // two in a column may come: no solution
				}
			}
			var want [][]int
			for _, s := range all {
				fits := true
				for _, q := range qs {
					fits = fits && s[q.Col] == q.Row
				}
				if fits {
					want = append(want, s)
				}
			}
			res, err := completeT(context.Background(), n, qs)
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Status == status.Solved; got != (len(want) > 0) || res.Count != min(1, len(want)) {
				t.Fatalf("n=%d %v: %v, want a completion %v", n, qs, res.Status, len(want) > 0)
			}
			if len(want) > 0 && !slices.ContainsFunc(want, func(s []int) bool { return slices.Equal(s, res.Solutions[0]) }) {
				t.Fatalf("n=%d %v: %v is not a solution keeping the given queens", n, qs, res.Solutions[0])
			}
			listed, err := Solve(context.Background(), &Puzzle{N: n, Queens: qs}, Options{})
			if err != nil || !slices.EqualFunc(listed.Solutions, want, slices.Equal[[]int]) || listed.Status != status.OfSearch(len(want), 0, false) {
				t.Fatalf("n=%d %v: listed %v (%v, %v), want %v", n, qs, listed.Solutions, listed.Status, err, want)
			}
		}
	}
}

func TestCompleteLarge(t *testing.T) {
	t.Parallel()
	res, err := completeT(context.Background(), 60, []Queen{{0, 0}, {1, 2}, {30, 35}})
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
		res, err := completeT(context.Background(), n, given)
		if err != nil || res.Status != status.Solved {
			t.Fatalf("n=%d: %v %v", n, res.Status, err)
		}
		for _, q := range given {
			if res.Solutions[0][q.Col] != q.Row {
				t.Fatalf("n=%d: a given queen moved", n)
			}
		}
	}
	res, _ = completeT(context.Background(), 200, []Queen{{0, 1}, {3, 7}})
	if res.Status != status.Solved {
		t.Errorf("n=200, two queens: %v", res.Status)
	}
	var visited []int
	res, _ = Solve(context.Background(), &Puzzle{N: 50}, Options{Complete: true, Visit: func(rows []int) { visited = slices.Clone(rows) }})
	if res.Status != status.Solved || res.Count != 1 || res.Solutions != nil || Verify(visited) != nil {
		t.Errorf("n=50 visited: %v %d %v", res.Status, res.Count, visited)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if res, err := completeT(ctx, 1000, nil); err == nil || res.Status != status.Timeout {
		t.Errorf("cancelled: %v, %v", res.Status, err)
	}
	for _, opt := range []Options{{Complete: true}, {}} {
		for _, bad := range [][]Queen{{{0, 8}}, {{-1, 0}}, {{1, 1}, {1, 1}}} {
			if res, err := Solve(context.Background(), &Puzzle{N: 8, Queens: bad}, opt); err == nil || res.Status != status.Invalid {
				t.Errorf("%+v %v: %v, %v", opt, bad, res.Status, err)
			}
		}
		if res, _ := Solve(context.Background(), &Puzzle{N: 8, Queens: []Queen{{0, 0}, {1, 1}}}, opt); res.Status != status.None {
			t.Errorf("%+v: attacking queens: %v", opt, res.Status)
		}
	}
	for _, tc := range []struct {
		n   int
		opt Options
	}{{0, Options{}}, {33, Options{}}, {MaxComplete + 1, Options{Complete: true}}, {8, Options{Limit: -1}}} {
		if res, err := Solve(context.Background(), &Puzzle{N: tc.n}, tc.opt); err == nil || res.Status != status.Invalid {
			t.Errorf("n=%d %+v: %v, %v", tc.n, tc.opt, res.Status, err)
		}
	}
}

// readAll collects what the reader yields: the sizes read, and the lines of
// the syntax errors.
func readAll(t *testing.T, in string) (sizes []int, errLines []int) {
	t.Helper()
	for p, err := range NewReader(strings.NewReader(in), "x").All() {
		var se *SyntaxError
		switch {
		case errors.As(err, &se):
			errLines = append(errLines, se.Line)
		case err != nil:
			t.Fatal(err)
		default:
			sizes = append(sizes, p.N)
		}
	}
	return sizes, errLines
}

func TestReader(t *testing.T) {
	t.Parallel()
	in := "# two\nn 8\n0:3, 1:6\n2:2\n\n5\n0:0\nend\nn=4\n"
	r := NewReader(strings.NewReader(in), "x")
	var got []*Puzzle
	for {
		p, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, p)
	}
	if len(got) != 3 || got[0].N != 8 || len(got[0].Queens) != 3 || got[0].Line != 2 || got[1].N != 5 || got[1].Queens[0] != (Queen{0, 0}) ||
		got[1].Line != 6 || got[2].N != 4 || got[2].Line != 9 {
		t.Errorf("%+v", got)
	}
	for _, tc := range []struct{ in, msg string }{
		{"0:1\n", "queens: x:1: queens before"},
		{"n 4\n0:4\n", "x:2: queen 0:4 is off"},
		{"n 4\n0-1\n", "x:2: want the board size"},
		{"n 4\n0:a\n", "x:2: bad queen"},
	} {
		_, err := NewReader(strings.NewReader(tc.in), "x").Next()
		var se *SyntaxError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%q: %v, want %q", tc.in, err, tc.msg)
		}
	}
	// The reader goes on past errors: a bad puzzle's other lines are skipped, and
	// a bad line drops the puzzle it is in (n 5 here).
	sizes, lines := readAll(t, "n 4\n0:9\n1:1\n\nn 5\n0:0\nn x\n0:1\nn 6\n1:x\n7\n")
	if !slices.Equal(sizes, []int{7}) || !slices.Equal(lines, []int{2, 7, 10}) {
		t.Errorf("sizes %v, errors at %v", sizes, lines)
	}
}

func TestParse(t *testing.T) {
	t.Parallel()
	p, err := Parse(strings.NewReader("n 8\n0:3 1:6\n"))
	if err != nil || p.N != 8 || len(p.Queens) != 2 {
		t.Fatalf("%+v %v", p, err)
	}
	for in, msg := range map[string]string{
		"n 8\n\nn 5\n": "queens: line 3: more than one puzzle",
		"":             "queens: line 1: no puzzle",
		"n 8\n9:0\n":   "queens: line 2: queen 9:0 is off the 8×8 board",
	} {
		if _, err := Parse(strings.NewReader(in)); err == nil || !strings.HasPrefix(err.Error(), msg) {
			t.Errorf("%q: %v, want %q", in, err, msg)
		}
	}
}

// FuzzParse reads any input with the Reader: puzzles or syntax errors with a
// line, never a panic, and solves the small puzzles read.
func FuzzParse(f *testing.F) {
	f.Add("n 8\n0:3, 1:6\n")
	f.Add("4\n0:1\n\n5\n")
	f.Add("n 4\n0:9\n1:1\n\nn 5\n0:0\nn x\n0:1\n")
	f.Add("\ufeffn 8\n0:3\n")
	f.Add("n 9223372036854775808\n0:0\n\nn 2\n0:0 1:1 0:1\n")
	f.Fuzz(func(t *testing.T, s string) {
		for p, err := range NewReader(strings.NewReader(s), "fuzz").All() {
			if err != nil {
				var se *SyntaxError
				if !errors.As(err, &se) || se.Line < 1 {
					t.Fatalf("%q: %v", s, err)
				}
				continue
			}
			if p.N > 12 {
				continue
			}
			for _, opt := range []Options{{Complete: true}, {Limit: 100}} {
				res, err := Solve(context.Background(), p, opt)
				if err != nil && res.Status != status.Invalid {
					t.Fatalf("%q: %v with status %v", s, err, res.Status)
				}
				for _, sol := range res.Solutions {
					if Verify(sol) != nil {
						t.Fatalf("%q: %v", s, sol)
					}
				}
			}
		}
	})
}

// TestCompleteCancelled cancels the completion of the largest board, empty
// but for one queen or with every other column given, at points in time
// spread over the set-up of its domains, the placing of the queens given
// and the search: each run stops promptly with status Timeout and ctx's
// error.
func TestCompleteCancelled(t *testing.T) {
	rows, err := One(MaxComplete)
	if err != nil {
		t.Fatal(err)
	}
	var half []Queen
	for c := 0; c < MaxComplete; c += 2 {
		half = append(half, Queen{Col: c, Row: rows[c]})
	}
	const ms = time.Millisecond
	for _, tc := range []struct {
		name  string
		given []Queen
	}{{"one queen", []Queen{{0, 0}}}, {"every other column", half}} {
		for _, d := range []time.Duration{0, 1 * ms, 10 * ms, 50 * ms, 150 * ms} {
			checkCancelled(t, tc.name, d, func(ctx context.Context) error {
				res, err := completeT(ctx, MaxComplete, tc.given)
				if err != nil && res.Status != status.Timeout {
					t.Errorf("%s, cancelled after %v: status %v", tc.name, d, res.Status)
				}
				return err
			})
		}
	}
}

// TestSolveQueensGivenTwice checks that a queen given twice is refused,
// naming the first repeated one, among thousands of given queens.
func TestSolveQueensGivenTwice(t *testing.T) {
	rows, err := One(MaxComplete)
	if err != nil {
		t.Fatal(err)
	}
	var qs []Queen
	for c := 0; c < MaxComplete; c += 2 {
		qs = append(qs, Queen{Col: c, Row: rows[c]})
	}
	qs = append(qs, qs[7], qs[3])
	res, err := completeT(context.Background(), MaxComplete, qs)
	want := fmt.Sprintf("queen %d:%d given twice", qs[7].Col, qs[7].Row)
	if res.Status != status.Invalid || err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("status %v, error %v; want invalid, %q", res.Status, err, want)
	}
}
