package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/puzzlesolvers/puzzle/queens"
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
		{"count", []string{"count", "1", "2", "3", "4", "5", "6", "7", "8"}, exitOK},
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

// TestQueensOutputChecked checks what the goldens show against the engine:
// every placement printed is a solution, counts match OEIS.
func TestQueensOutputChecked(t *testing.T) {
	t.Parallel()
	out, _, _ := runCmd(t, "", "queens", "solve", "--json", "--first-row", "3", "5")
	var rec struct {
		Solutions [][]int `json:"solutions"`
		Count     int     `json:"count"`
	}
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Count != 2 || len(rec.Solutions) != 2 {
		t.Fatalf("5×5 from row 3: %s", out)
	}
	for _, s := range rec.Solutions {
		if s[0] != 3 || queens.Verify(s) != nil {
			t.Errorf("%v", s)
		}
	}
	out, _, _ = runCmd(t, "", "queens", "count", "--json", "4", "5", "6", "7", "8", "9", "10", "11")
	for line := range strings.Lines(out) {
		var c queensCountRecord
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			t.Fatal(err)
		}
		total, fundamental, _ := queens.KnownCounts(c.N)
		if c.Solutions != total || c.Fundamental != fundamental {
			t.Errorf("n=%d: %d, %d; OEIS %d, %d", c.N, c.Solutions, c.Fundamental, total, fundamental)
		}
	}
	out, _, _ = runCmd(t, "", "queens", "one", "--json", "--method", "minconflicts", "1000")
	var one struct {
		Queens   []int `json:"queens"`
		Verified bool  `json:"verified"`
	}
	if err := json.Unmarshal([]byte(out), &one); err != nil || !one.Verified || queens.Verify(one.Queens) != nil || len(one.Queens) != 1000 {
		t.Errorf("one: %v %v", err, one.Verified)
	}
	out, _, _ = runCmd(t, "", "queens", "dominate", "--json", "9")
	var dom struct {
		Size   int      `json:"size"`
		Queens [][2]int `json:"queens"`
	}
	if err := json.Unmarshal([]byte(out), &dom); err != nil {
		t.Fatal(err)
	}
	var qs []queens.Queen
	for _, q := range dom.Queens {
		qs = append(qs, queens.Queen{Row: q[0], Col: q[1]})
	}
	if g, _ := queens.KnownDomination(9); dom.Size != g || len(qs) != g || queens.VerifyDomination(9, qs, false) != nil {
		t.Errorf("dominate 9: %s", out)
	}
}

func TestQueensShardsMerge(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	whole, _, code := runCmd(t, "", "queens", "count", "--json", "11")
	if code != exitOK {
		t.Fatal(code)
	}
	var files []string
	for i := 1; i <= 4; i++ {
		out, errOut, code := runCmd(t, "", "queens", "count", "--json", "--shard", fmt.Sprintf("%d/4", i), "11")
		if code != exitOK {
			t.Fatalf("shard %d: exit %d: %s", i, code, errOut)
		}
		f := filepath.Join(dir, fmt.Sprintf("s%d.json", i))
		if err := os.WriteFile(f, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	out, errOut, code := runCmd(t, "", append([]string{"queens", "merge", "--json"}, files...)...)
	if code != exitOK {
		t.Fatalf("merge: exit %d: %s", code, errOut)
	}
	var a, b queensCountRecord
	json.Unmarshal([]byte(whole), &a)
	json.Unmarshal([]byte(out), &b)
	if a.Solutions != b.Solutions || a.Fundamental != b.Fundamental || a.Sym4 != b.Sym4 || a.Stats.Nodes != b.Stats.Nodes {
		t.Errorf("merged %s, whole %s", out, whole)
	}
	// Stdin works too.
	all := ""
	for _, f := range files {
		data, _ := os.ReadFile(f)
		all += string(data)
	}
	if out, _, code := runCmd(t, all, "queens", "merge"); code != exitOK || !strings.Contains(out, "2680 solutions, 341 fundamental") {
		t.Errorf("merge from stdin: exit %d, %q", code, out)
	}
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte("{\"n\": 11}\nnot json\n"), 0o644)
	for _, tc := range []struct {
		files []string
		msg   string
	}{
		{files[:3], "shards [4] of 4 missing"},
		{append(files, files[0]), "shard 1/4 given twice"},
		{[]string{bad}, "bad.json:2: not a result of count --json"},
		{[]string{filepath.Join(dir, "nope.json")}, "no such file"},
	} {
		_, errOut, code := runCmd(t, "", append([]string{"queens", "merge"}, tc.files...)...)
		if code != exitFail || !strings.Contains(errOut, tc.msg) {
			t.Errorf("%v: exit %d, stderr %q, want %q", tc.files, code, errOut, tc.msg)
		}
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
		{[]string{"complete", "testdata/queens/bad.txt"}, exitFail, "testdata/queens/bad.txt:3: queen 9:1 is off the 8×8 board"},
		{[]string{"complete", "testdata/queens/missing.txt"}, exitFail, "no such file"},
		{[]string{"one", "--method", "magic", "8"}, exitUsage, `invalid value "magic"`},
		{[]string{"one", "3"}, exitFail, "the 3×3 board has no solution"},
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
}

func TestQueensInterrupted(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, args := range [][]string{{"count", "14"}, {"solve", "14"}, {"dominate", "13"}, {"one", "--method", "minconflicts", "100000"},
		{"heuristic", "10"}, {"complete", "--queens", "0:1", "500"}, {"brute", "--exhaustive", "12"}} {
		_, errOut, code := runCtx(t, ctx, "", append([]string{"queens"}, args...)...)
		if code != exitFail || !strings.Contains(errOut, "interrupted") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
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
	rows := 0
	for line := range strings.Lines(out) {
		var rec queensBenchRecord
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		if !rec.OK {
			t.Errorf("%+v", rec)
		}
		rows++
	}
	// count 12, count 13 on all cores, one, minconf, dominate and indep 1..8.
	if rows != 20 {
		t.Errorf("%d rows:\n%s", rows, out)
	}
}
