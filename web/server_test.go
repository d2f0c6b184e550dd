package web

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// newTestServer returns a Server whose log goes to the test's log.
func newTestServer(t testing.TB, cfg Config) *Server {
	t.Helper()
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(testLog{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	}
	return New(cfg)
}

type testLog struct{ t testing.TB }

func (l testLog) Write(b []byte) (int, error) {
	l.t.Log(strings.TrimSuffix(string(b), "\n"))
	return len(b), nil
}

// do sends one request to h and returns the response.
func do(t testing.TB, h http.Handler, method, target, body string) *httptest.ResponseRecorder {
	t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	if strings.HasPrefix(target, "/") {
		target = "http://localhost" + target // a Host the server answers to
	}
	req := httptest.NewRequest(method, target, r)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

// decode decodes a JSON response into v, failing the test if it is not JSON.
func decode(t testing.TB, w *httptest.ResponseRecorder, v any) {
	t.Helper()
	if ct := w.Header().Get("Content-Type"); ct != "application/json" {
		t.Fatalf("Content-Type %q, want application/json; body %q", ct, w.Body.String())
	}
	if err := json.Unmarshal(w.Body.Bytes(), v); err != nil {
		t.Fatalf("%v in %q", err, w.Body.String())
	}
}

// errorOf returns the "error" message of a JSON error response.
func errorOf(t testing.TB, w *httptest.ResponseRecorder) string {
	t.Helper()
	var e struct{ Error string }
	decode(t, w, &e)
	if e.Error == "" {
		t.Fatalf("no error message in %q", w.Body.String())
	}
	return e.Error
}

type openAPIDoc struct {
	OpenAPI string `json:"openapi"`
	Paths   map[string]map[string]struct {
		OperationID string `json:"operationId"`
		Summary     string
		Parameters  []struct{ Name, In, Description string }
		RequestBody *struct{ Content map[string]any }
		Responses   map[string]any
	}
}

// TestOpenAPIListsEveryRoute checks that the description lists exactly the
// routes the server answers: every operation in it is served (not 404, not
// 405), and every route of the table, the mux's only source, is in it.
func TestOpenAPIListsEveryRoute(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	w := do(t, s, "GET", "/api/openapi.json", "")
	if w.Code != http.StatusOK {
		t.Fatalf("status %d", w.Code)
	}
	var doc openAPIDoc
	decode(t, w, &doc)
	if !strings.HasPrefix(doc.OpenAPI, "3.") {
		t.Errorf("openapi %q, want 3.x", doc.OpenAPI)
	}
	var listed []string
	ids := map[string]bool{}
	for path, ops := range doc.Paths {
		for method, op := range ops {
			method = strings.ToUpper(method)
			listed = append(listed, method+" "+path)
			if op.OperationID == "" || ids[op.OperationID] || op.Summary == "" {
				t.Errorf("%s %s: operationId %q (seen before: %v), summary %q", method, path, op.OperationID, ids[op.OperationID], op.Summary)
			}
			ids[op.OperationID] = true
			for _, p := range op.Parameters {
				if p.In != "query" || p.Description == "" {
					t.Errorf("%s %s: parameter %+v", method, path, p)
				}
			}
			if (method == "POST") != (op.RequestBody != nil) {
				t.Errorf("%s %s: request body %v", method, path, op.RequestBody != nil)
			}
			if _, ok := op.Responses["200"]; !ok {
				t.Errorf("%s %s: no 200 response", method, path)
			}
			// Served: an empty request reaches the handler, which may
			// refuse it, but not as an unknown endpoint or method.
			w := do(t, s, method, path, "")
			if w.Code == http.StatusNotFound || w.Code == http.StatusMethodNotAllowed || w.Code >= 500 {
				t.Errorf("%s %s: status %d %q", method, path, w.Code, w.Body.String())
			}
		}
	}
	var routes []string
	for _, rt := range s.routes {
		routes = append(routes, rt.method+" "+rt.path)
	}
	slices.Sort(listed)
	slices.Sort(routes)
	if !slices.Equal(listed, routes) {
		t.Errorf("described:\n%q\nrouted:\n%q", listed, routes)
	}
	for _, want := range []string{"POST /api/sudoku/solve", "POST /api/nonogram/solve", "GET /api/openapi.json"} {
		if !slices.Contains(listed, want) {
			t.Errorf("%s is not described", want)
		}
	}
}

func TestNotFoundAndMethod(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	w := do(t, s, "GET", "/api/nope", "")
	if w.Code != http.StatusNotFound || !strings.Contains(errorOf(t, w), "no endpoint /api/nope") {
		t.Errorf("unknown endpoint: %d %q", w.Code, w.Body.String())
	}
	w = do(t, s, "GET", "/api/sudoku/solve", "")
	if w.Code != http.StatusMethodNotAllowed || w.Header().Get("Allow") != "POST" {
		t.Errorf("GET on a POST route: %d, Allow %q", w.Code, w.Header().Get("Allow"))
	}
	w = do(t, s, "POST", "/api/sudoku/solve?frob=1", "1234")
	if w.Code != http.StatusBadRequest || !strings.Contains(errorOf(t, w), `unknown parameter "frob"`) {
		t.Errorf("unknown parameter: %d %q", w.Code, w.Body.String())
	}
	w = do(t, s, "POST", "/api/sudoku/solve?limit=1&limit=2", "1234")
	if w.Code != http.StatusBadRequest || !strings.Contains(errorOf(t, w), "given 2 times") {
		t.Errorf("repeated parameter: %d %q", w.Code, w.Body.String())
	}
}

func TestPageAndStatic(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	w := do(t, s, "GET", "/", "")
	if w.Code != http.StatusOK || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/html") {
		t.Fatalf("page: %d %q", w.Code, w.Header().Get("Content-Type"))
	}
	page := w.Body.String()
	if w.Header().Get("Content-Security-Policy") == "" {
		t.Error("no Content-Security-Policy")
	}
	// The style sheet and the shell script come inline, each allowed by
	// its SHA-256 in the page's policy.
	policy := w.Header().Get("Content-Security-Policy")
	for _, inline := range []struct{ name, open, close string }{{"style.css", "<style>", "</style>"}, {"app.js", "<script>", "</script>"}} {
		b, err := static.ReadFile("static/" + inline.name)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(page, inline.open+string(b)+inline.close) {
			t.Errorf("the page does not carry %s as it is", inline.name)
		}
		sum := sha256.Sum256(b)
		if !strings.Contains(policy, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'") {
			t.Errorf("the page's policy %q does not allow %s", policy, inline.name)
		}
	}
	// Every file the page loads is named with the start of its content's
	// SHA-256: that address may be kept for good, any other is checked
	// again, and a check with the ETag answers 304.
	refs := []string{"app.js", "play.js", "nonoplay.js", "download.js", "style.css"}
	loaded := map[string]bool{}
	for _, m := range regexp.MustCompile(`/static/[^"\s]+`).FindAllString(page, -1) {
		loaded[m] = true
	}
	for _, f := range families {
		if !strings.Contains(page, `id="tab-`+f.name+`"`) {
			t.Errorf("page lacks the %s tab", f.name)
		}
		refs = append(refs, f.name+".js")
	}
	for _, name := range refs {
		b, err := static.ReadFile("static/" + name)
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		version := hex.EncodeToString(sum[:8])
		ref := "/static/" + name + "?v=" + version
		if name != "app.js" && name != "style.css" && !loaded[ref] {
			t.Errorf("page does not load %s", ref)
		}
		w := do(t, s, "GET", ref, "")
		if w.Code != http.StatusOK || !bytes.Equal(w.Body.Bytes(), b) || w.Header().Get("ETag") != `"`+version+`"` ||
			w.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Errorf("%s: %d, %d bytes, ETag %q, Cache-Control %q", ref, w.Code, w.Body.Len(), w.Header().Get("ETag"), w.Header().Get("Cache-Control"))
		}
		if w := do(t, s, "GET", "/static/"+name+"?v=old", ""); w.Code != http.StatusOK || w.Header().Get("Cache-Control") != "no-cache" {
			t.Errorf("%s with another version: %d, Cache-Control %q", name, w.Code, w.Header().Get("Cache-Control"))
		}
		req := httptest.NewRequest("GET", "http://localhost/static/"+name, nil)
		req.Header.Set("If-None-Match", `"`+version+`"`)
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code != http.StatusNotModified {
			t.Errorf("%s with If-None-Match: %d, want 304", name, rec.Code)
		}
	}
	// Nothing is fetched from elsewhere.
	files := []string{"index.html", "app.js", "download.js", "style.css"}
	for _, f := range families {
		files = append(files, f.name+".js")
	}
	for _, f := range files {
		b, err := static.ReadFile("static/" + f)
		if err != nil {
			t.Fatal(err)
		}
		text := strings.ReplaceAll(string(b), "http://www.w3.org/2000/svg", "") // a name, not a fetch
		if strings.Contains(text, "http://") || strings.Contains(text, "https://") || strings.Contains(text, "//cdn") {
			t.Errorf("static/%s refers to another site", f)
		}
	}
	if w := do(t, s, "GET", "/nope", ""); w.Code != http.StatusNotFound {
		t.Errorf("/nope: %d", w.Code)
	}
}

