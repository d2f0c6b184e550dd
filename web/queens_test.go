package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/queens"
	"github.com/puzzlesolvers/puzzle/status"
)

// bruteSolutions is the oracle: the placements of one queen per column,
// in lexicographic order, each queen checked against every earlier one
// pair by pair (no bit masks, no symmetry).
func bruteSolutions(n int) [][]int {
	var out [][]int
	rows := make([]int, n)
	var rec func(c int)
	rec = func(c int) {
		if c == n {
			out = append(out, slices.Clone(rows))
			return
		}
		for r := range n {
			ok := true
			for k := range c {
				if rows[k] == r || rows[k]-r == c-k || r-rows[k] == c-k {
					ok = false
				}
			}
			if ok {
				rows[c] = r
				rec(c + 1)
			}
		}
	}
	rec(0)
	return out
}

func TestQueensCount(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	for n := 1; n <= 12; n++ {
		w := do(t, s, "GET", fmt.Sprintf("/api/queens/count?n=%d", n), "")
		var rep queens.CountReport
		decode(t, w, &rep)
		want, err := queens.Count(context.Background(), n, queens.CountOptions{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		if w.Code != 200 || rep.Solutions != want.Solutions || rep.Fundamental != want.Fundamental || rep.Stats.Workers != 1 {
			t.Errorf("n=%d: %d %s, want %d solutions, %d fundamental", n, w.Code, w.Body.String(), want.Solutions, want.Fundamental)
		}
		if n <= 7 && rep.Solutions != uint64(len(bruteSolutions(n))) {
			t.Errorf("n=%d: %d solutions, brute force finds %d", n, rep.Solutions, len(bruteSolutions(n)))
		}
		// The record is the one `puzzle queens count --workers 1 --json` prints.
		cli, _ := json.Marshal(queens.NewCountReport(want, 1))
		if timesMasked(w.Body.Bytes()) != timesMasked(append(cli, '\n')) {
			t.Errorf("n=%d: API %s, CLI record %s", n, w.Body.String(), cli)
		}
	}
	for _, tc := range []struct {
		query string
		code  int
		msg   string
	}{
		{"", 400, "parameter n, the board size, is required"},
		{"n=x", 400, `"x" is not an integer`},
		{"n=0", 400, "out of range 1..32"},
		{"n=33", 400, "out of range 1..32"},
		{"n=17", 422, "the web API takes n up to 16"},
		{"n=8&workers=2", 400, `unknown parameter "workers"`},
	} {
		w := do(t, s, "GET", "/api/queens/count?"+tc.query, "")
		if w.Code != tc.code || !strings.Contains(errorOf(t, w), tc.msg) {
			t.Errorf("%q: %d %q, want %d saying %q", tc.query, w.Code, w.Body.String(), tc.code, tc.msg)
		}
	}
}

func TestQueensSolve(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	for _, tc := range []struct {
		n, firstRow, limit int // firstRow -1: any; limit 0: absent
	}{
		{4, -1, 0}, {6, -1, 0}, {8, -1, 0}, {5, 3, 0}, {8, 0, 0}, {7, -1, 5}, {3, -1, 0}, {1, 0, 0},
	} {
		q := fmt.Sprintf("n=%d", tc.n)
		if tc.firstRow >= 0 {
			q += fmt.Sprintf("&first_row=%d", tc.firstRow)
		}
		if tc.limit > 0 {
			q += fmt.Sprintf("&limit=%d", tc.limit)
		}
		w := do(t, s, "GET", "/api/queens/solve?"+q, "")
		var rep struct {
			N         int
			FirstRow  *int `json:"first_row"`
			Solutions [][]int
			Status    status.Status
			Count     int
		}
		decode(t, w, &rep)
		var want [][]int
		for _, sol := range bruteSolutions(tc.n) {
			if tc.firstRow < 0 || sol[0] == tc.firstRow {
				want = append(want, sol)
			}
		}
		wantStatus := map[bool]status.Status{true: status.Unique, false: status.Multiple}[len(want) == 1]
		if len(want) == 0 {
			wantStatus = status.None
		}
		if tc.limit > 0 && len(want) > tc.limit {
			want = want[:tc.limit] // the status is the package's: several found
		}
		if w.Code != 200 || rep.N != tc.n || rep.Count != len(want) || rep.Status != wantStatus || fmt.Sprint(rep.Solutions) != fmt.Sprint(want) {
			t.Errorf("%s: %d %s\nwant %d solutions (%s): %v", q, w.Code, w.Body.String(), len(want), wantStatus, want)
		}
		if (tc.firstRow >= 0) != (rep.FirstRow != nil) {
			t.Errorf("%s: first_row %v", q, rep.FirstRow)
		}
		// The record is the one `puzzle queens solve --json` prints.
		opt := queens.SolveOptions{Limit: tc.limit, FixFirstRow: tc.firstRow >= 0, FirstRow: tc.firstRow}
		if tc.limit == 0 {
			opt.Limit = maxListed
		}
		res, _ := queens.Solve(context.Background(), tc.n, opt)
		var fr *int
		if tc.firstRow >= 0 {
			fr = &tc.firstRow
		}
		cli := queens.NewSolveReport(tc.n, fr, res)
		var stream []byte
		stream = append(stream, cli.JSONStart()...)
		for i, sol := range res.Solutions {
			if i > 0 {
				stream = append(stream, ',')
			}
			stream = append(stream, queens.JSONSolution(sol)...)
		}
		stream = append(stream, cli.JSONEnd()...)
		if timesMasked(w.Body.Bytes()) != timesMasked(append(stream, '\n')) {
			t.Errorf("%s: API %s, CLI stream %s", q, w.Body.String(), stream)
		}
	}
	// The default limit lists the first 1000 of n=11's 2680 solutions.
	w := do(t, s, "GET", "/api/queens/solve?n=11", "")
	var rep struct {
		Status    status.Status
		Count     int
		Solutions [][]int
	}
	decode(t, w, &rep)
	if rep.Count != maxListed || !rep.Status.Solved() || len(rep.Solutions) != maxListed {
		t.Errorf("n=11: %s, %d", rep.Status, rep.Count)
	}
	for _, sol := range rep.Solutions {
		if err := queens.Verify(sol); err != nil || len(sol) != 11 {
			t.Fatalf("n=11: %v: %v", sol, err)
		}
	}
	for _, tc := range []struct{ query, msg string }{
		{"n=8&first_row=8", "out of range 0..7"},
		{"n=8&first_row=-1", "out of range 0..7"},
		{"n=8&limit=0", "out of range 1..1000"},
		{"n=8&limit=5000", "out of range 1..1000"},
		{"n=40", "out of range 1..32"},
		{"limit=3", "required"},
	} {
		w := do(t, s, "GET", "/api/queens/solve?"+tc.query, "")
		if w.Code != 400 || !strings.Contains(errorOf(t, w), tc.msg) {
			t.Errorf("%q: %d %q, want 400 saying %q", tc.query, w.Code, w.Body.String(), tc.msg)
		}
	}
}

func TestQueensComplete(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	for _, tc := range []struct {
		body   string
		status status.Status
	}{
		{"n 8\n0:3, 1:6\n", status.Solved},
		{"8\n", status.Solved},
		{"n 8\n0:0 1:1\n", status.None}, // attack each other
		{"n 3\n", status.None},
		{"n 30\n0:0 5:7\n29:28\n", status.Solved},
		{"n 1000\n500:500\n", status.Solved},
	} {
		w := do(t, s, "POST", "/api/queens/complete", tc.body)
		var rep queens.CompleteReport
		decode(t, w, &rep)
		insts, err := queens.ReadInstances(strings.NewReader(tc.body), "request")
		if err != nil {
			t.Fatal(err)
		}
		in := insts[0]
		if w.Code != 200 || rep.Status != tc.status || rep.N != in.N || len(rep.Given) != len(in.Queens) || rep.File != "request" {
			t.Errorf("%q: %d %.300s", tc.body, w.Code, w.Body.String())
			continue
		}
		if tc.status == status.Solved {
			if err := queens.Verify(rep.Queens); err != nil || len(rep.Queens) != in.N {
				t.Errorf("%q: %v is not a solution: %v", tc.body, rep.Queens, err)
			}
			for _, q := range in.Queens {
				if rep.Queens[q.Col] != q.Row {
					t.Errorf("%q: the queen given at %d:%d moved", tc.body, q.Col, q.Row)
				}
			}
		} else if rep.Queens != nil {
			t.Errorf("%q: queens %v with status %s", tc.body, rep.Queens, rep.Status)
		}
		// none is a proof: brute force agrees on small boards.
		if in.N <= 8 {
			found := false
			for _, sol := range bruteSolutions(in.N) {
				ok := true
				for _, q := range in.Queens {
					ok = ok && sol[q.Col] == q.Row
				}
				found = found || ok
			}
			if found != (rep.Status == status.Solved) {
				t.Errorf("%q: %s, brute force finds a completion: %v", tc.body, rep.Status, found)
			}
		}
		cli, _ := queens.NewCompleteReport(context.Background(), "request", in, 0)
		want, _ := json.Marshal(cli)
		if timesMasked(w.Body.Bytes()) != timesMasked(append(want, '\n')) {
			t.Errorf("%q: API %.300s, CLI record %.300s", tc.body, w.Body.String(), want)
		}
	}
	for _, tc := range []struct {
		body string
		code int
		msg  string
	}{
		{"", 400, "no instance"},
		{"0:3\n", 400, "queens before the board size"},
		{"n 8\n9:0\n", 400, "off the 8×8 board"},
		{"n 8\n0:x\n", 400, "bad queen"},
		{"n 8\n0:1\n\nn 5\n", 400, "more than one instance (another starts at line 4)"},
		{"n 2000\n", 422, "takes n up to 1000"},
		{"n 20000\n", 400, "out of range 1..16384"},
		{"n 8\n0:0 0:0\n", 422, "given twice"},
	} {
		w := do(t, s, "POST", "/api/queens/complete", tc.body)
		if w.Code != tc.code || !strings.Contains(errorOf(t, w), tc.msg) {
			t.Errorf("%q: %d %q, want %d saying %q", tc.body, w.Code, w.Body.String(), tc.code, tc.msg)
		}
	}
}

func TestQueensDominate(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	for n := 1; n <= 9; n++ {
		for _, independent := range []bool{false, true} {
			w := do(t, s, "GET", fmt.Sprintf("/api/queens/dominate?n=%d&independent=%v", n, independent), "")
			var rep queens.DominateReport
			decode(t, w, &rep)
			want, _ := queens.KnownDomination(n)
			if independent {
				want, _ = queens.KnownIndependentDomination(n)
			}
			var qs []queens.Queen
			for _, q := range rep.Queens {
				qs = append(qs, queens.Queen{Row: q[0], Col: q[1]})
			}
			if w.Code != 200 || rep.Size != want || len(qs) != want || rep.Independent != independent {
				t.Errorf("n=%d independent %v: %d %s, want size %d", n, independent, w.Code, w.Body.String(), want)
				continue
			}
			if err := queens.VerifyDomination(n, qs, independent); err != nil {
				t.Errorf("n=%d: %v", n, err)
			}
		}
	}
	for _, tc := range []struct {
		query string
		code  int
		msg   string
	}{
		{"n=14", 422, "the web API takes n up to 13"},
		{"n=17", 400, "out of range 1..16"},
		{"n=8&independent=perhaps", 400, "not a boolean"},
	} {
		w := do(t, s, "GET", "/api/queens/dominate?"+tc.query, "")
		if w.Code != tc.code || !strings.Contains(errorOf(t, w), tc.msg) {
			t.Errorf("%q: %d %q, want %d saying %q", tc.query, w.Code, w.Body.String(), tc.code, tc.msg)
		}
	}
}

func TestQueensOne(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	for _, q := range []string{"n=1", "n=4", "n=8", "n=14", "n=1000&method=minconflicts&seed=3", "n=100000", "n=100000&quiet=1"} {
		w := do(t, s, "GET", "/api/queens/one?"+q, "")
		var rep queens.OneReport
		decode(t, w, &rep)
		if w.Code != 200 || !rep.Verified {
			t.Errorf("%s: %d %.200s", q, w.Code, w.Body.String())
			continue
		}
		if strings.Contains(q, "quiet") {
			if rep.Queens != nil {
				t.Errorf("%s: queens listed", q)
			}
			continue
		}
		if err := queens.Verify(rep.Queens); err != nil || len(rep.Queens) != rep.N {
			t.Errorf("%s: %v", q, err)
		}
	}
	for _, tc := range []struct {
		query string
		code  int
		msg   string
	}{
		{"n=3", 422, "the 3×3 board has no solution"},
		{"n=2&method=minconflicts", 422, "no solution"},
		{"n=100001", 422, "the web API takes n up to 100000"},
		{"n=0", 400, "out of range"},
		{"n=8&method=magic", 400, "not one of explicit, minconflicts"},
		{"n=8&seed=x", 400, "not a non-negative integer"},
	} {
		w := do(t, s, "GET", "/api/queens/one?"+tc.query, "")
		if w.Code != tc.code || !strings.Contains(errorOf(t, w), tc.msg) {
			t.Errorf("%q: %d %q, want %d saying %q", tc.query, w.Code, w.Body.String(), tc.code, tc.msg)
		}
	}
}

func TestQueensTimeout(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{Timeout: 20 * time.Millisecond})
	for _, path := range []string{"/api/queens/count?n=16", "/api/queens/dominate?n=13", "/api/queens/solve?n=32&limit=1000"} {
		start := time.Now()
		w := do(t, s, "GET", path, "")
		if w.Code != http.StatusGatewayTimeout || !strings.Contains(errorOf(t, w), "no answer within 20ms") {
			t.Errorf("%s: %d %.200s", path, w.Code, w.Body.String())
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%s: the timeout took %v", path, d)
		}
	}
}

// TestOpenAPISlidingQueens checks the description of the new routes: each
// with its parameters, and the 422 of those that refuse input.
func TestOpenAPISlidingQueens(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	var doc openAPIDoc
	decode(t, do(t, s, "GET", "/api/openapi.json", ""), &doc)
	for _, tc := range []struct {
		method, path string
		params       []string
		refuses      bool
	}{
		{"post", "/api/sliding/solve", []string{"name", "goal", "algo", "heuristic"}, true},
		{"get", "/api/sliding/shuffle", []string{"size", "seed", "goal"}, false},
		{"get", "/api/queens/count", []string{"n"}, true},
		{"get", "/api/queens/solve", []string{"n", "first_row", "limit"}, false},
		{"post", "/api/queens/complete", []string{"name"}, true},
		{"get", "/api/queens/dominate", []string{"n", "independent"}, true},
		{"get", "/api/queens/one", []string{"n", "method", "seed", "quiet"}, true},
	} {
		op, ok := doc.Paths[tc.path][tc.method]
		if !ok {
			t.Errorf("%s %s is not described", tc.method, tc.path)
			continue
		}
		var names []string
		for _, p := range op.Parameters {
			names = append(names, p.Name)
		}
		_, has422 := op.Responses["422"]
		_, has504 := op.Responses["504"]
		if fmt.Sprint(names) != fmt.Sprint(tc.params) || has422 != tc.refuses || (tc.path != "/api/sliding/shuffle") != has504 {
			t.Errorf("%s %s: parameters %v, 422 %v, 504 %v", tc.method, tc.path, names, has422, has504)
		}
	}
}
