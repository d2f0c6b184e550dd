package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/puzzlesolvers/puzzle/internal/schematest"
	"github.com/puzzlesolvers/puzzle/sudoku"
)

func TestExplain(t *testing.T) {
	t.Parallel()
	out, errOut, code := runCmd(t, "", "sudoku", "solve", "--explain", "--json",
		"testdata/euler5.txt", "testdata/multiple9.txt", "testdata/none9.txt")
	schematest.ValidateLines(t, "sudoku.json#/$defs/solve", []byte(out))
	type explained struct {
		Status string `json:"status"`
		Steps  []struct {
			Technique string `json:"technique"`
			Cells     []struct {
				Row, Col *int
			} `json:"cells"`
			Text string `json:"text"`
		} `json:"steps"`
		Stuck  bool   `json:"stuck"`
		Reason string `json:"reason"`
		Error  string `json:"error"`
	}
	var recs []explained
	for line := range strings.Lines(out) {
		var rec explained
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
	}
	if code != exitFail || len(recs) != 8 {
		t.Fatalf("exit %d, %d records; stderr %q", code, len(recs), errOut)
	}
	for i, r := range recs[:5] { // the Euler grids need singles only
		if r.Status != "unique" || len(r.Steps) == 0 || r.Stuck || r.Error != "" || r.Reason != "" {
			t.Errorf("euler grid %d: %+v", i+1, r)
			continue
		}
		s := r.Steps[0]
		if !strings.HasSuffix(s.Technique, "single") || len(s.Cells) != 1 || s.Cells[0].Row == nil || s.Cells[0].Col == nil ||
			!strings.Contains(s.Text, fmt.Sprintf("r%dc%d", *s.Cells[0].Row+1, *s.Cells[0].Col+1)) {
			t.Errorf("euler grid %d: first step %+v does not name its cell as {row, col}", i+1, s)
		}
	}
	if r := recs[5]; r.Status != "multiple" || !r.Stuck {
		t.Errorf("multiple: %+v", r)
	}
	for _, r := range recs[6:] {
		if r.Status != "none" || r.Stuck || r.Error != "" || !strings.Contains(r.Reason, "has no") {
			t.Errorf("none: %+v", r)
		}
	}

	out, _, code = runCmd(t, "", "sudoku", "solve", "--explain", "testdata/small4.txt", "testdata/none9.txt")
	if code != exitFail || !strings.Contains(out, "   1. ") || !strings.Contains(out, "Solved by logic") || !strings.Contains(out, "      no solution: after ") {
		t.Errorf("human output, exit %d:\n%s", code, out)
	}
}

type generated struct {
	Status     string  `json:"status"`
	Seed       string  `json:"seed"`
	Rows       int     `json:"rows"`
	Cols       int     `json:"cols"`
	Givens     int     `json:"givens"`
	Text       string  `json:"text"`
	Puzzle     [][]int `json:"puzzle"`
	Solution   [][]int `json:"solution"`
	Difficulty string  `json:"difficulty"`
	Minimal    bool    `json:"minimal"`
	Stats      struct {
		TimeMS float64 `json:"time_ms"`
	} `json:"stats"`
}

