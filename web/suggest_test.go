package web

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/internal/schematest"
	"github.com/puzzlesolvers/puzzle/nonogram"
	"github.com/puzzlesolvers/puzzle/status"
	"github.com/puzzlesolvers/puzzle/sudoku"
)

// TestSuggest asks both solve routes for suggestions and checks them by
// solving again: the same object, the hints taken from solution.
func TestSuggest(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	ctx := context.Background()

	// A 4×4 Sudoku with one given: many solutions.
	w := do(t, s, "POST", "/api/sudoku/solve?suggest=true", "1...............")
	schematest.Validate(t, "sudoku.json#/$defs/solve", w.Body.Bytes())
	var sr record.SudokuSolve
	decode(t, w, &sr)
	if w.Code != 200 || sr.Status != status.Multiple || sr.Suggest == nil || len(sr.Suggest.Hints) == 0 || !*sr.Suggest.Exact {
		t.Fatalf("sudoku: %d %s", w.Code, w.Body.String())
	}
	p, err := sudoku.Parse(strings.NewReader("1..............."))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range sr.Suggest.Hints {
		p.Cells[c.Row*4+c.Col] = uint8(sr.Solution[c.Row][c.Col])
	}
	if r, _ := sudoku.Solve(ctx, p, sudoku.Options{}); r.Status != status.Unique {
		t.Errorf("sudoku with hints %v: %v", sr.Suggest.Hints, r.Status)
	}
	// The same puzzle with the hints: unique, and says whether minimal.
	w = do(t, s, "POST", "/api/sudoku/solve?suggest=1", p.String())
	schematest.Validate(t, "sudoku.json#/$defs/solve", w.Body.Bytes())
	sr = record.SudokuSolve{}
	decode(t, w, &sr)
	if sr.Status != status.Unique || sr.Suggest == nil || sr.Suggest.Minimal == nil {
		t.Errorf("sudoku with hints: %s", w.Body.String())
	}

	// The 2×2 nonogram with two pictures: one hint.
	body := "2 2\n1\n1\n1\n1\n"
	w = do(t, s, "POST", "/api/nonogram/solve?suggest=true", body)
	schematest.Validate(t, "nonogram.json#/$defs/solve", w.Body.Bytes())
	var nr record.NonogramSolve
	decode(t, w, &nr)
	if w.Code != 200 || nr.Status != status.Multiple || nr.Suggest == nil || len(nr.Suggest.Hints) != 1 || len(nr.Suggest.Edits) == 0 {
		t.Fatalf("nonogram: %d %s", w.Code, w.Body.String())
	}
	np := parseNonogram(t, body)
	fixed := &nonogram.Board{Width: 2, Height: 2, Cells: make([]nonogram.Cell, 4)}
	for _, c := range nr.Suggest.Hints {
		fixed.Cells[c.Row*2+c.Col] = nonogram.Empty
		if nr.Solution[c.Row][c.Col] == '#' {
			fixed.Cells[c.Row*2+c.Col] = nonogram.Filled
		}
	}
	if r, _ := nonogram.Solve(ctx, np, nonogram.Options{Fixed: fixed}); r.Status != status.Unique {
		t.Errorf("nonogram with hints %v: %v", nr.Suggest.Hints, r.Status)
	}

	// Not with limit; not a boolean.
	for _, path := range []string{"/api/sudoku/solve?suggest=true&limit=3", "/api/nonogram/solve?suggest=true&limit=3", "/api/sudoku/solve?suggest=maybe"} {
		b := "1..............."
		if strings.Contains(path, "nonogram") {
			b = body
		}
		if w := do(t, s, "POST", path, b); w.Code != http.StatusBadRequest || !strings.Contains(errorOf(t, w), "suggest") {
			t.Errorf("%s: %d %s", path, w.Code, w.Body.String())
		}
	}
}

