package sliding

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
)

func TestParse(t *testing.T) {
	t.Parallel()
	p, err := Parse(strings.NewReader("1, 2,3 4 5 6 7 8 0\n"))
	if err != nil || p.Board.Rows != 3 || p.Board.Line() != "1 2 3 4 5 6 7 8 0" || p.Line != 1 || p.Goal != BlankLast {
		t.Fatalf("Parse = %+v, %v", p, err)
	}
	for _, tc := range []struct{ in, msg string }{
		{"1 2 3", "line 1: 3 tiles do not make a square board"},
		{"1 2 3 x", `line 1: "x" is not a tile number`},
		{"0 1 1 2", "line 1: tile 1 appears twice"},
		{"0 1 2 9", "line 1: tile 9 out of range 0..3"},
		{"0", "line 1: 1 tiles do not make a square board"},
		{"# nothing\n", "sliding: no board"},
		{"0 1 2 3\n\n1 0 2 3\n", "sliding: more than one board"},
	} {
		_, err := Parse(strings.NewReader(tc.in))
		var se *SyntaxError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), tc.msg) || !strings.HasPrefix(err.Error(), "sliding: ") {
			t.Errorf("Parse(%q) = %v, want a SyntaxError saying %q", tc.in, err, tc.msg)
		}
	}
}

// read returns what a reader of in yields: each board with its line, or
// the error.
func read(in io.Reader, file string) []string {
	var got []string
	for p, err := range NewReader(in, file).All() {
		if err != nil {
			got = append(got, err.Error())
		} else {
			got = append(got, fmt.Sprintf("%s @%d", p.Board.Line(), p.Line))
		}
	}
	return got
}

