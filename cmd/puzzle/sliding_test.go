package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/puzzlesolvers/puzzle/sliding"
)

var (
	slideMsRE    = regexp.MustCompile(`"elapsed_ms":[0-9.e+-]+`)
	slideTimeRE  = regexp.MustCompile(`\d+\.\d\d (ms|s)\b`)
	slideCacheRE = regexp.MustCompile(`\(/[^)]*\)`)
)

func slideNormalise(s string) string {
	s = slideMsRE.ReplaceAllString(s, `"elapsed_ms":T`)
	s = slideTimeRE.ReplaceAllString(s, "T")
	return slideCacheRE.ReplaceAllString(s, "(CACHE)")
}

func TestSlidingGolden(t *testing.T) {
	t.Parallel()
	cache := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
		code int
	}{
		{"solve-args", []string{"solve", "8", "6", "7", "2", "5", "4", "3", "0", "1"}, exitOK},
		{"solve-file", []string{"solve", "testdata/sliding/boards.txt"}, exitFail},
		{"solve-json", []string{"solve", "--json", "testdata/sliding/boards.txt"}, exitFail},
		{"solve-first-astar", []string{"solve", "--goal", "blank-first", "--algo", "astar", "--heuristic", "linear-conflict", "1,2,5,3,0,4,6,7,8"}, exitOK},
		{"solve-reduce", []string{"solve", "--json", "--algo", "reduce", "1 2 3 4 5 6 0 7 8"}, exitOK},
		{"play", []string{"play", "1", "2", "3", "4", "5", "6", "0", "7", "8"}, exitOK},
		{"shuffle", []string{"shuffle", "--size", "4", "--count", "3", "--seed", "7"}, exitOK},
		{"shuffle-json", []string{"shuffle", "--rows", "2", "--cols", "5", "--seed", "1", "--goal", "blank-first", "--json"}, exitOK},
		{"help", []string{"help"}, exitOK},
		{"help-solve", []string{"help", "solve"}, exitOK},
		{"pdb-list-empty", []string{"pdb", "list", "--cache", cache}, exitOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out, errOut, code := runCmd(t, "", append([]string{"sliding"}, tc.args...)...)
			if code != tc.code {
				t.Errorf("exit %d, want %d; stderr %q", code, tc.code, errOut)
			}
			out = strings.ReplaceAll(out, cache, "CACHE")
			checkGoldenFile(t, filepath.Join("testdata", "sliding", "golden", tc.name+".golden"), slideNormalise(out))
		})
	}
}

// TestSlidingSolveOptimal solves shuffled 8-puzzles through the command
// with every algorithm and checks the JSON: the same length from each,
// the moves replayed to the goal.
func TestSlidingSolveOptimal(t *testing.T) {
	t.Parallel()
	boards, _, code := runCmd(t, "", "sliding", "shuffle", "--size", "3", "--count", "20", "--seed", "3")
	if code != exitOK {
		t.Fatal("shuffle failed")
	}
	lengths := map[string][]int{}
	for _, args := range [][]string{
		{"--algo", "bfs"},
		{"--algo", "idastar", "--heuristic", "manhattan"},
		{"--algo", "astar", "--heuristic", "walking-distance"},
		{"--algo", "idastar", "--heuristic", "walking-distance+linear-conflict"},
	} {
		out, errOut, code := runCmd(t, boards, append([]string{"sliding", "solve", "--json"}, args...)...)
		if code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			var rec struct {
				Board   string
				Status  string
				Optimal bool
				Length  int
				Moves   string
			}
			if err := json.Unmarshal([]byte(line), &rec); err != nil {
				t.Fatal(err)
			}
			b, err := sliding.ParseTiles([]string{rec.Board})
			if err != nil {
				t.Fatal(err)
			}
			ms, err := sliding.ParseMoves(rec.Moves)
			if err != nil || len(ms) != rec.Length || rec.Status != "solved" || !rec.Optimal {
				t.Fatalf("%v: %s", args, line)
			}
			if err := b.Check(ms, sliding.BlankLast); err != nil {
				t.Fatalf("%v: %v", args, err)
			}
			lengths[rec.Board] = append(lengths[rec.Board], rec.Length)
		}
	}
	if len(lengths) != 20 {
		t.Fatalf("%d boards", len(lengths))
	}
	for b, ls := range lengths {
		for _, l := range ls {
			if l != ls[0] {
				t.Errorf("%s: lengths %v", b, ls)
			}
		}
	}
}

func TestSlidingErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"sliding"}, exitUsage, "Verbs:"},
		{[]string{"sliding", "frob"}, exitUsage, `unknown verb "frob"`},
		{[]string{"sliding", "solve", "--heuristic", "euclid", "1 2 3 0"}, exitUsage, `unknown heuristic "euclid"`},
		{[]string{"sliding", "solve", "--goal", "middle", "1 2 3 0"}, exitUsage, `invalid value "middle" for flag -goal`},
		{[]string{"sliding", "solve", "--algo", "dfs", "1 2 3 0"}, exitUsage, `invalid value "dfs" for flag -algo`},
		{[]string{"sliding", "solve", "--timeout", "-1s", "1 2 3 0"}, exitUsage, "--timeout must not be negative"},
		{[]string{"sliding", "solve", "no-such-file.txt"}, exitFail, "no-such-file.txt"},
		{[]string{"sliding", "shuffle", "--size", "11"}, exitUsage, "a board is 2×2 to 10×10"},
		{[]string{"sliding", "shuffle", "extra"}, exitUsage, `unexpected argument "extra"`},
		{[]string{"sliding", "pdb"}, exitUsage, "want build, list or verify"},
		{[]string{"sliding", "pdb", "frob"}, exitUsage, `unknown action "frob"`},
		{[]string{"sliding", "pdb", "build", "pdb-99"}, exitUsage, `unknown set "pdb-99"`},
		{[]string{"sliding", "bench", "--set", "nope"}, exitUsage, `unknown set "nope"`},
		{[]string{"sliding", "bench", "--heuristic", "nope"}, exitUsage, `unknown heuristic "nope"`},
		{[]string{"sliding", "bench", "--data", "/nonexistent"}, exitFail, "no sliding data"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			t.Parallel()
			_, errOut, code := runCmd(t, "", tc.args...)
			if code != tc.code || !strings.Contains(errOut, tc.msg) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, errOut, tc.code, tc.msg)
			}
		})
	}
	// Bad and unsolvable boards: exit 1 with a message naming the place.
	out, _, code := runCmd(t, "1 2 3\n4 5 5\n7 8 0\n", "sliding", "solve")
	if code != exitFail || !strings.Contains(out, "<stdin>:1: invalid: tile 5 appears twice") {
		t.Errorf("bad board: exit %d, %q", code, out)
	}
	out, _, code = runCmd(t, "", "sliding", "solve", "1 2 3 4 5 6 8 7 0")
	if code != exitFail || !strings.Contains(out, "unsolvable") {
		t.Errorf("unsolvable board: exit %d, %q", code, out)
	}
	_, errOut, code := runCmd(t, "# nothing\n", "sliding", "solve")
	if code != exitFail || !strings.Contains(errOut, "no board") {
		t.Errorf("empty input: exit %d, %q", code, errOut)
	}
}

// TestSlidingPDB builds the 5-5-5 databases through solve, lists and
// verifies them, damages one and sees it rebuilt.
func TestSlidingPDB(t *testing.T) {
	t.Parallel()
	if raceDetector {
		// The store's concurrency is tested under the race detector in
		// package sliding, on small databases.
		t.Skip("building pdb-555 (1.5 million entries) takes minutes under the race detector")
	}
	cache := t.TempDir()
	board := "1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15" // blank-first, 3 moves
	out, errOut, code := runCmd(t, "", "sliding", "solve", "--json", "--goal", "blank-first", "--heuristic", "pdb-555", "--cache", cache, board)
	if code != exitOK || !strings.Contains(out, `"length":3`) {
		t.Fatalf("solve with pdb-555: exit %d, %s %s", code, out, errOut)
	}
	out, _, code = runCmd(t, "", "sliding", "pdb", "list", "--cache", cache)
	if code != exitOK || strings.Count(out, "0.3 MB") != 3 {
		t.Errorf("list: %s", out)
	}
	out, _, code = runCmd(t, "", "sliding", "pdb", "verify", "--cache", cache)
	if code != exitOK || !strings.Contains(out, "3 of 3 files sound") {
		t.Errorf("verify: exit %d, %s", code, out)
	}
	files, _ := filepath.Glob(filepath.Join(cache, "sliding-4x4-1-2-3-6-7.*.pdb"))
	if len(files) != 1 {
		t.Fatalf("files %v", files)
	}
	data, _ := os.ReadFile(files[0])
	data[1000] ^= 0xFF
	os.WriteFile(files[0], data, 0o644)
	out, _, code = runCmd(t, "", "sliding", "pdb", "verify", "--cache", cache)
	if code != exitFail || !strings.Contains(out, "BAD: table checksum mismatch") {
		t.Errorf("verify after damage: exit %d, %s", code, out)
	}
	out, errOut, code = runCmd(t, "", "sliding", "pdb", "build", "--cache", cache, "pdb-555")
	if code != exitOK || !strings.Contains(errOut, "checksum mismatch (corrupt file); rebuilding") || !strings.Contains(out, "pdb-555: built") {
		t.Errorf("build after damage: exit %d, %s %s", code, out, errOut)
	}
	out, _, code = runCmd(t, "", "sliding", "pdb", "verify", "--cache", cache)
	if code != exitOK {
		t.Errorf("verify after rebuild: exit %d, %s", code, out)
	}
}

func TestSlidingBench(t *testing.T) {
	t.Parallel()
	out, errOut, code := runCmd(t, "", "sliding", "bench", "--data", "testdata/sliding/data", "--heuristic", "manhattan,linear-conflict", "--verbose")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"korf100: 3 instances", "manhattan ", "linear-conflict ", "3/3", "#2   solved   length  20 (want  20)"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	out, errOut, code = runCmd(t, "", "sliding", "bench", "--data", "testdata/sliding/data", "--set", "korf24", "--instances", "1,2",
		"--heuristic", "linear-conflict", "--json")
	if code != exitOK || !strings.Contains(out, `"set":"korf24","heuristic":"linear-conflict","instances":2,"solved":2,"lengths_checked":2,"lengths_wrong":0`) {
		t.Errorf("korf24: exit %d, %s %s", code, out, errOut)
	}
}
