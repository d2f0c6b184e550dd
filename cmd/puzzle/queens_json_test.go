package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlesolvers/puzzle/internal/oeis"
	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/internal/schematest"
	"github.com/puzzlesolvers/puzzle/queens"
	"github.com/puzzlesolvers/puzzle/status"
)

// mustRead returns the content of a file.
func mustRead(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestQueensOutputChecked checks what the goldens show against the engine
// and the schema: every placement printed is a solution, counts match OEIS.
func TestQueensOutputChecked(t *testing.T) {
	t.Parallel()
	out, _, _ := runCmd(t, "", "queens", "solve", "--json", "--first-row", "3", "5")
	schematest.ValidateLines(t, "queens.json#/$defs/solve", []byte(out))
	var rec record.QueensSolve
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Count != 2 || len(rec.Solutions) != 2 || rec.Status != status.Multiple || len(rec.Given) != 1 || rec.Given[0] != (record.Cell{Row: 3, Col: 0}) {
		t.Fatalf("5×5 from row 3: %s", out)
	}
	for _, s := range rec.Solutions {
		if s[0] != 3 || queens.Verify(s) != nil {
			t.Errorf("%v", s)
		}
	}
	out, _, _ = runCmd(t, "", "queens", "count", "--json", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11")
	if n := schematest.ValidateLines(t, "queens.json#/$defs/count", []byte(out)); n != 11 {
		t.Errorf("%d records", n)
	}
	for line := range strings.Lines(out) {
		var c record.QueensCount
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			t.Fatal(err)
		}
		total, fundamental, _ := oeis.QueensCounts(c.N)
		want := status.Multiple
		switch total {
		case 0:
			want = status.None
		case 1:
			want = status.Unique
		}
		if c.Count != total || c.Fundamental != fundamental || c.Status != want {
			t.Errorf("n=%d: %d, %d, %s; OEIS %d, %d", c.N, c.Count, c.Fundamental, c.Status, total, fundamental)
		}
	}
	out, _, _ = runCmd(t, "", "queens", "one", "--json", "--method", "minconflicts", "--seed", "18446744073709551615", "1000")
	schematest.ValidateLines(t, "queens.json#/$defs/one", []byte(out))
	var one record.QueensOne
	if err := json.Unmarshal([]byte(out), &one); err != nil || !one.Verified || queens.Verify(one.Queens) != nil || len(one.Queens) != 1000 ||
		one.Seed == nil || *one.Seed != 18446744073709551615 || !strings.Contains(out, `"seed":"18446744073709551615"`) {
		t.Errorf("one: %v %.200s", err, out)
	}
	out, _, _ = runCmd(t, "", "queens", "dominate", "--json", "9")
	schematest.ValidateLines(t, "queens.json#/$defs/dominate", []byte(out))
	var dom record.QueensDominate
	if err := json.Unmarshal([]byte(out), &dom); err != nil {
		t.Fatal(err)
	}
	var qs []queens.Queen
	for _, q := range dom.Queens {
		qs = append(qs, queens.Queen{Row: q.Row, Col: q.Col})
	}
	if g, _ := oeis.QueensDomination(9); dom.Size != g || len(qs) != g || queens.VerifyDomination(9, qs, false) != nil || dom.Status != status.Solved {
		t.Errorf("dominate 9: %s", out)
	}
	out, _, _ = runCmd(t, "", "queens", "complete", "--json", "testdata/queens/instances.txt")
	schematest.ValidateLines(t, "queens.json#/$defs/complete", []byte(out))
	r := queens.NewReader(strings.NewReader(mustRead(t, "testdata/queens/instances.txt")), "x")
	for line := range strings.Lines(out) {
		var c record.QueensSolve
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			t.Fatal(err)
		}
		p, err := r.Next()
		if err != nil || p.Line != c.Line || p.N != c.N || len(p.Queens) != len(c.Given) {
			t.Fatalf("%s: the puzzle at line %d is %+v (%v)", line, c.Line, p, err)
		}
		if c.Status == status.Solved {
			sol := c.Solutions[0]
			for _, q := range p.Queens {
				if sol[q.Col] != q.Row {
					t.Errorf("%s: a given queen moved", line)
				}
			}
			if queens.Verify(sol) != nil {
				t.Errorf("%s: not a solution", line)
			}
		}
	}
}

