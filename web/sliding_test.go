package web

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/sliding"
	"github.com/puzzlesolvers/puzzle/status"
)

// The tests use a store of their own, in memory, so that what they do
// depends neither on the pattern databases built on this machine nor
// writes any.
var testSlidingStore = &sliding.Store{MayBuild: func(h sliding.Heuristic) bool { return quickPDB[h] }}

func init() {
	slidingStore = func() *sliding.Store { return testSlidingStore }
}

// timesMasked blanks the times of a JSON record, which differ run to run.
var timesRe = regexp.MustCompile(`"(elapsed_ms|time_ms|verify_ms)":[0-9.e+-]+`)

func timesMasked(b []byte) string { return timesRe.ReplaceAllString(string(b), `"$1":0`) }

func parseBoard(t *testing.T, s string) *sliding.Board {
	t.Helper()
	b, err := sliding.ParseTiles(strings.Fields(s))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// bfsLength is the oracle: the length of a shortest solution by
// breadth-first search.
func bfsLength(t *testing.T, b *sliding.Board, goal sliding.Goal) int {
	t.Helper()
	res, err := sliding.Solve(context.Background(), b, sliding.Options{Goal: goal, Algorithm: sliding.BFS})
	if err != nil || res.Status != status.Solved {
		t.Fatalf("BFS on %s: %v %v", b.Line(), res.Status, err)
	}
	return len(res.Moves)
}

// checkSolution replays the moves of a record from its board to the goal.
func checkSolution(t *testing.T, rep sliding.Report, goal sliding.Goal) {
	t.Helper()
	if rep.Moves == nil || rep.Length == nil || len(*rep.Moves) != *rep.Length {
		t.Fatalf("no solution in %+v", rep)
	}
	ms, err := sliding.ParseMoves(*rep.Moves)
	if err != nil {
		t.Fatal(err)
	}
	b := parseBoard(t, rep.Board)
	for _, m := range ms {
		if err := b.Apply(m); err != nil {
			t.Fatalf("move %c: %v", m, err)
		}
	}
	if !b.IsGoal(goal) {
		t.Fatalf("the moves of %s end on %s, not the goal", rep.Board, b.Line())
	}
}

func TestSlidingShuffle(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	for _, size := range []int{2, 3, 4, 5} {
		for _, goal := range []string{"blank-last", "blank-first"} {
			w := do(t, s, "GET", fmt.Sprintf("/api/sliding/shuffle?size=%d&seed=7&goal=%s", size, goal), "")
			var got struct {
				Rows, Cols  int
				Goal, Board string
				Seed        uint64
			}
			decode(t, w, &got)
			g, _ := sliding.ParseGoal(goal)
			want := sliding.Shuffle(rand.New(rand.NewPCG(7, 0)), size, size, g)
			b := parseBoard(t, got.Board)
			if w.Code != 200 || got.Rows != size || got.Cols != size || got.Seed != 7 || got.Goal != goal || got.Board != want.Line() || !b.Solvable(g) {
				t.Errorf("size %d %s: %d %+v, want board %s", size, goal, w.Code, got, want.Line())
			}
		}
	}
	// Without a seed, one is drawn and returned.
	var a, b struct{ Board string }
	decode(t, do(t, s, "GET", "/api/sliding/shuffle?size=5", ""), &a)
	decode(t, do(t, s, "GET", "/api/sliding/shuffle?size=5", ""), &b)
	if a.Board == b.Board {
		t.Errorf("two random 5×5 boards are equal: %s", a.Board)
	}
	for _, tc := range []struct{ query, msg string }{
		{"size=11", "out of range 2..10"},
		{"size=x", "not an integer"},
		{"seed=-1", "not a non-negative integer"},
		{"goal=middle", "not one of blank-last, blank-first"},
	} {
		w := do(t, s, "GET", "/api/sliding/shuffle?"+tc.query, "")
		if w.Code != http.StatusBadRequest || !strings.Contains(errorOf(t, w), tc.msg) {
			t.Errorf("%s: %d %q, want 400 saying %q", tc.query, w.Code, w.Body.String(), tc.msg)
		}
	}
}

// TestSlidingSolveOptimal solves random 8-puzzles through the API: every
// length equals breadth-first search's, every solution is replayed to
// the goal, and the record is the one the CLI prints (times aside).
func TestSlidingSolveOptimal(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	rng := rand.New(rand.NewPCG(3, 3))
	for i := range 12 {
		goal := sliding.Goal(i % 2)
		b := sliding.Shuffle(rng, 3, 3, goal)
		w := do(t, s, "POST", "/api/sliding/solve?goal="+goal.String(), b.Line()+"\n")
		var rep sliding.Report
		decode(t, w, &rep)
		if w.Code != 200 || rep.Status != status.Solved || !rep.Optimal || rep.Algorithm != "idastar" || rep.Heuristic != "walking-distance+linear-conflict" {
			t.Fatalf("%s: %d %s", b.Line(), w.Code, w.Body.String())
		}
		checkSolution(t, rep, goal)
		if want := bfsLength(t, b, goal); *rep.Length != want {
			t.Errorf("%s: length %d, BFS finds %d", b.Line(), *rep.Length, want)
		}
		cli := sliding.SolveReport(context.Background(), "request", 1, b,
			sliding.Options{Goal: goal, Algorithm: sliding.IDAStar, Heuristic: "walking-distance+linear-conflict"}, 0)
		want, _ := json.Marshal(cli)
		if timesMasked(w.Body.Bytes()) != timesMasked(append(want, '\n')) {
			t.Errorf("API:\n%s\nCLI record:\n%s", w.Body.String(), want)
		}
	}
}

func TestSlidingSolve(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	// A 4×4 board a few moves from the goal, with a heuristic that needs
	// no pattern database: optimal, as BFS says.
	near := sliding.GoalBoard(4, 4, sliding.BlankLast)
	rng := rand.New(rand.NewPCG(5, 5))
	for range 14 {
		ms := []sliding.Move{'U', 'D', 'L', 'R'}
		near.Apply(ms[rng.IntN(4)]) // a move off the board is refused: the board stays
	}
	w := do(t, s, "POST", "/api/sliding/solve?heuristic=walking-distance%2Blinear-conflict", near.Line())
	var rep sliding.Report
	decode(t, w, &rep)
	if w.Code != 200 || !rep.Optimal {
		t.Fatalf("4×4: %d %s", w.Code, w.Body.String())
	}
	checkSolution(t, rep, sliding.BlankLast)
	if want := bfsLength(t, near, sliding.BlankLast); *rep.Length != want {
		t.Errorf("4×4 %s: length %d, BFS finds %d", near.Line(), *rep.Length, want)
	}

	// Rows per line, any rectangle.
	w = do(t, s, "POST", "/api/sliding/solve", "1 2 3\n4 5 6\n0 7 8\n")
	decode(t, w, &rep)
	if w.Code != 200 || *rep.Length != 2 || *rep.Moves != "RR" || rep.Rows != 3 {
		t.Errorf("rows: %d %s", w.Code, w.Body.String())
	}

	// 5×5: the automatic method is the reduction, fast and not optimal;
	// idastar can be asked for.
	b5 := sliding.Shuffle(rand.New(rand.NewPCG(9, 0)), 5, 5, sliding.BlankLast)
	w = do(t, s, "POST", "/api/sliding/solve", b5.Line())
	rep = sliding.Report{}
	decode(t, w, &rep)
	if w.Code != 200 || rep.Optimal || rep.Algorithm != "reduce" || rep.Heuristic != "" {
		t.Fatalf("5×5: %d %s", w.Code, w.Body.String())
	}
	checkSolution(t, rep, sliding.BlankLast)

	// Unsolvable: answered at once, without a search.
	start := time.Now()
	w = do(t, s, "POST", "/api/sliding/solve", "2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0")
	rep = sliding.Report{}
	decode(t, w, &rep)
	if w.Code != 200 || rep.Status != status.Unsolvable || rep.Stats != nil || !strings.Contains(rep.Error, "parity") {
		t.Errorf("unsolvable: %d %s", w.Code, w.Body.String())
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("unsolvable took %v", d)
	}

	// An unreadable board: 400 with its record.
	w = do(t, s, "POST", "/api/sliding/solve", "1 2 3 4 5 6 7 7 0")
	rep = sliding.Report{}
	decode(t, w, &rep)
	if w.Code != 400 || rep.Status != status.Invalid || !strings.Contains(rep.Error, "7") || rep.Line != 1 {
		t.Errorf("duplicate tile: %d %s", w.Code, w.Body.String())
	}
	for _, tc := range []struct{ query, body, msg string }{
		{"", "", "no board"},
		{"", "1 2 3 4 5 6 7 8 0\n8 7 6 5 4 3 2 1 0\n", "more than one board (another starts at line 2)"},
		{"?heuristic=fast", "1 2 3 4 5 6 7 0 8", `unknown heuristic "fast"`},
		{"?heuristic=manhattan%2Bfast", "1 2 3 4 5 6 7 0 8", `unknown heuristic "fast"`},
		{"?algo=bfs", "1 2 3 4 5 6 7 0 8", "not one of auto, idastar, reduce"},
		{"?goal=x", "1 2 3 4 5 6 7 0 8", "not one of blank-last"},
	} {
		w := do(t, s, "POST", "/api/sliding/solve"+tc.query, tc.body)
		if w.Code != http.StatusBadRequest || !strings.Contains(errorOf(t, w), tc.msg) {
			t.Errorf("%q %q: %d %q, want 400 saying %q", tc.query, tc.body, w.Code, w.Body.String(), tc.msg)
		}
	}
	// Options the board cannot take: 422 with its record.
	b4 := "5 1 3 4 2 6 7 8 9 10 11 12 13 14 15 0"
	for _, tc := range []struct{ query, body, msg string }{
		{"?heuristic=pdb-78", "1 2 3 4 5 6 7 0 8", "pdb-78 is for 4×4 boards, not 3×3"},
		{"?heuristic=pdb-78", b4, "the pdb-78 pattern databases are not built"},
		{"?heuristic=pdb-6666", b4, "pdb-6666 is for 5×5 boards"},
		{"?heuristic=walking-distance&algo=idastar", b5.Line(), "walking-distance is for boards up to 4×4"},
	} {
		w := do(t, s, "POST", "/api/sliding/solve"+tc.query, tc.body)
		var rep sliding.Report
		decode(t, w, &rep)
		if w.Code != http.StatusUnprocessableEntity || rep.Status != status.Invalid || !strings.Contains(rep.Error, tc.msg) {
			t.Errorf("%q: %d %q, want 422 saying %q", tc.query, w.Code, w.Body.String(), tc.msg)
		}
	}
}

// TestSlidingHeuristicChoice checks the automatic choice against what a
// cache directory holds: 7-8 only when present, 6-6-3 (built in a moment)
// otherwise.
func TestSlidingHeuristicChoice(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	st := &sliding.Store{Dir: dir}
	check := func(rows, cols int, want sliding.Heuristic) {
		t.Helper()
		if got := slidingHeuristic(st, rows, cols); got != want {
			t.Errorf("%d×%d: %s, want %s", rows, cols, got, want)
		}
	}
	check(3, 3, "walking-distance+linear-conflict")
	check(2, 4, "walking-distance+linear-conflict")
	check(4, 4, sliding.PDB663)
	check(5, 5, sliding.LinearConflict)
	check(6, 6, sliding.LinearConflict)
	// Files of a set are what Present looks for (empty ones will do here:
	// nothing is loaded).
	make := func(h sliding.Heuristic) {
		known, _ := st.Files()
		for _, fi := range known {
			for _, set := range fi.Sets {
				if set == h {
					if err := os.WriteFile(filepath.Join(dir, fi.Name), nil, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
	make(sliding.PDB663)
	check(4, 4, sliding.PDB663)
	make(sliding.PDB78)
	check(4, 4, sliding.PDB78)
	make(sliding.PDB6666)
	check(5, 5, sliding.PDB6666)
	if msg := slidingRefuse(st, sliding.PDB663, parseBoard(t, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15")); msg != "" {
		t.Errorf("pdb-663 present, refused: %s", msg)
	}
}

// TestSlidingBadPDBFile: a request that meets a bad 7-8 file (present,
// so chosen) gets 422 at once, naming the file and the command that
// builds it, rather than waiting for a rebuild; a bad 6-6-3 file is
// rebuilt and the board solved.
func TestSlidingBadPDBFile(t *testing.T) {
	dir := t.TempDir()
	st := &sliding.Store{Dir: dir, MayBuild: func(h sliding.Heuristic) bool { return quickPDB[h] }}
	known, _ := st.Files()
	for _, fi := range known {
		if err := os.WriteFile(filepath.Join(dir, fi.Name), []byte("not a database"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	board := parseBoard(t, "5 1 2 3 9 6 7 4 13 10 11 8 0 14 15 12")
	if got := slidingHeuristic(st, 4, 4); got != sliding.PDB78 {
		t.Fatalf("auto chose %s, want pdb-78 (its files are present)", got)
	}
	rep := sliding.SolveReport(t.Context(), "request", 1, board, sliding.Options{Algorithm: sliding.IDAStar, Heuristic: sliding.PDB78, Store: st}, 0)
	if rep.Status != status.Invalid || !strings.Contains(rep.Error, "not built") || !strings.Contains(rep.Error, "puzzle sliding pdb build pdb-78") {
		t.Errorf("bad 7-8 file: %s %q", rep.Status, rep.Error)
	}
	if raceDetector {
		return
	}
	rep = sliding.SolveReport(t.Context(), "request", 1, board, sliding.Options{Algorithm: sliding.IDAStar, Heuristic: sliding.PDB663, Store: st}, 0)
	md, err := sliding.Solve(t.Context(), board, sliding.Options{Algorithm: sliding.IDAStar, Heuristic: sliding.Manhattan})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Status != status.Solved || rep.Length == nil || *rep.Length != len(md.Moves) {
		t.Errorf("bad 6-6-3 file: %s %q, want solved in %d", rep.Status, rep.Error, len(md.Moves))
	}
}

func TestSlidingTimeout(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{Timeout: 100 * time.Millisecond})
	// Korf's first instance takes Manhattan distance millions of nodes.
	start := time.Now()
	w := do(t, s, "POST", "/api/sliding/solve?goal=blank-first&heuristic=manhattan", "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3")
	var rep sliding.Report
	decode(t, w, &rep)
	if w.Code != http.StatusGatewayTimeout || rep.Status != status.Timeout || rep.Error != "no answer within 100ms" {
		t.Errorf("%d %s", w.Code, w.Body.String())
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the timeout took %v", d)
	}
}

// TestSlidingAuto15 solves 15-puzzles with the automatic choice and an
// empty cache: 6-6-3, built in memory during the first request. Each
// length equals that of IDA* with Manhattan distance, another admissible
// bound, and each solution is replayed to the goal.
func TestSlidingAuto15(t *testing.T) {
	if raceDetector {
		t.Skip("building the 6-6-3 pattern databases is too slow under the race detector")
	}
	t.Parallel()
	s := newTestServer(t, Config{})
	rng := rand.New(rand.NewPCG(15, 15))
	for range 4 {
		b := sliding.GoalBoard(4, 4, sliding.BlankLast)
		for range 60 {
			b.Apply([]sliding.Move{'U', 'D', 'L', 'R'}[rng.IntN(4)])
		}
		w := do(t, s, "POST", "/api/sliding/solve", b.Line())
		var rep sliding.Report
		decode(t, w, &rep)
		if w.Code != 200 || rep.Heuristic != string(sliding.PDB663) || !rep.Optimal {
			t.Fatalf("%s: %d %s", b.Line(), w.Code, w.Body.String())
		}
		checkSolution(t, rep, sliding.BlankLast)
		md, err := sliding.Solve(context.Background(), b, sliding.Options{Algorithm: sliding.IDAStar, Heuristic: sliding.Manhattan})
		if err != nil || len(md.Moves) != *rep.Length {
			t.Errorf("%s: length %d, IDA* with Manhattan distance finds %d (%v)", b.Line(), *rep.Length, len(md.Moves), err)
		}
	}
}
