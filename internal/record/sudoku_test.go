package record

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/schematest"
	"github.com/puzzlesolvers/puzzle/status"
	"github.com/puzzlesolvers/puzzle/sudoku"
)

const sudokuClassic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

// parseUnchecked reads a one-line puzzle without Validate, so that a
// digit given twice reaches Solve.
func parseUnchecked(t *testing.T, line string) *sudoku.Puzzle {
	t.Helper()
	box := 2
	for box*box*box*box < len(line) {
		box++
	}
	p, err := sudoku.New(box)
	if err != nil || len(line) != len(p.Cells) {
		t.Fatalf("bad test puzzle %q", line)
	}
	for i, ch := range line {
		if ch >= '1' && ch <= '9' {
			p.Cells[i] = uint8(ch - '0')
		}
	}
	p.Line = 1
	return p
}

func TestNewSudokuSolve(t *testing.T) {
	t.Parallel()
	// An empty 4×4 grid has 288 solutions; fixing one cell keeps a quarter
	// of them, by the symmetry of the digits.
	for _, tc := range []struct {
		name, puzzle string
		opt          SudokuOptions
		status       status.Status
		count        int
	}{
		{"unique", sudokuClassic, SudokuOptions{}, status.Unique, 1},
		{"multiple", "1...............", SudokuOptions{}, status.Multiple, 2},
		{"all", "1...............", SudokuOptions{Limit: -1, ListAll: true}, status.Multiple, 288 / 4},
		{"one", "1...............", SudokuOptions{Limit: 1}, status.Solved, 1},
		{"none", "123....4........", SudokuOptions{}, status.None, 0},
		{"none explained", "123....4........", SudokuOptions{Explain: true}, status.None, 0},
		{"invalid", "11..............", SudokuOptions{}, status.Invalid, 0},
		{"explain", sudokuClassic, SudokuOptions{Explain: true}, status.Unique, 1},
		{"explain stuck", "1...............", SudokuOptions{Explain: true}, status.Multiple, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := parseUnchecked(t, tc.puzzle)
			rec := NewSudokuSolve(context.Background(), "in.txt", p, tc.opt)
			schematest.ValidateValue(t, "sudoku.json#/$defs/solve", rec)
			res := rec.Result
			if rec.Status != tc.status || rec.Count != tc.count || len(res.Solutions) != tc.count {
				t.Fatalf("status %v count %d (%d solutions), want %v %d", rec.Status, rec.Count, len(res.Solutions), tc.status, tc.count)
			}
			if tc.status == status.Invalid {
				var ce *sudoku.ConflictError
				if !strings.HasPrefix(rec.Error, "sudoku: in.txt:1: ") || rec.Stats != nil || !errors.As(rec.Cause, &ce) || ce.Digit != 1 {
					t.Errorf("invalid record %+v: want the file and line named, no stats and the conflict as the cause", rec)
				}
				return
			}
			for i, s := range res.Solutions {
				if !p.IsSolutionOf(s) {
					t.Fatalf("solution %d is not a solution", i)
				}
				if i > 0 && string(res.Solutions[i-1]) >= string(s) {
					t.Fatalf("solutions not sorted at %d", i)
				}
			}
			if rec.Rows != p.Size() || rec.Cols != p.Size() || rec.Box != p.Box {
				t.Errorf("rows %d cols %d box %d", rec.Rows, rec.Cols, rec.Box)
			}
			n := p.Size()
			if tc.count == 0 {
				if rec.Solution != nil || rec.Stats == nil {
					t.Errorf("no solution, yet solution %v, stats %v", rec.Solution, rec.Stats)
				}
			} else {
				for r := range n {
					for c := range n {
						if rec.Solution[r][c] != int(res.Solutions[0][r*n+c]) {
							t.Fatalf("record solution differs from result at r%dc%d", r+1, c+1)
						}
					}
				}
			}
			if listed := len(rec.Solutions); tc.opt.ListAll && listed != tc.count || !tc.opt.ListAll && listed != 0 {
				t.Errorf("ListAll %v: %d solutions listed", tc.opt.ListAll, len(rec.Solutions))
			}
			ex := rec.Explanation
			if tc.opt.Explain != (ex != nil) || tc.opt.Explain && len(rec.Steps) != len(ex.Steps) {
				t.Fatalf("explanation %v, record steps %d", ex != nil, len(rec.Steps))
			}
			switch {
			case !tc.opt.Explain:
			case tc.status == status.None:
				// Logic proves there is none: the contradiction is the reason.
				if rec.Stuck || !strings.Contains(rec.Reason, "has no") || rec.Error != "" {
					t.Errorf("none explained: stuck %v reason %q error %q", rec.Stuck, rec.Reason, rec.Error)
				}
			case rec.Stuck == ex.Solved || rec.Stuck != (tc.status == status.Multiple):
				t.Errorf("stuck %v, explanation solved %v", rec.Stuck, ex.Solved)
			}
			b, err := json.Marshal(rec)
			if err != nil || !strings.Contains(string(b), `"status":"`+tc.status.String()+`"`) {
				t.Errorf("JSON %s, %v", b, err)
			}
		})
	}
}

