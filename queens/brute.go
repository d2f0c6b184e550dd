package queens

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"time"
)

// MaxExhaustive is the largest board ExhaustiveBrute accepts (n^n
// placements).
const MaxExhaustive = 14

// BruteResult is the outcome of a brute-force baseline.
type BruteResult struct {
	// Rows is the solution found, nil if none.
	Rows []int
	// Trials counts the random boards filled (RandomBrute).
	Trials int64
	// Nodes counts the queens placed (RandomBrute) or the complete
	// placements tested (ExhaustiveBrute).
	Nodes int64
	Time  time.Duration
}

// RandomBrute fills boards at random until one holds n queens: each queen
// goes on a random square that no queen placed before attacks, until none
// is left; a board with n queens is a solution. It gives up after
// maxTrials boards (Rows nil) or on cancellation.
func RandomBrute(ctx context.Context, n int, seed uint64, maxTrials int64) (BruteResult, error) {
	start := time.Now()
	var res BruteResult
	if n < 1 || n > MaxHeuristic {
		return res, fmt.Errorf("queens: brute: n must be between 1 and %d, not %d", MaxHeuristic, n)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	words := (n*n + 63) / 64
	free := make([]uint64, words)
	rows := make([]int, n)
	for res.Trials < maxTrials {
		if res.Trials&0xff == 0 && ctx.Err() != nil {
			res.Time = time.Since(start)
			return res, ctx.Err()
		}
		res.Trials++
		for i := range free {
			free[i] = 0
		}
		for s := range n * n {
			free[s/64] |= 1 << (s % 64)
		}
		placed := 0
		for {
			count := 0
			for _, x := range free {
				count += bits.OnesCount64(x)
			}
			if count == 0 {
				break
			}
			s := nthSquare(free, rng.IntN(count))
			r, c := s/n, s%n
			rows[c] = r
			placed++
			res.Nodes++
			for t := range n * n {
				if q := (Queen{Col: t % n, Row: t / n}); q == (Queen{Col: c, Row: r}) || attacks(q, Queen{Col: c, Row: r}) {
					free[t/64] &^= 1 << (t % 64)
				}
			}
		}
		if placed == n {
			if err := Verify(rows); err != nil {
				panic(fmt.Sprintf("queens: random brute force placed attacking queens: %v", err))
			}
			res.Rows = rows
			break
		}
	}
	res.Time = time.Since(start)
	return res, nil
}

// nthSquare returns the index of the i-th set bit (from 0).
func nthSquare(set []uint64, i int) int {
	for w, x := range set {
		c := bits.OnesCount64(x)
		if i >= c {
			i -= c
			continue
		}
		for ; i > 0; i-- {
			x &= x - 1
		}
		return w*64 + bits.TrailingZeros64(x)
	}
	panic("queens: nthSquare out of range")
}

// ExhaustiveBrute generates every placement of one queen per column, in
// lexicographic order, and tests each in full, until one is a solution:
// the generate-and-test baseline that backtracking improves on.
func ExhaustiveBrute(ctx context.Context, n int) (BruteResult, error) {
	start := time.Now()
	var res BruteResult
	if n < 1 || n > MaxExhaustive {
		return res, fmt.Errorf("queens: brute: exhaustive search needs 1 ≤ n ≤ %d, not %d", MaxExhaustive, n)
	}
	rows := make([]int, n)
	for {
		res.Nodes++
		if res.Nodes&0xfffff == 0 && ctx.Err() != nil {
			res.Time = time.Since(start)
			return res, ctx.Err()
		}
		if attackFree(rows) {
			res.Rows = rows
			break
		}
		// The next placement: the odometer turns from the last column.
		c := n - 1
		for c >= 0 && rows[c] == n-1 {
			rows[c] = 0
			c--
		}
		if c < 0 {
			break // every placement tested: no solution
		}
		rows[c]++
	}
	res.Time = time.Since(start)
	return res, nil
}

// attackFree tests every pair of queens, as the textbook test does.
func attackFree(rows []int) bool {
	for i := range rows {
		for j := i + 1; j < len(rows); j++ {
			d := rows[i] - rows[j]
			if d == 0 || d == j-i || d == i-j {
				return false
			}
		}
	}
	return true
}
