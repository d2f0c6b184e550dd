package queens

import (
	"context"
	"fmt"
	"math/bits"
)

// MaxHeuristic is the largest board Accessibility accepts.
const MaxHeuristic = 64

// Start is the outcome of the accessibility heuristic from one square.
type Start struct {
	Row int
	Col int
	// Placed is the number of queens placed before no free square was left.
	Placed int
	// Rows is the solution found (the row of each column's queen), when
	// Placed is n.
	Rows []int
}

// Accessibility runs the accessibility heuristic of the textbook eight
// queens exercise from every starting square (row by row): after the
// first queen, each queen goes on the free square whose queen would
// eliminate the fewest free squares (counting itself), the first such
// square row by row on ties, until no free square is left. It succeeds
// from a square when n queens are placed. On cancellation it returns the
// starts done and ctx.Err().
func Accessibility(ctx context.Context, n int) ([]Start, error) {
	if n < 1 || n > MaxHeuristic {
		return nil, fmt.Errorf("queens: heuristic: n must be between 1 and %d, not %d", MaxHeuristic, n)
	}
	words := (n*n + 63) / 64
	cover := make([][]uint64, n*n)
	for s := range n * n {
		if s%n == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		cover[s] = make([]uint64, words)
		p := Queen{Col: s % n, Row: s / n}
		for t := range n * n {
			if q := (Queen{Col: t % n, Row: t / n}); p == q || attacks(p, q) {
				cover[s][t/64] |= 1 << (t % 64)
			}
		}
	}
	free := make([]uint64, words)
	var out []Start
	for first := range n * n {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		for i := range free {
			free[i] = 0
		}
		for s := range n * n {
			free[s/64] |= 1 << (s % 64)
		}
		rows := make([]int, n)
		placed := 0
		for s := first; s >= 0; {
			rows[s%n] = s / n
			placed++
			for i := range free {
				free[i] &^= cover[s][i]
			}
			s = -1
			best := 1 << 30
			for w, x := range free {
				for x != 0 {
					t := w*64 + bits.TrailingZeros64(x)
					x &= x - 1
					e := 0
					for i := range free {
						e += bits.OnesCount64(free[i] & cover[t][i])
					}
					if e < best {
						s, best = t, e
					}
				}
			}
		}
		st := Start{Row: first / n, Col: first % n, Placed: placed}
		if placed == n {
			if err := Verify(rows); err != nil {
				panic(fmt.Sprintf("queens: heuristic placed attacking queens: %v", err))
			}
			st.Rows = rows
		}
		out = append(out, st)
	}
	return out, nil
}