// TestQueensSchema validates the --json records of every verb, in every
// status each can reach, against docs/schema/queens.json.
func TestQueensSchema(t *testing.T) {
	t.Parallel()
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		def    string
		args   []string
		ctx    context.Context
		status []status.Status // of the records, in order
	}{
		{"count", []string{"count", "--json", "1", "2", "8"}, nil, []status.Status{status.Unique, status.None, status.Multiple}},
		{"count", []string{"count", "--json", "--shard", "2/3", "9"}, nil, []status.Status{status.Solved}},
		{"count", []string{"count", "--json", "14"}, cancelled, []status.Status{status.Timeout}},
		{"solve", []string{"solve", "--json", "--first-row", "0", "1", "3", "5", "6"}, nil, []status.Status{status.Unique, status.None, status.Multiple, status.None}},
		{"solve", []string{"solve", "--json", "--limit", "1", "8"}, nil, []status.Status{status.Solved}},
		{"solve", []string{"solve", "--json", "16"}, cancelled, []status.Status{status.Timeout}},
		{"complete", []string{"complete", "--json", "testdata/queens/instances.txt", "testdata/queens/bad.txt"}, nil,
			[]status.Status{status.Solved, status.Solved, status.None, status.None, status.Solved, status.Invalid}},
		{"complete", []string{"complete", "--json", "--queens", "0:1,0:1", "8"}, nil, []status.Status{status.Invalid}},
		// runBatch reads nothing once interrupted: the timeout record of
		// complete is checked in internal/record.
		{"complete", []string{"complete", "--json", "--queens", "0:1", "500"}, cancelled, nil},
		{"one", []string{"one", "--json", "--quiet", "1", "3", "100000"}, nil, []status.Status{status.Solved, status.None, status.Solved}},
		{"one", []string{"one", "--json", "--method", "minconflicts", "100000"}, cancelled, []status.Status{status.Timeout}},
		{"dominate", []string{"dominate", "--json", "--independent", "5"}, nil, []status.Status{status.Solved}},
		{"dominate", []string{"dominate", "--json", "13"}, cancelled, []status.Status{status.Timeout}},
		{"heuristic", []string{"heuristic", "--json", "3", "5"}, nil, []status.Status{status.Solved, status.Solved}},
		{"heuristic", []string{"heuristic", "--json", "10"}, cancelled, []status.Status{status.Timeout}},
		{"brute", []string{"brute", "--json", "--random", "--seed", "9223372036854775808", "8"}, nil, []status.Status{status.Solved}},
		{"brute", []string{"brute", "--json", "--random", "--max-trials", "1", "3"}, nil, []status.Status{status.Timeout}},
		{"brute", []string{"brute", "--json", "--exhaustive", "3", "6"}, nil, []status.Status{status.None, status.Solved}},
		{"brute", []string{"brute", "--json", "--exhaustive", "12"}, cancelled, []status.Status{status.Timeout}},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			ctx := tc.ctx
			if ctx == nil {
				ctx = context.Background()
			}
			out, errOut, _ := runCtx(t, ctx, "", append([]string{"queens"}, tc.args...)...)
			n := schematest.ValidateLines(t, "queens.json#/$defs/"+tc.def, []byte(out))
			var got []status.Status
			for line := range strings.Lines(out) {
				var h record.Head
				if err := json.Unmarshal([]byte(line), &h); err != nil {
					t.Fatal(err)
				}
				got = append(got, h.Status)
				if h.Status == status.Timeout && tc.ctx != nil && h.Error != "interrupted" {
					t.Errorf("timeout with error %q, want interrupted", h.Error)
				}
			}
			if n != len(tc.status) || fmt.Sprint(got) != fmt.Sprint(tc.status) {
				t.Errorf("statuses %v, want %v; stderr %q\n%.500s", got, tc.status, errOut, out)
			}
		})
	}
}

