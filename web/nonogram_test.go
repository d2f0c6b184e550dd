package web

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/internal/schematest"
	"github.com/puzzlesolvers/puzzle/nonogram"
	"github.com/puzzlesolvers/puzzle/status"
)

// nonogramHeart is a heart in the plain format: unique and line-solvable.
const nonogramHeart = "5 7\n2 2\n7\n5\n3\n1\n1\n3\n4\n4\n4\n3\n1\n"

// heartPicture is its picture.
var heartPicture = []string{".##.##.", "#######", ".#####.", "..###..", "...#..."}

func parseNonogram(t *testing.T, text string) *nonogram.Puzzle {
	t.Helper()
	p, err := nonogram.Parse(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// gridFromRows reads rows of '#' and '.'.
func gridFromRows(rows []string) *nonogram.Grid {
	if len(rows) == 0 {
		return nil
	}
	g := nonogram.NewGrid(len(rows[0]), len(rows))
	for r, row := range rows {
		for c, ch := range row {
			g.Set(r, c, ch == '#')
		}
	}
	return g
}

func TestNonogramSolve(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	heartNON := "width 7\nheight 5\nrows\n2,2\n7\n5\n3\n1\ncolumns\n1\n3\n4\n4\n4\n3\n1\n"
	for _, tc := range []struct {
		name, query, body string
		code              int
		status            status.Status
		count, listed     int
	}{
		{"plain", "", nonogramHeart, 200, status.Unique, 1, 0},
		{"non by name", "?name=heart.non", heartNON, 200, status.Unique, 1, 0},
		{"non by format", "?format=non", heartNON, 200, status.Unique, 1, 0},
		{"non detected", "", heartNON, 200, status.Unique, 1, 0},
		{"multiple", "", "2 2\n1\n1\n1\n1\n", 200, status.Multiple, 2, 0},
		{"all", "?limit=10", "2 2\n1\n1\n1\n1\n", 200, status.Multiple, 2, 2},
		{"undecided", "?undecided=true", "3 3\n1\n1\n1\n1\n1\n1\n", 200, status.Multiple, 2, 0},
		{"unique undecided", "?undecided=true", nonogramHeart, 200, status.Unique, 1, 0},
		{"none", "", "2 3\n2\n0\n1\n0\n1\n", 200, status.None, 0, 0},
		{"explain", "?explain=true", nonogramHeart, 200, status.Unique, 1, 0},
		{"bad clue", "", "1 2\n3\n1\n1\n", 400, status.Invalid, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := do(t, s, "POST", "/api/nonogram/solve"+tc.query, tc.body)
			schematest.Validate(t, "nonogram.json#/$defs/solve", w.Body.Bytes())
			var rep record.NonogramSolve
			decode(t, w, &rep)
			if w.Code != tc.code || rep.Status != tc.status || rep.Count != tc.count || len(rep.Solutions) != tc.listed {
				t.Fatalf("%d %s count %d listed %d, want %d %s %d %d: %s", w.Code, rep.Status, rep.Count, len(rep.Solutions),
					tc.code, tc.status, tc.count, tc.listed, w.Body.String())
			}
			if tc.status == status.Invalid {
				if rep.Error == "" {
					t.Error("no error message")
				}
				return
			}
			p := parseNonogram(t, tc.body)
			if tc.count > 0 && !p.Satisfies(gridFromRows(rep.Solution)) {
				t.Errorf("picture %q does not meet the clues", rep.Solution)
			}
			for _, sol := range rep.Solutions {
				if !p.Satisfies(gridFromRows(sol)) {
					t.Errorf("listed picture %q does not meet the clues", sol)
				}
			}
			if p.Height() == 5 && strings.Join(rep.Solution, "\n") != strings.Join(heartPicture, "\n") {
				t.Errorf("heart: %q", rep.Solution)
			}
			if strings.Contains(tc.query, "explain") && (len(rep.Steps) == 0 || rep.Explained == nil || !*rep.Explained) {
				t.Errorf("explain: %d steps", len(rep.Steps))
			}
			if rep.Rows != p.Height() || rep.Cols != p.Width() {
				t.Errorf("size %d×%d, want %d×%d", rep.Rows, rep.Cols, p.Height(), p.Width())
			}
			// Asked for, the undecided cells are every cell of the 3×3
			// permutation puzzle, though two of its pictures may agree
			// on some; not asked for, none are given.
			want := 0
			if tc.status == status.Multiple && strings.Contains(tc.query, "undecided") {
				want = p.Width() * p.Height()
			}
			if len(rep.Undecided) != want {
				t.Errorf("undecided cells %v, want %d", rep.Undecided, want)
			}
			if strings.Contains(tc.query, "name=") && rep.File != "heart.non" {
				t.Errorf("file %q", rep.File)
			}
		})
	}
	for _, tc := range []struct{ name, query, body, msg string }{
		{"empty", "", "", "no puzzle"},
		{"two", "", nonogramHeart + nonogramHeart, "more than one puzzle"},
		{"bad format", "?format=gif", nonogramHeart, `"gif" is not one of auto, plain`},
		{"wrong format", "?format=xml", nonogramHeart, "no puzzle in the request body"},
		{"two, the second named", "", nonogramHeart + "1 1\n1\n1\n", "more than one puzzle (another starts at line 14)"},
	} {
		w := do(t, s, "POST", "/api/nonogram/solve"+tc.query, tc.body)
		if w.Code != http.StatusBadRequest || !strings.Contains(errorOf(t, w), tc.msg) {
			t.Errorf("%s: %d %q, want 400 saying %q", tc.name, w.Code, w.Body.String(), tc.msg)
		}
	}
}

// permutationPuzzle is the n×n puzzle whose every row and column holds one
// filled cell: n! pictures, no line-solving progress, and seconds of
// probing for n = 200 before the search can tell there are two.
func permutationPuzzle(n int) string {
	return fmt.Sprintf("%d %d\n", n, n) + strings.Repeat("1\n", 2*n)
}

func TestNonogramTimeout(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{Timeout: 100 * time.Millisecond})
	w := do(t, s, "POST", "/api/nonogram/solve", permutationPuzzle(200))
	schematest.Validate(t, "nonogram.json#/$defs/solve", w.Body.Bytes())
	var rep record.NonogramSolve
	decode(t, w, &rep)
	if w.Code != http.StatusGatewayTimeout || rep.Status != status.Timeout || rep.Error != "no answer within 100ms" {
		t.Fatalf("%d %s %q, want 504 timeout", w.Code, rep.Status, rep.Error)
	}
	if w := do(t, s, "POST", "/api/nonogram/render", permutationPuzzle(200)); w.Code != http.StatusGatewayTimeout {
		t.Errorf("render: %d, want 504", w.Code)
	}
	// The explanation of a puzzle that needs guessing is stuck, and the
	// solver then runs out of time.
	w = do(t, s, "POST", "/api/nonogram/explain", permutationPuzzle(200))
	schematest.Validate(t, "nonogram.json#/$defs/explain", w.Body.Bytes())
	var ex record.NonogramExplain
	decode(t, w, &ex)
	if w.Code != http.StatusGatewayTimeout || ex.Status != status.Timeout || ex.Error == "" {
		t.Errorf("explain: %d %s %q, want 504 timeout", w.Code, ex.Status, ex.Error)
	}
	if w := do(t, s, "POST", "/api/nonogram/solve", nonogramHeart); w.Code != http.StatusOK {
		t.Errorf("after a timeout: %d", w.Code)
	}
}

