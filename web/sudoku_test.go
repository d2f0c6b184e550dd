package web

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/internal/schematest"
	"github.com/puzzlesolvers/puzzle/status"
	"github.com/puzzlesolvers/puzzle/sudoku"
)

// sudokuClassic is a 9×9 puzzle with one solution.
const sudokuClassic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

// gridOf turns rows of digits into a row-major grid.
func gridOf(rows [][]int) []uint8 {
	var g []uint8
	for _, r := range rows {
		for _, v := range r {
			g = append(g, uint8(v))
		}
	}
	return g
}

// sudokuReply decodes a reply of a sudoku route into v after validating
// it against the route's schema (def, in sudoku.json).
func sudokuReply(t *testing.T, w *httptest.ResponseRecorder, def string, v any) {
	t.Helper()
	schematest.Validate(t, "sudoku.json#/$defs/"+def, w.Body.Bytes())
	decode(t, w, v)
}

func parseSudoku(t *testing.T, text string) *sudoku.Puzzle {
	t.Helper()
	p, err := sudoku.Parse(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestSudokuSolve(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	for _, tc := range []struct {
		name, query, body string
		code              int
		status            status.Status
		count, listed     int
	}{
		{"line", "", sudokuClassic, 200, status.Unique, 1, 0},
		{"grid", "?name=grid.txt", "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n0 9 8 0 0 0 0 6 0\n8 0 0 0 6 0 0 0 3\n4 0 0 8 0 3 0 0 1\n7 0 0 0 2 0 0 0 6\n0 6 0 0 0 0 2 8 0\n0 0 0 4 1 9 0 0 5\n0 0 0 0 8 0 0 7 9\n", 200, status.Unique, 1, 0},
		{"multiple", "", "1...............", 200, status.Multiple, 2, 0},
		{"limit", "?limit=100", "1...............", 200, status.Multiple, 72, 72},
		{"limit-exact", "?limit=5", "1...............", 200, status.Multiple, 5, 5},
		{"one", "?limit=1", sudokuClassic, 200, status.Solved, 1, 0},
		{"none", "", "123....4........", 200, status.None, 0, 0},
		{"explain", "?explain=1", sudokuClassic, 200, status.Unique, 1, 0},
		{"conflict", "", "11..............", 400, status.Invalid, 0, 0},
		{"short", "", "123", 400, status.Invalid, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := do(t, s, "POST", "/api/sudoku/solve"+tc.query, tc.body)
			var rep record.SudokuSolve
			sudokuReply(t, w, "solve", &rep)
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
			p := parseSudoku(t, tc.body)
			// The independent check of a solution, and agreement with the
			// library called directly.
			if tc.count > 0 && !p.IsSolutionOf(gridOf(rep.Solution)) {
				t.Errorf("solution %v is wrong", rep.Solution)
			}
			for _, sol := range rep.Solutions {
				if !p.IsSolutionOf(gridOf(sol)) {
					t.Errorf("listed solution %v is wrong", sol)
				}
			}
			if strings.Contains(tc.query, "explain") && (len(rep.Steps) == 0 || rep.Stuck) {
				t.Errorf("explain: %d steps, stuck %v", len(rep.Steps), rep.Stuck)
			}
			if rep.Rows != p.Size() || rep.Cols != p.Size() || rep.Box != p.Box {
				t.Errorf("rows %d cols %d box %d", rep.Rows, rep.Cols, rep.Box)
			}
			want := record.NewSudokuSolve(context.Background(), "request", p, record.SudokuOptions{})
			if tc.query == "" && fmt.Sprint(want.Solution) != fmt.Sprint(rep.Solution) {
				t.Errorf("solution differs from the library's")
			}
			if rep.File == "" || rep.Stats == nil {
				t.Errorf("file %q, stats %v", rep.File, rep.Stats)
			}
		})
	}
	for _, tc := range []struct{ name, query, body, msg string }{
		{"empty", "", "", "no puzzle"},
		{"two", "", sudokuClassic + "\n" + sudokuClassic + "\n", "more than one puzzle (another starts at line 2)"},
		{"bad limit", "?limit=x", sudokuClassic, `limit: "x" is not an integer`},
		{"limit too big", "?limit=5000", sudokuClassic, "out of range 0..1000"},
		{"bad bool", "?explain=maybe", sudokuClassic, "not a boolean"},
	} {
		w := do(t, s, "POST", "/api/sudoku/solve"+tc.query, tc.body)
		if w.Code != http.StatusBadRequest || !strings.Contains(errorOf(t, w), tc.msg) {
			t.Errorf("%s: %d %q, want 400 saying %q", tc.name, w.Code, w.Body.String(), tc.msg)
		}
	}
}

// hardGrid64 is a 64×64 grid holding 40 % of the cells of a random
// solution, which the solver cannot finish in the fraction of a second
// the timeout tests allow (an empty grid it solves at once).
func hardGrid64(t *testing.T) string {
	rng := rand.New(rand.NewPCG(64, 40))
	sol, err := sudoku.RandomSolution(context.Background(), 8, nil, rng)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for i, v := range sol {
		if rng.IntN(100) >= 40 {
			v = 0
		}
		b.WriteString(strconv.Itoa(int(v)))
		if i%64 == 63 {
			b.WriteString("\n")
		} else {
			b.WriteString(" ")
		}
	}
	return b.String()
}

func TestSudokuTimeout(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{Timeout: 100 * time.Millisecond})
	hard := hardGrid64(t)
	start := time.Now()
	w := do(t, s, "POST", "/api/sudoku/solve", hard)
	var rep record.SudokuSolve
	sudokuReply(t, w, "solve", &rep)
	if w.Code != http.StatusGatewayTimeout || rep.Status != status.Timeout || rep.Error != "no answer within 100ms" {
		t.Fatalf("%d %s %q, want 504 timeout", w.Code, rep.Status, rep.Error)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %v for a 100ms limit", d)
	}
	for _, route := range []string{"hint", "rate"} {
		w := do(t, s, "POST", "/api/sudoku/"+route, hard)
		var h record.Head
		sudokuReply(t, w, route, &h)
		if w.Code != http.StatusGatewayTimeout || h.Status != status.Timeout || h.Error != "no answer within 100ms" {
			t.Errorf("%s: %d %+v, want 504 timeout", route, w.Code, h)
		}
	}
	// The server answers the next request.
	if w := do(t, s, "POST", "/api/sudoku/solve", sudokuClassic); w.Code != http.StatusOK {
		t.Errorf("after a timeout: %d", w.Code)
	}
}

