package nonogram

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/puzzlesolvers/puzzle/status"
)

// Every step of an explanation must agree with the solution of a unique
// puzzle, the steps together must give the final rows, and an explanation
// that claims a solution or a contradiction must be right.
func TestExplainStepsAreSound(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 8))
	rules := map[string]int{}
	solved, contradictions := 0, 0
	for iter := range 600 {
		w, h := 2+rng.IntN(9), 2+rng.IntN(9)
		p := randomPuzzle(rng, w, h, []float64{0.4, 0.55, 0.7}[iter%3], iter%5 == 0)
		res, err := Solve(context.Background(), p, Options{})
		if err != nil {
			t.Fatal(err)
		}
		ex, err := Explain(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		replay := make([][]byte, h)
		for r := range replay {
			replay[r] = []byte(strings.Repeat("?", w))
		}
		for _, s := range ex.Steps {
			rules[s.Rule]++
			if s.Text == "" {
				t.Fatalf("step without text: %+v", s)
			}
			for k, cells := range [2][][]int{s.Fill, s.Empty} {
				for _, rc := range cells {
					if replay[rc[0]][rc[1]] != '?' {
						t.Fatalf("step %q sets r%dc%d twice", s.Text, rc[0]+1, rc[1]+1)
					}
					replay[rc[0]][rc[1]] = "#."[k]
					if res.Status == status.Unique && res.Solutions[0].At(rc[0], rc[1]) != (k == 0) {
						t.Fatalf("rows %v cols %v: step %q contradicts the solution", p.Rows, p.Cols, s.Text)
					}
				}
			}
		}
		for r := range h {
			if string(replay[r]) != ex.Rows[r] {
				t.Fatalf("replayed row %d %q, explanation ends with %q", r, replay[r], ex.Rows[r])
			}
		}
		switch {
		case ex.Contradiction:
			contradictions++
			if res.Status != status.None {
				t.Fatalf("rows %v cols %v: explanation finds a contradiction, solver says %v", p.Rows, p.Cols, res.Status)
			}
		case ex.Solved:
			solved++
			if res.Status != status.Unique || strings.Join(ex.Rows, "\n")+"\n" != res.Solutions[0].String() {
				t.Fatalf("rows %v cols %v: explanation solves it, solver says %v", p.Rows, p.Cols, res.Status)
			}
		}
		if res.LineSolvable && !ex.Solved {
			t.Fatalf("line-solvable puzzle not solved by the explanation")
		}
	}
	for _, r := range []string{"overlap", "line", "contradiction", "both-ways"} {
		if rules[r] == 0 {
			t.Errorf("rule %q never used (%v)", r, rules)
		}
	}
	if solved < 100 || contradictions < 20 {
		t.Errorf("weak sample: %d solved, %d contradictions", solved, contradictions)
	}
}

func ExampleExplain() {
	// A 3×3 plus sign.
	p := pictureOf(".#.", "###", ".#.").Clues()
	ex, _ := Explain(context.Background(), p)
	for _, s := range ex.Steps {
		fmt.Println(s.Text)
	}
	fmt.Println(ex.Summary())
	// Output:
	// row 2 (3): fills r2c1-3 by overlap
	// column 1 (1): empties r1c1, r3c1 by overlap
	// column 2 (3): fills r1c2, r3c2 by overlap
	// column 3 (1): empties r1c3, r3c3 by overlap
	// Solved by logic in 4 steps.
}

func TestCellRanges(t *testing.T) {
	for _, tc := range []struct {
		cells [][]int
		want  string
	}{
		{[][]int{{0, 0}}, "r1c1"},
		{[][]int{{3, 3}, {3, 4}, {3, 5}, {3, 7}}, "r4c4-6, r4c8"},
		{[][]int{{0, 2}, {1, 2}, {2, 2}, {2, 3}}, "r1-3c3, r3c4"},
		{[][]int{{0, 0}, {1, 0}, {1, 1}}, "r1-2c1, r2c2"},
	} {
		if got := cellRanges(tc.cells); got != tc.want {
			t.Errorf("cellRanges(%v) = %q, want %q", tc.cells, got, tc.want)
		}
	}
}