func TestGenerate(t *testing.T) {
	t.Parallel()
	out, errOut, code := runCmd(t, "", "sudoku", "generate", "--size", "9", "--seed", "7", "--count", "3", "--json")
	schematest.ValidateLines(t, "sudoku.json#/$defs/generate", []byte(out))
	if code != exitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	var gs []generated
	for line := range strings.Lines(out) {
		var g generated
		if err := json.Unmarshal([]byte(line), &g); err != nil {
			t.Fatal(err)
		}
		gs = append(gs, g)
	}
	if len(gs) != 3 {
		t.Fatalf("%d puzzles, want 3", len(gs))
	}
	for i, g := range gs {
		cells := flatten(g.Puzzle)
		p := &sudoku.Puzzle{Box: 3, Cells: cells}
		if g.Status != "unique" || g.Seed != fmt.Sprint(7+i) || g.Rows != 9 || g.Cols != 9 || g.Givens != p.Givens() || g.Text != p.String() || g.Stats.TimeMS <= 0 {
			t.Errorf("puzzle %d: %+v", i, g)
		}
		n, sol := brute(cells, 3, 2)
		if n != 1 || string(sol) != string(flatten(g.Solution)) {
			t.Errorf("seed %s: brute force finds %d solutions", g.Seed, n)
		}
		if g.Minimal { // every given is needed
			for c, v := range cells {
				if v == 0 {
					continue
				}
				cells[c] = 0
				if n, _ := brute(cells, 3, 2); n != 2 {
					t.Errorf("seed %s: given r%dc%d is not needed", g.Seed, c/9+1, c%9+1)
				}
				cells[c] = v
			}
		}
	}
	// The same seed gives the same puzzle.
	again, _, _ := runCmd(t, "", "sudoku", "generate", "--seed", "8", "--json")
	var g generated
	if err := json.Unmarshal([]byte(again), &g); err != nil || g.Text != gs[1].Text {
		t.Errorf("seed 8 again: %v %q, want %q", err, g.Text, gs[1].Text)
	}

	// Human output reads back as puzzles (the header is a comment).
	out, _, code = runCmd(t, "", "sudoku", "generate", "--size", "4", "--count", "4", "--difficulty", "easy", "--format", "grid")
	ps, err := readAllPuzzles(strings.NewReader(out), "out")
	if code != exitOK || err != nil || len(ps) != 4 {
		t.Fatalf("exit %d, %v, %d puzzles:\n%s", code, err, len(ps), out)
	}
	for _, p := range ps {
		if n, _ := brute(p.Cells, 2, 2); n != 1 {
			t.Errorf("%v: %d solutions", p, n)
		}
	}
	if strings.Count(out, "easy") != 4 {
		t.Errorf("not all easy:\n%s", out)
	}

	for _, args := range [][]string{{"--size", "10"}, {"--count", "0"}, {"--difficulty", "tough"}, {"--size", "16", "--format", "euler"}, {"x"}, {"--budget", "-1s"}, {"--check-timeout", "soon"}} {
		_, errOut, code := runCmd(t, "", append([]string{"sudoku", "generate"}, args...)...)
		if code != exitUsage || errOut == "" {
			t.Errorf("%q: exit %d, stderr %q", args, code, errOut)
		}
	}
}

func TestGenerateBudget(t *testing.T) {
	out, errOut, code := runCmd(t, "", "sudoku", "generate", "--size", "25", "--seed", "3", "--budget", "1ms", "--check-timeout", "1ms", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	schematest.ValidateLines(t, "sudoku.json#/$defs/generate", []byte(out))
	var rec struct {
		Rows    int  `json:"rows"`
		Givens  int  `json:"givens"`
		Minimal bool `json:"minimal"`
	}
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatal(err)
	}
	// The default budget digs down to about 256 givens; 1ms cannot prove
	// minimality and leaves far more. How many more depends on the
	// machine's speed, so only a loose bound is asserted.
	if rec.Rows != 25 || rec.Minimal || rec.Givens < 400 {
		t.Errorf("a 1ms budget gave %d rows, %d givens, minimal %v; want 25, over 400, not minimal", rec.Rows, rec.Givens, rec.Minimal)
	}
}

