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
)

// bruteNonogram returns every picture of a small grid whose lines have the
// clues, by enumeration: the oracle of these tests.
func bruteNonogram(rows, cols [][]int) [][]string {
	h, w := len(rows), len(cols)
	if w*h > 16 {
		panic("too large for the brute force")
	}
	runs := func(line []bool) []int {
		var out []int
		n := 0
		for _, f := range append(line, false) {
			if f {
				n++
			} else if n > 0 {
				out = append(out, n)
				n = 0
			}
		}
		return out
	}
	var found [][]string
	for m := range 1 << (w * h) {
		at := func(r, c int) bool { return m>>(r*w+c)&1 == 1 }
		ok := true
		for r := 0; r < h && ok; r++ {
			line := make([]bool, w)
			for c := range w {
				line[c] = at(r, c)
			}
			ok = slices.Equal(runs(line), rows[r])
		}
		for c := 0; c < w && ok; c++ {
			line := make([]bool, h)
			for r := range h {
				line[r] = at(r, c)
			}
			ok = slices.Equal(runs(line), cols[c])
		}
		if !ok {
			continue
		}
		pic := make([]string, h)
		for r := range h {
			var b strings.Builder
			for c := range w {
				b.WriteByte(".#"[m>>(r*w+c)&1])
			}
			pic[r] = b.String()
		}
		found = append(found, pic)
	}
	return found
}

