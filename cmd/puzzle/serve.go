package main

import (
	"flag"
	"fmt"
	"log/slog"
	"net"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/puzzlesolvers/puzzle/web"
)

const serveSummary = "the web page and the JSON API on a local address"

const serveUsage = `Usage: puzzle serve [--addr HOST:PORT] [--allow-host NAME]... [--timeout D] [--workers N] [--queue N]
                   [--client-workers N] [--cheap-workers N] [--max-body BYTES]

Serves a page with a tab per puzzle family at http://HOST:PORT/ and a JSON
API under /api/ that mirrors the command line: POST /api/sudoku/solve or
/api/nonogram/solve with a puzzle as the body (any format the CLI reads)
returns the object 'solve --json' prints. /api/openapi.json describes every
endpoint. Nothing is fetched from the internet: the page is in the binary.
Every tab downloads its puzzle, and its solution, as SVG or PNG.

Each request body is capped at --max-body bytes (413 beyond). Its query
parameters, and that it has a body, are checked before it waits for
anything: a bad request gets 400 (or 422) with a message at once, however
busy the server is. Solving, generating and explaining run on at most
--workers requests at once, each under the --timeout limit (504 when it
runs out); up to --queue more wait for a worker, and beyond them a request
gets 503 at once. One client (a remote IP address) is served at most
--client-workers of them at once and may hold half of the queue (429
beyond); a free worker goes to the clients waiting in turn. Requests known
to be small (a Sudoku up to 9×9, a sliding board up to 9 tiles, small
queens boards, a 4×4 generation) run in a lane of their own, with
--cheap-workers workers, and never wait behind the others; one still
working after 250 ms moves, working on, to the first free worker of the
others (or finishes where it is when they are all taken and their queue
is full). Every request is logged on stderr.

The server answers only to the Host names localhost, 127.0.0.1 and [::1],
the address a client connected to, the host of --addr and the names given
with --allow-host (421 for any other, so that a page of another site cannot
reach the server through a name of its own that points here); '*' allows
any. A POST from a page of another site (its Origin is not an allowed host,
or Sec-Fetch-Site says cross-site) gets 403 before it is read; clients
that are not browsers send neither header and are served.

The server stops gracefully on an interrupt (Ctrl-C) or SIGTERM: it lets
the requests in flight finish, then exits with status 0.

Examples:

	puzzle serve
	puzzle serve --addr 127.0.0.1:9000 --timeout 30s
	puzzle serve --addr 0.0.0.0:8080 --allow-host puzzles.lan
	curl -s --data-binary @examples/sudoku/tiny4.txt localhost:8080/api/sudoku/solve
	curl -s --data-binary @examples/nonogram/heart.txt 'localhost:8080/api/nonogram/solve?explain=1'
`

type serveCmd struct {
	addr          string
	allowHosts    hostList
	timeout       time.Duration
	workers       int
	queue         int
	clientWorkers int
	cheapWorkers  int
	maxBody       int64
}

// hostList is the value of the repeated flag --allow-host.
type hostList []string

func (h *hostList) String() string { return strings.Join(*h, ",") }

func (h *hostList) Set(v string) error {
	if v == "" || strings.ContainsAny(v, "/ \t@?#") {
		return fmt.Errorf("%q is not a host name (give the name alone, as puzzles.lan)", v)
	}
	if _, _, err := net.SplitHostPort(v); err == nil {
		return fmt.Errorf("%q has a port: give the host name alone (any port is answered)", v)
	}
	*h = append(*h, v)
	return nil
}

func (c *serveCmd) define(fs *flag.FlagSet) {
	fs.StringVar(&c.addr, "addr", "127.0.0.1:8080", "listen on `HOST:PORT` (port 0 picks a free one)")
	fs.DurationVar(&c.timeout, "timeout", web.DefaultTimeout, "time limit `D` of one solve, generation or explanation")
	fs.IntVar(&c.workers, "workers", 0, "requests solving at once, `N` (default: the number of CPUs)")
	fs.IntVar(&c.queue, "queue", 0, "requests that may wait for a worker, `N` (default: 4 × workers; -1: none)")
	fs.IntVar(&c.clientWorkers, "client-workers", 0, "requests of one client (remote address) solving at once, `N` (default: half of workers, at least 1)")
	fs.IntVar(&c.cheapWorkers, "cheap-workers", 0, "small requests solving at once in their own lane, `N` (default: workers; -1: no lane)")
	fs.Var(&c.allowHosts, "allow-host", "answer to the host `NAME` too (repeatable; '*' answers to any)")
	fs.Int64Var(&c.maxBody, "max-body", web.DefaultMaxBody, "largest request body in `BYTES`")
}

// serve runs "puzzle serve ...".
func (e *env) serve(args []string) int {
	v := newVerb("serve", serveSummary, serveUsage)
	c := &serveCmd{}
	c.define(v.fs)
	operands, code, ok := v.parse(e, args)
	if !ok {
		return code
	}
	return c.run(e, v, operands)
}

func (c *serveCmd) run(e *env, v *verb, operands []string) int {
	switch {
	case len(operands) > 0:
		return v.usageError(e, "unexpected argument %q", operands[0])
	case c.timeout <= 0:
		return v.usageError(e, "--timeout must be positive")
	case c.workers < 0:
		return v.usageError(e, "--workers must not be negative")
	case c.clientWorkers < 0:
		return v.usageError(e, "--client-workers must not be negative")
	case c.maxBody <= 0:
		return v.usageError(e, "--max-body must be positive")
	}
	ctx, stop := signal.NotifyContext(e.ctx, syscall.SIGTERM)
	defer stop()
	ln, err := net.Listen("tcp", c.addr)
	if err != nil {
		e.errorf("serve: %v", err)
		return exitFail
	}
	log := slog.New(slog.NewTextHandler(e.stderr, nil))
	hosts := c.allowHosts
	if h, _, err := net.SplitHostPort(c.addr); err == nil && h != "" && net.ParseIP(h) == nil {
		hosts = append(hosts, h) // --addr names this machine
	}
	s := web.New(web.Config{MaxBody: c.maxBody, Timeout: c.timeout, Workers: c.workers, Queue: c.queue,
		ClientWorkers: c.clientWorkers, CheapWorkers: c.cheapWorkers, AllowHosts: hosts, Logger: log})
	if p := s.Procs(); p > runtime.GOMAXPROCS(0) {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(p))
	}
	fmt.Fprintf(e.stderr, "puzzle serve: listening on http://%s/ (Ctrl-C stops)\n", ln.Addr())
	if err := s.Serve(ctx, ln); err != nil {
		e.errorf("serve: %v", err)
		return exitFail
	}
	fmt.Fprintln(e.stderr, "puzzle serve: stopped")
	return exitOK
}
