package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/schematest"
	"github.com/puzzlesolvers/puzzle/sliding"
)

var (
	slideMsRE    = regexp.MustCompile(`"time_ms":[0-9.e+-]+`)
	slideTimeRE  = regexp.MustCompile(`\d+\.\d\d (ms|s)\b`)
	slideCacheRE = regexp.MustCompile(`\(/[^)]*\)`)
)

func slideNormalise(s string) string {
	s = slideMsRE.ReplaceAllString(s, `"time_ms":T`)
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
			b := slidingBoard(t, rec.Board)
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

// TestSlidingExitCodes runs every verb to each exit code it can give: 0
// ok, 1 a board invalid, without a solution or timed out (or an input
// that cannot be read), 2 a usage error, including a heuristic that does
// not fit the board.
func TestSlidingExitCodes(t *testing.T) {
	t.Parallel()
	korf1 := "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"
	for _, tc := range []struct {
		stdin string
		args  []string
		code  int
		out   string // in stdout (or stderr when the code is 2)
	}{
		{"", []string{"sliding"}, exitUsage, "Verbs:"},
		{"", []string{"sliding", "frob"}, exitUsage, `unknown verb "frob"`},

		{"", []string{"solve", "1 2 0 3"}, exitOK, "args (2×2, blank-last): solved in 1 move (optimal)"},
		{"1 2 3\n4 5 6\n0 7 8\n", []string{"solve"}, exitOK, "<stdin>:1 (3×3, blank-last): solved in 2 moves"},
		{"1 2 3\n4 5 5\n7 8 0\n", []string{"solve"}, exitFail, "<stdin>:1: invalid: tile 5 appears twice\n"},
		{"", []string{"solve", "1 2 3 4 5 6 8 7 0"}, exitFail, "args (3×3, blank-last): none\n  parity: the permutation's parity"},
		{"", []string{"solve", "--goal", "blank-first", "--heuristic", "manhattan", "--timeout", "1ms", korf1}, exitFail, "no answer within 1ms"},
		{"# nothing\n", []string{"solve"}, exitOK, ""}, // no puzzle: see TestEmptyInput
		{"", []string{"solve", "no-such-file.txt"}, exitFail, "no-such-file.txt"},
		{"", []string{"solve", "--heuristic", "euclid", "1 2 3 0"}, exitUsage, `unknown heuristic "euclid"`},
		{"", []string{"solve", "--heuristic", "pdb-78", "1 2 3 4 5 6 7 0 8"}, exitUsage, "pdb-78 is for 4×4 boards, not 3×3"},
		{"1 2 3 0\n\n1 2 3 4 5 6 7 0 8\n", []string{"solve", "--heuristic", "walking-distance+pdb-663"}, exitUsage, "pdb-663 is for 4×4 boards, not 2×2"},
		{"", []string{"solve", "--goal", "middle", "1 2 3 0"}, exitUsage, `invalid value "middle" for flag -goal`},
		{"", []string{"solve", "--algo", "dfs", "1 2 3 0"}, exitUsage, `invalid value "dfs" for flag -algo`},
		{"", []string{"solve", "--timeout", "-1s", "1 2 3 0"}, exitUsage, "--timeout must not be negative"},

		{"", []string{"shuffle", "--size", "3", "--seed", "5"}, exitOK, "  # seed 5\n"},
		{"", []string{"shuffle", "--size", "11"}, exitUsage, "a board is 2×2 to 10×10"},
		{"", []string{"shuffle", "--count", "0"}, exitUsage, "--count must be at least 1"},
		{"", []string{"shuffle", "extra"}, exitUsage, `unexpected argument "extra"`},

		{"", []string{"play", "1 2 0 3"}, exitOK, "move 1/1: R"},
		{"", []string{"play", "--watch", "--size", "2", "--seed", "9"}, exitOK, "random (seed 9) (2×2, blank-last): solved"},
		{"", []string{"play", "2 1 3 0"}, exitFail, "none"},
		{"", []string{"play", "--size", "1"}, exitUsage, "--size must be 2 to 10"},
		{"", []string{"play", "--heuristic", "pdb-6666", "1 2 3 0"}, exitUsage, "pdb-6666 is for 5×5 boards, not 2×2"},

		{"", []string{"pdb", "list", "--cache", "CACHE"}, exitOK, "total 0.0 MB"},
		{"", []string{"pdb"}, exitUsage, "want build, list or verify"},
		{"", []string{"pdb", "frob"}, exitUsage, `unknown action "frob"`},
		{"", []string{"pdb", "build", "pdb-99"}, exitUsage, `unknown set "pdb-99"`},

		{"", []string{"bench", "--data", "testdata/sliding/data", "--heuristic", "linear-conflict"}, exitOK, "3/3"},
		{"", []string{"bench", "--data", "testdata/sliding/hard", "--heuristic", "manhattan", "--timeout", "10ms"}, exitFail, "no answer within 10ms"},
		{"", []string{"bench", "--data", "testdata/sliding/hard", "--timeout", "-1s"}, exitUsage, "--timeout must not be negative"},
		{"", []string{"bench", "--data", "/nonexistent"}, exitFail, "no sliding data"},
		{"", []string{"bench", "--set", "nope"}, exitUsage, `unknown set "nope"`},
		{"", []string{"bench", "--heuristic", "nope"}, exitUsage, `unknown heuristic "nope"`},
		{"", []string{"bench", "--heuristic", "pdb-6666"}, exitUsage, "pdb-6666 is for 5×5 boards, not 4×4"},
		{"", []string{"bench", "--set", "korf24", "--heuristic", "walking-distance"}, exitUsage, "walking-distance is for boards up to 4×4, not 5×5"},
	} {
		args := tc.args
		if args[0] != "sliding" {
			args = append([]string{"sliding"}, args...)
		}
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			t.Parallel()
			cache := t.TempDir()
			for i, a := range args {
				if a == "CACHE" {
					args = slices.Clone(args)
					args[i] = cache
				}
			}
			out, errOut, code := runCmd(t, tc.stdin, args...)
			if code != tc.code || !strings.Contains(out+errOut, tc.out) {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d and %q", code, out, errOut, tc.code, tc.out)
			}
		})
	}
}