func TestReader(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, in string
		want     []string
	}{
		{"blocks", `# two boards as rows, one per line, and bad ones
1 2 3
4 5 6
7 8 0

1 2 3 4 5 6 7 0 8   # a whole board on a line
0 1 2 3 4 5 6 7 8

1 2 3
4 5

1 2 x

1 2 3 4
5 6 7 0
`, []string{
			"1 2 3 4 5 6 7 8 0 @2",
			"1 2 3 4 5 6 7 0 8 @6",
			"0 1 2 3 4 5 6 7 8 @7",
			"sliding: in.txt:10: row of 2 tiles after rows of 3",
			`sliding: in.txt:12: "x" is not a tile number`,
			"1 2 3 4 5 6 7 0 @14",
		}},
		// A list of boards, one per line, with a bad line in it: the
		// others are read.
		{"list with a short line", "1 2 3 4 5 6 7 0 8\n0 1 2 3 4 5 6 7 8\n1 2 3\n8 7 6 5 4 3 2 1 0\n", []string{
			"1 2 3 4 5 6 7 0 8 @1",
			"0 1 2 3 4 5 6 7 8 @2",
			"sliding: in.txt:3: 3 tiles do not make a square board (want 4, 9, 16, 25, ...; give rectangles as rows)",
			"8 7 6 5 4 3 2 1 0 @4",
		}},
		// Rows that make one board, then a row of another length: the
		// block is spoilt up to the next empty line.
		{"rectangle then a long row", "0 1\n2 3\n4 5 6 7\n1 0 2 3\n\n3 2 1 0\n", []string{
			"sliding: in.txt:3: row of 4 tiles after rows of 2",
			"3 2 1 0 @6",
		}},
		{"too many rows", strings.Repeat("1 2 3\n", 12) + "\n0 1 2 3\n", []string{
			"sliding: in.txt:1: a board is 2×2 to 10×10: more than 10 rows of 3 tiles",
			"0 1 2 3 @14",
		}},
		{"rows of a bad rectangle", "1 2 3\n4 5 6\n", []string{
			"sliding: in.txt:1: tile 6 out of range 0..5",
		}},
		{"crlf and commas", "1,2,3\r\n4,5,6\r\n7,8,0\r\n", []string{"1 2 3 4 5 6 7 8 0 @1"}},
		{"no final newline", "3 1 2 0", []string{"3 1 2 0 @1"}},
		{"long line", "0 1 2 3\n" + strings.Repeat(" ", maxLine+1) + "\n0 1 2 3\n", []string{
			"0 1 2 3 @1",
			"sliding: in.txt:2: line longer than 64 KiB",
		}},
		{"line of the cap", "0 1 2 3\n#" + strings.Repeat("x", maxLine-1) + "\n1 0 2 3\n", []string{"0 1 2 3 @1", "1 0 2 3 @3"}},
		{"endless line", "0 1 2 3\n\n" + strings.Repeat("\x00", 4*maxLine), []string{
			"0 1 2 3 @1",
			"sliding: in.txt:3: line longer than 64 KiB",
		}},
		{"byte-order mark", "\ufeff1 2 3\n4 5 6\n7 8 0\n", []string{"1 2 3 4 5 6 7 8 0 @1"}},
		{"byte-order mark, one line", "\ufeff3 1 2 0", []string{"3 1 2 0 @1"}},
		{"empty", "", nil},
		{"huge number", "1 2 3\n4 5 6\n7 8 9223372036854775808\n", []string{`sliding: in.txt:3: "9223372036854775808" is not a tile number`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := read(strings.NewReader(tc.in), "in.txt")
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("read:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// TestReaderStreams reads a list of boards, one per line, from an input
// that never ends: the boards come as their lines do, not at the end.
func TestReaderStreams(t *testing.T) {
	t.Parallel()
	pr, pw := io.Pipe()
	go func() {
		for i := 0; ; i++ {
			line := "1 2 3 4 5 6 7 0 8\n"
			if i%2 == 1 {
				line = "0 1 2 3 4 5 6 7 8\n"
			}
			if _, err := io.WriteString(pw, line); err != nil {
				return
			}
		}
	}()
	defer pr.Close()
	r := NewReader(pr, "pipe")
	for i := range 100 {
		p, err := r.Next()
		if err != nil || p.Line != i+1 {
			t.Fatalf("board %d: %+v, %v", i+1, p, err)
		}
	}
}

// TestReaderGoal: the reader's Goal is the goal of every puzzle it reads.
func TestReaderGoal(t *testing.T) {
	t.Parallel()
	r := NewReader(strings.NewReader("1 2 3 0\n\n0 1 2 3\n"), "")
	r.Goal = BlankFirst
	n := 0
	for p, err := range r.All() {
		if err != nil || p.Goal != BlankFirst {
			t.Errorf("%+v, %v", p, err)
		}
		n++
	}
	if n != 2 {
		t.Errorf("%d puzzles, want 2", n)
	}
}

// TestReaderReadError: an error of the input itself ends All after the
// boards read before it, and is not a SyntaxError.
func TestReaderReadError(t *testing.T) {
	t.Parallel()
	boom := errors.New("boom")
	in := io.MultiReader(strings.NewReader("1 2 3 0\n"), iotest.ErrReader(boom))
	var boards int
	var errs []error
	for p, err := range NewReader(in, "f").All() {
		if err != nil {
			errs = append(errs, err)
		} else if p != nil {
			boards++
		}
	}
	var se *SyntaxError
	if boards != 1 || len(errs) != 1 || !errors.Is(errs[0], boom) || errors.As(errs[0], &se) {
		t.Errorf("%d boards, errors %v", boards, errs)
	}
}

func TestSyntaxError(t *testing.T) {
	t.Parallel()
	cause := errors.New("cause")
	for _, tc := range []struct {
		err  SyntaxError
		want string
	}{
		{SyntaxError{File: "f.txt", Line: 3, Msg: "m"}, "sliding: f.txt:3: m"},
		{SyntaxError{Line: 3, Msg: "m"}, "sliding: line 3: m"},
		{SyntaxError{File: "f.txt", Msg: "m"}, "sliding: f.txt: m"},
		{SyntaxError{Msg: "m", Err: cause}, "sliding: m"},
	} {
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.err, got, tc.want)
		}
	}
	err := fmt.Errorf("wrapped: %w", &SyntaxError{File: "f", Line: 2, Msg: "m", Err: cause})
	var se *SyntaxError
	if !errors.As(err, &se) || !errors.Is(err, cause) {
		t.Errorf("errors.As/Is through %v failed", err)
	}
	if f, l := se.Position(); f != "f" || l != 2 {
		t.Errorf("Position = %q, %d", f, l)
	}
}

func TestReadTestdata(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob(filepath.Join("testdata", "*.txt"))
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	for _, f := range files {
		file, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		bad := 0
		for p, err := range NewReader(file, f).All() {
			var se *SyntaxError
			switch {
			case err == nil && p.Board == nil:
				t.Errorf("%s: a puzzle without a board", f)
			case err != nil && !errors.As(err, &se):
				t.Fatal(err)
			case err != nil && se.File != f:
				t.Errorf("%v: file %q", err, se.File)
			case err != nil:
				bad++
			}
		}
		file.Close()
		if strings.Contains(f, "bad") != (bad > 0) {
			t.Errorf("%s: %d bad boards", f, bad)
		}
	}
}

func FuzzReader(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.txt"))
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err == nil {
			f.Add(string(data))
		}
	}
	f.Add("1 2 3\n4 5 6\n7 8 0\n")
	f.Add(strings.Repeat("1 2 3 4 5 6 7 0 8\n", 12) + "1 2\n")
	f.Add("\ufeff1 2 3\n4 5 6\n7 8 0\n")
	f.Add("1 2 3\n4 5 6\n7 8 9223372036854775808\n\n1 0 2 3\n")
	f.Add("1 2 x\n4 5 6\n7 8 0\n\n\x00\r\n")
	f.Fuzz(func(t *testing.T, in string) {
		lines := strings.Count(in, "\n") + 1
		for p, err := range NewReader(strings.NewReader(in), "fuzz").All() {
			if (p == nil) == (err == nil) {
				t.Fatalf("both or neither board and error: %+v, %v", p, err)
			}
			line := 0
			if p != nil {
				if _, err := NewBoard(p.Board.Rows, p.Board.Cols, ints(p.Board.Tiles)); err != nil {
					t.Fatalf("the reader returned a bad board: %v", err)
				}
				p.Board.Solvable(BlankLast)
				line = p.Line
			} else {
				var se *SyntaxError
				if !errors.As(err, &se) {
					t.Fatalf("not a SyntaxError: %v", err)
				}
				line = se.Line
			}
			if line < 1 || line > lines+1 {
				t.Fatalf("line %d of %d", line, lines)
			}
		}
	})
}

func ints(b []uint8) []int {
	x := make([]int, len(b))
	for i, v := range b {
		x[i] = int(v)
	}
	return x
}
