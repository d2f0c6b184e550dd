package sudoku

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlesolvers/puzzle/status"
)

func readFile(t *testing.T, name string) ([]*Puzzle, []error) {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return readEvery(f, name)
}

// readEvery reads every record of r, keeping the per-puzzle errors.
func readEvery(r io.Reader, name string) ([]*Puzzle, []error) {
	rd := NewReader(r, name)
	var ps []*Puzzle
	var errs []error
	for {
		p, err := rd.Next()
		if err == io.EOF {
			return ps, errs
		}
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				return ps, append(errs, err)
			}
			errs = append(errs, err)
			continue
		}
		ps = append(ps, p)
	}
}

func TestReadLayouts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file  string
		count int
		box   int
		lines []int
		names []string
		check func(*testing.T, []*Puzzle)
	}{
		{file: "testdata/euler.txt", count: 2, box: 3, lines: []int{1, 11}, names: []string{"Grid 01", "Grid 02"},
			check: func(t *testing.T, ps []*Puzzle) {
				if ps[0].At(0, 2) != 3 || ps[0].At(8, 6) != 3 || ps[1].At(0, 0) != 2 {
					t.Errorf("cells read wrong: %v", ps[0])
				}
			}},
		{file: "testdata/crlf.txt", count: 2, box: 3, lines: []int{2, 3},
			check: func(t *testing.T, ps []*Puzzle) {
				if ps[0].At(0, 0) != 4 || ps[1].Givens() != 17 {
					t.Errorf("cells read wrong: %v", ps[1])
				}
			}},
		{file: "testdata/grid16.txt", count: 1, box: 4, lines: []int{2},
			check: func(t *testing.T, ps []*Puzzle) {
				if ps[0].At(0, 0) != 13 || ps[0].At(0, 8) != 16 || ps[0].At(1, 15) != 11 {
					t.Errorf("cells read wrong: %v", ps[0])
				}
			}},
		{file: "testdata/csv.txt", count: 2, box: 3, lines: []int{2, 3},
			check: func(t *testing.T, ps []*Puzzle) {
				if ps[0].At(0, 2) != 6 || ps[0].Givens() != 25 || !slices.Equal(ps[0].Cells, ps[1].Cells) {
					t.Errorf("cells read wrong: %v", ps[0])
				}
			}},
		{file: "testdata/pretty.txt", count: 1, box: 3, lines: []int{1},
			check: func(t *testing.T, ps []*Puzzle) {
				if ps[0].At(0, 0) != 5 || ps[0].At(8, 8) != 9 || ps[0].Givens() != 30 {
					t.Errorf("cells read wrong: %v", ps[0])
				}
			}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			ps, errs := readFile(t, tc.file)
			if len(errs) > 0 {
				t.Fatalf("errors: %v", errs)
			}
			if len(ps) != tc.count {
				t.Fatalf("read %d puzzles, want %d", len(ps), tc.count)
			}
			for i, p := range ps {
				if p.Box != tc.box {
					t.Errorf("puzzle %d: box %d, want %d", i, p.Box, tc.box)
				}
				if p.Line != tc.lines[i] {
					t.Errorf("puzzle %d: line %d, want %d", i, p.Line, tc.lines[i])
				}
				if tc.names != nil && p.Name != tc.names[i] {
					t.Errorf("puzzle %d: name %q, want %q", i, p.Name, tc.names[i])
				}
			}
			tc.check(t, ps)
		})
	}
}

func TestReadErrors(t *testing.T) {
	t.Parallel()
	ps, errs := readFile(t, "testdata/bad.txt")
	want := []struct {
		line int
		msg  string
	}{
		{3, "row has 80 values"},
		{4, `'x' is 33, out of range 1..9`},
		{5, "digit 5 appears twice in row 1"},
		{10, "grid ends after 4 rows, want 9"},
	}
	if len(ps) != 1 || ps[0].Line != 2 {
		t.Errorf("want the one good puzzle of line 2, got %d puzzles", len(ps))
	}
	if len(errs) != len(want) {
		t.Fatalf("got %d errors, want %d: %v", len(errs), len(want), errs)
	}
	for i, w := range want {
		var se *SyntaxError
		if !errors.As(errs[i], &se) {
			t.Fatalf("error %d is %T, not a *SyntaxError: %v", i, errs[i], errs[i])
		}
		if se.Line != w.line || se.File != "testdata/bad.txt" || !strings.Contains(se.Msg, w.msg) {
			t.Errorf("error %d = %v, want line %d and %q", i, errs[i], w.line, w.msg)
		}
		if !strings.HasPrefix(se.Error(), "sudoku: testdata/bad.txt:") {
			t.Errorf("error text %q lacks the file prefix", se.Error())
		}
	}
}

