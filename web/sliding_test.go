package web

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/internal/schematest"
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
	p, err := sliding.Parse(strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	return p.Board
}

// slidingReply decodes a solve reply and validates it against its schema.
func slidingReply(t *testing.T, w *httptest.ResponseRecorder) record.SlidingSolve {
	t.Helper()
	var rec record.SlidingSolve
	decode(t, w, &rec)
	schematest.Validate(t, "sliding.json#/$defs/solve", w.Body.Bytes())
	return rec
}

// bfsLength is the oracle: the length of a shortest solution by
// breadth-first search.
func bfsLength(t *testing.T, b *sliding.Board, goal sliding.Goal) int {
	t.Helper()
	res, err := sliding.Solve(context.Background(), &sliding.Puzzle{Board: b, Goal: goal}, sliding.Options{Algorithm: sliding.BFS})
	if err != nil || res.Status != status.Solved {
		t.Fatalf("BFS on %s: %v %v", b.Line(), res.Status, err)
	}
	return len(res.Moves)
}

// checkSolution replays the moves of a record from its board to the goal.
func checkSolution(t *testing.T, rep record.SlidingSolve, goal sliding.Goal) {
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
				Status            string
				Rows, Cols        int
				Goal, Board, Seed string
			}
			decode(t, w, &got)
			schematest.Validate(t, "sliding.json#/$defs/shuffle", w.Body.Bytes())
			g, _ := sliding.ParseGoal(goal)
			want := sliding.Shuffle(rand.New(rand.NewPCG(7, 0)), size, size, g)
			b := parseBoard(t, got.Board)
			if w.Code != 200 || got.Status != "solved" || got.Rows != size || got.Cols != size || got.Seed != "7" || got.Goal != goal || got.Board != want.Line() || !b.Solvable(g) {
				t.Errorf("size %d %s: %d %+v, want board %s", size, goal, w.Code, got, want.Line())
			}
		}
	}
	// A rectangle, as the CLI's --rows --cols: the side not given is size.
	for _, tc := range []struct {
		query      string
		rows, cols int
	}{{"rows=3&cols=5", 3, 5}, {"rows=2&cols=3", 2, 3}, {"size=3&cols=4", 3, 4}, {"rows=5", 5, 4}} {
		w := do(t, s, "GET", "/api/sliding/shuffle?seed=9&"+tc.query, "")
		var got struct {
			Rows, Cols int
			Board      string
		}
		decode(t, w, &got)
		schematest.Validate(t, "sliding.json#/$defs/shuffle", w.Body.Bytes())
		want := sliding.Shuffle(rand.New(rand.NewPCG(9, 0)), tc.rows, tc.cols, sliding.BlankLast)
		if w.Code != 200 || got.Rows != tc.rows || got.Cols != tc.cols || got.Board != want.Line() {
			t.Errorf("%s: %d %+v, want %d×%d %s", tc.query, w.Code, got, tc.rows, tc.cols, want.Line())
		}
	}
	// Without a seed, one is drawn and returned, as a string that makes
	// the same board again (even above 2^53, where JavaScript's numbers
	// would round it).
	var a, b, again struct{ Board, Seed string }
	decode(t, do(t, s, "GET", "/api/sliding/shuffle?size=5", ""), &a)
	decode(t, do(t, s, "GET", "/api/sliding/shuffle?size=5", ""), &b)
	if a.Board == b.Board {
		t.Errorf("two random 5×5 boards are equal: %s", a.Board)
	}
	decode(t, do(t, s, "GET", "/api/sliding/shuffle?size=5&seed="+a.Seed, ""), &again)
	if again != a {
		t.Errorf("seed %s gave %+v, then %+v", a.Seed, a, again)
	}
	const big = "18446744073709551615"
	var x, y struct{ Board, Seed string }
	decode(t, do(t, s, "GET", "/api/sliding/shuffle?size=4&seed="+big, ""), &x)
	decode(t, do(t, s, "GET", "/api/sliding/shuffle?size=4&seed=18446744073709551614", ""), &y)
	if x.Seed != big || x.Board == y.Board || x.Board != sliding.Shuffle(rand.New(rand.NewPCG(1<<64-1, 0)), 4, 4, sliding.BlankLast).Line() {
		t.Errorf("seed 2^64-1: %+v (seed 2^64-2: %+v)", x, y)
	}
	for _, tc := range []struct{ query, msg string }{
		{"size=11", "out of range 2..10"},
		{"rows=1&cols=3", "out of range 2..10"},
		{"cols=11", "out of range 2..10"},
		{"size=x", "not an integer"},
		{"seed=-1", "not a non-negative integer"},
		{"seed=18446744073709551616", "not a non-negative integer below 2^64"},
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
		rep := slidingReply(t, w)
		if w.Code != 200 || rep.Status != status.Solved || !*rep.Optimal || rep.Algorithm != "idastar" || rep.Heuristic != "walking-distance+linear-conflict" {
			t.Fatalf("%s: %d %s", b.Line(), w.Code, w.Body.String())
		}
		checkSolution(t, rep, goal)
		if want := bfsLength(t, b, goal); *rep.Length != want {
			t.Errorf("%s: length %d, BFS finds %d", b.Line(), *rep.Length, want)
		}
		cli := record.NewSlidingSolve(context.Background(), "request", &sliding.Puzzle{Board: b, Goal: goal, Line: 1},
			record.SlidingOptions{Options: sliding.Options{Algorithm: sliding.IDAStar, Heuristic: "walking-distance+linear-conflict"}})
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
	rep := slidingReply(t, w)
	if w.Code != 200 || !*rep.Optimal {
		t.Fatalf("4×4: %d %s", w.Code, w.Body.String())
	}
	checkSolution(t, rep, sliding.BlankLast)
	if want := bfsLength(t, near, sliding.BlankLast); *rep.Length != want {
		t.Errorf("4×4 %s: length %d, BFS finds %d", near.Line(), *rep.Length, want)
	}

	// Rows per line, any rectangle.
	w = do(t, s, "POST", "/api/sliding/solve", "1 2 3\n4 5 6\n0 7 8\n")
	rep = slidingReply(t, w)
	if w.Code != 200 || *rep.Length != 2 || *rep.Moves != "RR" || rep.Rows != 3 {
		t.Errorf("rows: %d %s", w.Code, w.Body.String())
	}

	// 5×5: the automatic method is the reduction, fast and not optimal;
	// idastar can be asked for.
	b5 := sliding.Shuffle(rand.New(rand.NewPCG(9, 0)), 5, 5, sliding.BlankLast)
	w = do(t, s, "POST", "/api/sliding/solve", b5.Line())
	rep = slidingReply(t, w)
	if w.Code != 200 || *rep.Optimal || rep.Algorithm != "reduce" || rep.Heuristic != "" {
		t.Fatalf("5×5: %d %s", w.Code, w.Body.String())
	}
	checkSolution(t, rep, sliding.BlankLast)

	// The wrong parity: no solution, answered at once, without a search.
	start := time.Now()
	w = do(t, s, "POST", "/api/sliding/solve", "2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0")
	rep = slidingReply(t, w)
	if w.Code != 200 || rep.Status != status.None || rep.Stats != nil || rep.Error != "" || !strings.HasPrefix(rep.Reason, "parity: ") {
		t.Errorf("wrong parity: %d %s", w.Code, w.Body.String())
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("unsolvable took %v", d)
	}

	// An unreadable board: 400 with its record.
	w = do(t, s, "POST", "/api/sliding/solve", "1 2 3 4 5 6 7 7 0")
	rep = slidingReply(t, w)
	if w.Code != 400 || rep.Status != status.Invalid || rep.Error != "sliding: request:1: tile 7 appears twice" || rep.Line != 1 {
		t.Errorf("duplicate tile: %d %s", w.Code, w.Body.String())
	}
	for _, tc := range []struct{ query, body, msg string }{
		{"", "", "no puzzle"},
		{"", "1 2 3 4 5 6 7 8 0\n8 7 6 5 4 3 2 1 0\n", "more than one puzzle (another starts at line 2)"},
		{"", "1 2 3 4 5 6 7 0 8\n\n1 2 x\n", "more than one puzzle (another, malformed, at line 3)"},
		{"?heuristic=fast", "1 2 3 4 5 6 7 0 8", `unknown heuristic "fast"`},
		{"?heuristic=manhattan%2Bfast", "1 2 3 4 5 6 7 0 8", `unknown heuristic "fast"`},
		// A heuristic that does not fit the board is a bad request.
		{"?heuristic=pdb-78", "1 2 3 4 5 6 7 0 8", "pdb-78 is for 4×4 boards, not 3×3"},
		{"?heuristic=pdb-6666", "5 1 3 4 2 6 7 8 9 10 11 12 13 14 15 0", "pdb-6666 is for 5×5 boards"},
		{"?heuristic=walking-distance&algo=idastar", b5.Line(), "walking-distance is for boards up to 4×4"},
		{"?algo=bfs", "1 2 3 4 5 6 7 0 8", "not one of auto, idastar, reduce"},
		{"?goal=x", "1 2 3 4 5 6 7 0 8", "not one of blank-last"},
	} {
		w := do(t, s, "POST", "/api/sliding/solve"+tc.query, tc.body)
		if w.Code != http.StatusBadRequest || !strings.Contains(errorOf(t, w), tc.msg) {
			t.Errorf("%q %q: %d %q, want 400 saying %q", tc.query, tc.body, w.Code, w.Body.String(), tc.msg)
		}
	}
	// Pattern databases too slow to build in a request: 422 with the
	// record, naming the command that builds them.
	b4 := "5 1 3 4 2 6 7 8 9 10 11 12 13 14 15 0"
	w = do(t, s, "POST", "/api/sliding/solve?heuristic=pdb-78", b4)
	rep = slidingReply(t, w)
	if w.Code != http.StatusUnprocessableEntity || rep.Status != status.Invalid || !strings.Contains(rep.Error, "pattern database pdb-78 is not built") ||
		!strings.Contains(rep.Error, "puzzle sliding pdb build pdb-78") {
		t.Errorf("pdb-78 not built: %d %q, want 422", w.Code, w.Body.String())
	}
}

