package main

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlesolvers/puzzle/nonogram"
	"github.com/puzzlesolvers/puzzle/queens"
	"github.com/puzzlesolvers/puzzle/sliding"
	"github.com/puzzlesolvers/puzzle/status"
	"github.com/puzzlesolvers/puzzle/sudoku"
)

var ctx = context.Background()

// Sudoku: statuses compared with the constants, the solution checked by
// the rules, a conflict found through the SyntaxError, and the count of
// 4×4 grids against an enumeration of our own.
func TestSudoku(t *testing.T) {
	const classic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	p, err := sudoku.Parse(strings.NewReader(classic))
	if err != nil {
		t.Fatal(err)
	}
	res, err := sudoku.Solve(ctx, p, sudoku.Options{})
	if err != nil || res.Status != status.Unique || len(res.Solutions) != 1 {
		t.Fatalf("classic: %v %v, %d solutions", res.Status, err, len(res.Solutions))
	}
	if msg := validSudoku(res.Solutions[0], 9, 3, classic); msg != "" {
		t.Errorf("classic: %s", msg)
	}

	_, err = sudoku.NewReader(strings.NewReader("\n11"+strings.Repeat(".", 79)+"\n"), "bad.txt").Next()
	var se *sudoku.SyntaxError
	var conflict *sudoku.ConflictError
	if !errors.As(err, &se) || se.File != "bad.txt" || se.Line != 2 {
		t.Fatalf("a digit twice: %v, want a SyntaxError at bad.txt:2", err)
	}
	if !errors.As(err, &conflict) || conflict.Digit != 1 {
		t.Errorf("a digit twice: %v, want a ConflictError for 1 through the SyntaxError", err)
	}

	empty := strings.Repeat(".", 16)
	p, err = sudoku.Parse(strings.NewReader(empty))
	if err != nil {
		t.Fatal(err)
	}
	res, err = sudoku.Solve(ctx, p, sudoku.Options{Limit: -1})
	if err != nil || res.Status != status.Multiple {
		t.Fatalf("empty 4×4: %v %v", res.Status, err)
	}
	if want := countLatinBoxed(4, 2); len(res.Solutions) != want {
		t.Errorf("empty 4×4: %d solutions, enumeration gives %d", len(res.Solutions), want)
	}

	// The reader's iterator yields every puzzle and goes on past a bad one.
	var statuses []status.Status
	in := classic + "\n" + "1" + strings.Repeat("1", 80) + "\n" + empty + "\n"
	for p, err := range sudoku.NewReader(strings.NewReader(in), "three.txt").All() {
		if err != nil {
			statuses = append(statuses, status.Invalid)
			continue
		}
		res, _ := sudoku.Solve(ctx, p, sudoku.Options{})
		statuses = append(statuses, res.Status)
	}
	if want := []status.Status{status.Unique, status.Invalid, status.Multiple}; !slices.Equal(statuses, want) {
		t.Errorf("All: %v, want %v", statuses, want)
	}
}

// validSudoku says what breaks the rules in a solution of an n×n grid
// with boxes of box×box, or which given it changed.
func validSudoku(cells []uint8, n, box int, givens string) string {
	for i := range n {
		row, col, bx := map[uint8]bool{}, map[uint8]bool{}, map[uint8]bool{}
		for j := range n {
			r, c := i/box*box+j/box, i%box*box+j%box
			row[cells[i*n+j]], col[cells[j*n+i]], bx[cells[r*n+c]] = true, true, true
		}
		if len(row) != n || len(col) != n || len(bx) != n {
			return "a unit repeats a digit"
		}
	}
	for i, ch := range givens {
		if ch != '.' && uint8(ch-'0') != cells[i] {
			return "a given changed"
		}
	}
	return ""
}

// countLatinBoxed counts the filled n×n grids with boxes of box×box by
// plain backtracking.
func countLatinBoxed(n, box int) int {
	g := make([]int, n*n)
	var fill func(i int) int
	fill = func(i int) int {
		if i == n*n {
			return 1
		}
		total := 0
		r, c := i/n, i%n
	next:
		for v := 1; v <= n; v++ {
			for j := range n {
				br, bc := r/box*box+j/box, c/box*box+j%box
				if (j < c && g[r*n+j] == v) || (j < r && g[j*n+c] == v) || (br*n+bc < i && g[br*n+bc] == v) {
					continue next
				}
			}
			g[i] = v
			total += fill(i + 1)
		}
		g[i] = 0
		return total
	}
	return fill(0)
}

// Nonogram: a picture proved unique, its solution checked against its
// clues; a bad clue found through the SyntaxError with its line.
func TestNonogram(t *testing.T) {
	heart := "8 9\n2 2\n4 4\n9\n9\n7\n5\n3\n1\n3\n5\n6\n6\n6\n6\n6\n5\n3\n"
	p, err := nonogram.Parse(strings.NewReader(heart))
	if err != nil {
		t.Fatal(err)
	}
	res, err := nonogram.Solve(ctx, p, nonogram.Options{})
	if err != nil || res.Status != status.Unique || len(res.Solutions) != 1 {
		t.Fatalf("heart: %v %v", res.Status, err)
	}
	g := res.Solutions[0]
	for r := range g.Height {
		var run []int
		n := 0
		for c := 0; c <= g.Width; c++ {
			if c < g.Width && g.At(r, c) {
				n++
			} else if n > 0 {
				run, n = append(run, n), 0
			}
		}
		if !slices.Equal(run, p.Rows[r]) {
			t.Errorf("heart row %d: runs %v, clue %v", r, run, p.Rows[r])
		}
	}

	_, err = nonogram.NewReader(strings.NewReader("2 2\n3\n1\n1\n1\n"), "bad.txt", "").Next()
	var se *nonogram.SyntaxError
	if !errors.As(err, &se) || se.File != "bad.txt" || se.Line == 0 {
		t.Errorf("a clue longer than its row: %v, want a SyntaxError with a line", err)
	}
}