// postRoutes returns the routes that take a body.
func postRoutes(s *Server) []*route {
	var rs []*route
	for _, rt := range s.routes {
		if rt.body != "" {
			rs = append(rs, rt)
		}
	}
	return rs
}

// TestOversizedBody sends 3 MB of random bytes to every route that takes a
// body, over a real connection: each answers 413 and the server goes on.
func TestOversizedBody(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	ts := httptest.NewServer(s)
	defer ts.Close()
	junk := make([]byte, 3<<20)
	rng := rand.NewChaCha8([32]byte{1})
	rng.Read(junk)
	for _, rt := range postRoutes(s) {
		resp, err := http.Post(ts.URL+rt.path, "application/octet-stream", strings.NewReader(string(junk)))
		if err != nil {
			// The server may close the connection before reading the whole
			// body; the client then reports the write it could not finish.
			t.Logf("%s: %v", rt.path, err)
			continue
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusRequestEntityTooLarge {
			t.Errorf("%s: status %d, want 413", rt.path, resp.StatusCode)
		}
	}
	// In process, where no connection can be cut short, every answer is 413.
	for _, rt := range postRoutes(s) {
		if w := do(t, s, "POST", rt.path, string(junk)); w.Code != http.StatusRequestEntityTooLarge || !strings.Contains(errorOf(t, w), "larger than 1048576 bytes") {
			t.Errorf("%s in process: status %d %q, want 413", rt.path, w.Code, w.Body.String())
		}
	}
	resp, err := http.Get(ts.URL + "/api/health")
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("server down after oversized bodies: %v", err)
	}
	resp.Body.Close()
	// Just under the limit is read (and refused as junk, not as too big).
	w := do(t, s, "POST", "/api/sudoku/solve", strings.Repeat("x", DefaultMaxBody))
	if w.Code != http.StatusBadRequest {
		t.Errorf("1 MiB of junk: status %d, want 400", w.Code)
	}
}

