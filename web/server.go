package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"
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
	// Logger receives the access log and the errors; nil means
	// slog.Default().
	Logger *slog.Logger
}

// Default limits.
const (
	DefaultMaxBody = 1 << 20
	DefaultTimeout = 10 * time.Second
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
}

// New returns a Server with the limits of cfg.
func New(cfg Config) *Server {
	cfg = cfg.withDefaults()
	s := &Server{cfg: cfg, log: cfg.Logger, limit: newLimiter(cfg.Workers, cfg.Queue)}
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
	s.handler = s.logRequests(s.recoverPanics(securityHeaders(mux)))
	return s
}

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
	// body describes the text/plain request body, "" when there is none.
	body string
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
	// heavy routes run through the worker pool under the time limit.
	heavy  bool
	handle func(c *call) reply
}

// A param is a query parameter of a route.
type param struct {
	name, kind  string // kind: "string", "integer" or "boolean"
	description string
	choices     []string
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
// checks the query parameters, takes a worker for heavy work and writes
// the reply.
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
		if rt.heavy {
			switch err := s.limit.acquire(r.Context(), s.cfg.Timeout); {
			case errors.Is(err, errBusy):
				s.write(w, reply{code: http.StatusServiceUnavailable, value: errorBody{err.Error()}, header: map[string]string{"Retry-After": "1"}})
				return
			case err != nil:
				s.write(w, failf(http.StatusServiceUnavailable, "gave up waiting for a worker: %v", err))
				return
			}
			defer s.limit.release()
			var cancel context.CancelFunc
			c.ctx, cancel = context.WithTimeout(c.ctx, s.cfg.Timeout)
			defer cancel()
		}
		rep := rt.handle(c)
		if c.bad != nil && rep.code == 0 {
			rep = failf(http.StatusBadRequest, "%v", c.bad)
		}
		s.write(w, rep)
	})
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
