package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/puzzlesolvers/puzzle/sudoku"
)

// The tests of solve --explain, generate and rate run in both states of
// package sudoku: before its explainer and generator exist (the commands
// then say so and exit 2) and after.

func TestExplain(t *testing.T) {
	t.Parallel()
	out, errOut, code := runCmd(t, "", "sudoku", "solve", "--explain", "--json",
		"testdata/euler5.txt", "testdata/multiple9.txt", "testdata/none9.txt")
	if !explainAvailable {
		if code != exitUsage || out != "" || !strings.Contains(errOut, "explain: not available yet") {
			t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
		}
		return
	}
	type explained struct {
		Status       string   `json:"status"`
		Steps        []string `json:"steps"`
		Stuck        bool     `json:"stuck"`
		ExplainError string   `json:"explain_error"`
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
		if r.Status != "unique" || len(r.Steps) == 0 || r.Stuck || r.ExplainError != "" {
			t.Errorf("euler grid %d: %+v", i+1, r)
		}
	}
	if r := recs[5]; r.Status != "multiple" || !r.Stuck {
		t.Errorf("multiple: %+v", r)
	}
	for _, r := range recs[6:] {
		if r.Status != "none" || !strings.Contains(r.ExplainError, "no solution") {
			t.Errorf("none: %+v", r)
		}
	}

	out, _, code = runCmd(t, "", "sudoku", "solve", "--explain", "testdata/small4.txt")
	if code != exitOK || !strings.Contains(out, "   1. ") || !strings.Contains(out, "Solved by logic") {
		t.Errorf("human output, exit %d:\n%s", code, out)
	}
}

type generated struct {
	Seed       uint64  `json:"seed"`
	Size       int     `json:"size"`
	Givens     int     `json:"givens"`
	Line       string  `json:"line"`
	Puzzle     [][]int `json:"puzzle"`
	Solution   [][]int `json:"solution"`
	Difficulty string  `json:"difficulty"`
	Minimal    bool    `json:"minimal"`
	TimeMS     float64 `json:"time_ms"`
}

func TestGenerate(t *testing.T) {
	t.Parallel()
	out, errOut, code := runCmd(t, "", "sudoku", "generate", "--size", "9", "--seed", "7", "--count", "3", "--json")
	if !generateAvailable {
		if code != exitUsage || out != "" || !strings.Contains(errOut, "generate: not available yet") {
			t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
		}
		_, errOut, code = runCmd(t, "", "sudoku", "rate", "testdata/unique9.txt")
		if code != exitUsage || !strings.Contains(errOut, "rate: not available yet") {
			t.Errorf("rate: exit %d, stderr %q", code, errOut)
		}
		return
	}
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
		if g.Seed != uint64(7+i) || g.Size != 9 || g.Givens != p.Givens() || g.Line != p.String() {
			t.Errorf("puzzle %d: %+v", i, g)
		}
		n, sol := brute(cells, 3, 2)
		if n != 1 || string(sol) != string(flatten(g.Solution)) {
			t.Errorf("seed %d: brute force finds %d solutions", g.Seed, n)
		}
		if g.Minimal { // every given is needed
			for c, v := range cells {
				if v == 0 {
					continue
				}
				cells[c] = 0
				if n, _ := brute(cells, 3, 2); n != 2 {
					t.Errorf("seed %d: given r%dc%d is not needed", g.Seed, c/9+1, c%9+1)
				}
				cells[c] = v
			}
		}
	}
	// The same seed gives the same puzzle.
	again, _, _ := runCmd(t, "", "sudoku", "generate", "--seed", "8", "--json")
	var g generated
	if err := json.Unmarshal([]byte(again), &g); err != nil || g.Line != gs[1].Line {
		t.Errorf("seed 8 again: %v %q, want %q", err, g.Line, gs[1].Line)
	}

	// Human output reads back as puzzles (the header is a comment).
	out, _, code = runCmd(t, "", "sudoku", "generate", "--size", "4", "--count", "4", "--difficulty", "easy", "--format", "grid")
	ps, err := sudoku.ReadAll(strings.NewReader(out), "out")
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
	var rec struct {
		Size    int  `json:"size"`
		Givens  int  `json:"givens"`
		Minimal bool `json:"minimal"`
	}
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatal(err)
	}
	// The default budget digs down to about 256 givens; 1ms cannot prove
	// minimality and leaves far more. How many more depends on the
	// machine's speed, so only a loose bound is asserted.
	if rec.Size != 25 || rec.Minimal || rec.Givens < 400 {
		t.Errorf("a 1ms budget gave size %d, %d givens, minimal %v; want 25, over 400, not minimal", rec.Size, rec.Givens, rec.Minimal)
	}
}

func TestRate(t *testing.T) {
	t.Parallel()
	if !generateAvailable {
		t.Skip("rate is not available yet")
	}
	out, errOut, code := runCmd(t, "", "sudoku", "rate", "--json", "testdata/euler5.txt", "testdata/multiple9.txt", "testdata/malformed.txt")
	if code != exitFail || errOut != "" {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	var got []string
	for line := range strings.Lines(out) {
		var r struct {
			Difficulty string `json:"difficulty"`
			Error      string `json:"error"`
		}
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		if r.Error != "" {
			got = append(got, "error")
		} else {
			got = append(got, r.Difficulty)
		}
	}
	if want := "easy easy easy easy easy error error error error error easy"; strings.Join(got, " ") != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
