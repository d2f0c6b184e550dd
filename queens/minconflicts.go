package queens

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"
)

// LocalStats is the work of MinConflicts.
type LocalStats struct {
	// Swaps counts the swaps of two queens' rows that were kept.
	Swaps int64
	// Tries counts the swaps evaluated.
	Tries int64
	// Restarts counts fresh starts after the step budget ran out.
	Restarts int
	Time     time.Duration
}

// MinConflicts finds a solution by local search, in the manner of Sosic
// and Gu (1994) after Minton et al.'s min-conflicts heuristic (1992): the
// queens always form a permutation (one per row and column), so only
// diagonal conflicts remain. A greedy start puts each queen on a random
// row that no earlier queen attacks, for all but the last few columns;
// then, while queens are attacked, an attacked queen swaps rows with a
// random other queen whenever that lowers the number of conflicts. Runs
// are repeatable for a given seed. The result has been checked by Verify.
func MinConflicts(ctx context.Context, n int, seed uint64) ([]int, LocalStats, error) {
	start := time.Now()
	var st LocalStats
	switch {
	case n < 1:
		return nil, st, fmt.Errorf("queens: min-conflicts: n must be at least 1, not %d", n)
	case n == 2 || n == 3:
		return nil, st, fmt.Errorf("queens: min-conflicts: the %d×%d board has no solution", n, n)
	}
	// stopped is the answer when ctx is done: the time spent and ctx's error.
	stopped := func(err error) ([]int, LocalStats, error) {
		st.Time = time.Since(start)
		return nil, st, err
	}
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	buf, err := makeContext[int32](ctx, 5*n)
	if err != nil {
		return stopped(err)
	}
	ls := &localSearch{n: n, rows: buf[:n:n], diag: buf[n : 3*n : 3*n], anti: buf[3*n:], rng: rng}
	for {
		if err := ctx.Err(); err != nil {
			return stopped(err)
		}
		if !ls.start(ctx) {
			continue // ctx is done: said above
		}
		if ls.repair(ctx, &st, int64(20*n+1000)) {
			break
		}
		st.Restarts++
	}
	rows, err := makeContext[int](ctx, n)
	if err != nil {
		return stopped(err)
	}
	for i, r := range ls.rows {
		if i&0xffff == 0 && ctx.Err() != nil {
			return stopped(ctx.Err())
		}
		rows[i] = int(r)
	}
	st.Time = time.Since(start)
	if err := VerifyContext(ctx, rows); err != nil {
		if ctx.Err() != nil {
			return nil, st, err
		}
		panic(fmt.Sprintf("queens: min-conflicts ended on a wrong placement: %v", err))
	}
	return rows, st, nil
}

type localSearch struct {
	n          int
	rows       []int32 // rows[c]: the row of column c's queen
	diag, anti []int32 // queens on each diagonal r-c+n-1 and anti-diagonal r+c
	conflicts  int     // Σ max(0, queens on a diagonal - 1)
	rng        *rand.Rand
}

func (l *localSearch) add(c int, r int32) {
	d, a := int(r)-c+l.n-1, int(r)+c
	if l.diag[d] > 0 {
		l.conflicts++
	}
	if l.anti[a] > 0 {
		l.conflicts++
	}
	l.diag[d]++
	l.anti[a]++
}

func (l *localSearch) remove(c int, r int32) {
	d, a := int(r)-c+l.n-1, int(r)+c
	l.diag[d]--
	l.anti[a]--
	if l.diag[d] > 0 {
		l.conflicts--
	}
	if l.anti[a] > 0 {
		l.conflicts--
	}
}

func (l *localSearch) attacked(c int) bool {
	r := int(l.rows[c])
	return l.diag[r-c+l.n-1] > 1 || l.anti[r+c] > 1
}

// start makes the greedy permutation; it gives up, returning false, when
// ctx is done.
func (l *localSearch) start(ctx context.Context) bool {
	n := l.n
	// In chunks, so that a board of 10^8 squares a side notices ctx.
	const chunk = 1 << 20
	for lo := 0; lo < 2*n; lo += chunk {
		if ctx.Err() != nil {
			return false
		}
		hi := min(lo+chunk, 2*n)
		clear(l.diag[lo:hi])
		clear(l.anti[lo:hi])
		for i := lo; i < min(hi, n); i++ {
			l.rows[i] = int32(i)
		}
	}
	l.conflicts = 0
	// The last columns are filled at random: finding them a free row
	// costs too many tries, and the repair handles them well.
	free := min(n, 32)
	c := 0
	for ; c < n-free; c++ {
		if c&0xffff == 0 && ctx.Err() != nil {
			return false
		}
		for try := 0; ; try++ {
			if try&0xffff == 0xffff && ctx.Err() != nil {
				return false
			}
			j := c + l.rng.IntN(n-c)
			r := int(l.rows[j])
			if try < 4*n && (l.diag[r-c+n-1] > 0 || l.anti[r+c] > 0) {
				continue
			}
			l.rows[c], l.rows[j] = l.rows[j], l.rows[c]
			break
		}
		l.add(c, l.rows[c])
	}
	for ; c < n; c++ {
		j := c + l.rng.IntN(n-c)
		l.rows[c], l.rows[j] = l.rows[j], l.rows[c]
		l.add(c, l.rows[c])
	}
	return true
}

// repair swaps attacked queens with random others while it lowers the
// conflicts, up to budget evaluated swaps; it reports success.
func (l *localSearch) repair(ctx context.Context, st *LocalStats, budget int64) bool {
	n := l.n
	for tries := int64(0); l.conflicts > 0; {
		progress := false
		for c := 0; c < n && l.conflicts > 0; c++ {
			if c&0xffff == 0 && ctx.Err() != nil {
				return false
			}
			if !l.attacked(c) {
				continue
			}
			for {
				tries++
				st.Tries++
				if tries > budget {
					return false
				}
				if tries&0xffff == 0 && ctx.Err() != nil {
					return false
				}
				j := l.rng.IntN(n)
				if j == c {
					continue
				}
				before := l.conflicts
				rc, rj := l.rows[c], l.rows[j]
				l.remove(c, rc)
				l.remove(j, rj)
				l.add(c, rj)
				l.add(j, rc)
				if l.conflicts < before {
					l.rows[c], l.rows[j] = rj, rc
					st.Swaps++
					progress = true
					break
				}
				l.remove(c, rj)
				l.remove(j, rc)
				l.add(c, rc)
				l.add(j, rj)
				if tries%int64(n) == 0 {
					break // this queen is stuck for now: try the others
				}
			}
		}
		if !progress && l.conflicts > 0 && tries > budget/2 {
			return false
		}
	}
	return true
}
