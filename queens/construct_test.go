package queens

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/hostload"
)

func TestOneSmall(t *testing.T) {
	t.Parallel()
	for n := 1; n <= 3000; n++ {
		rows, err := One(n)
		if n == 2 || n == 3 {
			if err == nil {
				t.Errorf("n=%d: got %v, want an error", n, rows)
			}
			continue
		}
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		if len(rows) != n {
			t.Fatalf("n=%d: %d queens", n, len(rows))
		}
		if err := Verify(rows); err != nil {
			t.Fatalf("n=%d: %v: %v", n, rows, err)
		}
	}
	if _, err := One(0); err == nil {
		t.Error("n=0 accepted")
	}
}

func TestOneMillion(t *testing.T) {
	t.Parallel()
	for _, n := range []int{1_000_000, 1_000_002, 1_000_003, 999_999} {
		rows, err := One(n)
		if err != nil {
			t.Fatal(err)
		}
		if err := Verify(rows); err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
	}
}

func TestVerifyRejects(t *testing.T) {
	t.Parallel()
	for _, bad := range [][]int{{}, {0, 0}, {0, 1}, {1, 0}, {0, 2, 4, 1, 3, 5}, {0, 7}, {-1}} {
		if err := Verify(bad); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}

// TestOneContextCancelled places and checks large boards as `puzzle
// queens one` does, cancelling at points in time spread over the
// allocation of the rows, their construction and their check: each run
// stops within 250 ms (500 ms under the race detector) of the cancellation,
// with ctx's error. The runs reuse the heap of the runs before, as a
// long-running process does: the runtime then zeroes the memory of the
// rows, faulting it in again, which for 10^8 queens takes up to seconds
// that make alone cannot interrupt.
func TestOneContextCancelled(t *testing.T) {
	const ms = time.Millisecond
	// The race detector places about ten times slower.
	big, mid := 100_000_000, 10_000_000
	if raceEnabled {
		mid = 2_000_000
	}
	for _, tc := range []struct {
		n int
		d time.Duration
	}{
		{big, 0}, {big, 1 * ms}, {big, 20 * ms}, {big, 100 * ms}, {big, 100 * ms},
		{mid, 30 * ms}, {mid, 100 * ms}, {mid, 200 * ms}, {mid, 300 * ms},
	} {
		checkCancelled(t, fmt.Sprintf("one n=%d", tc.n), tc.d, func(ctx context.Context) error {
			rows, err := OneContext(ctx, tc.n)
			if err == nil {
				err = VerifyContext(ctx, rows)
			}
			return err
		})
	}
	rows, err := One(mid)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []time.Duration{0, 1 * ms, 10 * ms, 30 * ms, 60 * ms} {
		checkCancelled(t, fmt.Sprintf("verify n=%d", mid), d, func(ctx context.Context) error {
			return VerifyContext(ctx, rows)
		})
	}
}

// checkCancelled runs f with a context cancelled after d (at once for 0)
// and checks that f, if still working then, stops within 250 ms (500 ms
// under the race detector), times the host's load over its cores when it
// runs more than they can (CI runs the packages' tests side by side), with
// the context's error.
func checkCancelled(t *testing.T, name string, d time.Duration, f func(ctx context.Context) error) {
	t.Helper()
	bound := 250 * time.Millisecond
	if raceEnabled {
		bound *= 2
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cancelled := make(chan time.Time, 1)
	if d == 0 {
		cancelled <- time.Now()
		cancel()
	} else {
		timer := time.AfterFunc(d, func() {
			cancelled <- time.Now()
			cancel()
		})
		defer timer.Stop()
	}
	err := f(ctx)
	end := time.Now()
	select {
	case at := <-cancelled:
		if at.After(end) {
			break // f finished first
		}
		if over := end.Sub(at); over > time.Duration(float64(bound)*hostload.Busy()) {
			t.Errorf("%s, cancelled after %v: went on for %v", name, d, over)
		}
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s, cancelled after %v: got %v, want %v", name, d, err, context.Canceled)
		}
	default:
		if err != nil {
			t.Errorf("%s, not cancelled: %v", name, err)
		}
		t.Logf("%s: finished within %v", name, d) // a fast host
	}
}