// TestSlidingBadPDBFile: a request with heuristic auto that meets a bad
// 7-8 file (present, so first choice) passes over it to 6-6-3, rebuilt
// from its bad file in a moment, and answers optimally; a request that
// names pdb-78 gets 422 at once, naming the file and the command that
// builds it, rather than waiting for a rebuild.
func TestSlidingBadPDBFile(t *testing.T) {
	dir := t.TempDir()
	var logs []string
	var mu sync.Mutex
	st := &sliding.Store{Dir: dir, MayBuild: func(h sliding.Heuristic) bool { return quickPDB[h] },
		Logf: func(f string, a ...any) { mu.Lock(); logs = append(logs, fmt.Sprintf(f, a...)); mu.Unlock() }}
	known, _ := st.Files()
	for _, fi := range known {
		if err := os.WriteFile(filepath.Join(dir, fi.Name), []byte("not a database"), 0o644); err != nil {
			t.Fatal(err)
		}
		// Of the right size, so that the set counts as present.
		side := 4
		if slices.Contains(fi.Sets, sliding.PDB6666) {
			side = 5
		}
		n := int64(1)
		for i := range fi.Tiles {
			n *= int64(side*side - i)
		}
		if err := os.Truncate(filepath.Join(dir, fi.Name), 64+(n+1)/2); err != nil {
			t.Fatal(err)
		}
	}
	board := &sliding.Puzzle{Board: parseBoard(t, "5 1 2 3 9 6 7 4 13 10 11 8 0 14 15 12"), Line: 1}
	if !raceDetector { // building 6-6-3 takes minutes under the race detector
		rep := record.NewSlidingSolve(t.Context(), "request", board, record.SlidingOptions{Options: sliding.Options{Algorithm: sliding.IDAStar, Store: st}})
		md, err := sliding.Solve(t.Context(), board, sliding.Options{Algorithm: sliding.IDAStar, Heuristic: sliding.Manhattan})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Status != status.Solved || rep.Heuristic != string(sliding.PDB663) || rep.Length == nil || *rep.Length != len(md.Moves) {
			t.Errorf("auto with a bad 7-8 file: %s %s %q, want solved with pdb-663 in %d", rep.Status, rep.Heuristic, rep.Error, len(md.Moves))
		}
		mu.Lock()
		if len(logs) != 4 || !strings.Contains(logs[0], "not a pattern database") || !strings.Contains(logs[0], "using pdb-663 instead") ||
			strings.Count(strings.Join(logs, "\n"), "rebuilding") != 3 {
			t.Errorf("warnings %q", logs)
		}
		mu.Unlock()
		// The bad file is not read again, nor the warning repeated.
		rep = record.NewSlidingSolve(t.Context(), "request", board, record.SlidingOptions{Options: sliding.Options{Algorithm: sliding.IDAStar, Store: st}})
		if rep.Status != status.Solved || rep.Heuristic != string(sliding.PDB663) || len(logs) != 4 {
			t.Errorf("second request: %s %s, warnings %q", rep.Status, rep.Heuristic, logs)
		}
	}
	rep := record.NewSlidingSolve(t.Context(), "request", board, record.SlidingOptions{Options: sliding.Options{Algorithm: sliding.IDAStar,
		Heuristic: sliding.PDB78, Store: st}})
	if rep.Status != status.Invalid || !strings.Contains(rep.Error, "not built") || !strings.Contains(rep.Error, "not a pattern database") ||
		!strings.Contains(rep.Error, "puzzle sliding pdb build pdb-78") {
		t.Errorf("bad 7-8 file named: %s %q", rep.Status, rep.Error)
	}
}

func TestSlidingTimeout(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{Timeout: 100 * time.Millisecond})
	// Korf's first instance takes Manhattan distance millions of nodes.
	start := time.Now()
	w := do(t, s, "POST", "/api/sliding/solve?goal=blank-first&heuristic=manhattan", "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3")
	rep := slidingReply(t, w)
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
		rep := slidingReply(t, w)
		if w.Code != 200 || rep.Heuristic != string(sliding.PDB663) || !*rep.Optimal {
			t.Fatalf("%s: %d %s", b.Line(), w.Code, w.Body.String())
		}
		checkSolution(t, rep, sliding.BlankLast)
		md, err := sliding.Solve(context.Background(), &sliding.Puzzle{Board: b}, sliding.Options{Algorithm: sliding.IDAStar, Heuristic: sliding.Manhattan})
		if err != nil || len(md.Moves) != *rep.Length {
			t.Errorf("%s: length %d, IDA* with Manhattan distance finds %d (%v)", b.Line(), *rep.Length, len(md.Moves), err)
		}
	}
}
