package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/internal/serveflags"
)

// Config sets the limits of a Server. The zero value gives the defaults.
type Config struct {
	// MaxBody caps a request body, in bytes; 0 means 1 MiB.
	MaxBody int64
	// Timeout limits the heavy work of one request (a solve, a
	// generation), and also its wait for a worker; 0 means 10s.
	Timeout time.Duration
	// Workers is the number of heavy requests served at once; 0 means
	// GOMAXPROCS.
	Workers int
	// Queue is the number of heavy requests that may wait for a worker
	// beyond those; 0 means 4 × Workers, a negative value none.
	Queue int
	// ClientWorkers is the number of heavy requests one client (a remote
	// IP address) may have served at once; its others wait, and it may
	// hold half of the queue. 0 means half of Workers, at least 1.
	ClientWorkers int
	// CheapWorkers is the number of cheap requests (those a route knows to
	// be small, as a 9×9 Sudoku) served at once, in a lane of their own
	// with a queue of 32 × CheapWorkers, so that they never wait behind
	// heavy ones; 0 means Workers, a negative value no lane: cheap
	// requests then take the heavy workers.
	CheapWorkers int
	// AllowHosts lists the host names (or addresses) the server answers
	// to besides localhost, 127.0.0.1, ::1 and the address the client
	// connected to; "*" allows any. A request naming another Host gets
	// 421, so that a page of another site cannot reach the server through
	// a name of its own that points here (DNS rebinding).
	AllowHosts []string
	// Logger receives the access log and the errors; nil means
	// slog.Default().
	Logger *slog.Logger
}

// Default limits.
const (
	DefaultMaxBody = serveflags.DefaultMaxBody
	DefaultTimeout = serveflags.DefaultTimeout
)

func (c Config) withDefaults() Config {
	if c.MaxBody <= 0 {
		c.MaxBody = DefaultMaxBody
	}
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.Workers <= 0 {
		c.Workers = runtime.GOMAXPROCS(0)
	}
	switch {
	case c.Queue == 0:
		c.Queue = 4 * c.Workers
	case c.Queue < 0:
		c.Queue = 0
	}
	if c.ClientWorkers <= 0 {
		c.ClientWorkers = max(1, c.Workers/2)
	}
	c.ClientWorkers = min(c.ClientWorkers, c.Workers)
	if c.CheapWorkers == 0 {
		c.CheapWorkers = c.Workers
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	return c
}

// Server is the HTTP handler of the page and the API.
type Server struct {
	cfg     Config
	log     *slog.Logger
	limit   *limiter
	routes  []*route
	handler http.Handler
	openapi []byte
	page    []byte
	pageCSP string
	hosts   map[string]bool // the Host names allowed; see Config.AllowHosts
	anyHost bool

	cheapBudget time.Duration // see cheapBudget; tests shorten it
}

// New returns a Server with the limits of cfg.
func New(cfg Config) *Server {
	cfg = cfg.withDefaults()
	s := &Server{cfg: cfg, log: cfg.Logger, limit: newLimiter(cfg), cheapBudget: cheapBudget}
	s.routes = append(s.routes, s.metaRoutes()...)
	for _, f := range families {
		s.routes = append(s.routes, f.routes()...)
	}
	mux := http.NewServeMux()
	methods := map[string][]string{} // path → methods served
	for _, rt := range s.routes {
		mux.Handle(rt.method+" "+rt.path, s.api(rt))
		methods[rt.path] = append(methods[rt.path], rt.method)
	}
	mux.Handle("/api/", s.apiNotFound(methods))
	s.pageRoutes(mux)
	s.openapi = s.openAPI()
	s.hosts = map[string]bool{"localhost": true, "127.0.0.1": true, "::1": true}
	for _, h := range cfg.AllowHosts {
		if h == "*" {
			s.anyHost = true
		}
		s.hosts[normalHost(h)] = true
	}
	s.handler = s.logRequests(s.recoverPanics(securityHeaders(s.checkOrigin(mux))))
	return s
}

// Procs returns the number of threads running Go code at once
// (GOMAXPROCS) the server is meant to run with: one per heavy worker, one
// per cheap worker and one for the connections. With fewer, busy heavy
// workers hold every thread, and a cheap request, or a bad one, waits for
// the Go scheduler to preempt them, up to 10 ms at each step of its way;
// with as many, the operating system shares the cores among them, and
// heavy work still has all the cores when nothing else runs. puzzle serve
// sets GOMAXPROCS to it.
func (s *Server) Procs() int { return s.cfg.Workers + max(s.cfg.CheapWorkers, 0) + 1 }

// ServeHTTP serves the page and the API.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }

// Serve accepts connections on ln until ctx ends, then shuts down
// gracefully: it stops accepting, lets the requests in flight finish
// (waiting at most twice the time limit) and returns. It returns nil after
// a graceful shutdown.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      2*s.cfg.Timeout + 30*time.Second, // a wait in the queue, then the work
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	s.log.Info("shutting down", "in_flight_limit", 2*s.cfg.Timeout)
	sctx, cancel := context.WithTimeout(context.Background(), 2*s.cfg.Timeout+time.Second)
	defer cancel()
	err := srv.Shutdown(sctx)
	if serr := <-done; !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	return err
}

