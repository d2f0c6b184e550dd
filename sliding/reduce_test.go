package sliding

import (
	"fmt"
	"testing"
)

// TestReduce solves random boards of many shapes row by row and replays
// the moves to the goal.
func TestReduce(t *testing.T) {
	t.Parallel()
	sizes := [][2]int{{2, 2}, {2, 3}, {3, 2}, {3, 3}, {2, 7}, {7, 2}, {4, 4}, {5, 5}, {3, 8}, {6, 6}, {8, 5}}
	if !testing.Short() {
		sizes = append(sizes, [2]int{10, 9})
	}
	rng := newRand(42)
	for _, size := range sizes {
		for _, g := range []Goal{BlankLast, BlankFirst} {
			rows, cols := size[0], size[1]
			t.Run(fmt.Sprintf("%dx%d/%v", rows, cols, g), func(t *testing.T) {
				b := randomWalk(rng, rows, cols, g, 2000)
				res := solveChecked(t, b, g, Options{Algorithm: Reduce})
				if res.Optimal {
					t.Error("reduction claims optimality")
				}
			})
		}
	}
}

func TestAutoPicksReduceForBigBoards(t *testing.T) {
	t.Parallel()
	b := randomWalk(newRand(6), 6, 6, BlankLast, 500)
	res := solveChecked(t, b, BlankLast, Options{})
	if res.Algorithm != Reduce || res.Optimal {
		t.Errorf("auto on 6×6: %v, optimal %v", res.Algorithm, res.Optimal)
	}
}

func TestCancelInverses(t *testing.T) {
	t.Parallel()
	got := cancelInverses([]int8{dirLeft, dirUp, dirDown, dirRight, dirDown, dirLeft})
	if len(got) != 2 || got[0] != dirDown || got[1] != dirLeft {
		t.Errorf("cancelInverses = %v", got)
	}
}
