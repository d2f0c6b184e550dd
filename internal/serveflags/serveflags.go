package serveflags

import (
	"flag"
	"fmt"
	"strings"
	"time"
)

// Summary is the one line of the command's help that names it.
const Summary = "the web page and the JSON API on a local address"

// The server's default limits (package web takes them from here).
const (
	DefaultMaxBody = 1 << 20
	DefaultTimeout = 10 * time.Second
)

// Usage is the help of the command, without its flags.
const Usage = `Usage: puzzle serve [--addr HOST:PORT] [--allow-host NAME]... [--timeout D] [--workers N] [--queue N]
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

The server is a program of its own, puzzle-serve, installed beside puzzle
(go install github.com/puzzlesolvers/puzzle/cmd/...@latest installs both),
so that puzzle itself starts without the web server's weight. 'puzzle
serve' checks its arguments and runs puzzle-serve with them, taken from
puzzle's own directory or else from PATH; 'puzzle-serve [flags]' is the
same command.

Examples:

	puzzle serve
	puzzle serve --addr 127.0.0.1:9000 --timeout 30s
	puzzle serve --addr 0.0.0.0:8080 --allow-host puzzles.lan
	curl -s --data-binary @examples/sudoku/tiny4.txt localhost:8080/api/sudoku/solve
	curl -s --data-binary @examples/nonogram/heart.txt 'localhost:8080/api/nonogram/solve?explain=1'
`

// Options are the command's flags.
type Options struct {
	Addr          string
	AllowHosts    HostList
	Timeout       time.Duration
	Workers       int
	Queue         int
	ClientWorkers int
	CheapWorkers  int
	MaxBody       int64
	Version       bool
}

// HostList is the value of the repeated flag --allow-host.
type HostList []string

func (h *HostList) String() string { return strings.Join(*h, ",") }

// Set adds one host name; a name with a port, a path or spaces is refused.
func (h *HostList) Set(v string) error {
	if v == "" || strings.ContainsAny(v, "/ \t@?#") {
		return fmt.Errorf("%q is not a host name (give the name alone, as puzzles.lan)", v)
	}
	if hasPort(v) {
		return fmt.Errorf("%q has a port: give the host name alone (any port is answered)", v)
	}
	*h = append(*h, v)
	return nil
}

// hasPort reports whether net.SplitHostPort would split v into a host and a
// port (this package does not import net): HOST:PORT with one colon and no
// brackets, or [HOST]:PORT.
func hasPort(v string) bool {
	i := strings.LastIndexByte(v, ':')
	if i < 0 {
		return false
	}
	if strings.HasPrefix(v, "[") {
		end := strings.IndexByte(v, ']')
		return end > 0 && end+1 == i && !strings.Contains(v[1:], "[") && !strings.Contains(v[end+1:], "]")
	}
	return !strings.Contains(v[:i], ":") && !strings.ContainsAny(v, "[]")
}

// Define registers the flags on fs.
func (o *Options) Define(fs *flag.FlagSet) {
	fs.StringVar(&o.Addr, "addr", "127.0.0.1:8080", "listen on `HOST:PORT` (port 0 picks a free one)")
	fs.DurationVar(&o.Timeout, "timeout", DefaultTimeout, "time limit `D` of one solve, generation or explanation")
	fs.IntVar(&o.Workers, "workers", 0, "requests solving at once, `N` (default: the number of CPUs)")
	fs.IntVar(&o.Queue, "queue", 0, "requests that may wait for a worker, `N` (default: 4 × workers; -1: none)")
	fs.IntVar(&o.ClientWorkers, "client-workers", 0, "requests of one client (remote address) solving at once, `N` (default: half of workers, at least 1)")
	fs.IntVar(&o.CheapWorkers, "cheap-workers", 0, "small requests solving at once in their own lane, `N` (default: workers; -1: no lane)")
	fs.Var(&o.AllowHosts, "allow-host", "answer to the host `NAME` too (repeatable; '*' answers to any)")
	fs.Int64Var(&o.MaxBody, "max-body", DefaultMaxBody, "largest request body in `BYTES`")
	fs.BoolVar(&o.Version, "version", false, "print the version and revision of puzzle-serve (the build that would serve) and exit")
}

// Check returns what is wrong with the options and the operands left after
// the flags (the command takes none), or "".
func (o *Options) Check(operands []string) string {
	switch {
	case len(operands) > 0:
		return fmt.Sprintf("unexpected argument %q", operands[0])
	case o.Timeout <= 0:
		return "--timeout must be positive"
	case o.Workers < 0:
		return "--workers must not be negative"
	case o.ClientWorkers < 0:
		return "--client-workers must not be negative"
	case o.MaxBody <= 0:
		return "--max-body must be positive"
	}
	return ""
}