func TestNewNonogramSolve(t *testing.T) {
	t.Parallel()
	diag := &nonogram.Puzzle{Rows: [][]int{{1}, {1}}, Cols: [][]int{{1}, {1}}, Line: 3}
	tee := &nonogram.Puzzle{Rows: [][]int{{3}, {1}, {1}}, Cols: [][]int{{1}, {3}, {1}}, Name: "tee", Line: 1}
	none := &nonogram.Puzzle{Rows: [][]int{{2}, {}}, Cols: [][]int{{1}, {}, {1}}}
	bad := &nonogram.Puzzle{Rows: [][]int{{3}}, Cols: [][]int{{1}, {1}}, File: "in.txt", Line: 7}
	// Six pictures (the permutations of 3): any two found differ on 4 or
	// 6 cells, but every cell differs between some two.
	perm := &nonogram.Puzzle{Rows: [][]int{{1}, {1}, {1}}, Cols: [][]int{{1}, {1}, {1}}}
	for _, tc := range []struct {
		name   string
		p      *nonogram.Puzzle
		opt    NonogramOptions
		status status.Status
	}{
		{"unique", tee, NonogramOptions{}, status.Unique},
		{"explain", tee, NonogramOptions{Explain: true}, status.Unique},
		{"multiple", diag, NonogramOptions{}, status.Multiple},
		{"multiple explained", diag, NonogramOptions{Explain: true}, status.Multiple},
		{"multiple undecided", diag, NonogramOptions{Undecided: true}, status.Multiple},
		{"permutations undecided", perm, NonogramOptions{Undecided: true}, status.Multiple},
		{"permutations", perm, NonogramOptions{}, status.Multiple},
		{"permutations streamed", perm, NonogramOptions{Limit: 3, ListAll: true, Undecided: true,
			Found: func(*nonogram.Grid) bool { return true }}, status.Multiple},
		{"any undecided", perm, NonogramOptions{Limit: 1, Undecided: true}, status.Solved},
		{"all", diag, NonogramOptions{Limit: -1, ListAll: true}, status.Multiple},
		{"any", diag, NonogramOptions{Limit: 1}, status.Solved},
		{"none", none, NonogramOptions{Explain: true}, status.None},
		{"invalid", bad, NonogramOptions{}, status.Invalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			rec := NewNonogramSolve(context.Background(), "in.txt", tc.p, tc.opt)
			b, err := json.Marshal(rec)
			if err != nil {
				t.Fatal(err)
			}
			schematest.Validate(t, "nonogram.json#/$defs/solve", b)
			if rec.Status != tc.status {
				t.Fatalf("status %v, want %v (error %q)", rec.Status, tc.status, rec.Error)
			}
			if tc.status == status.Invalid {
				want := `{"file":"in.txt","line":7,"status":"invalid","error":"nonogram: in.txt:7: row 1 clue 3 needs 3 cells, the row has 2"}`
				if string(b) != want {
					t.Errorf("invalid record %s, want %s", b, want)
				}
				return
			}
			if rec.File != "in.txt" || rec.Line != tc.p.Line || rec.Name != tc.p.Name || rec.Rows != tc.p.Height() || rec.Cols != tc.p.Width() {
				t.Errorf("head %+v, size %d×%d", rec.Head, rec.Rows, rec.Cols)
			}
			brute := bruteNonogram(tc.p.Rows, tc.p.Cols)
			want := min(len(brute), 2)
			if tc.opt.Limit < 0 {
				want = len(brute)
			} else if tc.opt.Limit > 0 {
				want = min(len(brute), tc.opt.Limit)
			}
			if rec.Count != want {
				t.Fatalf("count %d, the brute force finds %d pictures (limit %d)", rec.Count, len(brute), tc.opt.Limit)
			}
			pics := append([][]string{}, rec.Solutions...)
			if rec.Solution != nil {
				pics = append(pics, rec.Solution)
			}
			for _, pic := range pics {
				if !slices.ContainsFunc(brute, func(b []string) bool { return slices.Equal(b, pic) }) {
					t.Errorf("picture %q is not one of the brute force's %q", pic, brute)
				}
			}
			if listed := len(rec.Solutions); tc.opt.ListAll && tc.opt.Found == nil && listed != rec.Count || (!tc.opt.ListAll || tc.opt.Found != nil) && listed != 0 {
				t.Errorf("ListAll %v: %d pictures listed", tc.opt.ListAll, listed)
			}
			// Asked for, the undecided cells are those where some two of
			// the pictures the brute force enumerates differ.
			var differ []Cell
			if tc.status == status.Multiple && tc.opt.Undecided {
				for r := range brute[0] {
					for c := range brute[0][r] {
						if slices.ContainsFunc(brute[1:], func(b []string) bool { return b[r][c] != brute[0][r][c] }) {
							differ = append(differ, Cell{Row: r, Col: c})
						}
					}
				}
			}
			if !slices.Equal(rec.Undecided, differ) {
				t.Errorf("undecided cells %v, want %v", rec.Undecided, differ)
			}
			if tc.opt.Explain != (rec.Explanation != nil) || tc.opt.Explain && (len(rec.Steps) != len(rec.Explanation.Steps) || rec.Explained == nil || *rec.Explained != rec.Explanation.Solved) {
				t.Errorf("explanation %v, steps %d", rec.Explanation != nil, len(rec.Steps))
			}
		})
	}
}

func TestNewNonogramSolveTimeout(t *testing.T) {
	t.Parallel()
	// 30 rows and columns of clue 1: 30! pictures, far more than 20ms of work.
	p := &nonogram.Puzzle{}
	for range 30 {
		p.Rows = append(p.Rows, []int{1})
		p.Cols = append(p.Cols, []int{1})
	}
	rec := NewNonogramSolve(context.Background(), "", p, NonogramOptions{Limit: -1, Timeout: 20 * time.Millisecond})
	if rec.Status != status.Timeout || rec.Error != "no answer within 20ms" || rec.Stats == nil {
		t.Fatalf("status %v error %q, want timeout", rec.Status, rec.Error)
	}
	schematest.ValidateValue(t, "nonogram.json#/$defs/solve", rec)
}

