package queens

import (
	"context"
	"fmt"
	"io"
	"strings"
)

// A placement gives, for each column c, the row rows[c] of its queen; rows
// and columns count from 0, row 0 at the top.

// Verify checks that rows places n = len(rows) non-attacking queens, one
// per column, in O(n) time and memory.
func Verify(rows []int) error {
	return VerifyContext(context.Background(), rows)
}

// VerifyContext is Verify that gives up with ctx's error when ctx is done
// (a placement of 10^8 queens takes most of a second).
func VerifyContext(ctx context.Context, rows []int) error {
	done := ctx.Done()
	n := len(rows)
	if n == 0 {
		return fmt.Errorf("queens: empty placement")
	}
	rw, dw := (n+63)/64, (2*n+63)/64
	used, err := makeContext[uint64](ctx, rw+2*dw)
	if err != nil {
		return err
	}
	rowUsed := used[:rw:rw]
	diagUsed := used[rw : rw+dw : rw+dw] // r - c + n - 1
	antiUsed := used[rw+dw:]             // r + c
	for c, r := range rows {
		if c&0xffff == 0 && done != nil {
			select {
			case <-done:
				return ctx.Err()
			default:
			}
		}
		if r < 0 || r >= n {
			return fmt.Errorf("queens: column %d: row %d outside 0..%d", c, r, n-1)
		}
		d, a := r-c+n-1, r+c
		switch {
		case rowUsed[r/64]&(1<<(r%64)) != 0:
			return fmt.Errorf("queens: column %d: row %d holds another queen", c, r)
		case diagUsed[d/64]&(1<<(d%64)) != 0:
			return fmt.Errorf("queens: column %d: the queen at row %d shares a diagonal with another", c, r)
		case antiUsed[a/64]&(1<<(a%64)) != 0:
			return fmt.Errorf("queens: column %d: the queen at row %d shares an anti-diagonal with another", c, r)
		}
		rowUsed[r/64] |= 1 << (r % 64)
		diagUsed[d/64] |= 1 << (d % 64)
		antiUsed[a/64] |= 1 << (a % 64)
	}
	return nil
}

// Draw writes the board as textbooks do: one line per row, 'Q' for a
// queen and '-' for an empty square, separated by spaces.
func Draw(w io.Writer, rows []int) error {
	n := len(rows)
	var b strings.Builder
	for r := range n {
		b.Reset()
		for c := range n {
			if c > 0 {
				b.WriteByte(' ')
			}
			if rows[c] == r {
				b.WriteByte('Q')
			} else {
				b.WriteByte('-')
			}
		}
		b.WriteByte('\n')
		if _, err := io.WriteString(w, b.String()); err != nil {
			return err
		}
	}
	return nil
}

// Symmetries returns the 8 images of a placement under the rotations and
// reflections of the square (identity first; some may be equal).
func Symmetries(rows []int) [][]int {
	out := make([][]int, 0, 8)
	cur := rows
	for range 4 {
		out = append(out, cur, mirror(cur))
		cur = turn(cur)
	}
	return out
}

// turn rotates a placement a quarter turn: (r, c) → (c, n-1-r).
func turn(rows []int) []int {
	n := len(rows)
	out := make([]int, n)
	for c, r := range rows {
		out[n-1-r] = c
	}
	return out
}

// mirror reflects a placement left to right.
func mirror(rows []int) []int {
	n := len(rows)
	out := make([]int, n)
	for c, r := range rows {
		out[n-1-c] = r
	}
	return out
}