// A route is one endpoint of the API. The table of routes is the one
// source of the mux, the parameter checks and the OpenAPI description.
type route struct {
	method, path string
	summary      string
	description  string
	params       []param
	// body describes the request body, "" when there is none; it is
	// text/plain unless bodyTypes names its content types.
	body      string
	bodyTypes []string
	// produces is the content type of a success, "" for JSON; result
	// describes it.
	produces string
	result   string
	// schema names the JSON Schema of a JSON success in docs/schema, as
	// "sudoku.json#/$defs/solve"; the OpenAPI document refers to it, and
	// the tests validate replies against it.
	schema string
	// refuses says when the route answers 422 (the input is read but the
	// verb cannot take it here), "" when it does not.
	refuses string
	// precheck, for a route that reads a puzzle from its body, reads it
	// before a worker is taken, so that a malformed one is answered at once
	// (400, with its invalid record) however busy the workers are. The
	// handler reads the body again: parsing is cheap beside the work.
	precheck func(c *call) *reply
	// heavy routes run through the worker pool under the time limit.
	heavy bool
	// cheap, when set, estimates the cost of a heavy request from its
	// parameters and body: a request known to be small (a 9×9 Sudoku, a
	// 3×3 board) runs in the lane of cheap requests, which never wait
	// behind heavy ones.
	cheap *estimate
	// check, when set, checks what the declared parameters cannot say on
	// their own (a value bounded by another); it records a bad parameter
	// with c.fail. It runs before a worker is taken.
	check  func(c *call)
	handle func(c *call) reply
}

// A param is a query parameter of a route. What it declares is checked
// before a worker is taken, so a bad request is answered at once, however
// busy the server; the handler reads the value again, with the same
// rules.
type param struct {
	name, kind  string // kind: "string", "integer" or "boolean"
	description string
	// choices lists the values the parameter may take (for an integer,
	// in decimal); none means any.
	choices []string
	// required parameters must be given; what, when set, names the
	// parameter in the message ("the board size").
	required bool
	what     string
	// min and max bound an integer, when max > min: outside, the request
	// is bad (400).
	min, max int
	// cap, when above min, is the web API's bound, below max: above it
	// the request is refused (422) for the reason why.
	cap int
	why string
	// check further checks a value (a seed, a heuristic); its error
	// follows "parameter NAME: ".
	check func(v string) error
}

// call is what a handler gets of its request.
type call struct {
	ctx     context.Context
	query   map[string]string
	body    []byte
	timeout time.Duration // the time limit of heavy work, for messages
	bad     error         // the first bad parameter
}

// reply is what a handler answers: a JSON value or raw bytes.
type reply struct {
	code        int
	value       any
	contentType string
	raw         []byte
	header      map[string]string
}

