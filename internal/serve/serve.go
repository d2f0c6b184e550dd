package serve

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os/signal"
	"runtime"
	"syscall"

	"github.com/puzzlesolvers/puzzle/internal/buildversion"
	"github.com/puzzlesolvers/puzzle/internal/serveflags"
	"github.com/puzzlesolvers/puzzle/web"
)

// Exit codes, as the puzzle command's.
const (
	exitOK    = 0
	exitFail  = 1
	exitUsage = 2
)

// Main parses args (the arguments after "serve"), serves until ctx is done
// or the process gets SIGTERM, and returns the exit code: 0 after a
// graceful stop or -h, 1 when the address cannot be listened on, 2 on a
// usage error. Help goes to stdout, the access log and messages to stderr.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("puzzle serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var o serveflags.Options
	o.Define(fs)
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, serveflags.Usage, "\nFlags:\n")
		fs.SetOutput(stdout)
		fs.PrintDefaults()
		return exitOK
	}
	problem := ""
	if err != nil {
		problem = err.Error()
	} else {
		problem = o.Check(fs.Args())
	}
	if problem != "" {
		fmt.Fprintf(stderr, "puzzle serve: %s\nRun 'puzzle help serve' for usage.\n", problem)
		return exitUsage
	}
	return Run(ctx, &o, stdout, stderr)
}

// Run serves with checked options until ctx is done or the process gets
// SIGTERM, then lets the requests in flight finish; with --version it
// prints the build on stdout instead.
func Run(ctx context.Context, o *serveflags.Options, stdout, stderr io.Writer) int {
	if o.Version {
		fmt.Fprintln(stdout, buildversion.String("puzzle-serve"))
		return exitOK
	}
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		fmt.Fprintf(stderr, "puzzle serve: %v\n", err)
		return exitFail
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))
	hosts := o.AllowHosts
	if h, _, err := net.SplitHostPort(o.Addr); err == nil && h != "" && net.ParseIP(h) == nil {
		hosts = append(hosts, h) // --addr names this machine
	}
	s := web.New(web.Config{MaxBody: o.MaxBody, Timeout: o.Timeout, Workers: o.Workers, Queue: o.Queue,
		ClientWorkers: o.ClientWorkers, CheapWorkers: o.CheapWorkers, AllowHosts: hosts, Logger: log})
	if p := s.Procs(); p > runtime.GOMAXPROCS(0) {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(p))
	}
	fmt.Fprintf(stderr, "puzzle serve: listening on http://%s/ (Ctrl-C stops)\n", ln.Addr())
	if err := s.Serve(ctx, ln); err != nil {
		fmt.Fprintf(stderr, "puzzle serve: %v\n", err)
		return exitFail
	}
	fmt.Fprintln(stderr, "puzzle serve: stopped")
	return exitOK
}
