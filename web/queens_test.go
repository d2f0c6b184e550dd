package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/oeis"
	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/internal/schematest"
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

// queensTimes masks the times of a record, which differ from run to run.
var queensTimes = regexp.MustCompile(`"(time_ms|verify_ms)":[0-9.e+-]+`)

func queensMasked(b []byte) string {
	return queensTimes.ReplaceAllString(strings.TrimSpace(string(b)), `"$1":0`)
}

func TestQueensCount(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	for n := 1; n <= 12; n++ {
		w := do(t, s, "GET", fmt.Sprintf("/api/queens/count?n=%d", n), "")
		schematest.Validate(t, "queens.json#/$defs/count", w.Body.Bytes())
		var rep record.QueensCount
		decode(t, w, &rep)
		want, err := queens.Count(context.Background(), n, queens.CountOptions{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		if w.Code != 200 || rep.Count != want.Solutions || rep.Fundamental != want.Fundamental || rep.Stats.Workers != 1 {
			t.Errorf("n=%d: %d %s, want %d solutions, %d fundamental", n, w.Code, w.Body.String(), want.Solutions, want.Fundamental)
		}
		if n <= 7 {
			brute := len(bruteSolutions(n))
			wantStatus := map[int]status.Status{0: status.None, 1: status.Unique}[brute]
			if brute > 1 {
				wantStatus = status.Multiple
			}
			if rep.Count != uint64(brute) || rep.Status != wantStatus {
				t.Errorf("n=%d: %d solutions (%s), brute force finds %d", n, rep.Count, rep.Status, brute)
			}
		}
		// The record is the one `puzzle queens count --workers 1 --json` prints.
		cli, _ := json.Marshal(record.QueensCountOf(want, 1))
		if queensMasked(w.Body.Bytes()) != queensMasked(cli) {
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
		{4, -1, 0}, {6, -1, 0}, {8, -1, 0}, {5, 3, 0}, {8, 0, 0}, {7, -1, 5}, {3, -1, 0}, {1, 0, 0}, {6, 0, 0}, {8, -1, 1},
	} {
		q := fmt.Sprintf("n=%d", tc.n)
		if tc.firstRow >= 0 {
			q += fmt.Sprintf("&first_row=%d", tc.firstRow)
		}
		if tc.limit > 0 {
			q += fmt.Sprintf("&limit=%d", tc.limit)
		}
		w := do(t, s, "GET", "/api/queens/solve?"+q, "")
		schematest.Validate(t, "queens.json#/$defs/solve", w.Body.Bytes())
		var rep record.QueensSolve
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
		if tc.limit == 1 && len(want) > 0 {
			wantStatus = status.Solved
		}
		got := make([][]int, len(rep.Solutions))
		for i, s := range rep.Solutions {
			got[i] = s
		}
		if w.Code != 200 || rep.N != tc.n || rep.Count != len(want) || rep.Status != wantStatus || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: %d %s\nwant %d solutions (%s): %v", q, w.Code, w.Body.String(), len(want), wantStatus, want)
		}
		if (tc.firstRow >= 0) != (len(rep.Given) == 1) || tc.firstRow >= 0 && rep.Given[0] != (record.Cell{Row: tc.firstRow, Col: 0}) {
			t.Errorf("%s: given %v", q, rep.Given)
		}
	}
	// The default limit lists the first 1000 of n=11's 2680 solutions.
	w := do(t, s, "GET", "/api/queens/solve?n=11", "")
	var rep record.QueensSolve
	decode(t, w, &rep)
	if rep.Count != maxListed || rep.Status != status.Multiple || len(rep.Solutions) != maxListed {
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
		code   int
		status status.Status
	}{
		{"n 8\n0:3, 1:6\n", 200, status.Solved},
		{"8\n", 200, status.Solved},
		{"n 8\n0:0 1:1\n", 200, status.None}, // attack each other
		{"n 3\n", 200, status.None},
		{"n 30\n0:0 5:7\n29:28\n", 200, status.Solved},
		{"n 1000\n500:500\n", 200, status.Solved},
		{"n 8\n0:0 0:0\n", 422, status.Invalid},
	} {
		w := do(t, s, "POST", "/api/queens/complete", tc.body)
		schematest.Validate(t, "queens.json#/$defs/complete", w.Body.Bytes())
		var rep record.QueensSolve
		decode(t, w, &rep)
		in, err := queens.Parse(strings.NewReader(tc.body))
		if err != nil {
			t.Fatal(err)
		}
		if w.Code != tc.code || rep.Status != tc.status || rep.N != in.N || len(rep.Given) != len(in.Queens) || rep.File != "request" {
			t.Errorf("%q: %d %.300s", tc.body, w.Code, w.Body.String())
			continue
		}
		if tc.status == status.Solved {
			if len(rep.Solutions) != 1 || queens.Verify(rep.Solutions[0]) != nil || len(rep.Solutions[0]) != in.N {
				t.Errorf("%q: %v is not a solution", tc.body, rep.Solutions)
				continue
			}
			for _, q := range in.Queens {
				if rep.Solutions[0][q.Col] != q.Row {
					t.Errorf("%q: the queen given at %d:%d moved", tc.body, q.Col, q.Row)
				}
			}
		} else if len(rep.Solutions) != 0 {
			t.Errorf("%q: solutions %v with status %s", tc.body, rep.Solutions, rep.Status)
		}
		// none is a proof: brute force agrees on small boards.
		if in.N <= 8 && tc.status != status.Invalid {
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
		cli := record.NewQueensSolve(context.Background(), "request", in, record.QueensOptions{Complete: true})
		want, _ := json.Marshal(cli)
		if queensMasked(w.Body.Bytes()) != queensMasked(want) {
			t.Errorf("%q: API %.300s, CLI record %.300s", tc.body, w.Body.String(), want)
		}
	}
	for _, tc := range []struct {
		body string
		code int
		msg  string
	}{
		{"", 400, "no puzzle"},
		{"0:3\n", 400, "queens before the board size"},
		{"n 8\n9:0\n", 400, "request:2: queen 9:0 is off the 8×8 board"},
		{"n 8\n0:x\n", 400, "bad queen"},
		{"n 8\n0:1\n\nn 5\n", 400, "more than one puzzle (another starts at line 4)"},
		{"n 2000\n", 422, "takes n up to 1000"},
		{"n 20000\n", 400, "out of range 1..16384"},
	} {
		w := do(t, s, "POST", "/api/queens/complete", tc.body)
		if strings.Contains(w.Body.String(), `"status"`) {
			schematest.Validate(t, "queens.json#/$defs/complete", w.Body.Bytes()) // the record of a malformed puzzle
		} else {
			schematest.Validate(t, "common.json#/$defs/error_reply", w.Body.Bytes())
		}
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
			schematest.Validate(t, "queens.json#/$defs/dominate", w.Body.Bytes())
			var rep record.QueensDominate
			decode(t, w, &rep)
			want, _ := oeis.QueensDomination(n)
			if independent {
				want, _ = oeis.IndependentDomination(n)
			}
			var qs []queens.Queen
			for _, q := range rep.Queens {
				qs = append(qs, queens.Queen{Row: q.Row, Col: q.Col})
			}
			if w.Code != 200 || rep.Size != want || len(qs) != want || rep.Independent != independent || rep.Status != status.Solved {
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
	for _, q := range []string{"n=1", "n=4", "n=8", "n=14", "n=1000&method=minconflicts&seed=3", "n=50&method=minconflicts&seed=18446744073709551615",
		"n=100000", "n=100000&quiet=1"} {
		w := do(t, s, "GET", "/api/queens/one?"+q, "")
		schematest.Validate(t, "queens.json#/$defs/one", w.Body.Bytes())
		var rep record.QueensOne
		decode(t, w, &rep)
		if w.Code != 200 || !rep.Verified || rep.Status != status.Solved {
			t.Errorf("%s: %d %.200s", q, w.Code, w.Body.String())
			continue
		}
		if strings.Contains(q, "seed") != (rep.Seed != nil) || strings.Contains(q, "seed=18446744073709551615") && *rep.Seed != 18446744073709551615 {
			t.Errorf("%s: seed %v", q, rep.Seed)
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
	for _, q := range []string{"n=3", "n=2&method=minconflicts"} {
		w := do(t, s, "GET", "/api/queens/one?"+q, "")
		schematest.Validate(t, "queens.json#/$defs/one", w.Body.Bytes())
		var rep record.QueensOne
		decode(t, w, &rep)
		if w.Code != 422 || rep.Status != status.None || !strings.Contains(rep.Reason, "board has no solution") {
			t.Errorf("%s: %d %s", q, w.Code, w.Body.String())
		}
	}
	for _, tc := range []struct {
		query string
		code  int
		msg   string
	}{
		{"n=100001", 422, "the web API takes n up to 100000"},
		{"n=0", 400, "out of range"},
		{"n=8&method=magic", 400, "not one of explicit, minconflicts"},
		{"n=8&seed=x", 400, `seed "x": want a non-negative integer`},
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
	// complete answers its record, status timeout.
	w := do(t, s, "POST", "/api/queens/complete", "n 1000\n0:0\n")
	schematest.Validate(t, "queens.json#/$defs/complete", w.Body.Bytes())
	var rep record.QueensSolve
	decode(t, w, &rep)
	if w.Code != http.StatusGatewayTimeout || rep.Status != status.Timeout || rep.Error != "no answer within 20ms" {
		t.Errorf("complete: %d %.300s", w.Code, w.Body.String())
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
		{"get", "/api/sliding/shuffle", []string{"size", "rows", "cols", "seed", "goal"}, false},
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
