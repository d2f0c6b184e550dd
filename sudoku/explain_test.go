package sudoku

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
)

func mustParseLine(t testing.TB, s string) *Puzzle {
	t.Helper()
	p, err := Parse(strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestExplain(t *testing.T) {
	ctx := context.Background()
	t.Run("solved", func(t *testing.T) {
		p := mustParseLine(t, knownLines[0])
		ex, err := Explain(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Solve(ctx, p, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !ex.Solved || ex.Left() != 0 || !slices.Equal(ex.Grid, res.Solutions[0]) {
			t.Fatalf("not solved to the solution: %v", ex.Summary())
		}
		placed := 0
		for _, s := range ex.Steps {
			placed += len(s.Placements)
			if s.Text == "" || s.String() != s.Text {
				t.Errorf("step without text: %+v", s)
			}
		}
		if want := 81 - p.Givens(); placed != want {
			t.Errorf("%d placements, want %d", placed, want)
		}
		if !strings.HasPrefix(ex.Summary(), "Solved by logic in ") {
			t.Errorf("summary %q", ex.Summary())
		}
	})
	t.Run("stuck", func(t *testing.T) {
		// A full grid with a deadly rectangle blanked (two rows of a band,
		// two columns of different boxes, digits a b / b a) has two
		// solutions, so no sound logic can fill it.
		p := deadlyRectangle(t, mustParseLine(t, knownLines[0]))
		ex, err := Explain(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		if ex.Solved || ex.Left() == 0 {
			t.Fatal("a puzzle with several solutions was solved by logic")
		}
		res, _ := Solve(ctx, p, Options{})
		for i, v := range ex.Grid {
			if v != 0 && v != res.Solutions[0][i] {
				t.Fatalf("cell %d: %d, solution %d", i, v, res.Solutions[0][i])
			}
			if v == 0 && ex.Candidates[i]&(1<<(res.Solutions[0][i]-1)) == 0 {
				t.Fatalf("cell %d lost its solution digit", i)
			}
		}
		if !strings.Contains(ex.Summary(), "guessing is needed") {
			t.Errorf("summary %q", ex.Summary())
		}
	})
	t.Run("several solutions", func(t *testing.T) {
		p, _ := New(3)
		ex, err := Explain(ctx, p)
		if err != nil || ex.Solved || len(ex.Steps) != 0 {
			t.Fatalf("empty grid: %d steps, solved %v, %v", len(ex.Steps), ex.Solved, err)
		}
	})
	t.Run("contradiction", func(t *testing.T) {
		// r1c9 can hold nothing: 1-8 in its row, 9 in its column.
		p := mustParseLine(t, "12345678."+strings.Repeat(".", 8)+"9"+strings.Repeat(".", 63))
		_, err := Explain(ctx, p)
		if err == nil || !strings.Contains(err.Error(), "r1c9 has no candidate left") {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("invalid", func(t *testing.T) {
		p := mustParseLine(t, knownLines[0])
		p.Cells[1] = p.Cells[2]
		if _, err := Explain(ctx, p); err == nil {
			t.Fatal("no error for a conflicting puzzle")
		}
	})
	t.Run("cancelled", func(t *testing.T) {
		c, cancel := context.WithCancel(ctx)
		cancel()
		ex, err := Explain(c, mustParseLine(t, knownLines[0]))
		if !errors.Is(err, context.Canceled) || ex.Solved {
			t.Fatalf("err = %v, solved %v", err, ex.Solved)
		}
	})
}

func TestElimText(t *testing.T) {
	el := []Candidate{{0, 2, 3}, {0, 2, 8}, {0, 3, 3}, {0, 3, 8}, {4, 4, 11}}
	want := "3 and 8 are removed from r1c3, r1c4; B is removed from r5c5"
	if got := elimText(el); got != want {
		t.Errorf("elimText = %q, want %q", got, want)
	}
	if got := lineList([]Unit{{ColumnUnit, 2}, {ColumnUnit, 7}, {ColumnUnit, 8}}); got != "columns 3, 8 and 9" {
		t.Errorf("lineList = %q", got)
	}
}

// deadlyRectangle returns the solution of p with the four cells of a
// deadly rectangle blanked.
func deadlyRectangle(t *testing.T, p *Puzzle) *Puzzle {
	t.Helper()
	res, err := Solve(context.Background(), p, Options{})
	if err != nil || len(res.Solutions) == 0 {
		t.Fatal(err)
	}
	sol := res.Solutions[0]
	for r1 := range 9 {
		for r2 := r1 + 1; r2 < r1/3*3+3; r2++ {
			for c1 := range 9 {
				for c2 := c1/3*3 + 3; c2 < 9; c2++ {
					if sol[r1*9+c1] == sol[r2*9+c2] && sol[r1*9+c2] == sol[r2*9+c1] {
						q := &Puzzle{Box: 3, Cells: slices.Clone(sol)}
						for _, c := range []int{r1*9 + c1, r1*9 + c2, r2*9 + c1, r2*9 + c2} {
							q.Cells[c] = 0
						}
						return q
					}
				}
			}
		}
	}
	t.Fatal("no deadly rectangle in the solution")
	return nil
}