// TestJunkBodies sends random bytes, random text and truncated puzzles to
// every route that takes a body: the answer is a 4xx with a JSON message,
// never a 5xx.
func TestJunkBodies(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{})
	rng := rand.New(rand.NewPCG(1, 2))
	var bodies []string
	for k := range 30 {
		n := rng.IntN(4000)
		b := make([]byte, n)
		for i := range b {
			switch k % 3 {
			case 0:
				b[i] = byte(rng.IntN(256))
			case 1:
				b[i] = "0123456789 .#\n<>/x,"[rng.IntN(19)]
			default:
				b[i] = "123456789."[rng.IntN(10)]
			}
		}
		bodies = append(bodies, string(b))
	}
	bodies = append(bodies, "", "\n\n", "9 9\n1\n", "<puzzleset><puzzle>", "width 3\nheight 3\nrows\n1\n", strings.Repeat("#", 5000))
	for _, rt := range postRoutes(s) {
		for i, body := range bodies {
			w := do(t, s, "POST", rt.path, body)
			if w.Code >= 500 {
				t.Errorf("%s body %d: status %d %q", rt.path, i, w.Code, w.Body.String())
			}
			if w.Code >= 400 && w.Header().Get("Content-Type") != "application/json" {
				t.Errorf("%s body %d: %d with Content-Type %q", rt.path, i, w.Code, w.Header().Get("Content-Type"))
			}
		}
	}
}

// TestPanicRecovered checks the last resort: a handler that panics gets a
// 500 and the server goes on.
func TestPanicRecovered(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{Logger: slog.New(slog.DiscardHandler)})
	h := s.logRequests(s.recoverPanics(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") })))
	w := do(t, h, "GET", "/", "")
	if w.Code != http.StatusInternalServerError || !strings.Contains(errorOf(t, w), "internal error") {
		t.Errorf("status %d %q", w.Code, w.Body.String())
	}
}

// TestBusy fills the workers and the queue by hand: the next heavy request
// gets 503 with Retry-After at once, a light one is served, and the heavy
// one is served again once a worker is free.
func TestBusy(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{Workers: 1, Queue: -1, CheapWorkers: -1})
	if err := s.limit.heavy.acquire(context.Background(), "holder", 0); err != nil {
		t.Fatal(err)
	}
	w := do(t, s, "POST", "/api/sudoku/solve", sudokuClassic)
	if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") == "" || !strings.Contains(errorOf(t, w), "busy") {
		t.Errorf("full: status %d, Retry-After %q", w.Code, w.Header().Get("Retry-After"))
	}
	if w := do(t, s, "GET", "/api/health", ""); w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `"working":1`) {
		t.Errorf("health while full: %d %q", w.Code, w.Body.String())
	}
	s.limit.heavy.release("holder")
	if w := do(t, s, "POST", "/api/sudoku/solve", sudokuClassic); w.Code != http.StatusOK {
		t.Errorf("after release: status %d %q", w.Code, w.Body.String())
	}
}

