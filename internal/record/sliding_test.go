package record

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/schematest"
	"github.com/puzzlesolvers/puzzle/sliding"
	"github.com/puzzlesolvers/puzzle/status"
)

func slidingPuzzle(t *testing.T, tiles string, g sliding.Goal) *sliding.Puzzle {
	t.Helper()
	r := sliding.NewReader(strings.NewReader(tiles), "f.txt")
	r.Goal = g
	p, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSlidingSolve checks the record of each status: the fields the
// vocabulary allows with it, the solution replayed, and the schema.
func TestSlidingSolve(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	check := func(rec *SlidingSolve) {
		t.Helper()
		b, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		schematest.Validate(t, "sliding.json#/$defs/solve", b)
	}

	// Solved: the moves replay to the goal; the length is BFS's.
	p := slidingPuzzle(t, "\n8 6 7 2 5 4 3 0 1\n", sliding.BlankLast)
	p.Name = "hardest"
	rec := NewSlidingSolve(ctx, "f.txt", p, SlidingOptions{})
	bfs, err := sliding.Solve(ctx, p, sliding.Options{Algorithm: sliding.BFS})
	if err != nil {
		t.Fatal(err)
	}
	if rec.Status != status.Solved || rec.File != "f.txt" || rec.Line != 2 || rec.Name != "hardest" || rec.Board != "8 6 7 2 5 4 3 0 1" ||
		rec.Goal != "blank-last" || rec.Length == nil || *rec.Length != len(bfs.Moves) || !*rec.Optimal || rec.Stats == nil || rec.Estimate == nil || rec.Puzzle != p {
		t.Errorf("solved: %+v", rec)
	}
	ms, _ := sliding.ParseMoves(*rec.Moves)
	if err := p.Board.Check(ms, p.Goal); err != nil {
		t.Error(err)
	}
	check(rec)

	// Reduce: a solution, not optimal.
	rec = NewSlidingSolve(ctx, "f.txt", slidingPuzzle(t, "1 2 3 4 5 6 0 7 8", sliding.BlankLast), SlidingOptions{Options: sliding.Options{Algorithm: sliding.Reduce}})
	if rec.Status != status.Solved || rec.Optimal == nil || *rec.Optimal || rec.Heuristic != "" || rec.Estimate != nil {
		t.Errorf("reduce: %+v", rec)
	}
	check(rec)

	// None: the wrong parity, no search, a reason and no error.
	rec = NewSlidingSolve(ctx, "f.txt", slidingPuzzle(t, "0 1 2 3 4 5 6 8 7", sliding.BlankFirst), SlidingOptions{})
	if rec.Status != status.None || rec.Error != "" || !strings.HasPrefix(rec.Reason, "parity: ") || rec.Stats != nil || rec.Moves != nil || rec.Goal != "blank-first" {
		t.Errorf("none: %+v", rec)
	}
	check(rec)

	// Timeout: a limit of the record's own is named.
	hard := slidingPuzzle(t, "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", sliding.BlankFirst)
	rec = NewSlidingSolve(ctx, "f.txt", hard, SlidingOptions{Options: sliding.Options{Heuristic: sliding.Manhattan}, Timeout: 20 * time.Millisecond})
	if rec.Status != status.Timeout || rec.Error != "no answer within 20ms" || rec.Moves != nil || rec.Stats == nil {
		t.Errorf("timeout: %+v", rec)
	}
	check(rec)
	// A cancelled context is an interruption, said as the other families
	// say it.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	rec = NewSlidingSolve(cctx, "f.txt", hard, SlidingOptions{Options: sliding.Options{Heuristic: sliding.Manhattan}, Timeout: time.Minute})
	if rec.Status != status.Timeout || rec.Error != "interrupted" {
		t.Errorf("cancelled: %+v", rec)
	}
	check(rec)

	// Invalid: options the engine refuses (a pattern database that may
	// not be built).
	st := &sliding.Store{MayBuild: func(sliding.Heuristic) bool { return false }}
	rec = NewSlidingSolve(ctx, "f.txt", hard, SlidingOptions{Options: sliding.Options{Heuristic: sliding.PDB78, Store: st}})
	if rec.Status != status.Invalid || !strings.Contains(rec.Error, "not built") || rec.Moves != nil {
		t.Errorf("invalid: %+v", rec)
	}
	check(rec)
}

// TestSlidingInvalid: a board that cannot be read gets the line of its
// syntax error, and the error's text.
func TestSlidingInvalid(t *testing.T) {
	t.Parallel()
	var err error
	for _, err = range sliding.NewReader(strings.NewReader("# a comment\n\n1 2 3\n4 5 5\n"), "f.txt").All() {
	}
	rec := NewSlidingInvalid("f.txt", err, sliding.BlankFirst)
	if rec.Status != status.Invalid || rec.Line != 3 || rec.File != "f.txt" || rec.Error != "sliding: f.txt:3: tile 5 appears twice" ||
		rec.Goal != "blank-first" || rec.Puzzle != nil || rec.Board != "" {
		t.Errorf("%+v", rec)
	}
	schematest.ValidateValue(t, "sliding.json#/$defs/solve", rec)
}

func TestSlidingShuffle(t *testing.T) {
	t.Parallel()
	b := sliding.GoalBoard(3, 4, sliding.BlankLast)
	rec := NewSlidingShuffle(b, sliding.BlankLast, Seed(1<<64-1))
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"status":"solved","rows":3,"cols":4,"goal":"blank-last","board":"1 2 3 4 5 6 7 8 9 10 11 0","seed":"18446744073709551615"}`; string(data) != want {
		t.Errorf("%s\nwant %s", data, want)
	}
	schematest.Validate(t, "sliding.json#/$defs/shuffle", data)
}
