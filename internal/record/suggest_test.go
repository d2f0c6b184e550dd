package record

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/schematest"
	"github.com/puzzlesolvers/puzzle/nonogram"
	"github.com/puzzlesolvers/puzzle/status"
	"github.com/puzzlesolvers/puzzle/sudoku"
)

// TestSudokuSuggest checks the suggestions of a record: hints that, given
// from the record's solution, make it unique, and the minimality of a
// unique puzzle, each checked by solving again here.
func TestSudokuSuggest(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	// The classic puzzle less ten givens: several solutions.
	draft := []byte(sudokuClassic)
	for _, i := range []int{0, 1, 4, 9, 13, 19, 27, 39, 66, 76} {
		draft[i] = '.'
	}
	p := parseUnchecked(t, string(draft))
	rec := NewSudokuSolve(ctx, "in.txt", p, SudokuOptions{Suggest: true})
	schematest.ValidateValue(t, "sudoku.json#/$defs/solve", rec)
	s := rec.Suggest
	if rec.Status != status.Multiple || s == nil || len(s.Hints) == 0 || s.Exact == nil || !*s.Exact || s.Minimal != nil {
		t.Fatalf("status %v, suggest %+v", rec.Status, s)
	}
	q := p.Clone()
	for _, c := range s.Hints {
		q.Cells[c.Row*9+c.Col] = uint8(rec.Solution[c.Row][c.Col])
	}
	if r, err := sudoku.Solve(ctx, q, sudoku.Options{}); err != nil || r.Status != status.Unique {
		t.Fatalf("with hints %v: %v %v", s.Hints, r.Status, err)
	}
	// The classic puzzle is not minimal; a generated one is (Generate
	// proves it).
	gen, err := sudoku.Generate(ctx, sudoku.GenerateOptions{Seed: 17})
	if err != nil || !gen.Minimal {
		t.Fatalf("generate: minimal %v, %v", gen.Minimal, err)
	}
	for _, tc := range []struct {
		p       *sudoku.Puzzle
		minimal bool
	}{{parseUnchecked(t, sudokuClassic), false}, {gen.Puzzle, true}} {
		rec := NewSudokuSolve(ctx, "in.txt", tc.p, SudokuOptions{Suggest: true})
		schematest.ValidateValue(t, "sudoku.json#/$defs/solve", rec)
		s := rec.Suggest
		if rec.Status != status.Unique || s == nil || s.Minimal == nil || *s.Minimal != tc.minimal || s.Hints != nil {
			t.Fatalf("unique: %+v", s)
		}
		for _, c := range s.Removable {
			q := tc.p.Clone()
			q.Cells[c.Row*9+c.Col] = 0
			if r, _ := sudoku.Solve(ctx, q, sudoku.Options{}); r.Status != status.Unique {
				t.Errorf("without %v: %v", c, r.Status)
			}
		}
	}
	// No suggestion without a solution; the JSON of a record with one
	// goes through encoding/json.
	none := NewSudokuSolve(ctx, "in.txt", parseUnchecked(t, "123....4........"), SudokuOptions{Suggest: true})
	if none.Suggest != nil {
		t.Errorf("none: %+v", none.Suggest)
	}
	b, ok := rec.AppendJSON(nil)
	if ok || len(b) != 0 {
		t.Errorf("AppendJSON wrote a record with suggestions")
	}
	out, _ := json.Marshal(rec)
	if !strings.Contains(string(out), `"suggest":{"hints":[`) {
		t.Errorf("JSON %s", out)
	}
}

// An empty 9×9 grid with a tiny time for suggestions: the greedy bound,
// not proved, or the time's error; never a wrong set.
func TestSudokuSuggestTime(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	p := parseUnchecked(t, strings.Repeat(".", 81))
	rec := NewSudokuSolve(ctx, "in.txt", p, SudokuOptions{Suggest: true, SuggestTime: 50 * time.Millisecond})
	schematest.ValidateValue(t, "sudoku.json#/$defs/solve", rec)
	switch {
	case rec.Status == status.Timeout:
		if !strings.Contains(rec.Error, "the time for suggestions") {
			t.Errorf("error %q", rec.Error)
		}
	case rec.Suggest != nil && !*rec.Suggest.Exact:
		q := p.Clone()
		for _, c := range rec.Suggest.Hints {
			q.Cells[c.Row*9+c.Col] = uint8(rec.Solution[c.Row][c.Col])
		}
		if r, _ := sudoku.Solve(ctx, q, sudoku.Options{}); r.Status != status.Unique {
			t.Errorf("bound %d hints: %v", len(rec.Suggest.Hints), r.Status)
		}
		if rec.Suggest.AtLeast < 1 || rec.Suggest.AtLeast > len(rec.Suggest.Hints) {
			t.Errorf("at least %d, hints %d", rec.Suggest.AtLeast, len(rec.Suggest.Hints))
		}
	default:
		t.Errorf("an empty 9×9 grid's fewest givens (17) proved in 50ms? %+v", rec.Suggest)
	}
}