func TestReadMessages(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, msg string }{
		{"1 2 3\n", "row has 3 values"},
		{"1 2 3 4\n1 2\n", "row 2 has 2 values, want 4"},
		{"1 2 3 4\n3 4 1 2\n2 1 4 5\n", "out of range 1..4"},
		{strings.Repeat("H", 256) + "\n", "out of range 1..16"},
		{"Grid 7\n", `"Grid 7" is not followed by a grid`},
		{"quizzes,solutions\n" + strings.Repeat(".", 80) + ",x\n", "first CSV field has 80 characters"},
		{"1 2\n3 4\n", "row has 2 values"},
		{"1 -3 0 0\n", `column 2: "-3" is not a cell value`},
		{"1 --3 0 0\n", `row has 6 values`},
	}
	for _, tc := range tests {
		_, errs := readEvery(strings.NewReader(tc.in), "in")
		if len(errs) == 0 || !strings.Contains(errs[0].Error(), tc.msg) {
			t.Errorf("reading %.40q: errors %v, want %q", tc.in, errs, tc.msg)
		}
	}
}

func TestReadCSV(t *testing.T) {
	t.Parallel()
	line := strings.Repeat(".", 80) + "1"
	ps, errs := readEvery(strings.NewReader("quizzes,solutions\n"+line+","+strings.Repeat("1", 81)+"\n"), "csv")
	if len(errs) > 0 || len(ps) != 1 || ps[0].Cells[80] != 1 || ps[0].Line != 2 {
		t.Fatalf("CSV read: %v %v", ps, errs)
	}
}

func TestReadRejectsHugeLine(t *testing.T) {
	t.Parallel()
	_, errs := readEvery(strings.NewReader(strings.Repeat("1", 2<<20)), "huge")
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "longer than 1 MiB") {
		t.Fatalf("errors %v", errs)
	}
}

// randomPuzzle returns a random valid puzzle of box size b: a complete grid
// from RandomSolution with each cell kept with probability keep.
func randomPuzzle(t testing.TB, rng *rand.Rand, b int, keep float64) *Puzzle {
	t.Helper()
	sol, err := RandomSolution(t.Context(), b, nil, rng)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := New(b)
	for i, v := range sol {
		if rng.Float64() < keep {
			p.Cells[i] = v
		}
	}
	return p
}

func TestFormatRoundTrip(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for b := MinBox; b <= MaxBox; b++ {
		p := randomPuzzle(t, rng, b, 0.4)
		for _, f := range []Format{FormatLine, FormatGrid, FormatEuler, FormatPretty} {
			var buf bytes.Buffer
			err := p.Format(&buf, f)
			if f == FormatEuler && p.Size() > 9 || f == FormatLine && p.Size() > maxLineValues {
				if err == nil {
					t.Errorf("box %d: format %v accepted a %d×%d grid", b, f, p.Size(), p.Size())
				}
				continue
			}
			if err != nil {
				t.Fatalf("box %d format %v: %v", b, f, err)
			}
			text := buf.String()
			// Two copies: the reader must find where one ends.
			got, errs := readEvery(strings.NewReader(text+"\n"+text), f.String())
			if len(errs) > 0 || len(got) != 2 {
				t.Fatalf("box %d format %v: read back %d puzzles, errors %v\n%s", b, f, len(got), errs, text)
			}
			for _, q := range got {
				if q.Box != b || !slices.Equal(q.Cells, p.Cells) {
					t.Fatalf("box %d format %v: round trip changed the grid\n%s", b, f, text)
				}
			}
		}
	}
}

func TestParseFormat(t *testing.T) {
	t.Parallel()
	for _, name := range formatNames {
		f, err := ParseFormat(name)
		if err != nil || f.String() != name {
			t.Errorf("ParseFormat(%q) = %v, %v", name, f, err)
		}
	}
	if _, err := ParseFormat("xml"); err == nil {
		t.Error("ParseFormat accepted xml")
	}
}

