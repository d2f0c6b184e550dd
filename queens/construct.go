package queens

import (
	"context"
	"fmt"
	"math/bits"
)

func trailingZeros(x uint64) int { return bits.TrailingZeros64(x) }

// One returns a solution for any n ≥ 4 (and n = 1) in O(n) time by an
// explicit construction: the even rows, then the odd rows, in order, with
// a repair of a few rows when n mod 6 is 2 or 3 (the construction of
// Hoffman, Loessi and Moore, 1969, as rearranged by Bernhardsson, 1991).
// Boards of 2 and 3 squares a side have no solution.
func One(n int) ([]int, error) {
	return OneContext(context.Background(), n)
}

// OneContext is One that gives up with ctx's error when ctx is done: on
// boards of millions of squares a side the construction takes a while.
func OneContext(ctx context.Context, n int) ([]int, error) {
	done := ctx.Done()
	stopped := false
	// stop reports, every 2^16 rows, whether ctx is done.
	stop := func(k int) bool {
		if k&0xffff != 0 || done == nil {
			return stopped
		}
		select {
		case <-done:
			stopped = true
		default:
		}
		return stopped
	}
	switch {
	case n < 1:
		return nil, fmt.Errorf("queens: one: n must be at least 1, not %d", n)
	case n == 2 || n == 3:
		return nil, fmt.Errorf("queens: one: the %d×%d board has no solution", n, n)
	}
	rows, err := makeContext[int](ctx, n)
	if err != nil {
		return nil, err
	}
	rows = rows[:0]
	// Rows counted from 1 as in the sources: evens 2, 4, ... then odds 1, 3, ...
	evens := func(skip2 bool) {
		for r := 2; r <= n; r += 2 {
			if stop(r) {
				return
			}
			if !(skip2 && r == 2) {
				rows = append(rows, r)
			}
		}
	}
	odds := func(from int, skip ...int) {
	next:
		for r := from; r <= n; r += 2 {
			if stop(r - 1) {
				return
			}
			for _, s := range skip {
				if r == s {
					continue next
				}
			}
			rows = append(rows, r)
		}
	}
	switch n % 6 {
	case 2:
		// 3, 1, then 7, 9, ..., then 5.
		evens(false)
		rows = append(rows, 3, 1)
		odds(7)
		rows = append(rows, 5)
	case 3:
		// Evens from 4, then 2; odds from 5, then 1, 3.
		evens(true)
		rows = append(rows, 2)
		odds(5)
		rows = append(rows, 1, 3)
	default:
		evens(false)
		odds(1)
	}
	for i := range rows {
		if stop(i) {
			break
		}
		rows[i]--
	}
	if stopped {
		return nil, ctx.Err()
	}
	return rows, nil
}