func TestSudokuHint(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	p := parseSudoku(t, sudokuClassic)
	want, _ := sudoku.Solve(context.Background(), p, sudoku.Options{})
	sol := want.Solutions[0]
	if used := followHints(t, s, p); used[sudoku.Guess] != 0 {
		t.Errorf("%d guesses on a puzzle logic solves", used[sudoku.Guess])
	}
	// The chains and ALSs get stuck on this one (magictour's top1465,
	// puzzle 61): forcing chains finish it, and the hints say so, each with
	// its estimate on Sudoku Explainer's scale.
	extreme := parseSudoku(t, "...3.9.7.8..4.....1........2..5..6...3.....4.....1....5.....8......2.1.....7....9")
	if used := followHints(t, s, extreme); used[sudoku.ForcingChain]+used[sudoku.NestedForcingChain] == 0 || used[sudoku.Guess] != 0 {
		t.Errorf("hints on a puzzle that needs forcing chains: %v", used)
	}

	// A wrong digit: no solution, said plainly.
	wrong := p.Clone()
	for i, v := range sol {
		if wrong.Cells[i] == 0 {
			wrong.Cells[i] = v%9 + 1
			if wrong.Validate() == nil {
				break
			}
			wrong.Cells[i] = 0
		}
	}
	w := do(t, s, "POST", "/api/sudoku/hint", wrong.String())
	var h record.SudokuHint
	sudokuReply(t, w, "hint", &h)
	if w.Code != http.StatusOK || h.Status != status.None || !strings.Contains(h.Message, "wrong") {
		t.Errorf("wrong digit: %d %+v", w.Code, h)
	}

	w = do(t, s, "POST", "/api/sudoku/hint", "11..............")
	sudokuReply(t, w, "hint", &h)
	if w.Code != http.StatusBadRequest || h.Status != status.Invalid || !strings.Contains(h.Error, "appears twice") {
		t.Errorf("conflict: %d %q", w.Code, w.Body.String())
	}
	w = do(t, s, "POST", "/api/sudoku/hint", "1...............")
	sudokuReply(t, w, "hint", &h)
	if w.Code != http.StatusOK || h.Status != status.Multiple || !strings.Contains(h.Message, "more than one solution") {
		t.Errorf("multiple: %d %q", w.Code, w.Body.String())
	}
}

// followHints asks for hints and applies them until the grid is full,
// checking that each places digits of the solution, and returns the number
// of guesses among them.
func followHints(t *testing.T, s *Server, p *sudoku.Puzzle) (used map[sudoku.Technique]int) {
	t.Helper()
	want, _ := sudoku.Solve(context.Background(), p, sudoku.Options{})
	sol := want.Solutions[0]
	grid := p.Clone()
	used = map[sudoku.Technique]int{}
	for k := 0; ; k++ {
		if k > 81 {
			t.Fatal("the hints do not finish the grid")
		}
		w := do(t, s, "POST", "/api/sudoku/hint", grid.String())
		var h record.SudokuHint
		sudokuReply(t, w, "hint", &h)
		if w.Code != http.StatusOK {
			t.Fatalf("status %d %s", w.Code, w.Body.String())
		}
		if h.Complete {
			if grid.Givens() != 81 || !strings.Contains(h.Message, "complete") {
				t.Fatalf("solved with %d givens: %q", grid.Givens(), h.Message)
			}
			return used
		}
		if h.Status != status.Unique || len(h.Steps) == 0 || h.Message == "" {
			t.Fatalf("hint %+v", h)
		}
		last := h.Steps[len(h.Steps)-1]
		if len(last.Placements) == 0 || last.Text == "" {
			t.Fatalf("last step places nothing: %+v", last)
		}
		for _, st := range h.Steps {
			used[st.Technique]++
			if st.SE == 0 && st.Technique != sudoku.Guess {
				t.Fatalf("step without SE: %+v", st)
			}
		}
		for _, st := range h.Steps[:len(h.Steps)-1] {
			if len(st.Placements) > 0 {
				t.Fatalf("a step before the last places a digit: %+v", st)
			}
		}
		for _, c := range last.Placements {
			i := c.Row*9 + c.Col
			if grid.Cells[i] != 0 || sol[i] != uint8(c.Digit) {
				t.Fatalf("hint places %v, the solution has %d (cell holds %d)", c, sol[i], grid.Cells[i])
			}
			grid.Cells[i] = uint8(c.Digit)
		}
	}
}

