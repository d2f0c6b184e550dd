package sudoku

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/status"
)

func TestSolveReport(t *testing.T) {
	t.Parallel()
	// An empty 4×4 grid has 288 solutions; fixing one cell keeps a quarter
	// of them, by the symmetry of the digits.
	for _, tc := range []struct {
		name, puzzle string
		opt          ReportOptions
		status       status.Status
		count        int
	}{
		{"unique", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", ReportOptions{}, status.Unique, 1},
		{"multiple", "1...............", ReportOptions{}, status.Multiple, 2},
		{"all", "1...............", ReportOptions{Limit: -1, ListAll: true}, status.Multiple, 288 / 4},
		{"one", "1...............", ReportOptions{Limit: 1}, status.Solved, 1},
		{"none", "123....4........", ReportOptions{}, status.None, 0},
		{"invalid", "11..............", ReportOptions{}, status.Invalid, 0},
		{"explain", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", ReportOptions{Explain: true}, status.Unique, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := parseUnchecked(t, tc.puzzle)
			rep, res, ex := SolveReport(context.Background(), "in.txt", p, tc.opt)
			if rep.Status != tc.status || rep.Count != tc.count || len(res.Solutions) != tc.count {
				t.Fatalf("status %v count %d (%d solutions), want %v %d", rep.Status, rep.Count, len(res.Solutions), tc.status, tc.count)
			}
			if tc.status == status.Invalid {
				if !strings.Contains(rep.Error, "in.txt") || rep.Stats != nil {
					t.Errorf("invalid report %+v: want the file named and no stats", rep)
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
			n := p.Size()
			if tc.count == 0 {
				if rep.Solution != nil || rep.Stats == nil {
					t.Errorf("no solution, yet solution %v, stats %v", rep.Solution, rep.Stats)
				}
				return
			}
			for r := range n {
				for c := range n {
					if rep.Solution[r][c] != int(res.Solutions[0][r*n+c]) {
						t.Fatalf("report solution differs from result at r%dc%d", r+1, c+1)
					}
				}
			}
			if listed := len(rep.Solutions); tc.opt.ListAll && listed != tc.count || !tc.opt.ListAll && listed != 0 {
				t.Errorf("ListAll %v: %d solutions listed", tc.opt.ListAll, len(rep.Solutions))
			}
			if tc.opt.Explain != (ex != nil) || tc.opt.Explain && (len(rep.Steps) != len(ex.Steps) || rep.Stuck == ex.Solved) {
				t.Errorf("explanation %v, report steps %d stuck %v", ex != nil, len(rep.Steps), rep.Stuck)
			}
			b, err := json.Marshal(rep)
			if err != nil || !strings.Contains(string(b), `"status":"`+tc.status.String()+`"`) {
				t.Errorf("JSON %s, %v", b, err)
			}
		})
	}
}

// parseUnchecked reads a one-line puzzle without Validate, so that a
// digit given twice reaches Solve.
func parseUnchecked(t *testing.T, line string) *Puzzle {
	t.Helper()
	box := 2
	for box*box*box*box < len(line) {
		box++
	}
	p, err := New(box)
	if err != nil || len(line) != len(p.Cells) {
		t.Fatalf("bad test puzzle %q", line)
	}
	for i, ch := range line {
		if ch >= '1' && ch <= '9' {
			p.Cells[i] = uint8(ch - '0')
		}
	}
	return p
}

func TestSolveReportTimeout(t *testing.T) {
	t.Parallel()
	p, _ := New(4) // 16×16, every solution: far more than 20ms of work
	rep, _, _ := SolveReport(context.Background(), "", p, ReportOptions{Limit: -1, Timeout: 20 * time.Millisecond})
	if rep.Status != status.Timeout || rep.Error != "no answer within 20ms" {
		t.Fatalf("status %v error %q, want timeout", rep.Status, rep.Error)
	}
}

func TestSyntaxReport(t *testing.T) {
	t.Parallel()
	_, err := NewReader(strings.NewReader("# comment\n12x\n"), "bad.txt").Next()
	se, ok := err.(*SyntaxError)
	if !ok {
		t.Fatalf("error %v, want a *SyntaxError", err)
	}
	rep := SyntaxReport("bad.txt", se)
	if rep.Status != status.Invalid || rep.Line != 2 || rep.Error != se.Error() {
		t.Fatalf("report %+v", rep)
	}
}

func TestGenerateReport(t *testing.T) {
	t.Parallel()
	g, err := Generate(context.Background(), GenerateOptions{Box: 2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	rec := g.Report(3, time.Millisecond)
	if rec.Seed != 3 || rec.Size != 4 || rec.Givens != g.Puzzle.Givens() || rec.Line != g.Puzzle.String() || rec.TimeMS != 1 {
		t.Fatalf("report %+v", rec)
	}
	for r := range 4 {
		for c := range 4 {
			if rec.Puzzle[r][c] != g.Puzzle.At(r, c) || rec.Solution[r][c] != int(g.Solution[r*4+c]) {
				t.Fatalf("grids differ at r%dc%d", r+1, c+1)
			}
		}
	}
}