func TestNonogramSuggest(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	// The permutations of 3: six pictures, two hints fix one.
	perm := &nonogram.Puzzle{Rows: [][]int{{1}, {1}, {1}}, Cols: [][]int{{1}, {1}, {1}}}
	rec := NewNonogramSolve(ctx, "in.txt", perm, NonogramOptions{Suggest: true})
	b, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	schematest.Validate(t, "nonogram.json#/$defs/solve", b)
	s := rec.Suggest
	if rec.Status != status.Multiple || s == nil || len(s.Hints) != 2 || !*s.Exact || len(s.Edits) == 0 {
		t.Fatalf("status %v, suggest %+v", rec.Status, s)
	}
	fixed := &nonogram.Board{Width: 3, Height: 3, Cells: make([]nonogram.Cell, 9)}
	for _, c := range s.Hints {
		fixed.Cells[c.Row*3+c.Col] = nonogram.Empty
		if rec.Solution[c.Row][c.Col] == '#' {
			fixed.Cells[c.Row*3+c.Col] = nonogram.Filled
		}
	}
	if r, err := nonogram.Solve(ctx, perm, nonogram.Options{Fixed: fixed}); err != nil || r.Status != status.Unique {
		t.Fatalf("with hints %v: %v %v", s.Hints, r.Status, err)
	}
	for _, e := range s.Edits {
		g := nonogram.NewGrid(3, 3)
		for r, row := range rec.Solution {
			for c := range row {
				g.Set(r, c, row[c] == '#')
			}
		}
		for _, c := range e.Cells {
			g.Set(c.Row, c.Col, !g.At(c.Row, c.Col))
		}
		if r, _ := nonogram.Solve(ctx, g.Clues(), nonogram.Options{}); r.Status != status.Unique || r.LineSolvable != e.LineSolvable {
			t.Errorf("edit %v: %v line-solvable %v", e.Cells, r.Status, r.LineSolvable)
		}
	}
	if !slices.IsSortedFunc(s.Edits, func(a, b SuggestEdit) int {
		if a.LineSolvable == b.LineSolvable {
			return 0
		}
		if a.LineSolvable {
			return -1
		}
		return 1
	}) {
		t.Errorf("edits not line-solvable first: %+v", s.Edits)
	}
	// A unique puzzle gets none.
	tee := &nonogram.Puzzle{Rows: [][]int{{3}, {1}, {1}}, Cols: [][]int{{1}, {3}, {1}}}
	if rec := NewNonogramSolve(ctx, "in.txt", tee, NonogramOptions{Suggest: true}); rec.Suggest != nil {
		t.Errorf("unique: %+v", rec.Suggest)
	}
}

// A nonogram whose file stores a goal picture other than the first found:
// the hints and edits are the goal's, and the record says so.
func TestNonogramSuggestGoal(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	p := &nonogram.Puzzle{Rows: [][]int{{1}, {1}}, Cols: [][]int{{1}, {1}}}
	first, err := nonogram.Solve(ctx, p, nonogram.Options{Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	goal := nonogram.NewGrid(2, 2)
	for i, v := range first.Solutions[0].Cells {
		goal.Cells[i] = !v // the other diagonal
	}
	p.Goal = goal
	rec := NewNonogramSolve(ctx, "in.non", p, NonogramOptions{Suggest: true})
	b, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	schematest.Validate(t, "nonogram.json#/$defs/solve", b)
	s := rec.Suggest
	if s == nil || !slices.Equal(s.Intended, goal.Rows()) || len(s.Hints) != 1 || slices.Equal(rec.Solution, goal.Rows()) {
		t.Fatalf("solution %v, suggest %+v", rec.Solution, s)
	}
	c := s.Hints[0]
	fixed := &nonogram.Board{Width: 2, Height: 2, Cells: make([]nonogram.Cell, 4)}
	fixed.Cells[c.Row*2+c.Col] = nonogram.Empty
	if goal.At(c.Row, c.Col) {
		fixed.Cells[c.Row*2+c.Col] = nonogram.Filled
	}
	r, err := nonogram.Solve(ctx, p, nonogram.Options{Fixed: fixed})
	if err != nil || r.Status != status.Unique || !r.Solutions[0].Equal(goal) {
		t.Fatalf("with hint %v: %v", c, r.Status)
	}
}