// TestSuggestIntended gives /api/sudoku/solve the solution the author
// means (not the first the record shows): the hints, with its digits,
// make it the only solution, checked by solving; a grid that is not a
// solution of the givens, not complete, or without suggest is refused.
func TestSuggestIntended(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	const puzzle, intended = "12..............", "1234341221434321"
	w := do(t, s, "POST", "/api/sudoku/solve?suggest=true&intended="+intended, puzzle)
	schematest.Validate(t, "sudoku.json#/$defs/solve", w.Body.Bytes())
	var sr record.SudokuSolve
	decode(t, w, &sr)
	if w.Code != 200 || sr.Status != status.Multiple || sr.Suggest == nil || len(sr.Suggest.Hints) == 0 {
		t.Fatalf("%d %s", w.Code, w.Body.String())
	}
	p, _ := sudoku.Parse(strings.NewReader(puzzle))
	for _, c := range sr.Suggest.Hints {
		p.Cells[c.Row*4+c.Col] = intended[c.Row*4+c.Col] - '0'
	}
	r, err := sudoku.Solve(context.Background(), p, sudoku.Options{})
	if err != nil || r.Status != status.Unique || string(sudokuDigits(r.Solutions[0])) != intended {
		t.Errorf("with hints %v: %v %v", sr.Suggest.Hints, r.Status, err)
	}
	for _, c := range []struct{ query, want string }{
		{"suggest=true&intended=2134341212434321", `"error":"intended:1: the intended solution is not a solution of the givens at request:1: it differs from 2 givens (r1c1 r1c2); r1c1 is 2 where the given is 1"`},
		{"suggest=true&intended=123434122143432.", `"error":"parameter intended: sudoku: intended:1: the intended solution has 1 empty cell (the first r4c4): give a complete grid"`},
		{"intended=" + intended, `parameter intended goes with suggest`},
	} {
		w := do(t, s, "POST", "/api/sudoku/solve?"+c.query, puzzle)
		if w.Code != http.StatusBadRequest || !strings.Contains(w.Body.String(), c.want) {
			t.Errorf("%s: %d %s, want %s", c.query, w.Code, w.Body.String(), c.want)
		}
	}
}

// sudokuDigits writes a grid of digits below 10 as text.
func sudokuDigits(cells []uint8) []byte {
	b := make([]byte, len(cells))
	for i, v := range cells {
		b[i] = '0' + v
	}
	return b
}

// TestSuggestColourEdits asks /api/nonogram/solve for suggestions on a
// colour puzzle with several pictures (the square at the right can be
// either diagonal): the record follows the schema, and every edit,
// applied to the picture shown, gives clues with that picture alone,
// checked by solving.
func TestSuggestColourEdits(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	palette := []nonogram.Color{{Name: "white", Char: '.', RGB: "FFFFFF"}, {Name: "red", Char: 'r', RGB: "D02020"}, {Name: "blue", Char: 'b', RGB: "2040D0"}}
	rows := []string{"rrrr....", "rrrr.b..", "rrrr..b.", "........"}
	g := nonogram.NewGrid(8, 4)
	g.Colors = make([]uint8, 32)
	for r, row := range rows {
		for c := range row {
			k := uint8(strings.IndexByte(".rb", row[c]))
			g.Colors[r*8+c], g.Cells[r*8+c] = k, k != 0
		}
	}
	var text strings.Builder
	if err := g.ColorClues(palette).Format(&text, nonogram.FormatXML); err != nil {
		t.Fatal(err)
	}
	w := do(t, s, "POST", "/api/nonogram/solve?suggest=true", text.String())
	schematest.Validate(t, "nonogram.json#/$defs/solve", w.Body.Bytes())
	var nr record.NonogramSolve
	decode(t, w, &nr)
	if w.Code != 200 || nr.Status != status.Multiple || nr.Suggest == nil || len(nr.Suggest.Edits) == 0 {
		t.Fatalf("%d %s", w.Code, w.Body.String())
	}
	shown := nonogram.NewGrid(8, 4)
	shown.Colors = make([]uint8, 32)
	for r, row := range nr.Solution {
		for c := range row {
			k := uint8(strings.IndexByte(".rb", row[c]))
			shown.Colors[r*8+c], shown.Cells[r*8+c] = k, k != 0
		}
	}
	for _, e := range nr.Suggest.Edits {
		edited := &nonogram.Grid{Width: 8, Height: 4, Cells: slices.Clone(shown.Cells), Colors: slices.Clone(shown.Colors)}
		if len(e.Colors) != len(e.Cells) {
			t.Fatalf("edit %v: colours %v", e.Cells, e.Colors)
		}
		for x, c := range e.Cells {
			edited.Colors[c.Row*8+c.Col], edited.Cells[c.Row*8+c.Col] = uint8(e.Colors[x]), e.Colors[x] != 0
		}
		r, err := nonogram.Solve(context.Background(), edited.ColorClues(palette), nonogram.Options{})
		if err != nil || r.Status != status.Unique || !slices.Equal(r.Solutions[0].Colors, edited.Colors) || r.LineSolvable != e.LineSolvable {
			t.Errorf("edit %v to %v: %v, line-solvable %v (the record says %v)", e.Cells, e.Colors, r.Status, r.LineSolvable, e.LineSolvable)
		}
	}
}