// jsonReply answers v as JSON with the HTTP status code.
func jsonReply(code int, v any) reply { return reply{code: code, value: v} }

// errorBody is the JSON object of an error.
type errorBody struct {
	Error string `json:"error"`
}

// failf answers an error message with the HTTP status code.
func failf(code int, format string, args ...any) reply {
	return reply{code: code, value: errorBody{fmt.Sprintf(format, args...)}}
}

// api wraps a route's handler: it reads the body within its limit,
// checks the query parameters and that there is a body, all before a
// worker is taken, then takes a worker for heavy work (in the lane of
// cheap requests when the route knows the request is small, and within
// the client's share) and writes the reply.
func (s *Server) api(rt *route) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c := &call{ctx: r.Context(), query: map[string]string{}, timeout: s.cfg.Timeout}
		if rt.body != "" {
			body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBody))
			var tooBig *http.MaxBytesError
			switch {
			case errors.As(err, &tooBig):
				s.write(w, failf(http.StatusRequestEntityTooLarge, "the request body is larger than %d bytes", s.cfg.MaxBody))
				return
			case err != nil:
				s.write(w, failf(http.StatusBadRequest, "reading the request body: %v", err))
				return
			}
			c.body = body
		}
		for name, vs := range r.URL.Query() {
			if !slices.ContainsFunc(rt.params, func(p param) bool { return p.name == name }) {
				s.write(w, failf(http.StatusBadRequest, "unknown parameter %q (%s takes %s)", name, rt.path, paramNames(rt.params)))
				return
			}
			if len(vs) > 1 {
				s.write(w, failf(http.StatusBadRequest, "parameter %q given %d times", name, len(vs)))
				return
			}
			c.query[name] = vs[0]
		}
		if bad := rt.validate(c); bad != nil {
			s.write(w, *bad)
			return
		}
		if rt.precheck != nil {
			if bad := rt.precheck(c); bad != nil {
				s.write(w, *bad)
				return
			}
		}
		var held *lane // the lane whose worker the request holds, nil for one that needs none
		client := clientKey(r.RemoteAddr)
		if rt.heavy {
			ln := s.limit.heavy
			if s.limit.cheap != nil && rt.cheap != nil && rt.cheap.small(c) {
				ln = s.limit.cheap
			}
			var busy errClientBusy
			switch err := ln.acquire(r.Context(), client, s.cfg.Timeout); {
			case errors.Is(err, errBusy):
				s.write(w, reply{code: http.StatusServiceUnavailable, value: errorBody{err.Error()}, header: map[string]string{"Retry-After": "1"}})
				return
			case errors.As(err, &busy):
				s.write(w, reply{code: http.StatusTooManyRequests, value: errorBody{err.Error()}, header: map[string]string{"Retry-After": "1"}})
				return
			case err != nil:
				s.write(w, failf(http.StatusServiceUnavailable, "gave up waiting for a worker: %v", err))
				return
			}
			held = ln
			defer func() { held.release(client) }()
			var cancel context.CancelFunc
			c.ctx, cancel = context.WithTimeout(c.ctx, s.cfg.Timeout)
			defer cancel()
		}
		var rep reply
		if held != nil && held == s.limit.cheap {
			rep = s.handleCheap(rt, c, client, &held)
		} else {
			rep = rt.handle(c)
		}
		if c.bad != nil && rep.code == 0 {
			rep = failf(http.StatusBadRequest, "%v", c.bad)
		}
		s.write(w, rep)
	})
}

// cheapBudget is how long a request of the cheap lane may work there
// before it asks for a worker of the heavy lane: an estimate from the body
// or the parameters cannot tell every slow request (a 9×9 grid that needs
// nested forcing chains to rate takes seconds), and one such request must
// not hold a cheap worker for long.
const cheapBudget = 250 * time.Millisecond

