package main

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/puzzlesolvers/puzzle/nonogram"
)

// TestNonogramGenerate checks that generate is reproducible (puzzle k of a
// run is the puzzle of seed N+k made alone), that its output reads back,
// and that the clues are those of a picture of the asked size and density.
func TestNonogramGenerate(t *testing.T) {
	t.Parallel()
	out, stderr, code := runCmd(t, "", "nonogram", "generate", "--width", "30", "--height", "20", "--density", "0.4", "--seed", "11", "--count", "3")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	var ps []*nonogram.Puzzle
	for p, err := range nonogram.NewReader(strings.NewReader(out), "out", nonogram.FormatPlain).All() {
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	if len(ps) != 3 {
		t.Fatalf("read %d puzzles, want 3", len(ps))
	}
	filled, cells := 0, 0
	for k, p := range ps {
		if p.Width() != 30 || p.Height() != 20 {
			t.Errorf("puzzle %d is %d×%d, want 20×30", k, p.Height(), p.Width())
		}
		for _, row := range p.Rows {
			for _, n := range row {
				filled += n
			}
		}
		cells += 600
		one, _, code := runCmd(t, "", "nonogram", "generate", "--width", "30", "--height", "20", "--density", "0.4", "--seed", fmt.Sprint(11+k))
		if code != exitOK || !strings.Contains(out, one) {
			t.Errorf("seed %d alone (exit %d) is not puzzle %d of the run:\n%s", 11+k, code, k, one)
		}
		if want := fmt.Sprintf("# random 20×30, density 0.4, seed %d\n", 11+k); !strings.Contains(one, want) {
			t.Errorf("seed %d: no comment line %q in\n%s", 11+k, want, one)
		}
	}
	if d := float64(filled) / float64(cells); d < 0.33 || d > 0.47 {
		t.Errorf("density %.3f, want about 0.4", d)
	}

	// The goal that non stores is a picture of the clues.
	out, stderr, code = runCmd(t, "", "nonogram", "generate", "--to", "non", "--seed", "5", "--count", "2")
	if code != exitOK {
		t.Fatalf("--to non: exit %d, stderr %q", code, stderr)
	}
	r := nonogram.NewReader(strings.NewReader(out), "out", nonogram.FormatNON)
	for n := 0; ; n++ {
		p, err := r.Next()
		if err == io.EOF {
			if n != 2 {
				t.Fatalf("--to non: read %d puzzles, want 2", n)
			}
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if p.Goal == nil || !p.Satisfies(p.Goal) {
			t.Errorf("--to non: puzzle %d has no goal that meets its clues", n)
		}
	}
}

func TestNonogramGenerateUsage(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"--density", "1.5"},
		{"--density", "NaN"},
		{"--width", "0"},
		{"--height", "5000"},
		{"--count", "0"},
		{"--to", "png"},
		{"extra"},
	} {
		_, stderr, code := runCmd(t, "", append([]string{"nonogram", "generate"}, args...)...)
		if code != exitUsage || stderr == "" {
			t.Errorf("%v: exit %d, stderr %q; want a usage error", args, code, stderr)
		}
	}
	// Many puzzles in a one-puzzle format is an error, not a broken file.
	if _, stderr, code := runCmd(t, "", "nonogram", "generate", "--to", "nin", "--count", "2"); code != exitFail || stderr == "" {
		t.Errorf("--to nin --count 2: exit %d, stderr %q", code, stderr)
	}
}