// Sliding: a one-move board, a board of the wrong parity (none, with a
// reason), and IDA*'s optimal lengths against breadth-first search.
func TestSliding(t *testing.T) {
	p, err := sliding.Parse(strings.NewReader("1 2 3 4 5 6 7 0 8"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := sliding.Solve(ctx, p, sliding.Options{})
	if err != nil || res.Status != status.Solved || !res.Optimal || len(res.Moves) != 1 {
		t.Fatalf("one move: %v %v %q", res.Status, err, res.Moves)
	}
	p, _ = sliding.Parse(strings.NewReader("2 1 3 4 5 6 7 8 0"))
	res, err = sliding.Solve(ctx, p, sliding.Options{})
	if err != nil || res.Status != status.None || res.Reason == "" {
		t.Errorf("wrong parity: %v %q %v", res.Status, res.Reason, err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 5 {
		b := sliding.Shuffle(rng, 3, 3, sliding.BlankLast)
		fast, err1 := sliding.Solve(ctx, &sliding.Puzzle{Board: b}, sliding.Options{Algorithm: sliding.IDAStar})
		slow, err2 := sliding.Solve(ctx, &sliding.Puzzle{Board: b}, sliding.Options{Algorithm: sliding.BFS})
		if err1 != nil || err2 != nil || len(fast.Moves) != len(slow.Moves) {
			t.Errorf("%s: IDA* %d moves (%v), BFS %d (%v)", b.Line(), len(fast.Moves), err1, len(slow.Moves), err2)
		}
		if end, err := b.Replay(fast.Moves); err != nil || !end.IsGoal(sliding.BlankLast) {
			t.Errorf("%s: the moves do not reach the goal (%v)", b.Line(), err)
		}
	}
}

// Queens: counts against brute force over permutations, the statuses of
// listing, and the shards of a count merged.
func TestQueens(t *testing.T) {
	for n := 1; n <= 8; n++ {
		c, err := queens.Count(ctx, n, queens.CountOptions{})
		if err != nil || c.Solutions != uint64(brute(n)) {
			t.Errorf("n=%d: %d solutions (%v), brute force %d", n, c.Solutions, err, brute(n))
		}
		res, err := queens.Solve(ctx, &queens.Puzzle{N: n}, queens.Options{})
		want := status.Multiple
		switch brute(n) {
		case 0:
			want = status.None
		case 1:
			want = status.Unique
		}
		if err != nil || res.Status != want || res.Count != brute(n) {
			t.Errorf("solve %d: %v, %d solutions (%v), want %v", n, res.Status, res.Count, err, want)
		}
	}
	var parts []queens.Counts
	for i := 1; i <= 3; i++ {
		c, err := queens.Count(ctx, 10, queens.CountOptions{Shard: i, Shards: 3})
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, c)
	}
	whole, err := queens.Merge(parts)
	if err != nil || whole.Solutions != uint64(brute(10)) {
		t.Errorf("merged shards of 10: %d (%v), want %d", whole.Solutions, err, brute(10))
	}
	for p, err := range queens.NewReader(strings.NewReader("n 8\n0:0\n\nn 3\n0:0\n\nn 8\nx\n"), "in.txt").All() {
		if err != nil {
			var se *queens.SyntaxError
			if !errors.As(err, &se) {
				t.Errorf("%v: not a SyntaxError", err)
			}
			continue
		}
		res, err := queens.Solve(ctx, p, queens.Options{Complete: true})
		if err != nil {
			t.Fatal(err)
		}
		if (p.N == 8) != (res.Status == status.Solved) {
			t.Errorf("complete n=%d: %v", p.N, res.Status)
		}
	}
}

// brute counts the n-queens solutions over all permutations of rows.
func brute(n int) int {
	rows := make([]int, n)
	for i := range rows {
		rows[i] = i
	}
	count := 0
	var perm func(k int)
	perm = func(k int) {
		if k == n {
			for a := range n {
				for b := a + 1; b < n; b++ {
					if rows[b]-rows[a] == b-a || rows[a]-rows[b] == b-a {
						return
					}
				}
			}
			count++
			return
		}
		for i := k; i < n; i++ {
			rows[k], rows[i] = rows[i], rows[k]
			perm(k + 1)
			rows[k], rows[i] = rows[i], rows[k]
		}
	}
	perm(0)
	return count
}

// The program's own loop, over a file of every status of each family.
func TestSolveAll(t *testing.T) {
	var out bytes.Buffer
	failed, err := solveAll(ctx, &out, "sudoku", strings.NewReader(strings.Repeat(".", 16)+"\n1"+strings.Repeat("1", 15)+"\n"), "two.txt")
	if err != nil || !failed || !strings.Contains(out.String(), "two.txt:1: multiple\n") || !strings.Contains(out.String(), "two.txt:2: invalid") {
		t.Errorf("failed %v, %v:\n%s", failed, err, out.String())
	}
	if _, err := solveAll(ctx, &out, "kakuro", strings.NewReader(""), "x"); err == nil {
		t.Error("an unknown family is not an error")
	}
}