// handleCheap runs a request that holds a worker of the cheap lane (*held).
// If it is still working after the server's cheap budget, it waits, still
// working, for a worker of the heavy lane as any heavy request would, and
// once it has one gives its cheap worker back (*held becomes the heavy
// lane): the work is neither stopped nor done twice. When the heavy lane is
// full, or the client holds its share of it, the request finishes where it
// is, as it would have without the budget.
func (s *Server) handleCheap(rt *route, c *call, client string, held **lane) reply {
	type outcome struct {
		rep    reply
		panicV any // a panic of the handler, raised again here for recoverPanics
	}
	done := make(chan outcome, 1)
	go func() {
		var o outcome
		defer func() {
			if v := recover(); v != nil {
				o.panicV = v
			}
			done <- o
		}()
		o.rep = rt.handle(c)
	}()
	result := func(o outcome) reply {
		if o.panicV != nil {
			panic(o.panicV)
		}
		return o.rep
	}
	budget := time.NewTimer(s.cheapBudget)
	defer budget.Stop()
	select {
	case o := <-done:
		return result(o)
	case <-budget.C:
	}
	ctx, stop := context.WithCancel(c.ctx)
	defer stop()
	granted := make(chan error, 1)
	go func() { granted <- s.limit.heavy.acquire(ctx, client, s.cfg.Timeout) }()
	select {
	case o := <-done:
		stop()
		if <-granted == nil { // granted as the work ended
			s.limit.heavy.release(client)
		}
		return result(o)
	case err := <-granted:
		if err == nil {
			s.limit.cheap.release(client)
			*held = s.limit.heavy
		}
		return result(<-done)
	}
}

// validate checks the query parameters against their declarations and the
// route's check, and that a route taking a body has one: the reply to send
// instead of doing the work, or nil.
func (rt *route) validate(c *call) *reply {
	bad := func() *reply {
		r := failf(http.StatusBadRequest, "%v", c.bad)
		c.bad = nil
		return &r
	}
	for _, p := range rt.params {
		v, ok := c.query[p.name]
		if !ok {
			if p.required {
				what, choices := "", ""
				if p.what != "" {
					what = ", " + p.what + ","
				}
				if len(p.choices) > 0 {
					choices = ": one of " + strings.Join(p.choices, ", ")
				}
				c.fail("parameter %s%s is required%s", p.name, what, choices)
				return bad()
			}
			continue
		}
		switch p.kind {
		case "boolean":
			c.flag(p.name)
		case "integer":
			lo, hi := math.MinInt, math.MaxInt
			if p.max > p.min {
				lo, hi = p.min, p.max
			}
			n := c.integer(p.name, 0, lo, hi)
			if c.bad == nil && len(p.choices) > 0 && !slices.Contains(p.choices, strconv.Itoa(n)) {
				c.fail("parameter %s: %d is not one of %s", p.name, n, strings.Join(p.choices, ", "))
			}
		default:
			if len(p.choices) > 0 {
				c.choice(p.name, "", p.choices)
			}
		}
		if c.bad == nil && p.check != nil {
			if err := p.check(v); err != nil {
				c.fail("parameter %s: %v", p.name, err)
			}
		}
		if c.bad != nil {
			return bad()
		}
	}
	if rt.check != nil {
		if rt.check(c); c.bad != nil {
			return bad()
		}
	}
	for _, p := range rt.params {
		if v, ok := c.query[p.name]; ok && p.kind == "integer" && p.cap > p.min {
			if n, _ := strconv.Atoi(v); n > p.cap {
				r := failf(http.StatusUnprocessableEntity, "%s=%d is too large to answer here: the web API takes %s up to %d (%s); use the command line",
					p.name, n, p.name, p.cap, p.why)
				return &r
			}
		}
	}
	if rt.body != "" && len(bytes.TrimSpace(c.body)) == 0 {
		r := failf(http.StatusBadRequest, "no puzzle in the request body: it is empty")
		return &r
	}
	return nil
}

func paramNames(ps []param) string {
	if len(ps) == 0 {
		return "no parameters"
	}
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.name
	}
	return strings.Join(names, ", ")
}

