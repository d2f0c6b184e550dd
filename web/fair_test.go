package web

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/badinput"
	"github.com/puzzlesolvers/puzzle/sudoku"
)

// doFrom sends one request to h from the remote address remote (host:port)
// with the headers given as name, value pairs.
func doFrom(t testing.TB, h http.Handler, remote, method, target, body string, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	if strings.HasPrefix(target, "/") {
		target = "http://localhost" + target
	}
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	req.RemoteAddr = remote
	for i := 0; i+1 < len(header); i += 2 {
		if header[i] == "Host" {
			req.Host = header[i+1]
			continue
		}
		req.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

// goodBody returns a body the route reads without error.
func goodBody(rt *route) string {
	switch {
	case rt.body == "":
		return ""
	case strings.HasPrefix(rt.path, "/api/sudoku/"):
		return sudokuClassic
	case rt.path == "/api/nonogram/clues":
		return "#.#\n.#.\n"
	case rt.path == "/api/nonogram/from-image":
		return string(badinput.PNGHeader(3, 2)) // a header is all the checks before a worker read
	case strings.HasPrefix(rt.path, "/api/nonogram/"):
		return nonogramHeart
	case strings.HasPrefix(rt.path, "/api/sliding/"):
		return "1 2 3\n4 5 6\n7 0 8\n"
	case rt.path == "/api/queens/complete":
		return "n 8\n0:3\n"
	}
	panic("no body for " + rt.path)
}

// badQueries returns, for a route, queries each of which breaks one of the
// rules its parameters declare, with the other parameters as they must be.
func badQueries(rt *route) []string {
	base := url.Values{}
	for _, p := range rt.params {
		if p.required {
			switch {
			case len(p.choices) > 0:
				base.Set(p.name, p.choices[0])
			case p.kind == "integer":
				base.Set(p.name, strconv.Itoa(p.min))
			}
		}
	}
	with := func(name, v string) string {
		q := url.Values{}
		for k, vs := range base {
			q[k] = vs
		}
		q.Set(name, v)
		return q.Encode()
	}
	qs := []string{with("no_such_parameter", "1")}
	if len(rt.params) > 0 {
		p := rt.params[0]
		qs = append(qs, base.Encode()+"&"+p.name+"=1&"+p.name+"=1") // given twice
	}
	for _, p := range rt.params {
		if p.required {
			q := url.Values{}
			for k, vs := range base {
				if k != p.name {
					q[k] = vs
				}
			}
			qs = append(qs, q.Encode())
		}
		switch p.kind {
		case "integer":
			qs = append(qs, with(p.name, "x"), with(p.name, "1.5"), with(p.name, "99999999999999999999"))
			if p.max > p.min {
				qs = append(qs, with(p.name, strconv.Itoa(p.min-1)), with(p.name, strconv.Itoa(p.max+1)))
			}
			if p.cap > p.min && p.cap < p.max {
				qs = append(qs, with(p.name, strconv.Itoa(p.cap+1)), with(p.name, strconv.Itoa(p.max)))
			}
		case "boolean":
			qs = append(qs, with(p.name, "perhaps"))
		}
		if len(p.choices) > 0 {
			qs = append(qs, with(p.name, "no-such-choice"))
		}
		if p.check != nil {
			qs = append(qs, with(p.name, "x"), with(p.name, "-1"))
		}
	}
	return qs
}

// TestValidateBeforeWorker sends every bad parameter the route table
// declares (and a few that depend on each other) to a server whose one
// worker is taken and which has no queue: each is answered as by an idle
// server, 400 or 422 with the same message, not 503.
func TestValidateBeforeWorker(t *testing.T) {
	t.Parallel()
	idle := newTestServer(t, Config{})
	busy := newTestServer(t, Config{Workers: 1, Queue: -1, CheapWorkers: -1})
	if err := busy.limit.heavy.acquire(context.Background(), "holder", 0); err != nil {
		t.Fatal(err)
	}
	defer busy.limit.heavy.release("holder")
	type request struct{ method, path, query, body string }
	var reqs []request
	heavy := 0
	for _, rt := range idle.routes {
		if rt.heavy {
			heavy++
		}
		for _, q := range badQueries(rt) {
			reqs = append(reqs, request{rt.method, rt.path, q, goodBody(rt)})
		}
		if rt.body != "" {
			for _, body := range []string{"", " \n\t\r\n"} {
				reqs = append(reqs, request{rt.method, rt.path, "", body})
			}
		}
	}
	reqs = append(reqs,
		request{"GET", "/api/queens/solve", "n=8&first_row=8", ""},
		request{"GET", "/api/queens/solve", "n=8&first_row=-1", ""},
		request{"POST", "/api/sliding/solve", "heuristic=pdb-78", "1 2 3 4 5 6 7 0 8"},
		request{"POST", "/api/sliding/solve", "heuristic=pdb-6666", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0"},
	)
	// Malformed puzzles, and bodies of two, in every route that reads one
	// (a precheck): answered without a worker too.
	badSudoku, badNonogram := "11"+strings.Repeat(".", 79), "2 2\n3\n0\n1\n1\n"
	malformed := []request{
		{"POST", "/api/sudoku/solve", "", badSudoku}, {"POST", "/api/sudoku/hint", "", badSudoku},
		{"POST", "/api/sudoku/rate", "", badSudoku}, {"POST", "/api/sudoku/solve", "", strings.Repeat(".", 16) + "\n" + strings.Repeat(".", 16)},
		{"POST", "/api/nonogram/solve", "", badNonogram}, {"POST", "/api/nonogram/explain", "", badNonogram},
		{"POST", "/api/nonogram/render", "", badNonogram}, {"POST", "/api/nonogram/convert", "to=non", badNonogram},
		{"POST", "/api/nonogram/rate", "", badNonogram},
		{"POST", "/api/sliding/solve", "", "1 1 3 4 5 6 7 8 0"}, {"POST", "/api/sliding/solve", "goal=blank-first", "1 2 3\n4 5"},
		{"POST", "/api/queens/complete", "", "n 8\n9:0\n"}, {"POST", "/api/queens/complete", "", "n 8\n\nn 5\n"},
		{"POST", "/api/nonogram/from-image", "width=5", "not a picture"},
		{"POST", "/api/nonogram/from-image", "width=5", string(badinput.PNGHeader(100000, 100000))},
	}
	reqs = append(reqs, malformed...)
	for _, rt := range idle.routes {
		if rt.precheck != nil && !slices.ContainsFunc(malformed, func(r request) bool { return r.path == rt.path }) {
			t.Errorf("%s %s reads a puzzle but has no malformed body here", rt.method, rt.path)
		}
	}
	if heavy < 10 || len(reqs) < 100 {
		t.Fatalf("%d heavy routes, %d requests: the route table is not what this test expects", heavy, len(reqs))
	}
	for _, r := range reqs {
		target := r.path + "?" + r.query
		want := do(t, idle, r.method, target, r.body)
		if want.Code != http.StatusBadRequest && want.Code != http.StatusUnprocessableEntity {
			t.Errorf("%s %s %.20q: %d %.200s, want 400 or 422 (a bad request)", r.method, target, r.body, want.Code, want.Body.String())
			continue
		}
		start := time.Now()
		got := do(t, busy, r.method, target, r.body)
		if got.Code != want.Code || got.Body.String() != want.Body.String() {
			t.Errorf("%s %s %.20q on a busy server: %d %.200s, want %d %.200s", r.method, target, r.body, got.Code, got.Body.String(), want.Code, want.Body.String())
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("%s %s: answered in %v on a busy server", r.method, target, d)
		}
	}
}

// TestCheapLane takes every heavy worker: the requests a route knows to be
// small are still answered, at once, and the others get 503.
func TestCheapLane(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{Workers: 2, Queue: -1})
	for _, who := range []string{"a", "b"} {
		if err := s.limit.heavy.acquire(context.Background(), who, 0); err != nil {
			t.Fatal(err)
		}
		defer s.limit.heavy.release(who)
	}
	empty16 := strings.Repeat(".", 256)
	for _, tc := range []struct {
		method, target, body string
		cheap                bool
	}{
		{"POST", "/api/sudoku/solve", sudokuClassic, true},
		{"POST", "/api/sudoku/solve?limit=1000&explain=1", strings.Repeat(".", 81), true},
		{"POST", "/api/sudoku/hint", sudokuClassic, true},
		{"POST", "/api/sudoku/rate", sudokuClassic, true},
		{"GET", "/api/sudoku/generate?size=4", "", true},
		{"POST", "/api/sliding/solve", "8 6 7 2 5 4 3 0 1", true},
		{"GET", "/api/queens/count?n=12", "", true},
		{"GET", "/api/queens/solve?n=10", "", true},
		{"GET", "/api/queens/dominate?n=8", "", true},
		{"GET", "/api/queens/one?n=1000&method=minconflicts", "", true},
		{"POST", "/api/sudoku/solve", empty16, false},
		{"GET", "/api/sudoku/generate", "", false},
		{"POST", "/api/sliding/solve", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", false},
		{"GET", "/api/queens/count?n=13", "", false},
		{"GET", "/api/queens/one?n=1001", "", false},
		{"POST", "/api/nonogram/solve", nonogramHeart, false},
		{"POST", "/api/queens/complete", "n 8\n", false},
	} {
		start := time.Now()
		w := do(t, s, tc.method, tc.target, tc.body)
		d := time.Since(start)
		switch {
		case tc.cheap && w.Code != http.StatusOK:
			t.Errorf("%s %s with the heavy workers taken: %d %.200s, want 200", tc.method, tc.target, w.Code, w.Body.String())
		case !tc.cheap && w.Code != http.StatusServiceUnavailable:
			t.Errorf("%s %s with the heavy workers taken: %d, want 503 (not cheap)", tc.method, tc.target, w.Code)
		}
		if d > time.Second {
			t.Errorf("%s %s took %v", tc.method, tc.target, d)
		}
	}
	if w, q := s.limit.cheap.load(); w != 0 || q != 0 {
		t.Errorf("cheap lane after the requests: %d working, %d waiting", w, q)
	}
}

// TestCheapEstimates checks the estimate that sends a Sudoku to the cheap
// lane on every layout: a grid of 16×16 or more is never cheap, whatever
// its layout, and 9×9 is, but for the layout drawn for people.
func TestCheapEstimates(t *testing.T) {
	t.Parallel()
	for _, box := range []int{2, 3, 4, 5} {
		g, err := sudoku.Generate(context.Background(), sudoku.GenerateOptions{Box: box, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range []sudoku.Format{sudoku.FormatLine, sudoku.FormatGrid, sudoku.FormatEuler, sudoku.FormatPretty} {
			var b bytes.Buffer
			if err := g.Puzzle.Format(&b, f); err != nil {
				continue // Euler holds 9×9 and smaller only
			}
			cheap := smallSudoku.small(&call{body: b.Bytes()})
			if box > 3 && cheap || box <= 3 && f != sudoku.FormatPretty && !cheap {
				t.Errorf("%d×%d in layout %v (%d bytes): cheap %v", box*box, box*box, f, b.Len(), cheap)
			}
		}
	}
	for body, want := range map[string]bool{
		"1 2 3 4 5 6 7 8 0": true, "3 3\n1 2 3\n4 5 6\n7 8 0\n": false, "1,2,3,4,5,6,7,8,0": true,
		"1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0": false, "1 2 3 4 5 6 7 8 9 10 0": false,
	} {
		if got := numbersAtMost(9, "").small(&call{body: []byte(body)}); got != want {
			t.Errorf("numbersAtMost(9)(%q) = %v", body, got)
		}
	}
	for q, want := range map[string]bool{"": false, "x": false, "12": true, "13": false, "-5": true} {
		c := &call{query: map[string]string{}}
		if q != "" {
			c.query["n"] = q
		}
		if got := paramAtMost("n", 12).small(c); got != want {
			t.Errorf("paramAtMost(n, 12) of n=%q = %v", q, got)
		}
	}
}

// TestClientShare checks that one client (remote address) holds at most
// its share of the heavy workers, its other requests waiting even when a
// worker is free, while another client's request takes that worker at
// once; and that a client may fill only its part of the queue (429).
func TestClientShare(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{Workers: 2, Queue: 4, CheapWorkers: -1, Timeout: 10 * time.Second})
	const a, b = "192.0.2.1", "192.0.2.2"
	// Client a is solving one request (its share of 2 workers).
	if err := s.limit.heavy.acquire(context.Background(), a, 0); err != nil {
		t.Fatal(err)
	}
	done := make(chan int, 2)
	for range 2 {
		go func() { done <- doFrom(t, s, a+":5000", "POST", "/api/sudoku/solve", sudokuClassic).Code }()
	}
	waitQueued(t, s.limit.heavy, 2)
	if w := doFrom(t, s, a+":5001", "POST", "/api/sudoku/solve", sudokuClassic); w.Code != http.StatusTooManyRequests ||
		w.Header().Get("Retry-After") == "" || !strings.Contains(errorOf(t, w), "too many requests from your address") {
		t.Errorf("a third waiting request of a: %d %q, want 429", w.Code, w.Body.String())
	}
	if w, q := s.limit.heavy.load(); w != 1 || q != 2 {
		t.Fatalf("%d working, %d waiting: want 1 and 2 (a's requests wait for its share)", w, q)
	}
	start := time.Now()
	if w := doFrom(t, s, "["+"2001:db8::1"+"]:80", "POST", "/api/sudoku/solve", sudokuClassic); w.Code != http.StatusOK {
		t.Errorf("another client's request: %d %q", w.Code, w.Body.String())
	}
	if w := doFrom(t, s, b+":80", "POST", "/api/nonogram/solve", nonogramHeart); w.Code != http.StatusOK {
		t.Errorf("another client's request: %d %q", w.Code, w.Body.String())
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("other clients' requests took %v behind a's", d)
	}
	s.limit.heavy.release(a)
	for range 2 {
		if code := <-done; code != http.StatusOK {
			t.Errorf("a's waiting request: %d", code)
		}
	}
	if w, q := s.limit.heavy.load(); w != 0 || q != 0 {
		t.Errorf("after: %d working, %d waiting", w, q)
	}
}

// TestLane checks the lane's rules by hand: a client holds at most its
// share of the slots, waits with at most its part of the queue, and the
// free slots go to the waiting clients in turn.
func TestLane(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	l := newLane(2, 1, 5, 3)
	for _, who := range []string{"x", "y"} {
		if err := l.acquire(ctx, who, 0); err != nil {
			t.Fatal(err)
		}
	}
	granted := make(chan string, 10)
	enqueue := func(who string, waiting int) {
		t.Helper()
		go func() {
			if err := l.acquire(ctx, who, time.Hour); err != nil {
				granted <- who + ": " + err.Error()
				return
			}
			granted <- who
		}()
		waitQueued(t, l, waiting)
	}
	enqueue("a", 1)
	enqueue("a", 2)
	enqueue("a", 3)
	enqueue("b", 4)
	if err := l.acquire(ctx, "a", time.Hour); !strings.Contains(fmt.Sprint(err), "too many requests") {
		t.Errorf("a's fourth waiting request: %v, want errClientBusy", err)
	}
	enqueue("c", 5)
	if err := l.acquire(ctx, "d", time.Hour); err != errBusy {
		t.Errorf("queue full: %v, want errBusy", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if err := l.acquire(cctx, "x", time.Hour); err != errBusy {
		t.Errorf("queue full, cancelled: %v", err)
	}
	// The order of service: a, b, c, then a's others, as slots free up,
	// one at a time for a, whose share is one slot.
	var order []string
	next := func() string {
		t.Helper()
		select {
		case who := <-granted:
			order = append(order, who)
			return who
		case <-time.After(10 * time.Second):
			t.Fatalf("no slot granted after %v", order)
		}
		return ""
	}
	l.release("x")
	first := next()
	l.release("y")
	second := next()
	l.release(first)
	third := next()
	l.release(second)
	fourth := next()
	l.release(third)
	select {
	case who := <-granted:
		t.Errorf("%s served while a holds its share", who)
	case <-time.After(20 * time.Millisecond):
	}
	l.release(fourth)
	l.release(next())
	if got := strings.Join(order, " "); got != "a b c a a" {
		t.Errorf("served in the order %s, want a b c a a", got)
	}
	if w, q := l.load(); w != 0 || q != 0 || len(l.clients) != 0 || len(l.turn) != 0 {
		t.Errorf("after: %d working, %d waiting, clients %v, turn %v", w, q, l.clients, l.turn)
	}
	// A wait that ends (its time, its context) leaves the queue.
	l2 := newLane(1, 1, 2, 2)
	if err := l2.acquire(ctx, "x", 0); err != nil {
		t.Fatal(err)
	}
	if err := l2.acquire(ctx, "a", time.Millisecond); err != errBusy {
		t.Errorf("wait over: %v, want errBusy", err)
	}
	cctx, cancel = context.WithTimeout(ctx, time.Millisecond)
	defer cancel()
	if err := l2.acquire(cctx, "a", time.Hour); err != context.DeadlineExceeded {
		t.Errorf("context over: %v", err)
	}
	l2.release("x")
	if w, q := l2.load(); w != 0 || q != 0 || len(l2.clients) != 0 {
		t.Errorf("after: %d working, %d waiting, clients %v", w, q, l2.clients)
	}
}

func TestClientKey(t *testing.T) {
	t.Parallel()
	for addr, want := range map[string]string{
		"192.0.2.1:1234":              "192.0.2.1",
		"192.0.2.1:99":                "192.0.2.1",
		"[::ffff:192.0.2.1]:5":        "192.0.2.1",
		"[2001:db8:1:2:3:4:5:6]:80":   "2001:db8:1:2::/64",
		"[2001:db8:1:2:ffff::1]:8080": "2001:db8:1:2::/64",
		"[2001:db8:1:3::1]:8080":      "2001:db8:1:3::/64",
		"pipe":                        "pipe",
		"[::1]:80":                    "::/64",
		"127.0.0.2:6000":              "127.0.0.2",
		"not an address:with a colon": "not an address",
	} {
		if got := clientKey(addr); got != want {
			t.Errorf("clientKey(%q) = %q, want %q", addr, got, want)
		}
	}
}

// TestHostAllowList checks the Host header on every kind of request: the
// loopback names and the address the client connected to are answered,
// other names get 421 unless allowed.
func TestHostAllowList(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	allow := newTestServer(t, Config{AllowHosts: []string{"puzzle.lan", "[2001:db8::7]"}})
	any := newTestServer(t, Config{AllowHosts: []string{"*"}})
	for _, tc := range []struct {
		host                string
		plain, allowed, any int
	}{
		{"localhost", 200, 200, 200},
		{"localhost:8080", 200, 200, 200},
		{"LocalHost.:8080", 200, 200, 200},
		{"127.0.0.1:9000", 200, 200, 200},
		{"[::1]:8080", 200, 200, 200},
		{"[::1]", 200, 200, 200},
		{"evil.example", 421, 421, 200},
		{"evil.example:8080", 421, 421, 200},
		{"localhost.evil.example", 421, 421, 200},
		{"127.0.0.1.nip.io", 421, 421, 200},
		{"puzzle.lan:8080", 421, 200, 200},
		{"[2001:db8::7]:80", 421, 200, 200},
		{"192.0.2.9", 421, 421, 200},
		{"", 421, 421, 200},
	} {
		for _, target := range []string{"/", "/static/app.js", "/api/health", "/api/openapi.json"} {
			for i, srv := range []*Server{s, allow, any} {
				want := []int{tc.plain, tc.allowed, tc.any}[i]
				w := doFrom(t, srv, "192.0.2.1:1", "GET", target, "", "Host", tc.host)
				if w.Code != want {
					t.Errorf("server %d, Host %q, GET %s: %d, want %d", i, tc.host, target, w.Code, want)
				}
				if w.Code == http.StatusMisdirectedRequest && !strings.Contains(errorOf(t, w), "--allow-host") {
					t.Errorf("421 without the hint: %s", w.Body.String())
				}
			}
		}
		w := doFrom(t, s, "192.0.2.1:1", "POST", "/api/sudoku/solve", sudokuClassic, "Host", tc.host)
		if w.Code != tc.plain {
			t.Errorf("Host %q, POST: %d, want %d", tc.host, w.Code, tc.plain)
		}
	}
	// The address the client connected to is answered by its own number,
	// as when the server listens on every interface.
	for host, want := range map[string]int{"192.0.2.80:8080": 200, "192.0.2.80": 200, "192.0.2.81:8080": 421, "puzzle.lan": 421} {
		req := httptest.NewRequest("GET", "http://x/api/health", nil)
		req.Host = host
		local := &net.TCPAddr{IP: net.ParseIP("192.0.2.80"), Port: 8080}
		req = req.WithContext(context.WithValue(req.Context(), http.LocalAddrContextKey, net.Addr(local)))
		w := httptest.NewRecorder()
		s.ServeHTTP(w, req)
		if w.Code != want {
			t.Errorf("connected to %v, Host %q: %d, want %d", local, host, w.Code, want)
		}
	}
}

// TestCrossSitePost checks Origin and Sec-Fetch-Site: a POST from a page of
// another site is refused (403) before anything is read or run; the page's
// own requests, and those of clients that are not browsers, are served.
func TestCrossSitePost(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{AllowHosts: []string{"puzzle.lan"}})
	for _, tc := range []struct {
		host   string
		header []string
		want   int
	}{
		{"localhost:8080", nil, 200}, // curl
		{"localhost:8080", []string{"Origin", "http://localhost:8080", "Sec-Fetch-Site", "same-origin"}, 200},
		{"localhost:8080", []string{"Origin", "http://localhost:8080"}, 200},
		{"127.0.0.1:8080", []string{"Origin", "http://127.0.0.1:8080"}, 200},
		{"puzzle.lan:8080", []string{"Origin", "http://puzzle.lan:8080", "Sec-Fetch-Site", "same-origin"}, 200},
		{"localhost:8080", []string{"Sec-Fetch-Site", "none"}, 200}, // typed by the user
		{"localhost:8080", []string{"Origin", "http://localhost:3000", "Sec-Fetch-Site", "same-site"}, 200},
		{"localhost:8080", []string{"Origin", "https://evil.example", "Sec-Fetch-Site", "cross-site"}, 403},
		{"localhost:8080", []string{"Origin", "https://evil.example"}, 403},
		{"localhost:8080", []string{"Sec-Fetch-Site", "cross-site"}, 403},
		{"localhost:8080", []string{"Origin", "null"}, 403},
		{"localhost:8080", []string{"Origin", "file://"}, 403},
		{"localhost:8080", []string{"Origin", "http://localhost.evil.example"}, 403},
		{"localhost:8080", []string{"Origin", "http://localhost:8080", "Sec-Fetch-Site", "cross-site"}, 403},
	} {
		for _, target := range []string{"/api/sudoku/solve", "/api/nonogram/clues"} {
			body := sudokuClassic
			if strings.Contains(target, "clues") {
				body = "#.\n.#\n"
			}
			w := doFrom(t, s, "192.0.2.1:1", "POST", target, body, append([]string{"Host", tc.host}, tc.header...)...)
			if w.Code != tc.want {
				t.Errorf("POST %s, Host %s, %q: %d %.200s, want %d", target, tc.host, tc.header, w.Code, w.Body.String(), tc.want)
			}
			if w.Code == http.StatusForbidden && !strings.Contains(errorOf(t, w), "is refused") {
				t.Errorf("403 without a message: %s", w.Body.String())
			}
		}
		// Reading is not refused: another site's page cannot read the answer.
		if w := doFrom(t, s, "192.0.2.1:1", "GET", "/api/queens/count?n=6", "", append([]string{"Host", tc.host}, tc.header...)...); w.Code != 200 {
			t.Errorf("GET, Host %s, %q: %d", tc.host, tc.header, w.Code)
		}
	}
	// A refused POST is not run: with the one worker taken and no queue, it
	// gets 403, not 503.
	busy := newTestServer(t, Config{Workers: 1, Queue: -1, CheapWorkers: -1})
	if err := busy.limit.heavy.acquire(context.Background(), "holder", 0); err != nil {
		t.Fatal(err)
	}
	defer busy.limit.heavy.release("holder")
	if w := doFrom(t, busy, "192.0.2.1:1", "POST", "/api/sudoku/solve", sudokuClassic, "Sec-Fetch-Site", "cross-site"); w.Code != http.StatusForbidden {
		t.Errorf("cross-site POST on a busy server: %d", w.Code)
	}
}

// TestStaticPaths sends malformed and odd paths under /static/: none gets
// a 5xx, none gets the page's template, and the files are served.
func TestStaticPaths(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	template, err := static.ReadFile("static/index.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{
		"/static/%c0%ae", "/static/%ff", "/static/%c0%ae%c0%ae/", "/static/%00", "/static/%2e%2e/web.go", "/static/..%2fserver.go",
		"/static/", "/static", "/static/index.html", "/static/./index.html", "/static//", "/static/.", "/static/nope.js",
		"/static/app.js/", "/static/app.js/x", "/static/%2fapp.js", "/static/\\app.js", "/static/app.js%00",
		"/%ff", "/%c0%ae", "/api/%ff", "/api/sudoku/%c0%ae",
	} {
		for _, method := range []string{"GET", "HEAD"} {
			req := httptest.NewRequest(method, "http://localhost/", nil)
			req.URL.RawPath = ""
			u, err := url.Parse("http://localhost" + path)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			req.URL = u
			req.RequestURI = path
			w := httptest.NewRecorder()
			s.ServeHTTP(w, req)
			if w.Code >= 500 || w.Code == http.StatusOK {
				t.Errorf("%s %s: %d, want a 4xx (or a redirect)", method, path, w.Code)
			}
			if bytes.Contains(w.Body.Bytes(), []byte("{{")) || bytes.Contains(w.Body.Bytes(), template[:100]) {
				t.Errorf("%s %s serves the page's template", method, path)
			}
		}
	}
	for _, name := range []string{"app.js", "style.css", "sudoku.js"} {
		w := do(t, s, "GET", "/static/"+name, "")
		want, _ := static.ReadFile("static/" + name)
		if w.Code != http.StatusOK || !bytes.Equal(w.Body.Bytes(), want) || w.Header().Get("Content-Type") == "" {
			t.Errorf("/static/%s: %d, %d bytes, Content-Type %q", name, w.Code, w.Body.Len(), w.Header().Get("Content-Type"))
		}
	}
}

// TestCheapLaneBudget runs a request of the cheap lane past the cheap
// budget: it takes a heavy worker when one is free and gives its cheap one
// back (so the next cheap request is served at once), it stays where it is
// when the heavy lane is full, and it gives up its place in the heavy queue
// when it ends first. Each is answered once, and both lanes are empty after.
func TestCheapLaneBudget(t *testing.T) {
	t.Parallel()
	always := &estimate{"always", func(*call) bool { return true }}
	slowRoute := func(release <-chan struct{}) *route {
		return &route{method: "GET", path: "/test/slow", heavy: true, cheap: always, handle: func(c *call) reply {
			select {
			case <-release:
				return jsonReply(http.StatusOK, "done")
			case <-c.ctx.Done():
				return failf(http.StatusGatewayTimeout, "cancelled")
			}
		}}
	}
	waitLoad := func(t *testing.T, what string, l *lane, working, waiting int) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
			w, q := l.load()
			if w == working && q == waiting {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s lane: %d working, %d waiting; want %d and %d", what, w, q, working, waiting)
			}
		}
	}
	start := func(h http.Handler) <-chan *httptest.ResponseRecorder {
		answer := make(chan *httptest.ResponseRecorder, 1)
		go func() { answer <- doFrom(t, h, "192.0.2.1:1", "GET", "/test/slow", "") }()
		return answer
	}
	done := func(t *testing.T, answer <-chan *httptest.ResponseRecorder) {
		t.Helper()
		if w := <-answer; w.Code != http.StatusOK || !strings.Contains(w.Body.String(), "done") {
			t.Errorf("slow request: %d %.200s", w.Code, w.Body.String())
		}
	}

	t.Run("moves to a free heavy worker", func(t *testing.T) {
		s := newTestServer(t, Config{Workers: 1, CheapWorkers: 1})
		s.cheapBudget = 10 * time.Millisecond
		release := make(chan struct{})
		answer := start(s.api(slowRoute(release)))
		waitLoad(t, "heavy", s.limit.heavy, 1, 0)
		waitLoad(t, "cheap", s.limit.cheap, 0, 0)
		// The cheap worker is free again: a 9×9 is answered while the slow
		// request works on.
		if w := do(t, s, "POST", "/api/sudoku/solve", sudokuClassic); w.Code != http.StatusOK {
			t.Errorf("9×9 beside the moved request: %d %.200s", w.Code, w.Body.String())
		}
		close(release)
		done(t, answer)
		waitLoad(t, "heavy", s.limit.heavy, 0, 0)
		waitLoad(t, "cheap", s.limit.cheap, 0, 0)
	})

	t.Run("stays when the heavy lane is full", func(t *testing.T) {
		s := newTestServer(t, Config{Workers: 1, CheapWorkers: 1, Queue: -1})
		s.cheapBudget = 10 * time.Millisecond
		if err := s.limit.heavy.acquire(context.Background(), "other", 0); err != nil {
			t.Fatal(err)
		}
		release := make(chan struct{})
		answer := start(s.api(slowRoute(release)))
		waitLoad(t, "cheap", s.limit.cheap, 1, 0)
		time.Sleep(50 * time.Millisecond) // past the budget: refused by the heavy lane, so still cheap
		waitLoad(t, "cheap", s.limit.cheap, 1, 0)
		waitLoad(t, "heavy", s.limit.heavy, 1, 0)
		close(release)
		done(t, answer)
		s.limit.heavy.release("other")
		waitLoad(t, "heavy", s.limit.heavy, 0, 0)
		waitLoad(t, "cheap", s.limit.cheap, 0, 0)
	})

	t.Run("leaves the heavy queue when it ends first", func(t *testing.T) {
		s := newTestServer(t, Config{Workers: 1, CheapWorkers: 1, Queue: 4})
		s.cheapBudget = 10 * time.Millisecond
		if err := s.limit.heavy.acquire(context.Background(), "other", 0); err != nil {
			t.Fatal(err)
		}
		release := make(chan struct{})
		answer := start(s.api(slowRoute(release)))
		waitLoad(t, "heavy", s.limit.heavy, 1, 1) // working still, and waiting for the heavy worker
		waitLoad(t, "cheap", s.limit.cheap, 1, 0)
		close(release)
		done(t, answer)
		waitLoad(t, "heavy", s.limit.heavy, 1, 0)
		waitLoad(t, "cheap", s.limit.cheap, 0, 0)
		s.limit.heavy.release("other")
		waitLoad(t, "heavy", s.limit.heavy, 0, 0)
	})

	t.Run("a panic after the budget is a 500", func(t *testing.T) {
		s := newTestServer(t, Config{Workers: 1, CheapWorkers: 1})
		s.cheapBudget = time.Millisecond
		rt := &route{method: "GET", path: "/test/slow", heavy: true, cheap: always, handle: func(c *call) reply {
			time.Sleep(20 * time.Millisecond)
			panic("boom")
		}}
		w := doFrom(t, s.recoverPanics(s.api(rt)), "192.0.2.1:1", "GET", "/test/slow", "")
		if w.Code != http.StatusInternalServerError {
			t.Errorf("panic: %d %.200s", w.Code, w.Body.String())
		}
		waitLoad(t, "heavy", s.limit.heavy, 0, 0)
		waitLoad(t, "cheap", s.limit.cheap, 0, 0)
	})
}

// TestSolveMixedParams sends solve requests whose parameters do not
// go together while every worker is taken: each is answered 400 at once,
// with its reason, not 503 after a wait for a worker.
func TestSolveMixedParams(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{Workers: 1, Queue: -1, CheapWorkers: -1})
	if err := s.limit.heavy.acquire(context.Background(), "other", 0); err != nil {
		t.Fatal(err)
	}
	defer s.limit.heavy.release("other")
	const intended = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	for query, want := range map[string]string{
		"undecided=true&limit=5":            "parameter undecided goes with the default search, not with limit",
		"suggest=true&limit=5":              "parameter suggest goes with the default search, not with limit",
		"intended=" + intended:              "parameter intended goes with suggest",
		"intended=" + intended + "&limit=3": "parameter intended goes with suggest",
	} {
		w := do(t, s, "POST", "/api/sudoku/solve?"+query, sudokuClassic)
		if w.Code != http.StatusBadRequest || !strings.Contains(errorOf(t, w), want) {
			t.Errorf("%.40s: %d %.200s, want 400 saying %q", query, w.Code, w.Body.String(), want)
		}
	}
	if w := do(t, s, "POST", "/api/nonogram/solve?suggest=true&limit=5", nonogramHeart); w.Code != http.StatusBadRequest ||
		!strings.Contains(errorOf(t, w), "parameter suggest goes with the default search, not with limit") {
		t.Errorf("nonogram suggest with limit: %d %.200s, want 400", w.Code, w.Body.String())
	}
	// The same parameters alone wait for the worker like any solve.
	if w := do(t, s, "POST", "/api/sudoku/solve?suggest=true&intended="+intended, sudokuClassic); w.Code != http.StatusServiceUnavailable {
		t.Errorf("suggest with intended, every worker taken: %d %.200s, want 503", w.Code, w.Body.String())
	}
}