func TestNonogramExplain(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	w := do(t, s, "POST", "/api/nonogram/explain", nonogramHeart)
	schematest.Validate(t, "nonogram.json#/$defs/explain", w.Body.Bytes())
	var ex record.NonogramExplain
	decode(t, w, &ex)
	if w.Code != http.StatusOK || ex.Status != status.Unique || !ex.Solved || ex.Cols != 7 || ex.Rows != 5 || len(ex.RowClues) != 5 || len(ex.ColClues) != 7 {
		t.Fatalf("%d %+v", w.Code, ex)
	}
	// Replaying the steps, as the page does, decides every cell once and
	// draws the picture.
	cells := make([]byte, 35)
	for i := range cells {
		cells[i] = '?'
	}
	for _, st := range ex.Steps {
		for k, list := range [][]record.Cell{st.FilledCells, st.EmptyCells} {
			for _, rc := range list {
				i := rc.Row*7 + rc.Col
				if cells[i] != '?' {
					t.Fatalf("step %q decides %v again", st.Text, rc)
				}
				cells[i] = "#."[k]
			}
		}
		// A step names its line or its cell, as its text does.
		switch {
		case st.Row != nil:
			if !strings.HasPrefix(st.Text, fmt.Sprintf("row %d ", *st.Row+1)) {
				t.Errorf("step on row %d: %q", *st.Row, st.Text)
			}
		case st.Col != nil:
			if !strings.HasPrefix(st.Text, fmt.Sprintf("column %d ", *st.Col+1)) {
				t.Errorf("step on column %d: %q", *st.Col, st.Text)
			}
		default:
			t.Errorf("heart, line-solvable: step %+v names no line", st)
		}
	}
	for r := range 5 {
		if got := string(cells[r*7 : r*7+7]); got != heartPicture[r] || ex.Picture[r] != heartPicture[r] {
			t.Errorf("row %d: replayed %q, picture %q, want %q", r+1, got, ex.Picture[r], heartPicture[r])
		}
	}
	// No solution: the explanation ends in a contradiction.
	w = do(t, s, "POST", "/api/nonogram/explain", "2 3\n2\n0\n1\n0\n1\n")
	schematest.Validate(t, "nonogram.json#/$defs/explain", w.Body.Bytes())
	ex = record.NonogramExplain{}
	decode(t, w, &ex)
	if w.Code != http.StatusOK || ex.Status != status.None || !ex.Contradiction || !strings.HasPrefix(ex.Summary, "No solution") {
		t.Errorf("none: %d %+v", w.Code, ex)
	}
	// Two pictures: the steps are stuck, and the solver says multiple.
	w = do(t, s, "POST", "/api/nonogram/explain", "2 2\n1\n1\n1\n1\n")
	schematest.Validate(t, "nonogram.json#/$defs/explain", w.Body.Bytes())
	ex = record.NonogramExplain{}
	decode(t, w, &ex)
	if w.Code != http.StatusOK || ex.Status != status.Multiple || ex.Solved || ex.Contradiction {
		t.Errorf("multiple: %d %+v", w.Code, ex)
	}
	// Empty clues come as empty lists, not null.
	w = do(t, s, "POST", "/api/nonogram/explain", "2 3\n0\n3\n1\n1\n1\n")
	if !strings.Contains(w.Body.String(), `"row_clues":[[],[3]]`) {
		t.Errorf("empty clue: %s", w.Body.String())
	}
	// A malformed puzzle is an error reply, not a record.
	w = do(t, s, "POST", "/api/nonogram/explain", "1 2\n3\n1\n1\n")
	if w.Code != http.StatusBadRequest || !strings.Contains(errorOf(t, w), "request:2: row 1 clue 3 needs 3 cells") {
		t.Errorf("bad clue: %d %s", w.Code, w.Body.String())
	}
	// A colour puzzle has no explanation: 422, and solve still answers.
	colour, err := os.ReadFile("../examples/nonogram/colour.xml")
	if err != nil {
		t.Fatal(err)
	}
	w = do(t, s, "POST", "/api/nonogram/explain", string(colour))
	if w.Code != http.StatusUnprocessableEntity || !strings.Contains(w.Body.String(), "does not animate colour puzzles") {
		t.Errorf("colour explain: %d %s", w.Code, w.Body.String())
	}
	w = do(t, s, "POST", "/api/nonogram/solve", string(colour))
	schematest.Validate(t, "nonogram.json#/$defs/solve", w.Body.Bytes())
	if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `"solution":["rr.b","r.bb",".gbb","ggg."]`) ||
		!strings.Contains(w.Body.String(), `"colors":[{"char":".","name":"white"`) {
		t.Errorf("colour solve: %d %s", w.Code, w.Body.String())
	}
}