// write sends a reply; a zero code means 200.
func (s *Server) write(w http.ResponseWriter, rep reply) {
	if rep.code == 0 {
		rep.code = http.StatusOK
	}
	body, ct := rep.raw, rep.contentType
	if rep.value != nil {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false) // as the CLI writes it
		if err := enc.Encode(rep.value); err != nil {
			s.log.Error("encoding a reply", "err", err)
			rep.code = http.StatusInternalServerError
			b.Reset()
			b.WriteString(`{"error":"internal error: the reply could not be encoded"}` + "\n")
		}
		body, ct = b.Bytes(), "application/json"
	}
	for k, v := range rep.header {
		w.Header().Set(k, v)
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(rep.code)
	w.Write(body)
}

// apiNotFound answers a path under /api/ that no route serves: 405 with
// the methods allowed when the path exists, 404 otherwise.
func (s *Server) apiNotFound(methods map[string][]string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if ms, ok := methods[r.URL.Path]; ok {
			w.Header().Set("Allow", strings.Join(ms, ", "))
			s.write(w, failf(http.StatusMethodNotAllowed, "%s takes %s, not %s", r.URL.Path, strings.Join(ms, " or "), r.Method))
			return
		}
		s.write(w, failf(http.StatusNotFound, "no endpoint %s (see /api/openapi.json)", r.URL.Path))
	})
}

// ---- query parameters ----

// text returns the parameter name, or def when it is absent.
func (c *call) text(name, def string) string {
	if v, ok := c.query[name]; ok {
		return v
	}
	return def
}

// flag returns the boolean parameter name: present with no value, 1,
// true, yes or on is true.
func (c *call) flag(name string) bool {
	v, ok := c.query[name]
	if !ok {
		return false
	}
	switch strings.ToLower(v) {
	case "", "1", "true", "yes", "on":
		return true
	case "0", "false", "no", "off":
		return false
	}
	c.fail("parameter %s: %q is not a boolean (want true or false)", name, v)
	return false
}

// integer returns the integer parameter name, def when absent; it must lie
// in lo..hi.
func (c *call) integer(name string, def, lo, hi int) int {
	v, ok := c.query[name]
	if !ok {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		c.fail("parameter %s: %q is not an integer", name, v)
		return def
	}
	if n < lo || n > hi {
		c.fail("parameter %s: %d is out of range %d..%d", name, n, lo, hi)
		return def
	}
	return n
}

// choice returns the parameter name, def when absent; it must be one of
// choices.
func (c *call) choice(name, def string, choices []string) string {
	v := c.text(name, def)
	if !slices.Contains(choices, v) {
		c.fail("parameter %s: %q is not one of %s", name, v, strings.Join(choices, ", "))
		return def
	}
	return v
}

func (c *call) fail(format string, args ...any) {
	if c.bad == nil {
		c.bad = fmt.Errorf(format, args...)
	}
}

// ---- middleware ----

// statusWriter remembers the status code and size of a response.
type statusWriter struct {
	http.ResponseWriter
	code  int
	bytes int64
}

func (w *statusWriter) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.code == 0 {
		w.code = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += int64(n)
	return n, err
}

// logRequests writes the access log: one line per request.
func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		level := slog.LevelInfo
		if sw.code >= 500 {
			level = slog.LevelWarn
		}
		s.log.LogAttrs(r.Context(), level, "request",
			slog.String("method", r.Method), slog.String("path", r.URL.Path), slog.String("query", r.URL.RawQuery),
			slog.Int("status", sw.code), slog.Int64("bytes", sw.bytes),
			slog.Float64("ms", float64(time.Since(start).Microseconds())/1000), slog.String("remote", r.RemoteAddr))
	})
}

// recoverPanics turns a panic in a handler into a 500 and a log entry.
// The packages do not panic on bad input; this is the last resort.
func (s *Server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &statusWriter{ResponseWriter: w}
		defer func() {
			v := recover()
			if v == nil || v == http.ErrAbortHandler {
				if v != nil {
					panic(v)
				}
				return
			}
			s.log.Error("panic in handler", "method", r.Method, "path", r.URL.Path, "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
			if sw.code == 0 {
				s.write(sw, failf(http.StatusInternalServerError, "internal error: the server failed on this request"))
			}
		}()
		next.ServeHTTP(sw, r)
	})
}