func TestRate(t *testing.T) {
	t.Parallel()
	out, errOut, code := runCmd(t, "", "sudoku", "rate", "--json", "testdata/euler5.txt", "testdata/multiple9.txt", "testdata/malformed.txt", "testdata/none9.txt")
	if code != exitFail || errOut != "" {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	schematest.ValidateLines(t, "sudoku.json#/$defs/rate", []byte(out))
	var got []string
	for line := range strings.Lines(out) {
		var r struct {
			Status     string `json:"status"`
			Difficulty string `json:"difficulty"`
			Error      string `json:"error"`
		}
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		got = append(got, r.Status+":"+r.Difficulty)
		if (r.Error != "") != (r.Status == "invalid") {
			t.Errorf("status %s with error %q", r.Status, r.Error)
		}
	}
	want := "unique:easy unique:easy unique:easy unique:easy unique:easy multiple: invalid: invalid: invalid: invalid: unique:easy none: none:"
	if strings.Join(got, " ") != want {
		t.Errorf("got %q, want %q", got, want)
	}

	out, _, code = runCmd(t, "", "sudoku", "rate", "testdata/euler5.txt", "testdata/multiple9.txt")
	if code != exitOK || !strings.Contains(out, "(Grid 01) 9×9: easy (hardest: ") || !strings.Contains(out, "multiple9.txt:2 9×9: multiple: not rated") ||
		!strings.Contains(out, "6 puzzles: 5 unique, 1 multiple in ") {
		t.Errorf("human output, exit %d:\n%s", code, out)
	}
}

func TestGenerateProgressLine(t *testing.T) {
	for _, tc := range []struct {
		seed uint64
		g    sudoku.GenerateProgress
		want string
	}{
		{7, sudoku.GenerateProgress{Pass: "logic", Visited: 64, Cells: 625, Givens: 600},
			"seed 7: logic pass, 64/625 cells visited, 600 givens"},
		{3, sudoku.GenerateProgress{Attempt: 1, Pass: "checks", Visited: 10, Cells: 81, Givens: 30, Checks: 1},
			"seed 3, attempt 2: checks pass, 10/81 cells visited, 30 givens, 1 check"},
		{3, sudoku.GenerateProgress{Pass: "checks", Visited: 700, Cells: 1296, Givens: 590, Checks: 112},
			"seed 3: checks pass, 700/1296 cells visited, 590 givens, 112 checks"},
	} {
		if got := generateProgressLine(tc.seed, tc.g); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}

// TestGenerateCheckpointFile checks the file of --checkpoint: what it
// refuses, with the file and line, and that a checkpoint written reads
// back the same and fits the schema. (The resumed generation itself is
// checked in package sudoku: a 36×36 one takes too long for a test.)
func TestGenerateCheckpointFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "cp.json")
	cp := sudoku.GenerateCheckpoint{Box: 6, Seed: 5, Start: strings.Repeat("ab", 32),
		Checks: []sudoku.CheckVerdict{{Cell: sudoku.Cell{Row: 2, Col: 35}, Verdict: "needed"}, {Cell: sudoku.Cell{Row: 7}, Verdict: "removable"}}}
	if err := writeCheckpoint(path, cp); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	schematest.Validate(t, "sudoku.json#/$defs/generate_checkpoint", data)
	back, err := readCheckpoint(path)
	if err != nil || !reflect.DeepEqual(*back, cp) {
		t.Fatalf("read back %+v, %v", back, err)
	}
	if cp, err := readCheckpoint(filepath.Join(dir, "none.json")); cp != nil || err != nil {
		t.Errorf("a missing file: %v, %v", cp, err)
	}

	// Usage errors.
	for _, args := range [][]string{
		{"--size", "25"},
		{"--size", "36", "--difficulty", "hard"},
		{"--size", "36", "--count", "2"},
	} {
		args = append([]string{"sudoku", "generate", "--checkpoint", path}, args...)
		if _, errOut, code := runCmd(t, "", args...); code != exitUsage || !strings.Contains(errOut, "--checkpoint") {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
	// Files that are no checkpoint, and one of other options.
	good := string(data)
	for _, tc := range []struct{ name, text, want string }{
		{"syntax", "{\n  \"kind\": \"puzzle sudoku generate checkpoint\",\n  \"version\": 1,\n  \"box\": 6,,\n}\n", "bad.json:4: not a checkpoint"},
		{"field", strings.Replace(good, `"symmetric"`, `"mirrored"`, 1), "bad.json:6: not a checkpoint: json: unknown field \"mirrored\""},
		{"kind", strings.Replace(good, "generate checkpoint", "bench", 1), "bad.json:1: not a checkpoint of 'puzzle sudoku generate'"},
		{"verdict", strings.Replace(good, `"removable"`, `"maybe"`, 1), `bad.json: check 2: verdict "maybe"`},
		{"cell", strings.Replace(good, `"col": 35`, `"col": 36`, 1), "bad.json: check 1: row 2, column 36 is off the 36×36 grid"},
		{"seed", good, "bad.json: sudoku: checkpoint does not match: it is of box 6, seed 5"},
	} {
		bad := filepath.Join(dir, "bad.json")
		if err := os.WriteFile(bad, []byte(tc.text), 0o644); err != nil {
			t.Fatal(err)
		}
		_, errOut, code := runCmd(t, "", "sudoku", "generate", "--size", "36", "--seed", "6", "--checkpoint", bad)
		if code != exitFail || !strings.Contains(errOut, tc.want) {
			t.Errorf("%s: exit %d, %q, want %q", tc.name, code, errOut, tc.want)
		}
		if after, _ := os.ReadFile(bad); string(after) != tc.text {
			t.Errorf("%s: the file was changed", tc.name)
		}
	}
}