// TestSlidingJSONSchema validates the --json records of every verb, of
// every status they can have, against docs/schema/sliding.json.
func TestSlidingJSONSchema(t *testing.T) {
	t.Parallel()
	korf1 := "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"
	for _, tc := range []struct {
		ref      string
		stdin    string
		args     []string
		statuses []string
	}{
		{"sliding.json#/$defs/solve", "", []string{"solve", "--json", "testdata/sliding/boards.txt"}, []string{"solved", "none", "invalid"}},
		{"sliding.json#/$defs/solve", "", []string{"solve", "--json", "--algo", "reduce", "1 2 3 4 5 6 0 7 8"}, []string{"solved"}},
		{"sliding.json#/$defs/solve", "", []string{"solve", "--json", "--algo", "bfs", "1 2 3 4 5 6 0 7 8"}, []string{"solved"}},
		{"sliding.json#/$defs/solve", "", []string{"solve", "--json", "--goal", "blank-first", "--heuristic", "manhattan", "--timeout", "1ms", korf1}, []string{"timeout"}},
		{"sliding.json#/$defs/shuffle", "", []string{"shuffle", "--json", "--count", "3", "--rows", "2", "--cols", "5"}, []string{"solved"}},
		{"sliding.json#/$defs/bench", "", []string{"bench", "--json", "--data", "testdata/sliding/data", "--heuristic", "linear-conflict,manhattan"}, []string{"solved"}},
		{"sliding.json#/$defs/bench", "", []string{"bench", "--json", "--data", "testdata/sliding/hard", "--heuristic", "manhattan", "--timeout", "10ms"}, []string{"timeout"}},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			t.Parallel()
			out, errOut, _ := runCmd(t, tc.stdin, append([]string{"sliding"}, tc.args...)...)
			if n := schematest.ValidateLines(t, tc.ref, []byte(out)); n == 0 {
				t.Fatalf("no record; stderr %s", errOut)
			}
			var seen []string
			for line := range strings.Lines(out) {
				var h struct{ Status string }
				json.Unmarshal([]byte(line), &h)
				if !slices.Contains(seen, h.Status) {
					seen = append(seen, h.Status)
				}
			}
			slices.Sort(seen)
			want := slices.Sorted(slices.Values(tc.statuses))
			if !slices.Equal(seen, want) {
				t.Errorf("statuses %v, want %v", seen, want)
			}
		})
	}
	// --verbose puts a record per instance before each heuristic's.
	out, _, _ := runCmd(t, "", "sliding", "bench", "--json", "--verbose", "--data", "testdata/sliding/data", "--heuristic", "linear-conflict")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d lines:\n%s", len(lines), out)
	}
	for _, line := range lines[:3] {
		schematest.Validate(t, "sliding.json#/$defs/bench_instance", []byte(line))
	}
	schematest.Validate(t, "sliding.json#/$defs/bench", []byte(lines[3]))
}

// TestSlidingShuffleSeeds: each board of a run comes with its seed, and
// that seed makes the same board again, as the first of a run.
func TestSlidingShuffleSeeds(t *testing.T) {
	t.Parallel()
	out, _, code := runCmd(t, "", "sliding", "shuffle", "--json", "--size", "4", "--count", "5")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	boards := map[string]bool{}
	for line := range strings.Lines(out) {
		var rec struct{ Board, Seed string }
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		boards[rec.Board] = true
		again, _, _ := runCmd(t, "", "sliding", "shuffle", "--size", "4", "--seed", rec.Seed)
		if want := rec.Board + "  # seed " + rec.Seed + "\n"; again != want {
			t.Errorf("seed %s: %q, want %q", rec.Seed, again, want)
		}
	}
	if len(boards) != 5 {
		t.Errorf("%d different boards of 5", len(boards))
	}
	// What shuffle prints, solve reads: the comments are skipped.
	out, _, _ = runCmd(t, "", "sliding", "shuffle", "--size", "3", "--count", "3")
	solved, errOut, code := runCmd(t, out, "sliding", "solve")
	if code != exitOK || strings.Count(solved, "moves (optimal)") != 3 {
		t.Errorf("solve of shuffle's boards: exit %d, %s %s", code, solved, errOut)
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
	if code != exitOK || !strings.Contains(out, `"status":"solved","set":"korf24","heuristic":"linear-conflict","count":2,"tally":{"solved":2},"lengths_checked":2,"lengths_wrong":0`) {
		t.Errorf("korf24: exit %d, %s %s", code, out, errOut)
	}
}

// TestSlidingInterrupted: Ctrl-C during a long solve ends it as a
// timeout record, "interrupted", and exit 1.
func TestSlidingInterrupted(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel()
	out, errOut, code := runCtx(t, ctx, "", "sliding", "solve", "--json", "--goal", "blank-first", "--heuristic", "manhattan",
		"14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3")
	if code != exitFail || !strings.Contains(out, `"status":"timeout","error":"interrupted"`) || !strings.Contains(errOut, "interrupted") {
		t.Errorf("exit %d, %s %s", code, out, errOut)
	}
	schematest.ValidateLines(t, "sliding.json#/$defs/solve", []byte(out))
}