func TestSudokuRate(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	w := do(t, s, "POST", "/api/sudoku/rate", sudokuClassic)
	var r record.SudokuRate
	sudokuReply(t, w, "rate", &r)
	want, err := sudoku.Rate(context.Background(), parseSudoku(t, sudokuClassic))
	if err != nil {
		t.Fatal(err)
	}
	if w.Code != http.StatusOK || r.Status != status.Unique || r.SudokuRating == nil || r.Difficulty != want.Difficulty.String() ||
		r.Hardest != want.Hardest.String() || r.Length != want.Steps || r.Rows != 9 {
		t.Fatalf("%d %+v, want %+v", w.Code, r, want)
	}
	for _, tc := range []struct {
		body   string
		code   int
		status status.Status
	}{
		{"1...............", http.StatusUnprocessableEntity, status.Multiple},
		{"123....4........", http.StatusUnprocessableEntity, status.None},
		{"11..............", http.StatusBadRequest, status.Invalid},
	} {
		w := do(t, s, "POST", "/api/sudoku/rate", tc.body)
		var r record.SudokuRate
		sudokuReply(t, w, "rate", &r)
		if w.Code != tc.code || r.Status != tc.status || r.SudokuRating != nil || (r.Error != "") != (tc.status == status.Invalid) {
			t.Errorf("%s: %d %+v, want %d %v", tc.body, w.Code, r, tc.code, tc.status)
		}
	}
}

func TestSudokuGenerate(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	for _, tc := range []struct {
		query string
		size  int
		diff  string
	}{
		{"?seed=7&difficulty=easy", 9, "easy"},
		{"?seed=3&size=4", 4, ""},
		{"?seed=18446744073709551615&size=4", 4, ""}, // beyond JavaScript's exact integers
		{"?seed=11&difficulty=medium&symmetric=1", 9, "medium"},
	} {
		w := do(t, s, "GET", "/api/sudoku/generate"+tc.query, "")
		var g record.SudokuGenerate
		sudokuReply(t, w, "generate", &g)
		if w.Code != http.StatusOK || g.Status != status.Unique || g.SudokuGenerated == nil || g.Rows != tc.size || tc.diff != "" && g.Difficulty != tc.diff || g.Missed {
			t.Fatalf("%s: %d %+v", tc.query, w.Code, g)
		}
		if seed := strings.TrimPrefix(strings.Split(tc.query, "&")[0], "?seed="); !strings.Contains(w.Body.String(), `"seed":"`+seed+`"`) {
			t.Errorf("%s: seed not the string %q: %s", tc.query, seed, w.Body.String())
		}
		// The puzzle is unique, its solution is right, and its rating is
		// what Rate says.
		p := parseSudoku(t, g.Text)
		res, _ := sudoku.Solve(context.Background(), p, sudoku.Options{})
		if res.Status != status.Unique || !p.IsSolutionOf(gridOf(g.Solution)) {
			t.Errorf("%s: status %v, solution right %v", tc.query, res.Status, p.IsSolutionOf(gridOf(g.Solution)))
		}
		if r, _ := sudoku.Rate(context.Background(), p); r.Difficulty.String() != g.Difficulty {
			t.Errorf("%s: rated %v, reported %s", tc.query, r.Difficulty, g.Difficulty)
		}
		// The same seed gives the same puzzle.
		again := do(t, s, "GET", "/api/sudoku/generate"+tc.query, "")
		var g2 record.SudokuGenerate
		sudokuReply(t, again, "generate", &g2)
		if g2.SudokuGenerated == nil || g2.Text != g.Text {
			t.Errorf("%s: seed not reproducible", tc.query)
		}
	}
	for _, q := range []string{"?size=7", "?size=x", "?difficulty=impossible", "?seed=-1", "?symmetric=2"} {
		if w := do(t, s, "GET", "/api/sudoku/generate"+q, ""); w.Code != http.StatusBadRequest {
			t.Errorf("%s: %d, want 400", q, w.Code)
		}
	}
}
