package queens

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/status"
)

// TestSolveReportJSON checks that the report written whole decodes to what
// the search found, with the keys in the CLI's order.
func TestSolveReportJSON(t *testing.T) {
	row := 3
	res, err := Solve(context.Background(), 5, SolveOptions{FixFirstRow: true, FirstRow: row})
	if err != nil {
		t.Fatal(err)
	}
	rep := NewSolveReport(5, &row, res)
	b, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		N         int     `json:"n"`
		FirstRow  *int    `json:"first_row"`
		Solutions [][]int `json:"solutions"`
		Status    status.Status
		Count     int
		Stats     SearchStats
	}
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("%v in %s", err, b)
	}
	if back.N != 5 || back.FirstRow == nil || *back.FirstRow != 3 || back.Count != 2 || back.Status != status.Multiple ||
		fmt.Sprint(back.Solutions) != fmt.Sprint(res.Solutions) || back.Stats.Nodes != res.Stats.Nodes {
		t.Errorf("decoded %+v from %s", back, b)
	}
	if !strings.HasPrefix(string(b), `{"n":5,"first_row":3,"solutions":[[3,0,2,4,1],[3,1,4,2,0]],"status":"multiple","count":2,"stats":{"nodes":`) {
		t.Errorf("keys out of order: %s", b)
	}
	none := NewSolveReport(3, nil, Result{Status: status.None})
	if b, _ := json.Marshal(none); !strings.HasPrefix(string(b), `{"n":3,"solutions":[],"status":"none","count":0,`) {
		t.Errorf("no solution: %s", b)
	}
}

func TestCountReportRoundTrip(t *testing.T) {
	c, err := Count(context.Background(), 9, CountOptions{Workers: 1, Shard: 2, Shards: 3})
	if err != nil {
		t.Fatal(err)
	}
	rep := NewCountReport(c, 1)
	b, _ := json.Marshal(rep)
	var back CountReport
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	got, err := back.Counts()
	if err != nil || rep.Shard != "2/3" || got.Shard != 2 || got.Shards != 3 || got.Solutions != c.Solutions || got.Nodes != c.Nodes {
		t.Errorf("%s came back as %+v (%v)", b, got, err)
	}
	for _, bad := range []string{"", "3", "0/2", "3/2", "a/b", "1/0"} {
		if _, _, err := ParseShard(bad); err == nil {
			t.Errorf("shard %q accepted", bad)
		}
	}
}

func TestCompleteReport(t *testing.T) {
	rep, res := NewCompleteReport(context.Background(), "f.txt", Instance{N: 8, Queens: []Queen{{0, 3}, {1, 6}}, Line: 4}, 0)
	if rep.Status != status.Solved || Verify(rep.Queens) != nil || rep.Queens[0] != 3 || rep.Stats == nil || len(res.Solutions) != 1 || rep.Line != 4 {
		t.Errorf("%+v", rep)
	}
	rep, _ = NewCompleteReport(context.Background(), "", Instance{N: 8}, 0)
	if b, _ := json.Marshal(rep); !strings.HasPrefix(string(b), `{"n":8,"given":[],"status":"solved","queens":[`) {
		t.Errorf("no queen given: %s", b)
	}
	rep, _ = NewCompleteReport(context.Background(), "", Instance{N: 8, Queens: []Queen{{0, 0}, {0, 0}}}, 0)
	if rep.Status != status.Invalid || rep.Error != "queen 0:0 given twice" || rep.Stats != nil {
		t.Errorf("twice: %+v", rep)
	}
	// A cancelled search reports the limit given.
	rep, _ = NewCompleteReport(context.Background(), "", Instance{N: 1000}, time.Nanosecond)
	if rep.Status != status.Timeout || rep.Error != "no answer within 1ns" {
		t.Errorf("timeout: %+v", rep)
	}
}

func TestOneReport(t *testing.T) {
	for _, method := range []string{"explicit", "minconflicts"} {
		rep, rows, err := NewOneReport(context.Background(), 50, method, 1, false)
		if err != nil || !rep.Verified || Verify(rows) != nil || len(rep.Queens) != 50 || rep.Method != method {
			t.Errorf("%s: %+v %v", method, rep, err)
		}
		rep, _, _ = NewOneReport(context.Background(), 50, method, 1, true)
		if rep.Queens != nil || !rep.Verified {
			t.Errorf("%s quiet: %+v", method, rep)
		}
	}
	if _, rows, err := NewOneReport(context.Background(), 3, "explicit", 1, false); err == nil || rows != nil {
		t.Errorf("n=3: %v %v", rows, err)
	}
	if _, _, err := NewOneReport(context.Background(), 8, "magic", 1, false); err == nil {
		t.Error("unknown method accepted")
	}
}

func TestDominateReport(t *testing.T) {
	d, err := Dominate(context.Background(), 6, DominateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rep := NewDominateReport(6, false, d)
	var qs []Queen
	for _, q := range rep.Queens {
		qs = append(qs, Queen{Row: q[0], Col: q[1]})
	}
	if want, _ := KnownDomination(6); rep.Size != want || VerifyDomination(6, qs, false) != nil || len(rep.Proof) != len(d.Tried) || !rep.Proof[len(rep.Proof)-1].Found {
		t.Errorf("%+v", rep)
	}
}
