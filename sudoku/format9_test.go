package sudoku

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestParseLine9 checks the 9×9 fast path of the one-line reader against
// charValue, cell by cell, on random lines that mix every kind of
// character: it reads what charValue reads and declines the rest.
func TestParseLine9(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 11))
	// Besides the other characters the table reads, the bytes next to
	// '.', '0' and '9', and the same with the high bit set, for the
	// eight-at-a-time path.
	alphabet := []byte(".0_123456789AZaz# -\x00\xff/:\x2d\xae\xb0\xb9\x7f")
	read := 0
	for range 20000 {
		line := make([]byte, 81)
		odd := rng.IntN(3) == 0
		for i := range line {
			if odd && rng.IntN(40) == 0 {
				line[i] = alphabet[rng.IntN(len(alphabet))]
			} else {
				line[i] = ".123456789"[rng.IntN(10)]
			}
		}
		want := make([]uint8, 81)
		wantOK := true
		for i, ch := range line {
			v, ok := charValue(ch, 9)
			if !ok || v > 9 {
				wantOK = false
			}
			want[i] = uint8(v)
		}
		p, ok := parseLine9(string(line), 7)
		if ok != wantOK {
			t.Fatalf("%q: read %v, want %v", line, ok, wantOK)
		}
		if !ok {
			continue
		}
		read++
		if p.Box != 3 || p.Line != 7 || !slices.Equal(p.Cells, want) {
			t.Fatalf("%q: got %+v, want cells %v", line, p, want)
		}
	}
	if read < 5000 {
		t.Fatalf("only %d lines read", read)
	}
}

// TestReaderLine9Path checks that the reader's path for 9×9 lines, which
// reads the scanner's bytes as they are, reads what its general path
// reads: each random line is read as it is and after a blank, which the
// general path trims and the 9×9 path declines, with the same puzzles, the
// same errors and the same lines.
func TestReaderLine9Path(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 12))
	alphabet := []byte(".0_123456789AZaz# \t,\r|-+")
	ends := []string{"\n", "\r\n", "\r\r\n", " \n", ",5\n", ""}
	read := func(in string) []string {
		var got []string
		for p, err := range NewReader(strings.NewReader(in), "f").All() {
			if err != nil {
				got = append(got, err.Error())
				continue
			}
			got = append(got, fmt.Sprintf("%d %s %q %v", p.Line, p.String(), p.Name, p.Box))
		}
		return got
	}
	fast := 0
	for range 5000 {
		var direct, blank strings.Builder
		for range 1 + rng.IntN(4) {
			line := make([]byte, 80+rng.IntN(3))
			for i := range line {
				if rng.IntN(60) == 0 {
					line[i] = alphabet[rng.IntN(len(alphabet))]
				} else {
					line[i] = ".123456789"[rng.IntN(10)]
				}
			}
			end := ends[rng.IntN(len(ends)-1)]
			direct.WriteString(string(line) + end)
			blank.WriteString(" " + string(line) + end)
			if _, ok := parseLine9(line, 1); ok && end != " \n" && end != ",5\n" {
				fast++
			}
		}
		if got, want := read(direct.String()), read(blank.String()); !slices.Equal(got, want) {
			t.Fatalf("%q:\nread %q\nafter a blank %q", direct.String(), got, want)
		}
	}
	if fast < 500 {
		t.Fatalf("only %d lines for the 9×9 path", fast)
	}
}

// TestReaderReusePuzzle checks that a Reader with ReusePuzzle reads what
// one without it reads, on random lines of 9×9 puzzles mixed with grids,
// other sizes, comments and malformed lines, and that it returns one
// Puzzle for all the 9×9 lines.
func TestReaderReusePuzzle(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 28))
	lines := []string{
		"# comment",
		"",
		"1.3.......................................................",
		".......1........2.......3.....4...........................5...............6.....7",
		"1...............................................................................1",
		"11...............................................................................",
		"..x..............................................................................",
		"1234",
		"Grid 01\n003020600\n900305001\n001806400\n008102900\n700000008\n006708200\n002609500\n800203009\n005010300",
	}
	read := func(in string, reuse bool) (got []string, seen map[*Puzzle]bool) {
		rd := NewReader(strings.NewReader(in), "f")
		rd.ReusePuzzle = reuse
		seen = map[*Puzzle]bool{}
		for p, err := range rd.All() {
			if err != nil {
				got = append(got, err.Error())
				continue
			}
			seen[p] = true
			got = append(got, fmt.Sprintf("%d %s %q %v", p.Line, p.String(), p.Name, p.Box))
		}
		return got, seen
	}
	two := s9RandomPuzzle(rng, 50).String() + "\n# c\n" + s9RandomPuzzle(rng, 50).String() + "\n"
	if got, seen := read(two, true); len(got) != 2 || len(seen) != 1 {
		t.Fatalf("%d puzzles in %d rooms for two 9×9 lines, want 2 in 1: %q", len(got), len(seen), got)
	}
	for range 500 {
		var in strings.Builder
		for range 1 + rng.IntN(12) {
			if rng.IntN(3) == 0 {
				in.WriteString(lines[rng.IntN(len(lines))] + "\n")
				continue
			}
			p := s9RandomPuzzle(rng, 40+rng.IntN(40))
			in.WriteString(p.String() + "\n")
		}
		want, _ := read(in.String(), false)
		got, _ := read(in.String(), true)
		if !slices.Equal(got, want) {
			t.Fatalf("%q:\nreused %q\nfresh  %q", in.String(), got, want)
		}
	}
}