func TestNonogramSteps(t *testing.T) {
	t.Parallel()
	steps := NonogramSteps([]nonogram.Step{
		{Rule: "line", Line: "row 3", Clue: []int{2}, Fill: [][]int{{2, 0}, {2, 1}}, Empty: [][]int{{2, 4}}, Text: "row 3 ..."},
		{Rule: "overlap", Line: "column 12", Clue: []int{1}, Text: "column 12 ..."},
		{Rule: "both-ways", Cell: []int{4, 5}, Fill: [][]int{{0, 0}}, Colors: []int{2}, Text: "r5c6 ..."},
	})
	b, _ := json.Marshal(steps)
	want := `[{"rule":"line","row":2,"clue":[2],"filled_cells":[{"row":2,"col":0},{"row":2,"col":1}],"empty_cells":[{"row":2,"col":4}],"text":"row 3 ..."},` +
		`{"rule":"overlap","col":11,"clue":[1],"text":"column 12 ..."},` +
		`{"rule":"both-ways","cell":{"row":4,"col":5},"filled_cells":[{"row":0,"col":0}],"filled_colors":[2],"text":"r5c6 ..."}]`
	if string(b) != want {
		t.Errorf("steps\n%s\nwant\n%s", b, want)
	}
	for _, s := range steps {
		schematest.ValidateValue(t, "nonogram.json#/$defs/step", s)
	}
}

func TestNewNonogramExplain(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		p      *nonogram.Puzzle
		status status.Status
	}{
		{"unique", &nonogram.Puzzle{Rows: [][]int{{3}, {1}, {1}}, Cols: [][]int{{1}, {3}, {1}}}, status.Unique},
		{"multiple", &nonogram.Puzzle{Rows: [][]int{{1}, {1}}, Cols: [][]int{{1}, {1}}}, status.Multiple},
		{"none", &nonogram.Puzzle{Rows: [][]int{{2}, {}}, Cols: [][]int{{1}, {}, {1}}}, status.None},
	} {
		rec := NewNonogramExplain(context.Background(), "request", tc.p, time.Second)
		schematest.ValidateValue(t, "nonogram.json#/$defs/explain", rec)
		if rec.Status != tc.status || rec.Rows != tc.p.Height() || rec.Cols != tc.p.Width() {
			t.Errorf("%s: status %v, %d×%d", tc.name, rec.Status, rec.Rows, rec.Cols)
		}
		if brute := bruteNonogram(tc.p.Rows, tc.p.Cols); min(len(brute), 2) != map[status.Status]int{status.None: 0, status.Unique: 1, status.Multiple: 2}[rec.Status] {
			t.Errorf("%s: status %v, the brute force finds %d pictures", tc.name, rec.Status, len(brute))
		}
	}
}

// The rate record: a rating exactly for a puzzle the brute force finds one
// picture for, multiple and none otherwise, every record valid by the
// schema.
func TestNewNonogramRate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name       string
		rows, cols [][]int
		difficulty string
	}{
		{"full", [][]int{{3}, {3}, {3}}, [][]int{{3}, {3}, {3}}, "easy"},
		{"several", [][]int{{1}, {1}}, [][]int{{1}, {1}}, ""},
		{"none", [][]int{{1}, {}, {1}}, [][]int{{2}, {}, {}}, ""},
		{"invalid", [][]int{{5}}, [][]int{{1}}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := &nonogram.Puzzle{Rows: tc.rows, Cols: tc.cols, Line: 1}
			rec := NewNonogramRate(context.Background(), "in.txt", p, 0)
			schematest.ValidateValue(t, "nonogram.json#/$defs/rate", rec)
			want := status.Invalid
			if tc.name != "invalid" {
				want = []status.Status{status.None, status.Unique, status.Multiple}[min(len(bruteNonogram(tc.rows, tc.cols)), 2)]
			}
			got := ""
			if rec.NonogramRating != nil {
				got = rec.Difficulty
			}
			if rec.Status != want || got != tc.difficulty {
				t.Errorf("status %v, difficulty %q; want %v, %q", rec.Status, got, want, tc.difficulty)
			}
		})
	}
}