// checkOrigin refuses the requests that another site's page may have
// sent: a Host the server does not answer to (421), as a name of another
// site pointed at this address sends (DNS rebinding), and a POST from a
// page of another origin (403), as a form or a fetch of another site
// sends. Requests without Origin and Sec-Fetch-Site (curl, scripts) pass.
func (s *Server) checkOrigin(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.hostAllowed(r, r.Host) {
			// The reply names no allowed host: the page of a name pointed
			// here can read it.
			s.write(w, failf(http.StatusMisdirectedRequest, "this server does not answer to the host %q: it answers to localhost and the names given with --allow-host",
				r.Host))
			return
		}
		switch r.Method {
		case "GET", "HEAD", "OPTIONS":
		default:
			origin := r.Header.Get("Origin")
			site := r.Header.Get("Sec-Fetch-Site")
			if site == "cross-site" || origin != "" && !s.originAllowed(r, origin) {
				what := "from another site"
				if origin != "" {
					what = "from " + origin
				}
				s.write(w, failf(http.StatusForbidden, "a %s request %s is refused: this server takes %ss from its own page (or from clients that are not browsers)",
					r.Method, what, r.Method))
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// hostAllowed reports whether the host (with or without a port) is one the
// server answers to: a name of the allow-list, or the address the client
// connected to (an address, unlike a name, cannot be pointed elsewhere).
func (s *Server) hostAllowed(r *http.Request, host string) bool {
	h := normalHost(host)
	if s.anyHost || s.hosts[h] {
		return true
	}
	local, _ := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	if tcp, ok := local.(*net.TCPAddr); ok {
		if ip := net.ParseIP(h); ip != nil && ip.Equal(tcp.IP) {
			return true
		}
	}
	return false
}

// originAllowed reports whether a POST's Origin header names the server's
// own origin or a host it answers to.
func (s *Server) originAllowed(r *http.Request, origin string) bool {
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return false // "null" (a sandboxed frame, a file), or garbage
	}
	return strings.EqualFold(u.Host, r.Host) || s.hostAllowed(r, u.Host)
}

// normalHost is a Host header's name, lower case, without the port, the
// brackets of an IPv6 address or a final dot.
func normalHost(host string) string {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	return strings.ToLower(strings.TrimSuffix(host, "."))
}

// securityHeaders keeps the page to its own scripts and styles.
func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; object-src 'none'; frame-ancestors 'none'")
		h.Set("Referrer-Policy", "no-referrer")
		next.ServeHTTP(w, r)
	})
}

// ---- cost estimates (route.cheap) ----

// An estimate says which requests of a route are small.
type estimate struct {
	when  string // "n up to 12", for the documentation
	small func(c *call) bool
}

// bodyUnder estimates a request small when its body is shorter than n
// bytes, which means what.
func bodyUnder(n int, what string) *estimate {
	return &estimate{fmt.Sprintf("a body under %d bytes (%s)", n, what), func(c *call) bool { return len(c.body) < n }}
}

// numbersAtMost estimates a request small when its body holds at most k
// numbers, which means what.
func numbersAtMost(k int, what string) *estimate {
	return &estimate{fmt.Sprintf("a body of at most %d numbers (%s)", k, what), func(c *call) bool {
		n, in := 0, false
		for _, b := range c.body {
			digit := '0' <= b && b <= '9'
			if digit && !in {
				n++
			}
			in = digit
		}
		return n <= k
	}}
}

// paramAtMost estimates a request small when the integer parameter name is
// given and at most k (a small board).
func paramAtMost(name string, k int) *estimate {
	return &estimate{fmt.Sprintf("%s up to %d", name, k), func(c *call) bool {
		n, err := strconv.Atoi(c.query[name])
		return err == nil && n <= k
	}}
}

// checkSeed checks a seed parameter: a decimal integer below 2^64.
func checkSeed(v string) error {
	_, err := record.ParseSeed(v)
	return err
}
