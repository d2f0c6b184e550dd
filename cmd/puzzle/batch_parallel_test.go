package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// pipelineInput is a file for the pipeline: runs of quick puzzles longer
// than a job, malformed ones among them, and grids that are not quick
// (16×16) between the runs.
func pipelineInput(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data) + "\n"
	}
	for i := range 3 {
		for range jobSize/2 + i {
			for _, name := range []string{"unique9.txt", "multiple9.txt", "none9.txt", "small4.txt"} {
				b.WriteString(read(name))
			}
		}
		b.WriteString(read("malformed.txt"))
		b.WriteString(read("big16.txt"))
	}
	return b.String()
}

// timeMS matches the times of JSON records, which change from run to run.
var timeMS = regexp.MustCompile(`"time_ms":[0-9.e-]+`)

// TestPipelineSameOutput checks that solving on several cores writes what
// one core writes, in the same order, with the same messages and exit
// code, for JSON and for people, from a file and from stdin.
func TestPipelineSameOutput(t *testing.T) {
	t.Parallel()
	in := pipelineInput(t)
	file := filepath.Join(t.TempDir(), "mixed.txt")
	if err := os.WriteFile(file, []byte(in), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"--json", file},
		{file},
		{"--json", "-"},
		{"--format", "line", "-"},
		{"--json", "--limit", "1", file},
		{"--json", file, filepath.Join(file, "missing"), file},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			t.Parallel()
			var want [3]string
			for i, workers := range []string{"1", "2", "3"} {
				out, errOut, code := runCmd(t, in, append([]string{"sudoku", "solve", "--workers", workers}, args...)...)
				got := normalise(timeMS.ReplaceAllString(out, `"time_ms":T`)) + "\n-- stderr --\n" + errOut +
					"\n-- exit --\n" + string(rune('0'+code))
				if i == 0 {
					want[0] = got
					if strings.Count(out, "\n") < 3*jobSize {
						t.Fatalf("only %d lines of output", strings.Count(out, "\n"))
					}
					continue
				}
				if got != want[0] {
					t.Fatalf("--workers %s writes\n%.3000s\n\n--workers 1 writes\n%.3000s", workers, got, want[0])
				}
			}
		})
	}
}

// TestPipelineInterrupted checks that an interruption during a run of
// quick puzzles on several cores ends the output as on one core: records
// in input order, the last one perhaps marked interrupted, and a message.
func TestPipelineInterrupted(t *testing.T) {
	t.Parallel()
	const n = 200 * jobSize
	in := strings.Repeat("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n", n)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	out, errOut, code := runCtx(t, ctx, in, "sudoku", "solve", "--json", "--workers", "2")
	recs := parseLines(t, out)
	if len(recs) == n {
		t.Skip("the whole input was solved before the interruption")
	}
	if code != exitFail || !strings.Contains(errOut, "interrupted") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for i, r := range recs {
		interrupted := r.Status == "timeout" && r.Error == "interrupted"
		if r.Line != i+1 || !(r.Status == "unique" || interrupted && i == len(recs)-1) {
			t.Fatalf("record %d of %d: line %d, status %s", i+1, len(recs), r.Line, r.Status)
		}
	}
}
