package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInvalidSaysPlaceOnce checks the human line of a puzzle that cannot
// be read, in every family: "file:line: invalid: what", the place said
// once and no family prefix.
func TestInvalidSaysPlaceOnce(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tc := range []struct {
		args       []string
		in         string
		line, want string
	}{
		{[]string{"sudoku", "solve"}, "1 2 3 ?\n0 0 0 0\n", "1", `row 1, column 4: "?" is not a cell value`},
		{[]string{"sudoku", "rate"}, "1 2 3 ?\n0 0 0 0\n", "1", `row 1, column 4: "?" is not a cell value`},
		{[]string{"nonogram", "solve"}, "2 2\n1\n", "2", "input ends after 1 of 2 row clues"},
		{[]string{"nonogram", "solve", "--from", "plain"}, "2 2\n3\n0\n1\n1\n", "2", "row 1 clue 3 needs 3 cells, the row has 2"},
		{[]string{"nonogram", "solve", "--from", "xml"}, "<puzzleset><puzzle>\n<clues type=\"rows\"><line><count><b>1</b></count></line></clues></puzzle></puzzleset>\n",
			"2", "row 1: unexpected element <b> inside <count> (want a number)"},
		{[]string{"sliding", "solve"}, "1 2\n3 4 5\n", "2", "row of 3 tiles after rows of 2"},
		{[]string{"queens", "complete"}, "n 8\n0:9\n", "2", "queen 0:9 is off the 8×8 board"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			t.Parallel()
			file := filepath.Join(dir, strings.Join(tc.args, "-"))
			if err := os.WriteFile(file, []byte(tc.in), 0o644); err != nil {
				t.Fatal(err)
			}
			out, errs, code := runCmd(t, "", append(tc.args, file)...)
			place := file + ":" + tc.line
			want := place + ": invalid: " + tc.want + "\n"
			if code != exitFail || !strings.HasPrefix(out, want) || strings.Count(out+errs, place) != 1 || strings.Contains(out, tc.args[0]+": ") {
				t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s\nwant a line %q, the place once", code, out, errs, want)
			}
		})
	}
}

// TestEmptyInput runs every family's verbs that read puzzles on inputs
// without any: no puzzle is not an error (exit 0, no output), and the
// verbs that answer each puzzle say on stderr that there was none.
func TestEmptyInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	comments := filepath.Join(dir, "comments")
	if err := os.WriteFile(comments, []byte("\ufeff# no puzzle here\n\n# nor here\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		note bool // says "no puzzle" on stderr
	}{
		{[]string{"sudoku", "solve"}, true},
		{[]string{"sudoku", "solve", "--json"}, true},
		{[]string{"sudoku", "rate"}, true},
		{[]string{"sudoku", "format"}, false},
		{[]string{"nonogram", "solve"}, true},
		{[]string{"nonogram", "solve", "--json"}, true},
		{[]string{"nonogram", "solve", "--from", "xml"}, true},
		{[]string{"nonogram", "convert", "--to", "xml"}, false},
		{[]string{"sliding", "solve"}, true},
		{[]string{"sliding", "solve", "--json"}, true},
		{[]string{"queens", "complete"}, true},
		{[]string{"queens", "complete", "--json"}, true},
	} {
		for _, in := range []string{"", "-", empty, comments} {
			if in == comments && len(tc.args) > 3 && tc.args[3] == "xml" {
				continue // not XML
			}
			t.Run(strings.Join(tc.args, " ")+" "+filepath.Base(in), func(t *testing.T) {
				t.Parallel()
				args := tc.args
				if in != "" {
					args = append(args[:len(args):len(args)], in)
				}
				out, errs, code := runCmd(t, "", args...)
				note := strings.Contains(errs, "no puzzle in the input")
				if code != exitOK || out != "" || note != tc.note || tc.note && strings.Count(errs, "\n") != 1 {
					t.Errorf("exit %d, stdout %q, stderr %q; want exit 0, nothing on stdout, a note on stderr %v", code, out, errs, tc.note)
				}
			})
		}
	}
}