func TestNonogramClues(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	picture := strings.Join(heartPicture, "\n") + "\n"
	w := do(t, s, "POST", "/api/nonogram/clues", picture)
	schematest.Validate(t, "nonogram.json#/$defs/clues", w.Body.Bytes())
	var c record.NonogramClues
	decode(t, w, &c)
	if w.Code != http.StatusOK || c.Status != status.Solved || c.Cols != 7 || c.Rows != 5 || c.Format != "plain" {
		t.Fatalf("%d %+v", w.Code, c)
	}
	// The clues read back as the puzzle whose one picture is the drawing.
	p := parseNonogram(t, c.Text)
	res, _ := nonogram.Solve(context.Background(), p, nonogram.Options{})
	if res.Status != status.Unique || strings.Join(res.Solutions[0].Rows(), "\n") != strings.Join(heartPicture, "\n") {
		t.Errorf("clues solve to %v %v", res.Status, res.Solutions)
	}
	// Other characters and short lines.
	w = do(t, s, "POST", "/api/nonogram/clues?to=non&title=Corner", "\nX\nxx-1\n\n")
	schematest.Validate(t, "nonogram.json#/$defs/clues", w.Body.Bytes())
	decode(t, w, &c)
	if w.Code != http.StatusOK || c.Cols != 4 || c.Rows != 2 || !strings.Contains(c.Text, "Corner") ||
		strings.TrimSpace(strings.Join([]string{clueText(c.RowClues), clueText(c.ColClues)}, "|")) != "1;2 1|2;1;0;1" {
		t.Errorf("%d %+v", w.Code, c)
	}
	for body, msg := range map[string]string{"": "empty", "#?#\n": `line 1, column 2: '?'`, "\n\n": "empty"} {
		w := do(t, s, "POST", "/api/nonogram/clues", body)
		if w.Code != http.StatusBadRequest || !strings.Contains(errorOf(t, w), msg) {
			t.Errorf("%q: %d %q, want 400 saying %q", body, w.Code, w.Body.String(), msg)
		}
	}
}

