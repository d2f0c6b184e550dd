package sudoku

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestParseLine9 checks the 9×9 fast path of the one-line reader against
// charValue, cell by cell, on random lines that mix every kind of
// character: it reads what charValue reads and declines the rest.
func TestParseLine9(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 11))
	alphabet := []byte(".0_123456789AZaz# -\x00\xff")
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
