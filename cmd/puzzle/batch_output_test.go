package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestBatchOutputAcrossFlushes solves a file whose JSON output is several
// times the output buffer, with records of different sizes and every
// status, and checks each record against the one the same puzzle gets
// alone: the records built in the buffer's free space, and those built
// after a flush made room, are whole and in order.
func TestBatchOutputAcrossFlushes(t *testing.T) {
	var puzzles []string
	for _, file := range []string{"statuses.txt", "classic.txt"} {
		data, err := os.ReadFile("../../examples/sudoku/" + file)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(data), "\n") {
			if l != "" && !strings.HasPrefix(l, "#") {
				puzzles = append(puzzles, l)
			}
		}
	}
	// A 16×16 line (a record of about 1.3 KB) among the 9×9 ones (about 400 bytes).
	puzzles = append(puzzles, strings.Repeat(".", 256))
	var in strings.Builder
	var order []int
	for i := range 700 {
		k := (i * 7) % len(puzzles)
		order = append(order, k)
		in.WriteString(puzzles[k] + "\n")
	}
	out, errOut, code := runCmd(t, in.String(), "sudoku", "solve", "--json", "--limit", "2")
	if code != exitFail { // the invalid and unsolvable puzzles fail the run
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if len(out) < 3*outputBuffer {
		t.Fatalf("output of %d bytes: want several buffers' worth", len(out))
	}
	mask := regexp.MustCompile(`"(line|time_ms)":[0-9.e+-]+|<stdin>:[0-9]+:`)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(order) {
		t.Fatalf("%d records for %d puzzles", len(lines), len(order))
	}
	alone := map[int]string{}
	for i, k := range order {
		if _, ok := alone[k]; !ok {
			o, _, _ := runCmd(t, puzzles[k]+"\n", "sudoku", "solve", "--json", "--limit", "2")
			alone[k] = mask.ReplaceAllString(strings.TrimSuffix(o, "\n"), "M")
		}
		if got := mask.ReplaceAllString(lines[i], "M"); got != alone[k] {
			t.Fatalf("record %d (puzzle %d):\n%s\nalone:\n%s", i+1, k, got, alone[k])
		}
	}
}
