package sliding

import (
	"slices"
	"strings"
	"testing"
)

func TestSolvableMatchesReachability(t *testing.T) {
	t.Parallel()
	// Every permutation of 2×2, 2×3, 3×2 (both goals) and 3×3 (blank
	// last) boards: solvable exactly when breadth-first search from the
	// goal reaches it.
	for _, size := range [][2]int{{2, 2}, {2, 3}, {3, 2}, {3, 3}} {
		for _, g := range []Goal{BlankLast, BlankFirst} {
			rows, cols := size[0], size[1]
			if rows*cols == 9 && g == BlankFirst {
				continue // 9! permutations once is enough
			}
			var reach map[string]int
			if rows == 3 && cols == 3 {
				reach = eightPuzzle(g)
			} else {
				reach = distances(rows, cols, g)
			}
			perm := make([]int, rows*cols)
			for i := range perm {
				perm[i] = i
			}
			count := 0
			for {
				b, err := NewBoard(rows, cols, perm)
				if err != nil {
					t.Fatal(err)
				}
				_, reachable := reach[string(b.Tiles)]
				if b.Solvable(g) != reachable {
					t.Fatalf("%d×%d %v: %v solvable=%v, reachable=%v", rows, cols, g, b.Line(), b.Solvable(g), reachable)
				}
				count++
				if !nextPermutation(perm) {
					break
				}
			}
			if want := len(reach) * 2; count != want {
				t.Errorf("%d×%d: %d permutations, want %d", rows, cols, count, want)
			}
		}
	}
}

func nextPermutation(p []int) bool {
	i := len(p) - 2
	for i >= 0 && p[i] >= p[i+1] {
		i--
	}
	if i < 0 {
		return false
	}
	j := len(p) - 1
	for p[j] <= p[i] {
		j--
	}
	p[i], p[j] = p[j], p[i]
	slices.Reverse(p[i+1:])
	return true
}

func TestSolvableLargeBoards(t *testing.T) {
	t.Parallel()
	// A random walk stays solvable; swapping two tiles makes it unsolvable.
	rng := newRand(1)
	for _, size := range [][2]int{{4, 4}, {5, 5}, {3, 7}, {10, 10}, {10, 2}} {
		for _, g := range []Goal{BlankLast, BlankFirst} {
			b := randomWalk(rng, size[0], size[1], g, 500)
			if !b.Solvable(g) {
				t.Errorf("%v %v: a random walk is unsolvable:\n%s", size, g, b)
			}
			i, j := 0, 1
			if b.Tiles[i] == 0 || b.Tiles[j] == 0 {
				i, j = 2, 3
			}
			b.Tiles[i], b.Tiles[j] = b.Tiles[j], b.Tiles[i]
			if b.Solvable(g) {
				t.Errorf("%v %v: swapping two tiles kept it solvable:\n%s", size, g, b)
			}
		}
	}
}

func TestNewBoardErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		rows, cols int
		tiles      []int
		msg        string
	}{
		{1, 4, []int{0, 1, 2, 3}, "a board is 2×2"},
		{11, 2, make([]int, 22), "a board is 2×2"},
		{2, 2, []int{0, 1, 2}, "has 4 cells, not 3"},
		{2, 2, []int{0, 1, 2, 4}, "tile 4 out of range"},
		{2, 2, []int{0, 1, 1, 3}, "tile 1 appears twice"},
	} {
		if _, err := NewBoard(tc.rows, tc.cols, tc.tiles); err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("NewBoard(%d, %d, %v) = %v, want %q", tc.rows, tc.cols, tc.tiles, err, tc.msg)
		}
	}
}

func TestApplyAndCheck(t *testing.T) {
	t.Parallel()
	b := parse(t, "1 2 3 4 5 6 7 0 8").Board
	if err := b.Check(Moves{Right}, BlankLast); err != nil {
		t.Errorf("R does not solve it: %v", err)
	}
	if err := b.Check(Moves{Left}, BlankLast); err == nil {
		t.Error("L solves it")
	}
	if _, err := b.Replay(Moves{Down}); err == nil || !strings.Contains(err.Error(), "move 1: sliding: cannot move the blank down from row 3, column 2") {
		t.Errorf("moving off the board: %v", err)
	}
	ms, err := ParseMoves("rdLU")
	if err != nil || ms.String() != "RDLU" {
		t.Errorf("ParseMoves = %v, %v", ms, err)
	}
	if _, err := ParseMoves("RX"); err == nil || !strings.Contains(err.Error(), "move 2") {
		t.Errorf("ParseMoves(RX) = %v", err)
	}
	if g := GoalBoard(2, 3, BlankFirst); g.Line() != "0 1 2 3 4 5" || !g.IsGoal(BlankFirst) || g.IsGoal(BlankLast) {
		t.Errorf("blank-first goal %v", g.Line())
	}
	if g := GoalBoard(2, 3, BlankLast); g.Line() != "1 2 3 4 5 0" {
		t.Errorf("blank-last goal %v", g.Line())
	}
}

func TestParseGoal(t *testing.T) {
	t.Parallel()
	for _, g := range []Goal{BlankLast, BlankFirst} {
		if x, err := ParseGoal(g.String()); err != nil || x != g {
			t.Errorf("ParseGoal(%q) = %v, %v", g, x, err)
		}
	}
	if _, err := ParseGoal("middle"); err == nil {
		t.Error("ParseGoal(middle) accepted")
	}
}
