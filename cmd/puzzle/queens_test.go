package main

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/internal/schematest"
	"github.com/puzzlesolvers/puzzle/status"
)

// queensTimeRE matches the times of JSON output.
var queensTimeRE = regexp.MustCompile(`"(time_ms|verify_ms|wall_ms|cpu_ms)":[0-9.e+-]+`)

func queensNormalise(s string) string {
	return queensTimeRE.ReplaceAllString(timeRE.ReplaceAllString(s, "T"), `"$1":T`)
}

func TestQueensGolden(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		args []string
		code int
	}{
		{"count", []string{"count", "1", "2", "3", "4", "5", "6", "7", "8"}, exitFail}, // 2 and 3: none
		{"count-json", []string{"count", "--json", "10"}, exitOK},
		{"count-shard", []string{"count", "--shard", "2/3", "9"}, exitOK},
		{"solve-5-from-3", []string{"solve", "--first-row", "3", "--draw", "5"}, exitOK},
		{"solve-json", []string{"solve", "--json", "--limit", "3", "8"}, exitOK},
		{"solve-none", []string{"solve", "3"}, exitFail},
		{"complete-file", []string{"complete", "--draw", "testdata/queens/instances.txt"}, exitFail},
		{"complete-json", []string{"complete", "--json", "--queens", "0:3,1:6", "8"}, exitOK},
		{"one", []string{"one", "--draw", "1", "4", "8", "9"}, exitOK},
		{"one-json", []string{"one", "--json", "14"}, exitOK},
		{"one-minconflicts", []string{"one", "--method", "minconflicts", "--json", "--seed", "3", "12"}, exitOK},
		{"dominate", []string{"dominate", "--draw", "8"}, exitOK},
		{"dominate-independent-json", []string{"dominate", "--independent", "--json", "6"}, exitOK},
		{"heuristic", []string{"heuristic", "6"}, exitOK},
		{"brute-exhaustive", []string{"brute", "--exhaustive", "6"}, exitOK},
		{"brute-random-json", []string{"brute", "--random", "--json", "--seed", "2", "8"}, exitOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out, errOut, code := runCmd(t, "", append([]string{"queens"}, tc.args...)...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stderr %q", code, tc.code, errOut)
			}
			checkGoldenFile(t, filepath.Join("testdata", "queens", "golden", tc.name+".golden"), queensNormalise(out))
		})
	}
}

func TestQueensErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"count"}, exitUsage, "missing N"},
		{[]string{"count", "x"}, exitUsage, `board size "x" is not a number`},
		{[]string{"count", "0"}, exitUsage, "want 1 ≤ N ≤ 32"},
		{[]string{"count", "--shard", "3/2", "8"}, exitUsage, "want I/K with 1 ≤ I ≤ K"},
		{[]string{"count", "--workers", "-1", "8"}, exitUsage, "--workers must not be negative"},
		{[]string{"solve", "--first-row", "5", "5"}, exitUsage, "--first-row 5 is off the 5×5 board"},
		{[]string{"solve", "--limit", "-2", "5"}, exitUsage, "--limit must be at least 0"},
		{[]string{"complete", "--queens", "0:x", "8"}, exitUsage, `bad queen "0:x"`},
		{[]string{"complete", "--queens", "0:1", "8", "9"}, exitUsage, "give one board size"},
		{[]string{"complete", "--queens", "0:9", "8"}, exitFail, ""},
		{[]string{"complete", "testdata/queens/missing.txt"}, exitFail, "no such file"},
		{[]string{"one", "--method", "magic", "8"}, exitUsage, `invalid value "magic"`},
		{[]string{"one", "--draw", "8", "1000"}, exitUsage, "--draw draws boards up to 100×100"},
		{[]string{"dominate", "17"}, exitUsage, "want 1 ≤ N ≤ 16"},
		{[]string{"brute", "8"}, exitUsage, "choose one of --random and --exhaustive"},
		{[]string{"brute", "--exhaustive", "15"}, exitUsage, "want 1 ≤ N ≤ 14"},
		{[]string{"bench", "extra"}, exitUsage, `unexpected argument "extra"`},
		{[]string{"frob"}, exitUsage, `unknown verb "frob"`},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			_, errOut, code := runCmd(t, "", append([]string{"queens"}, tc.args...)...)
			if code != tc.code || !strings.Contains(errOut, tc.msg) {
				t.Errorf("exit %d, stderr %q; want %d, %q", code, errOut, tc.code, tc.msg)
			}
		})
	}
	// A bad instance is a record of status invalid, and the reader goes on;
	// a board without a solution is a record of status none.
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"complete", "testdata/queens/bad.txt"}, "testdata/queens/bad.txt:3: invalid: queen 9:1 is off the 8×8 board\n"},
		{[]string{"one", "3"}, "n=3: explicit: none\n  the 3×3 board has no solution"},
	} {
		out, _, code := runCmd(t, "", append([]string{"queens"}, tc.args...)...)
		if code != exitFail || !strings.Contains(out, tc.msg) {
			t.Errorf("%v: exit %d, want %q in\n%s", tc.args, code, tc.msg, out)
		}
	}
}

func TestQueensHelp(t *testing.T) {
	t.Parallel()
	out, _, code := runCmd(t, "", "help", "queens")
	if code != exitOK {
		t.Fatal(code)
	}
	checkGoldenFile(t, filepath.Join("testdata", "queens", "golden", "help.golden"), out)
	for _, s := range queensVerbs {
		for _, args := range [][]string{{"help", "queens", s.name}, {"queens", s.name, "-h"}} {
			out, errOut, code := runCmd(t, "", args...)
			if code != exitOK || errOut != "" || !strings.Contains(out, "Usage: puzzle queens "+s.name) || !strings.Contains(out, "Examples:") {
				t.Errorf("%v: exit %d, stderr %q, output\n%s", args, code, errOut, out)
			}
		}
	}
}

func TestQueensBenchQuick(t *testing.T) {
	if testing.Short() {
		t.Skip("bench")
	}
	t.Parallel()
	out, errOut, code := runCmd(t, "", "queens", "bench", "--quick", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	rows := schematest.ValidateLines(t, "queens.json#/$defs/bench", []byte(out))
	for line := range strings.Lines(out) {
		var rec record.QueensBench
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		if rec.Status != status.Solved {
			t.Errorf("%+v", rec)
		}
	}
	// count 12, count 13 on all cores, one, minconf, dominate and indep 1..8.
	if rows != 20 {
		t.Errorf("%d rows:\n%s", rows, out)
	}
}
