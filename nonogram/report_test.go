package nonogram

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/status"
)

func TestSolveReport(t *testing.T) {
	t.Parallel()
	// A 2×2 picture with one cell per row and column has two solutions
	// (the two diagonals).
	diag := &Puzzle{Rows: [][]int{{1}, {1}}, Cols: [][]int{{1}, {1}}}
	heart := pictureOf(".##.##.", "#######", ".#####.", "..###..", "...#...").Clues()
	for _, tc := range []struct {
		name   string
		p      *Puzzle
		opt    ReportOptions
		status status.Status
		count  int
	}{
		{"unique", heart, ReportOptions{}, status.Unique, 1},
		{"explain", heart, ReportOptions{Explain: true}, status.Unique, 1},
		{"multiple", diag, ReportOptions{}, status.Multiple, 2},
		{"all", diag, ReportOptions{Limit: -1, ListAll: true}, status.Multiple, 2},
		{"none", &Puzzle{Rows: [][]int{{2}, {}}, Cols: [][]int{{1}, {}, {1}}}, ReportOptions{}, status.None, 0},
		{"invalid", &Puzzle{Rows: [][]int{{3}}, Cols: [][]int{{1}, {1}}}, ReportOptions{}, status.Invalid, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep, ex, err := SolveReport(context.Background(), "in.txt", tc.p, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			if rep.Status != tc.status || rep.Count != tc.count {
				t.Fatalf("status %v count %d, want %v %d (error %q)", rep.Status, rep.Count, tc.status, tc.count, rep.Error)
			}
			if tc.status == status.Invalid {
				if rep.Error == "" || rep.Stats != nil {
					t.Errorf("invalid report %+v: want an error and no stats", rep)
				}
				return
			}
			if got := len(bruteCount(tc.p, 3)); got != tc.count {
				t.Fatalf("brute force finds %d pictures, the report %d", got, tc.count)
			}
			if tc.count > 0 {
				g := NewGrid(tc.p.Width(), tc.p.Height())
				for r, row := range rep.Solution {
					for c, ch := range row {
						g.Set(r, c, ch == '#')
					}
				}
				if !tc.p.Satisfies(g) {
					t.Fatalf("report picture %q does not meet the clues", rep.Solution)
				}
			}
			if listed := len(rep.Solutions); tc.opt.ListAll && listed != tc.count || !tc.opt.ListAll && listed != 0 {
				t.Errorf("ListAll %v: %d pictures listed", tc.opt.ListAll, len(rep.Solutions))
			}
			if tc.opt.Explain != (ex != nil) || tc.opt.Explain && (len(rep.Steps) != len(ex.Steps) || rep.Explained == nil || *rep.Explained != ex.Solved) {
				t.Errorf("explanation %v, report steps %d", ex != nil, len(rep.Steps))
			}
		})
	}
}

func TestSolveReportTimeout(t *testing.T) {
	t.Parallel()
	// 30 rows and columns of clue 1: 30! pictures, far more than 20ms of work.
	p := &Puzzle{}
	for range 30 {
		p.Rows = append(p.Rows, []int{1})
		p.Cols = append(p.Cols, []int{1})
	}
	rep, _, _ := SolveReport(context.Background(), "", p, ReportOptions{Limit: -1, Timeout: 20 * time.Millisecond})
	if rep.Status != status.Timeout || rep.Error != "no answer within 20ms" {
		t.Fatalf("status %v error %q, want timeout", rep.Status, rep.Error)
	}
}

func TestErrorReport(t *testing.T) {
	t.Parallel()
	_, err := NewReader(strings.NewReader("2 2\n1\n1\n1\nx\n"), "bad.txt", FormatPlain).Next()
	if err == nil {
		t.Fatal("no error")
	}
	rep := ErrorReport("bad.txt", err)
	if rep.Status != status.Invalid || rep.Line != 5 || rep.Error != err.Error() {
		t.Fatalf("report %+v for %v", rep, err)
	}
}
