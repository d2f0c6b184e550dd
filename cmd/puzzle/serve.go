package main

import (
	"flag"
	"fmt"
	"log/slog"
	"net"
	"os/signal"
	"syscall"
	"time"

	"github.com/puzzlesolvers/puzzle/web"
)

const serveSummary = "the web page and the JSON API on a local address"

const serveUsage = `Usage: puzzle serve [--addr HOST:PORT] [--timeout D] [--workers N] [--queue N] [--max-body BYTES]

Serves a page with a tab per puzzle family at http://HOST:PORT/ and a JSON
API under /api/ that mirrors the command line: POST /api/sudoku/solve or
/api/nonogram/solve with a puzzle as the body (any format the CLI reads)
returns the object 'solve --json' prints. /api/openapi.json describes every
endpoint. Nothing is fetched from the internet: the page is in the binary.

Each request body is capped at --max-body bytes (413 beyond). Solving,
generating and explaining run on at most --workers requests at once, each
under the --timeout limit (504 when it runs out); up to --queue more wait
for a worker, and beyond them a request gets 503 at once. Bad input gets
400 with a message. Every request is logged on stderr.

The server stops gracefully on an interrupt (Ctrl-C) or SIGTERM: it lets
the requests in flight finish, then exits with status 0.

Examples:

	puzzle serve
	puzzle serve --addr 127.0.0.1:9000 --timeout 30s
	curl -s --data-binary @examples/sudoku/tiny4.txt localhost:8080/api/sudoku/solve
	curl -s --data-binary @examples/nonogram/heart.txt 'localhost:8080/api/nonogram/solve?explain=1'
`

type serveCmd struct {
	addr    string
	timeout time.Duration
	workers int
	queue   int
	maxBody int64
}

func (c *serveCmd) define(fs *flag.FlagSet) {
	fs.StringVar(&c.addr, "addr", "127.0.0.1:8080", "listen on `HOST:PORT` (port 0 picks a free one)")
	fs.DurationVar(&c.timeout, "timeout", web.DefaultTimeout, "time limit `D` of one solve, generation or explanation")
	fs.IntVar(&c.workers, "workers", 0, "requests solving at once, `N` (default: the number of CPUs)")
	fs.IntVar(&c.queue, "queue", 0, "requests that may wait for a worker, `N` (default: 4 × workers; -1: none)")
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
	s := web.New(web.Config{MaxBody: c.maxBody, Timeout: c.timeout, Workers: c.workers, Queue: c.queue, Logger: log})
	fmt.Fprintf(e.stderr, "puzzle serve: listening on http://%s/ (Ctrl-C stops)\n", ln.Addr())
	if err := s.Serve(ctx, ln); err != nil {
		e.errorf("serve: %v", err)
		return exitFail
	}
	fmt.Fprintln(e.stderr, "puzzle serve: stopped")
	return exitOK
}
