package sliding

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/status"
)

func TestSolveReport(t *testing.T) {
	b, err := ParseTiles(strings.Fields("8 6 7 2 5 4 3 0 1"))
	if err != nil {
		t.Fatal(err)
	}
	rep := SolveReport(context.Background(), "f", 3, b, Options{}, 0)
	if rep.Status != status.Solved || !rep.Optimal || rep.Length == nil || *rep.Length != 31 || rep.Line != 3 || rep.Board != b.Line() || rep.Stats == nil || rep.Estimate == nil {
		t.Fatalf("%+v", rep)
	}
	ms, _ := ParseMoves(*rep.Moves)
	if err := b.Check(ms, BlankLast); err != nil {
		t.Error(err)
	}
	// Unsolvable: no search, no stats.
	u, _ := ParseTiles(strings.Fields("2 1 3 4 5 6 7 8 0"))
	if rep := SolveReport(context.Background(), "f", 1, u, Options{}, 0); rep.Status != status.Unsolvable || rep.Stats != nil || rep.Moves != nil || !strings.Contains(rep.Error, "parity") {
		t.Errorf("unsolvable: %+v", rep)
	}
	// A limit of its own that runs out is named.
	hard, _ := ParseTiles(strings.Fields("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"))
	rep = SolveReport(context.Background(), "f", 1, hard, Options{Goal: BlankFirst, Heuristic: Manhattan}, 20*time.Millisecond)
	if rep.Status != status.Timeout || rep.Error != "no answer within 20ms" || rep.Moves != nil {
		t.Errorf("timeout: %+v", rep)
	}
	// Options the board cannot take: invalid, with the reason.
	rep = SolveReport(context.Background(), "f", 1, b, Options{Heuristic: "nonsense"}, 0)
	if rep.Status != status.Invalid || !strings.Contains(rep.Error, "nonsense") {
		t.Errorf("bad heuristic: %+v", rep)
	}
}

func TestErrorReport(t *testing.T) {
	entries, _ := Read(strings.NewReader("1 2 3\n4 5\n"), "f.txt")
	rep := ErrorReport("f.txt", entries[0].Line, BlankFirst, entries[0].Err)
	if rep.Status != status.Invalid || rep.Goal != "blank-first" || strings.Contains(rep.Error, "f.txt") || rep.Error == "" || rep.Line != entries[0].Line {
		t.Errorf("%+v", rep)
	}
	if rep := ErrorReport("args", 0, BlankLast, errors.New("sliding: tile 9 is off the board")); rep.Error != "tile 9 is off the board" {
		t.Errorf("%+v", rep)
	}
}