func clueText(clues [][]int) string {
	var parts []string
	for _, c := range clues {
		if len(c) == 0 {
			parts = append(parts, "0")
			continue
		}
		parts = append(parts, strings.Trim(fmt.Sprint(c), "[]"))
	}
	return strings.Join(parts, ";")
}

func TestNonogramRender(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	w := do(t, s, "POST", "/api/nonogram/render", nonogramHeart)
	filled := 0
	for _, r := range heartPicture {
		filled += strings.Count(r, "#")
	}
	if w.Code != http.StatusOK || w.Header().Get("Content-Type") != "image/svg+xml" || w.Header().Get("X-Puzzle-Status") != "unique" {
		t.Fatalf("%d %q %q", w.Code, w.Header().Get("Content-Type"), w.Header().Get("X-Puzzle-Status"))
	}
	// The SVG draws the same as the library does.
	var want bytes.Buffer
	p := parseNonogram(t, nonogramHeart)
	if err := nonogram.RenderSVG(&want, p, nonogram.BoardOf(gridFromRows(heartPicture)), nonogram.RenderOptions{}); err != nil {
		t.Fatal(err)
	}
	if w.Body.String() != want.String() {
		t.Errorf("SVG differs from RenderSVG of the picture")
	}
	w = do(t, s, "POST", "/api/nonogram/render?to=png&cell=8", nonogramHeart)
	if img, err := png.Decode(w.Body); w.Code != http.StatusOK || err != nil || img.Bounds().Dx() < 7*8 {
		t.Errorf("png: %d %v", w.Code, err)
	}
	w = do(t, s, "POST", "/api/nonogram/render?to=text&blank=1", nonogramHeart)
	if w.Code != http.StatusOK || strings.Count(w.Body.String(), "?") != 35 || w.Header().Get("X-Puzzle-Status") != "unknown" {
		t.Errorf("blank text: %d %q", w.Code, w.Body.String())
	}
	w = do(t, s, "POST", "/api/nonogram/render?to=text", "2 2\n1\n1\n1\n1\n")
	if w.Code != http.StatusOK || strings.Count(w.Body.String(), "?") != 4 || w.Header().Get("X-Puzzle-Status") != "multiple" {
		t.Errorf("multiple: %d %q", w.Code, w.Body.String())
	}
	// The rocket of issue 17: its two first pictures differ on 4 cells,
	// its four on 8, all drawn undecided.
	rocket := "14 12\n2\n4\n1 1\n1 1\n4\n6\n2 2\n2 2\n8\n3 2 3\n2 2 2\n2\n1 1\n1 1\n1\n2\n2\n5 1\n8 1\n2 2 4\n2 2 4\n8 1\n5 1\n2\n2\n1\n"
	w = do(t, s, "POST", "/api/nonogram/render?to=text&no_clues=1", rocket)
	if lines := strings.Split(strings.TrimSpace(w.Body.String()), "\n"); w.Code != http.StatusOK || strings.Count(w.Body.String(), "?") != 8 ||
		len(lines) < 2 || strings.Count(lines[len(lines)-1], "?") != 4 || strings.Count(lines[len(lines)-2], "?") != 4 {
		t.Errorf("rocket: %d %q", w.Code, w.Body.String())
	}
	big := "600 600\n" + strings.Repeat("1\n", 1200)
	if w := do(t, s, "POST", "/api/nonogram/render", big); w.Code != http.StatusUnprocessableEntity {
		t.Errorf("600×600: %d, want 422", w.Code)
	}
	if w := do(t, s, "POST", "/api/nonogram/render?cell=1000", nonogramHeart); w.Code != http.StatusBadRequest {
		t.Errorf("cell 1000: %d, want 400", w.Code)
	}
}

func TestNonogramConvert(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	for _, f := range nonogram.Formats {
		w := do(t, s, "POST", "/api/nonogram/convert?to="+string(f), nonogramHeart)
		if f == nonogram.FormatTAAI { // square puzzles only
			if w.Code != http.StatusUnprocessableEntity {
				t.Errorf("taai of a 5×7 puzzle: %d", w.Code)
			}
			continue
		}
		if w.Code != http.StatusOK {
			t.Fatalf("%s: %d %s", f, w.Code, w.Body.String())
		}
		// Read back in that format, the clues are the same.
		q, err := nonogram.NewReader(w.Body, "", f).Next()
		if err != nil || clueText(q.Rows) != clueText(parseNonogram(t, nonogramHeart).Rows) {
			t.Errorf("%s: read back %v", f, err)
		}
	}
	if w := do(t, s, "POST", "/api/nonogram/convert", nonogramHeart); w.Code != http.StatusBadRequest {
		t.Errorf("no to: %d", w.Code)
	}
}
