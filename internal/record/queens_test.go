package record

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/schematest"
	"github.com/puzzlesolvers/puzzle/queens"
	"github.com/puzzlesolvers/puzzle/status"
)

func TestQueensPlacementJSON(t *testing.T) {
	t.Parallel()
	b, _ := json.Marshal(QueensPlacement{1, 3, 0, 2})
	if string(b) != `[{"row":1,"col":0},{"row":3,"col":1},{"row":0,"col":2},{"row":2,"col":3}]` {
		t.Errorf("%s", b)
	}
	var p QueensPlacement
	if err := json.Unmarshal([]byte(`[{"col":1,"row":3},{"row":1,"col":0},{"row":0,"col":2},{"row":2,"col":3}]`), &p); err != nil || queens.Verify(p) != nil || p[0] != 1 {
		t.Errorf("%v %v", p, err)
	}
	for _, bad := range []string{`[{"row":0,"col":0},{"row":1,"col":0}]`, `[{"row":0,"col":2},{"row":1,"col":0}]`, `[{"row":-1,"col":0}]`, `[[0,1]]`} {
		if err := json.Unmarshal([]byte(bad), &p); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// TestQueensSolveRecord checks the records of solve and complete in each
// status, against the schema, and that the pieces written as the search
// goes make the same bytes as the whole record.
func TestQueensSolveRecord(t *testing.T) {
	t.Parallel()
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	deadline, cancel2 := context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel2()
	<-deadline.Done()
	for _, tc := range []struct {
		ctx    context.Context
		p      queens.Puzzle
		opt    QueensOptions
		status status.Status
		error  string
	}{
		{context.Background(), queens.Puzzle{N: 8}, QueensOptions{}, status.Multiple, ""},
		{context.Background(), queens.Puzzle{N: 5, Queens: []queens.Queen{{Col: 0, Row: 0}}}, QueensOptions{Limit: 1}, status.Solved, ""},
		{context.Background(), queens.Puzzle{N: 1}, QueensOptions{}, status.Unique, ""},
		{context.Background(), queens.Puzzle{N: 3}, QueensOptions{}, status.None, ""},
		{context.Background(), queens.Puzzle{N: 40}, QueensOptions{}, status.Invalid, "n must be between 1 and 32"},
		{context.Background(), queens.Puzzle{N: 8, Queens: []queens.Queen{{Col: 1, Row: 1}, {Col: 1, Row: 1}}}, QueensOptions{Complete: true}, status.Invalid, "given twice"},
		{context.Background(), queens.Puzzle{N: 300, Queens: []queens.Queen{{Col: 1, Row: 1}}, Line: 4}, QueensOptions{Complete: true}, status.Solved, ""},
		{context.Background(), queens.Puzzle{N: 6, Queens: []queens.Queen{{Col: 0, Row: 0}}}, QueensOptions{Complete: true}, status.None, ""},
		{cancelled, queens.Puzzle{N: 16}, QueensOptions{}, status.Timeout, "interrupted"},
		{cancelled, queens.Puzzle{N: 500}, QueensOptions{Complete: true}, status.Timeout, "interrupted"},
		{deadline, queens.Puzzle{N: 500}, QueensOptions{Complete: true}, status.Timeout, "no answer within the time limit"},
		{context.Background(), queens.Puzzle{N: 16000}, QueensOptions{Complete: true, Timeout: time.Millisecond}, status.Timeout, "no answer within 1ms"},
	} {
		rec := NewQueensSolve(tc.ctx, "f.txt", &tc.p, tc.opt)
		b, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		schematest.Validate(t, "queens.json#/$defs/solve", b)
		if rec.Status != tc.status || !strings.Contains(rec.Error, tc.error) || (tc.error == "") != (rec.Error == "") || rec.Line != tc.p.Line {
			t.Errorf("%+v: %s", tc.p, b)
		}
		for _, s := range rec.Solutions {
			if queens.Verify(s) != nil || len(s) != tc.p.N {
				t.Errorf("%+v: %v", tc.p, s)
			}
		}
		var pieces []byte
		pieces = rec.AppendStart(pieces)
		for i, s := range rec.Solutions {
			if i > 0 {
				pieces = append(pieces, ',')
			}
			pieces = AppendQueensPlacement(pieces, s)
		}
		if pieces = rec.AppendEnd(pieces); string(pieces) != string(b) {
			t.Errorf("pieces %s\nwhole %s", pieces, b)
		}
	}
	// A puzzle that could not be read: the head alone.
	_, err := queens.Parse(strings.NewReader("n 4\n5:5\n"))
	rec := &QueensSolve{Head: Invalid("f.txt", err)}
	b, _ := json.Marshal(rec)
	schematest.Validate(t, "queens.json#/$defs/complete", b)
	if string(b) != `{"file":"f.txt","line":2,"status":"invalid","error":"queens: line 2: queen 5:5 is off the 4×4 board"}` {
		t.Errorf("%s", b)
	}
}

func TestQueensRecords(t *testing.T) {
	t.Parallel()
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	check := func(def string, rec Record, want status.Status) {
		t.Helper()
		b, _ := json.Marshal(rec)
		schematest.Validate(t, "queens.json#/$defs/"+def, b)
		if h := rec.Header(); h.Status != want || (h.Error != "") != (want == status.Invalid || want == status.Timeout) {
			t.Errorf("%s: %s, want status %s", def, b, want)
		}
	}
	for n, want := range map[int]status.Status{1: status.Unique, 2: status.None, 6: status.Multiple} {
		check("count", NewQueensCount(context.Background(), n, queens.CountOptions{}), want)
	}
	check("count", NewQueensCount(context.Background(), 8, queens.CountOptions{Shard: 2, Shards: 5}), status.Solved)
	check("count", NewQueensCount(cancelled, 14, queens.CountOptions{}), status.Timeout)
	check("count", NewQueensCount(context.Background(), 40, queens.CountOptions{}), status.Invalid)
	for _, method := range []string{"explicit", "minconflicts"} {
		one, err := NewQueensOne(context.Background(), 50, method, 7, false)
		if err != nil || queens.Verify(one.Queens) != nil || !one.Verified {
			t.Errorf("%s: %v %v", method, one, err)
		}
		check("one", one, status.Solved)
		one, _ = NewQueensOne(context.Background(), 3, method, 7, false)
		check("one", one, status.None)
		if one.Reason != "the 3×3 board has no solution" {
			t.Errorf("%+v", one)
		}
	}
	one, _ := NewQueensOne(cancelled, 100000, "minconflicts", 1, true)
	check("one", one, status.Timeout)
	if _, err := NewQueensOne(context.Background(), 8, "magic", 1, true); err == nil {
		t.Error("method magic accepted")
	}
	check("dominate", NewQueensDominate(context.Background(), 7, queens.DominateOptions{}), status.Solved)
	check("dominate", NewQueensDominate(cancelled, 13, queens.DominateOptions{}), status.Timeout)
	check("heuristic", NewQueensHeuristic(context.Background(), 6), status.Solved)
	check("heuristic", NewQueensHeuristic(cancelled, 12), status.Timeout)
	check("brute", NewQueensBrute(context.Background(), 6, "exhaustive", 0, 0), status.Solved)
	check("brute", NewQueensBrute(context.Background(), 3, "exhaustive", 0, 0), status.None)
	check("brute", NewQueensBrute(context.Background(), 8, "random", 1<<63, 100000), status.Solved)
	check("brute", NewQueensBrute(context.Background(), 3, "random", 1, 10), status.Timeout)
}
