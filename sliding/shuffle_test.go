package sliding

import "testing"

func TestShuffle(t *testing.T) {
	t.Parallel()
	rng := newRand(11)
	dist := eightPuzzle(BlankLast)
	seen := map[string]bool{}
	for range 2000 {
		b := Shuffle(rng, 3, 3, BlankLast)
		if _, ok := dist[string(b.Tiles)]; !ok {
			t.Fatalf("unsolvable shuffle\n%s", b)
		}
		seen[string(b.Tiles)] = true
	}
	if len(seen) < 1980 {
		t.Errorf("only %d distinct boards in 2000 shuffles", len(seen))
	}
	for _, g := range []Goal{BlankLast, BlankFirst} {
		for _, size := range [][2]int{{4, 4}, {2, 5}, {10, 10}} {
			if b := Shuffle(rng, size[0], size[1], g); !b.Solvable(g) {
				t.Errorf("%v %v unsolvable", size, g)
			}
		}
	}
}