// TestQueue checks that a heavy request waits in the queue for a worker,
// and gets 503 when the wait outlasts the time limit.
func TestQueue(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{Workers: 1, Queue: 1, CheapWorkers: -1, Timeout: 5 * time.Second})
	if err := s.limit.heavy.acquire(context.Background(), "holder", 0); err != nil {
		t.Fatal(err)
	}
	done := make(chan int)
	go func() { done <- do(t, s, "POST", "/api/sudoku/solve", sudokuClassic).Code }()
	waitQueued(t, s.limit.heavy, 1)
	// The queue is full: another heavy request is refused at once.
	if w := do(t, s, "POST", "/api/nonogram/solve", nonogramHeart); w.Code != http.StatusServiceUnavailable {
		t.Errorf("queue full: status %d", w.Code)
	}
	s.limit.heavy.release("holder")
	if code := <-done; code != http.StatusOK {
		t.Errorf("queued request: status %d", code)
	}

	short := newTestServer(t, Config{Workers: 1, Queue: 1, CheapWorkers: -1, Timeout: 30 * time.Millisecond})
	if err := short.limit.heavy.acquire(context.Background(), "holder", 0); err != nil {
		t.Fatal(err)
	}
	defer short.limit.heavy.release("holder")
	if w := do(t, short, "POST", "/api/sudoku/solve", sudokuClassic); w.Code != http.StatusServiceUnavailable {
		t.Errorf("wait over the limit: status %d", w.Code)
	}
}

// TestServeShutdown runs Serve on loopback and stops it by its context:
// a request in flight is finished, then Serve returns nil.
func TestServeShutdown(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, Config{Workers: 1, CheapWorkers: -1})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error)
	go func() { served <- s.Serve(ctx, ln) }()
	url := "http://" + ln.Addr().String()
	resp, err := http.Post(url+"/api/sudoku/solve", "text/plain", strings.NewReader(sudokuClassic))
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("solve: %v", err)
	}
	resp.Body.Close()
	// Hold a worker so that a request is in flight during the shutdown.
	if err := s.limit.heavy.acquire(context.Background(), "holder", 0); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		resp, err := http.Post(url+"/api/sudoku/solve", "text/plain", strings.NewReader(sudokuClassic))
		if err != nil {
			t.Errorf("request in flight: %v", err)
			return
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("request in flight: status %d", resp.StatusCode)
		}
	}()
	waitQueued(t, s.limit.heavy, 1)
	cancel()
	time.Sleep(20 * time.Millisecond) // Shutdown has closed the listener
	s.limit.heavy.release("holder")
	wg.Wait()
	if err := <-served; err != nil {
		t.Errorf("Serve: %v", err)
	}
	if _, err := http.Get(url + "/api/health"); err == nil {
		t.Error("server still answering after shutdown")
	}
}

// waitQueued waits until n requests wait in l's queue.
func waitQueued(t *testing.T, l *lane, n int) {
	t.Helper()
	for start := time.Now(); ; time.Sleep(time.Millisecond) {
		if _, q := l.load(); q == n {
			return
		}
		if time.Since(start) > 10*time.Second {
			t.Fatalf("no request queued after 10s")
		}
	}
}

// FuzzBodies sends arbitrary bodies to every route that takes one: the
// answer is never a 5xx.
func FuzzBodies(f *testing.F) {
	for _, seed := range []string{sudokuClassic, nonogramHeart, "", "9 9\n", "<puzzleset>", "width 2\nheight 2\nrows\n1\n",
		"8 6 7 2 5 4 3 0 1", "1 2 3\n4 5 6\n0 7 8\n", "1 2 3 4 5 6 7 7 0", "n 8\n0:3, 1:6\n", "n 30\n0:0 5:7\n29:28\n"} {
		f.Add(seed)
	}
	s := newTestServer(f, Config{Timeout: time.Second, Logger: slog.New(slog.DiscardHandler)})
	f.Fuzz(func(t *testing.T, body string) {
		for _, rt := range postRoutes(s) {
			if w := do(t, s, "POST", rt.path, body); w.Code >= 500 && w.Code != http.StatusGatewayTimeout {
				t.Errorf("%s: status %d %q", rt.path, w.Code, w.Body.String())
			}
		}
	})
}