// TestQueensExitCodes checks every verb's exit codes, with and without
// --json: 0 when every record has a solution, 1 when one has none, is
// invalid or timed out (or an input cannot be read), 2 on a usage error.
func TestQueensExitCodes(t *testing.T) {
	t.Parallel()
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		args        []string
		interrupted bool
		code        int
	}{
		{[]string{"count", "1", "8"}, false, exitOK},
		{[]string{"count", "--shard", "1/2", "3"}, false, exitOK}, // a share says nothing of the whole
		{[]string{"count", "2"}, false, exitFail},
		{[]string{"count", "8", "3"}, false, exitFail},
		{[]string{"count", "14"}, true, exitFail},
		{[]string{"count", "33"}, false, exitUsage},
		{[]string{"merge", "testdata/queens/shards9.json"}, false, exitOK},
		{[]string{"merge", "testdata/queens/instances.txt"}, false, exitFail},
		{[]string{"merge", "--frob"}, false, exitUsage},
		{[]string{"solve", "8"}, false, exitOK},
		{[]string{"solve", "2"}, false, exitFail},
		{[]string{"solve", "16"}, true, exitFail},
		{[]string{"solve", "--limit", "-1", "8"}, false, exitUsage},
		{[]string{"complete", "--queens", "0:3,1:6", "8"}, false, exitOK},
		{[]string{"complete", "--queens", "0:0", "6"}, false, exitFail},
		{[]string{"complete", "--queens", "0:0,0:0", "6"}, false, exitFail},
		{[]string{"complete", "testdata/queens/bad.txt"}, false, exitFail},
		{[]string{"complete", "--queens", "0:1", "500"}, true, exitFail},
		{[]string{"complete", "--queens", "0:1", "8", "9"}, false, exitUsage},
		{[]string{"one", "8"}, false, exitOK},
		{[]string{"one", "--method", "minconflicts", "2"}, false, exitFail},
		{[]string{"one", "--method", "minconflicts", "100000"}, true, exitFail},
		{[]string{"one", "--method", "magic", "8"}, false, exitUsage},
		{[]string{"dominate", "6"}, false, exitOK},
		{[]string{"dominate", "13"}, true, exitFail},
		{[]string{"dominate", "17"}, false, exitUsage},
		{[]string{"heuristic", "3"}, false, exitOK},
		{[]string{"heuristic", "10"}, true, exitFail},
		{[]string{"heuristic", "65"}, false, exitUsage},
		{[]string{"brute", "--exhaustive", "6"}, false, exitOK},
		{[]string{"brute", "--exhaustive", "3"}, false, exitFail},
		{[]string{"brute", "--random", "--max-trials", "1", "3"}, false, exitFail},
		{[]string{"brute", "--exhaustive", "12"}, true, exitFail},
		{[]string{"brute", "8"}, false, exitUsage},
		{[]string{"bench", "--one-core", "0", "--all-cores", "0", "--construct", "1000", "--minconflicts", "0", "--dominate", "3", "--independent", "0"}, false, exitOK},
		{[]string{"bench", "--one-core", "0", "--all-cores", "0", "--construct", "0", "--minconflicts", "0", "--dominate", "13", "--independent", "0"}, true, exitFail},
		{[]string{"bench", "extra"}, false, exitUsage},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			ctx := context.Background()
			if tc.interrupted {
				ctx = cancelled
			}
			for _, asJSON := range []bool{false, true} {
				args := append([]string{"queens"}, tc.args...)
				if asJSON {
					args = append([]string{"queens", tc.args[0], "--json"}, tc.args[1:]...)
				}
				_, errOut, code := runCtx(t, ctx, "", args...)
				if code != tc.code {
					t.Errorf("%v: exit %d, want %d; stderr %q", args, code, tc.code, errOut)
				}
				if tc.interrupted && !strings.Contains(errOut, "interrupted") {
					t.Errorf("%v: stderr %q", args, errOut)
				}
			}
		})
	}
}

