package queens

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestReadEdges reads inputs at the edges of the format: each gives the
// puzzles (their lines) and the errors (line and message) listed.
func TestReadEdges(t *testing.T) {
	t.Parallel()
	type fail struct {
		line int
		msg  string
	}
	manyQueens := "n 100000\n" + strings.Repeat("0:0 ", MaxComplete+1) + "\n\nn 4\n"
	for _, tc := range []struct {
		name  string
		in    string
		lines []int
		errs  []fail
	}{
		{"empty", "", nil, nil},
		{"comments only", "# nothing\n\n", nil, nil},
		{"byte-order mark", "\ufeffn 8\n0:3\n", []int{1}, nil},
		{"byte-order mark, bare size", "\ufeff8", []int{1}, nil},
		{"more queens than columns", "n 2\n0:0 1:1\n0:1\n\nn 3\n", []int{1, 5}, nil}, // Solve says none
		{"more queens than any board", manyQueens, []int{4}, []fail{{2, "more than 16384 queens"}}},
		{"huge size", "n 9223372036854775808\n", nil, []fail{{1, `want the board size "n N"`}}},
		{"line of the cap", "#" + strings.Repeat("x", maxLine-1) + "\nn 4\n", []int{2}, nil},
		{"line over the cap", "n 4\n\n#" + strings.Repeat("x", maxLine) + "\nn 5\n", []int{1}, []fail{{3, "line longer than 1 MiB"}}},
		{"endless line", "n 4\n" + strings.Repeat("\x00", maxLine+10), nil, []fail{{2, "line longer than 1 MiB"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var lines []int
			var errs []error
			for p, err := range NewReader(strings.NewReader(tc.in), "f").All() {
				if err != nil {
					errs = append(errs, err)
					continue
				}
				lines = append(lines, p.Line)
			}
			if !slices.Equal(lines, tc.lines) {
				t.Errorf("puzzles at lines %v, want %v", lines, tc.lines)
			}
			if len(errs) != len(tc.errs) {
				t.Fatalf("errors %v, want %v", errs, tc.errs)
			}
			for i, w := range tc.errs {
				var se *SyntaxError
				if !errors.As(errs[i], &se) || se.File != "f" || se.Line != w.line || !strings.Contains(se.Msg, w.msg) {
					t.Errorf("error %d: %v, want f:%d: %q", i, errs[i], w.line, w.msg)
				}
			}
		})
	}
}
