package sliding

import (
	"math/rand/v2"
	"sync"
	"testing"
)

// distances returns the distance to the goal of every position of a small
// board reachable from it, by breadth-first search from the goal over the
// tiles as given (not the solvers' labels): the oracle of the tests.
func distances(rows, cols int, g Goal) map[string]int {
	start := GoalBoard(rows, cols, g)
	dist := map[string]int{string(start.Tiles): 0}
	queue := []*Board{start}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		d := dist[string(b.Tiles)]
		for _, m := range []Move{Up, Down, Left, Right} {
			x := b.Clone()
			if x.Apply(m) != nil {
				continue
			}
			if _, ok := dist[string(x.Tiles)]; !ok {
				dist[string(x.Tiles)] = d + 1
				queue = append(queue, x)
			}
		}
	}
	return dist
}

var (
	eightOnce  sync.Once
	eightDists [2]map[string]int
)

// eightPuzzle returns the distances of all 181,440 solvable 8-puzzles.
func eightPuzzle(g Goal) map[string]int {
	eightOnce.Do(func() {
		eightDists[BlankLast] = distances(3, 3, BlankLast)
		eightDists[BlankFirst] = distances(3, 3, BlankFirst)
	})
	return eightDists[g]
}

// boardOf makes a board from a key of distances.
func boardOf(rows, cols int, key string) *Board {
	return &Board{Rows: rows, Cols: cols, Tiles: []uint8(key)}
}

// randomWalk returns the board after `steps` random moves from the goal,
// never undoing the last one.
func randomWalk(rng *rand.Rand, rows, cols int, g Goal, steps int) *Board {
	b := GoalBoard(rows, cols, g)
	last := Move(0)
	opposite := map[Move]Move{Up: Down, Down: Up, Left: Right, Right: Left}
	for i := 0; i < steps; {
		m := []Move{Up, Down, Left, Right}[rng.IntN(4)]
		if m == opposite[last] || b.Apply(m) != nil {
			continue
		}
		last = m
		i++
	}
	return b
}

// sample returns up to n keys of m, chosen at random, plus the farthest.
func sample(rng *rand.Rand, m map[string]int, n int) []string {
	var keys []string
	far, best := "", -1
	for k, d := range m {
		keys = append(keys, k)
		if d > best {
			far, best = k, d
		}
	}
	rng.Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
	if len(keys) > n {
		keys = keys[:n]
	}
	return append(keys, far)
}

func TestOracleSize(t *testing.T) {
	t.Parallel()
	for _, g := range []Goal{BlankLast, BlankFirst} {
		m := eightPuzzle(g)
		if len(m) != 181440 {
			t.Errorf("%v: %d positions, want 9!/2", g, len(m))
		}
		far := 0
		for _, d := range m {
			far = max(far, d)
		}
		if far != 31 {
			t.Errorf("%v: farthest position at %d, want 31", g, far)
		}
	}
}