func FuzzReader(f *testing.F) {
	for _, name := range []string{"euler.txt", "crlf.txt", "grid16.txt", "pretty.txt", "bad.txt", "csv.txt"} {
		b, err := os.ReadFile("testdata/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("1 2 3 4\n3 4 1 2\n\n2 1\n"))
	f.Add([]byte("\ufeff1 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n"))
	f.Add([]byte("9223372036854775808 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n\n1 2 3 ?\n0 0 0 0\n"))
	f.Add([]byte("Grid 01\n\x00\r\n-1 0 0 0\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rd := NewReader(bytes.NewReader(data), "fuzz")
		for range 10000 {
			p, err := rd.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				if !errors.As(err, new(*SyntaxError)) {
					return
				}
				continue
			}
			if err := p.Validate(); err != nil {
				t.Fatalf("reader returned an invalid puzzle: %v", err)
			}
			var buf bytes.Buffer
			if err := p.Format(&buf, FormatGrid); err != nil {
				t.Fatal(err)
			}
			q, err := Parse(&buf)
			if err != nil || !slices.Equal(p.Cells, q.Cells) {
				t.Fatalf("grid round trip failed: %v", err)
			}
		}
		t.Fatal("reader did not reach the end of its input")
	})
}

// TestSyntaxErrorWraps checks that a syntax error names its place and
// hands its cause to errors.As, and that All goes on past it.
func TestSyntaxErrorWraps(t *testing.T) {
	t.Parallel()
	input := "11..............\n1.3.............\n12x\n1234341221434321\n"
	var lines []int
	var errs []error
	for p, err := range NewReader(strings.NewReader(input), "in.txt").All() {
		if err != nil {
			errs = append(errs, err)
			continue
		}
		lines = append(lines, p.Line)
	}
	if !slices.Equal(lines, []int{2, 4}) || len(errs) != 2 {
		t.Fatalf("puzzles at lines %v, errors %v", lines, errs)
	}
	var se *SyntaxError
	var ce *ConflictError
	if !errors.As(errs[0], &se) || !errors.As(errs[0], &ce) || ce.Digit != 1 || ce.Unit != "row 1" {
		t.Fatalf("conflict: %v, want a *SyntaxError wrapping a *ConflictError", errs[0])
	}
	if file, line := se.Position(); file != "in.txt" || line != 1 || se.Unwrap() != ce ||
		se.Error() != "sudoku: in.txt:1: digit 1 appears twice in row 1 (r1c1 and r1c2)" {
		t.Errorf("position %s:%d, error %q", file, line, se.Error())
	}
	if !errors.As(errs[1], &se) || se.Line != 3 || errors.As(errs[1], &ce) {
		t.Errorf("bad character: %v", errs[1])
	}
}

// TestParseOne checks that Parse reads exactly one puzzle.
func TestParseOne(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ input, err string }{
		{"1234341221434321\n", ""},
		{"# comment\n1234341221434321\n\n", ""},
		{"", "no puzzle"},
		{"1234341221434321\n1234341221434321\n", "sudoku: line 2: a second puzzle"},
		{"1234341221434321\n12x\n", "sudoku: line 2: more input after the puzzle"},
		{"12x\n", "sudoku: line 1: "},
	} {
		p, err := Parse(strings.NewReader(tc.input))
		switch {
		case tc.err == "" && (err != nil || p == nil || p.Givens() != 16):
			t.Errorf("%q: %v", tc.input, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%q: error %v, want %q", tc.input, err, tc.err)
		}
	}
}

// TestReadEdges reads inputs at the edges of the format: each gives the
// puzzles and the errors (line and message) listed, and no others.
func TestReadEdges(t *testing.T) {
	t.Parallel()
	one := "4" + strings.Repeat(".", 77) + "123" // a 9×9 puzzle on one line
	type fail struct {
		line int
		msg  string
	}
	for _, tc := range []struct {
		name  string
		in    string
		lines []int // of the puzzles read
		errs  []fail
	}{
		{"empty", "", nil, nil},
		{"bom line", "\ufeff" + one + "\n", []int{1}, nil},
		{"bom grid", "\ufeff1 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n", []int{1}, nil},
		{"bom euler", "\ufeffGrid 01\n" + strings.Repeat("000000000\n", 9), []int{1}, nil},
		{"signs", "+1 0 0 0\n0 -0 0 0\n0 0 0 0\n0 0 0 0\n", []int{1}, nil},
		{"2^63", "9223372036854775808 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n", nil,
			[]fail{{1, "row 1, column 1: 9223372036854775808 is out of range 1..4"}}},
		{"2^63 later", "0 0 0 0\n0 0 0 0\n0 0 18446744073709551616 0\n0 0 0 0\n\n" + one + "\n", []int{6},
			[]fail{{3, "row 3, column 3: 18446744073709551616 is out of range 1..4"}}},
		{"bad first row", "1 2 3 ?\n0 0 0 0\n0 0 0 0\n0 0 0 0\n\n" + one + "\n", []int{6},
			[]fail{{1, `row 1, column 4: "?" is not a cell value`}}},
		{"bad first row, no blank line", "1 2 3 ?\n0 0 0 0\n0 0 0 0\n0 0 0 0\n" + one + "\n", []int{5},
			[]fail{{1, `row 1, column 4: "?" is not a cell value`}}},
		{"bad first row, short grid", "1 2 3 ?\n0 0 0 0\n\n1 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n", []int{4},
			[]fail{{1, `row 1, column 4: "?" is not a cell value`}}},
		{"bad one-line puzzles", one[:80] + "\n" + one + "\n" + one[:79] + "\n" + one + "\n", []int{2, 4},
			[]fail{{1, "row has 80 values"}, {3, "row has 79 values"}}},
		{"line of the cap", "#" + strings.Repeat("x", 1<<20-1) + "\n" + one + "\n", []int{2}, nil},
		{"line over the cap", one + "\n#" + strings.Repeat("x", 1<<20) + "\n" + one + "\n", []int{1},
			[]fail{{2, "line longer than 1 MiB"}}},
		{"endless line", one + "\n" + strings.Repeat("\x00", 3<<20), []int{1}, []fail{{2, "line longer than 1 MiB"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ps, errs := readEvery(strings.NewReader(tc.in), "f")
			var lines []int
			for _, p := range ps {
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

// TestReadSolveChecks holds a Reader with SolveChecks to its word: the
// puzzles the other Reader rejects for a digit given twice come through,
// and Solve rejects each with the same message, wrapping the same
// *ConflictError; every other puzzle and error is the other Reader's.
func TestReadSolveChecks(t *testing.T) {
	valid := "..685....9..76..........85..1...65..5.9.2...7....4....3....2..976.3....22......8."
	in := strings.Join([]string{valid, "99" + valid[2:], "x" + valid[1:], valid[:80] + "2", "8" + valid[1:], strings.Repeat(".", 256)}, "\n")
	checked := NewReader(strings.NewReader(in), "f")
	checked.ReusePuzzle = true
	unchecked := NewReader(strings.NewReader(in), "f")
	unchecked.ReusePuzzle, unchecked.SolveChecks = true, true
	conflicts := 0
	for {
		p, err := checked.Next()
		q, qerr := unchecked.Next()
		if err == io.EOF || qerr == io.EOF {
			if err != qerr {
				t.Fatalf("ends differ: %v, %v", err, qerr)
			}
			break
		}
		var ce *ConflictError
		if errors.As(err, &ce) {
			conflicts++
			if qerr != nil {
				t.Fatalf("line %d: %v with SolveChecks", ce.First, qerr)
			}
			res, serr := Solve(context.Background(), q, Options{})
			var sce *ConflictError
			if res.Status != status.Invalid || !errors.As(serr, &sce) || *sce != *ce || errors.Unwrap(serr).Error() != err.(*SyntaxError).Msg {
				t.Fatalf("line %d: Solve gives %v, %v; the Reader %v", q.Line, res.Status, serr, err)
			}
			continue
		}
		if (err == nil) != (qerr == nil) || err != nil && err.Error() != qerr.Error() || err == nil && !slices.Equal(p.Cells, q.Cells) {
			t.Fatalf("readers differ: %v, %v", err, qerr)
		}
	}
	if conflicts != 3 {
		t.Fatalf("%d puzzles with a digit given twice, want 3", conflicts)
	}
}
