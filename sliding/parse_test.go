package sliding

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseTiles(t *testing.T) {
	t.Parallel()
	b, err := ParseTiles([]string{"1", "2,3", "4 5 6 7 8 0"})
	if err != nil || b.Rows != 3 || b.Line() != "1 2 3 4 5 6 7 8 0" {
		t.Fatalf("ParseTiles = %v, %v", b, err)
	}
	for _, tc := range []struct{ in, msg string }{
		{"1 2 3", "3 tiles do not make a square board"},
		{"1 2 3 x", `"x" is not a tile number`},
		{"0 1 1 2", "tile 1 appears twice"},
		{"0 1 2 9", "tile 9 out of range 0..3"},
		{"0", "1 tiles do not make a square board"},
	} {
		_, err := ParseTiles([]string{tc.in})
		if err == nil || !strings.Contains(err.Error(), tc.msg) || !strings.HasPrefix(err.Error(), "sliding: ") {
			t.Errorf("ParseTiles(%q) = %v, want %q", tc.in, err, tc.msg)
		}
	}
}

func TestRead(t *testing.T) {
	t.Parallel()
	in := `# two boards as rows, one per line, and bad ones
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
`
	entries, err := Read(strings.NewReader(in), "in.txt")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		if e.Err != nil {
			got = append(got, e.Err.Error())
		} else {
			got = append(got, fmt.Sprintf("%s @%d", e.Board.Line(), e.Line))
		}
	}
	want := []string{
		"1 2 3 4 5 6 7 8 0 @2",
		"1 2 3 4 5 6 7 0 8 @6",
		"0 1 2 3 4 5 6 7 8 @7",
		"sliding: in.txt:10: row of 2 tiles after rows of 3",
		`sliding: in.txt:12: "x" is not a tile number`,
		"1 2 3 4 5 6 7 0 @14",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Read:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if e := entries[len(entries)-1]; e.Board == nil || e.Board.Rows != 2 || e.Board.Cols != 4 {
		t.Errorf("last board %+v, want 2×4", e.Board)
	}
}

func TestReadTestdata(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob(filepath.Join("testdata", "*.txt"))
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		entries, err := Read(strings.NewReader(string(data)), f)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if e.Err != nil && !strings.Contains(f, "bad") {
				t.Errorf("%v", e.Err)
			}
		}
	}
}

func FuzzRead(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.txt"))
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err == nil {
			f.Add(string(data))
		}
	}
	f.Add("1 2 3\n4 5 6\n7 8 0\n")
	f.Fuzz(func(t *testing.T, in string) {
		entries, _ := Read(strings.NewReader(in), "fuzz")
		for _, e := range entries {
			if (e.Board == nil) == (e.Err == nil) {
				t.Fatalf("entry with both or neither board and error: %+v", e)
			}
			if e.Board != nil {
				if _, err := NewBoard(e.Board.Rows, e.Board.Cols, ints(e.Board.Tiles)); err != nil {
					t.Fatalf("Read returned a bad board: %v", err)
				}
				e.Board.Solvable(BlankLast)
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