func TestNewSudokuSolveTimeout(t *testing.T) {
	t.Parallel()
	p, _ := sudoku.New(4) // 16×16, every solution: far more than 20ms of work
	rec := NewSudokuSolve(context.Background(), "", p, SudokuOptions{Limit: -1, Timeout: 20 * time.Millisecond})
	if rec.Status != status.Timeout || rec.Error != "no answer within 20ms" {
		t.Fatalf("status %v error %q, want timeout", rec.Status, rec.Error)
	}
	schematest.ValidateValue(t, "sudoku.json#/$defs/solve", rec)

	// A limit spent before the search starts (a request that waited in
	// the server's queue): a timeout record without a solver, still valid.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rec = NewSudokuSolve(ctx, "", p, SudokuOptions{})
	if rec.Status != status.Timeout {
		t.Fatalf("cancelled: status %v", rec.Status)
	}
	schematest.ValidateValue(t, "sudoku.json#/$defs/solve", rec)
}

func TestSudokuInvalid(t *testing.T) {
	t.Parallel()
	_, err := sudoku.NewReader(strings.NewReader("# comment\n12x\n"), "bad.txt").Next()
	rec := &SudokuSolve{Head: Invalid("bad.txt", err)}
	if rec.Status != status.Invalid || rec.Line != 2 || rec.File != "bad.txt" || rec.Error != err.Error() {
		t.Fatalf("record %+v", rec)
	}
	schematest.ValidateValue(t, "sudoku.json#/$defs/solve", rec)
}

func TestNewSudokuRate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, puzzle string
		status       status.Status
		difficulty   string
	}{
		{"unique", sudokuClassic, status.Unique, "easy"},
		{"full", "1234341221434321", status.Unique, "easy"},
		{"multiple", "1...............", status.Multiple, ""},
		{"none", "123....4........", status.None, ""},
		{"invalid", "11..............", status.Invalid, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			rec := NewSudokuRate(context.Background(), "in.txt", parseUnchecked(t, tc.puzzle), 0)
			schematest.ValidateValue(t, "sudoku.json#/$defs/rate", rec)
			got := ""
			if rec.SudokuRating != nil {
				got = rec.Difficulty
			}
			if rec.Status != tc.status || got != tc.difficulty {
				t.Fatalf("status %v difficulty %q, want %v %q", rec.Status, got, tc.status, tc.difficulty)
			}
			if (rec.Error != "") != (tc.status == status.Invalid) {
				t.Errorf("error %q with status %v", rec.Error, rec.Status)
			}
		})
	}
	t.Run("timeout", func(t *testing.T) {
		t.Parallel()
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		rec := NewSudokuRate(ctx, "in.txt", parseUnchecked(t, sudokuClassic), 0)
		if rec.Status != status.Timeout || rec.Error == "" {
			t.Fatalf("record %+v", rec)
		}
		schematest.ValidateValue(t, "sudoku.json#/$defs/rate", rec)
	})
}

func TestNewSudokuGenerate(t *testing.T) {
	t.Parallel()
	rec, err := NewSudokuGenerate(context.Background(), sudoku.GenerateOptions{Box: 2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	schematest.ValidateValue(t, "sudoku.json#/$defs/generate", rec)
	g := rec.Generated
	if rec.Status != status.Unique || rec.Seed != 3 || rec.Rows != 4 || rec.Givens != g.Puzzle.Givens() || rec.Text != g.Puzzle.String() {
		t.Fatalf("record %+v", rec)
	}
	for r := range 4 {
		for c := range 4 {
			if rec.Puzzle[r][c] != g.Puzzle.At(r, c) || rec.Solution[r][c] != int(g.Solution[r*4+c]) {
				t.Fatalf("grids differ at r%dc%d", r+1, c+1)
			}
		}
	}
	b, _ := json.Marshal(rec)
	if !strings.Contains(string(b), `"seed":"3"`) {
		t.Errorf("seed not a string: %s", b)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rec, err = NewSudokuGenerate(ctx, sudoku.GenerateOptions{Box: 3, Seed: 1})
	if err != nil || rec.Status != status.Timeout || rec.Error == "" || rec.SudokuGenerated != nil {
		t.Fatalf("cancelled: %v %+v", err, rec)
	}
	schematest.ValidateValue(t, "sudoku.json#/$defs/generate", rec)
}