func TestQueensShardsMerge(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	whole, _, code := runCmd(t, "", "queens", "count", "--json", "11")
	if code != exitOK {
		t.Fatal(code)
	}
	write := func(name, content string) string {
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	shards := func(n, k int) []string {
		var files []string
		for i := 1; i <= k; i++ {
			out, errOut, code := runCmd(t, "", "queens", "count", "--json", "--shard", fmt.Sprintf("%d/%d", i, k), fmt.Sprint(n))
			if code != exitOK {
				t.Fatalf("shard %d: exit %d: %s", i, code, errOut)
			}
			schematest.ValidateLines(t, "queens.json#/$defs/count", []byte(out))
			files = append(files, write(fmt.Sprintf("n%d-s%d-%d.json", n, i, k), out))
		}
		return files
	}
	files := shards(11, 8)
	out, errOut, code := runCmd(t, "", append([]string{"queens", "merge", "--json"}, files...)...)
	if code != exitOK {
		t.Fatalf("merge: exit %d: %s", code, errOut)
	}
	schematest.ValidateLines(t, "queens.json#/$defs/count", []byte(out))
	var a, b record.QueensCount
	json.Unmarshal([]byte(whole), &a)
	json.Unmarshal([]byte(out), &b)
	if a.Count != b.Count || a.Fundamental != b.Fundamental || a.Sym4 != b.Sym4 || a.Stats.Nodes != b.Stats.Nodes || b.Status != status.Multiple || b.Shard != "" {
		t.Errorf("merged %s, whole %s", out, whole)
	}
	// Stdin works too.
	all := ""
	for _, f := range files {
		all += mustRead(t, f)
	}
	if out, _, code := runCmd(t, all, "queens", "merge"); code != exitOK || !strings.Contains(out, "2680 solutions, 341 fundamental") {
		t.Errorf("merge from stdin: exit %d, %q", code, out)
	}
	other := shards(12, 8)
	four := shards(11, 4)
	timeout := strings.Replace(mustRead(t, files[1]), `"status":"solved"`, `"status":"timeout","error":"interrupted"`, 1)
	noShard := regexp.MustCompile(`"shard":"[^"]*",`).ReplaceAllString(mustRead(t, files[1]), "")
	for _, tc := range []struct {
		name  string
		files []string
		msg   string
	}{
		{"two missing", []string{files[0], files[1], files[3], files[5], files[6], files[7]}, "shards 3/8 and 5/8 missing"},
		{"three missing", files[:5], "shards 6/8, 7/8 and 8/8 missing"},
		{"one missing", files[1:], "shard 1/8 missing"},
		{"twice", append(slices.Clone(files), files[1]), "shard 2/8 given twice"},
		{"n mixed", append(slices.Clone(files[:4]), other[4:]...), "n12-s5-8.json:1: shard 5/8 is foreign: of job queens count 12, not queens count 11"},
		{"k mixed", append(slices.Clone(files[:4]), four[3]), "n11-s4-4.json:1: shard 4/4 is foreign: of a job cut into 4 shards, not 8"},
		{"n alone", []string{write("n.json", "{\"n\":15}\n")}, `n.json:1: not the record of a shard (no "status")`},
		{"whole count", []string{write("whole.json", whole)}, `whole.json:1: not the record of a shard (status multiple, want solved)`},
		{"interrupted shard", []string{write("timeout.json", timeout)}, "timeout.json:1: shard 2/8 failed (status timeout: interrupted)"},
		{"no shard field", []string{write("noshard.json", noShard)}, `noshard.json:1: not the record of a shard (no "shard": "I/K")`},
		{"bad shard field", []string{write("badshard.json", strings.Replace(mustRead(t, files[1]), `"2/8"`, `"9/8"`, 1))}, `badshard.json:1: shard "9/8": want I/K`},
		{"not json", []string{write("bad.json", "not json\n")}, "bad.json:1: not a record of count --json"},
		{"old field", []string{write("old.json", "{\"n\":11,\"solutions\":2680}\n")}, `old.json:1: not a record of count --json: json: unknown field "solutions"`},
		{"empty", []string{write("empty.json", "\n")}, "no shard records read"},
		{"no file", []string{filepath.Join(dir, "nope.json")}, "no such file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCmd(t, "", append([]string{"queens", "merge", "--json"}, tc.files...)...)
			if code != exitFail || !strings.Contains(errOut, tc.msg) || out != "" {
				t.Errorf("exit %d, stderr %q, want %q; stdout %q", code, errOut, tc.msg, out)
			}
		})
	}
}
