// The runtime's goroutine that follows changes of the CPU limit of a
// container after start-up (Go 1.25) costs every run a thread, about a tenth
// of the start-up's CPU time on a loaded 2-core VM (docs/benchmarks.md); the
// limit at start-up still sets GOMAXPROCS.
//
//go:debug updatemaxprocs=0

package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/buildversion"
)

// Exit codes.
const (
	exitOK    = 0 // every puzzle was fine
	exitFail  = 1 // a puzzle is invalid or unsolved, or a file cannot be read
	exitUsage = 2 // unknown verb or flag, bad flag value
)

func main() {
	ctx, stop := interruptContext(interruptGrace)
	code := run(ctx, os.Stdin, os.Stdout, os.Stderr, os.Args[1:])
	stop()
	os.Exit(code)
}

// interruptGrace is how long a run goes before an interrupt (Ctrl-C)
// cancels its work instead of ending the process.
const interruptGrace = 20 * time.Millisecond

// interruptContext returns a context cancelled by the first interrupt that
// comes after grace, and the function that releases the signal. Within
// grace an interrupt ends the process at once, as it does any program that
// does not catch it: catching it from the start (signal.NotifyContext)
// costs a thread of its own, a tenth of the CPU time of a command that
// solves one small puzzle (docs/benchmarks.md), while work that runs
// longer than grace still stops cleanly, its records written and its
// summary printed.
func interruptContext(grace time.Duration) (context.Context, func()) {
	ctx, cancel := context.WithCancel(context.Background())
	var mu sync.Mutex
	stopped := false
	var sigs chan os.Signal
	timer := time.AfterFunc(grace, func() {
		mu.Lock()
		defer mu.Unlock()
		if stopped {
			return
		}
		sigs = make(chan os.Signal, 1)
		signal.Notify(sigs, os.Interrupt)
		go func() {
			if _, ok := <-sigs; ok {
				cancel()
			}
		}()
	})
	return ctx, func() {
		timer.Stop()
		mu.Lock()
		defer mu.Unlock()
		stopped = true
		if sigs != nil {
			signal.Stop(sigs)
			close(sigs)
			sigs = nil
		}
		cancel()
	}
}

// run is the whole command: it reads stdin, writes stdout and stderr, and
// returns the exit code. Tests drive it in-process.
func run(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer, args []string) int {
	env := &env{ctx: ctx, stdin: stdin, stdout: stdout, stderr: stderr}
	if len(args) == 0 {
		fmt.Fprint(stderr, mainUsage())
		return exitUsage
	}
	cmd, rest := args[0], args[1:]
	if f := findFamily(cmd); f != nil {
		return f.run(env, rest)
	}
	switch cmd {
	case "help", "-h", "-help", "--help":
		return env.help(rest)
	case "version", "-version", "--version":
		fmt.Fprintln(stdout, buildversion.String("puzzle"))
		return exitOK
	case "serve":
		return env.serve(rest)
	case "completion":
		return env.completion(rest)
	case "merge":
		return env.merge(rest)
	}
	fmt.Fprintf(stderr, "puzzle: unknown command %q\nRun 'puzzle help' for usage.\n", cmd)
	return exitUsage
}

// env is what every subcommand works with.
type env struct {
	ctx    context.Context
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

// errorf prints a message on stderr, prefixed with "puzzle ".
func (e *env) errorf(format string, args ...any) {
	fmt.Fprintf(e.stderr, "puzzle "+format+"\n", args...)
}

func (e *env) help(args []string) int {
	if len(args) == 0 {
		fmt.Fprint(e.stdout, mainUsage())
		return exitOK
	}
	if f := findFamily(args[0]); f != nil {
		return f.run(e, append([]string{"help"}, args[1:]...))
	}
	switch args[0] {
	case "serve":
		return e.serve([]string{"-h"})
	case "completion":
		fmt.Fprint(e.stdout, completionUsage)
		return exitOK
	case "merge":
		return e.merge([]string{"-h"})
	}
	fmt.Fprintf(e.stderr, "puzzle help: unknown topic %q\nRun 'puzzle help' for usage.\n", args[0])
	return exitUsage
}

// mainUsage returns the top-level help, which lists every family and verb.
func mainUsage() string {
	var b strings.Builder
	b.WriteString(`puzzle solves, converts, generates and benchmarks logic puzzles.

Usage:

	puzzle <family> <verb> [flags] [files|-]

Families and verbs:

`)
	for _, f := range families {
		fmt.Fprintf(&b, "\t%-10s %s (see 'puzzle help %s')\n", f.name, f.summary, f.name)
		for _, v := range f.verbs {
			fmt.Fprintf(&b, "\t  %-10s %s\n", v.name, v.summary)
		}
	}
	b.WriteString(`
Other commands:

	help [family [verb]]   show this help, or a family's or verb's help
	version                print the module version and VCS revision (also --version)
	serve                  the web page and the JSON API (see 'puzzle help serve')
	merge FILES...         put the outputs of --shard runs back together, checked (see 'puzzle help merge')
	completion SHELL       print a completion script for bash, zsh or fish

Input files hold any number of puzzles; '-' or no file reads stdin.
--json prints one JSON object per puzzle per line (JSON Lines), in input
order; docs/json.md describes the records and docs/schema holds their
JSON Schema. Flags may be written -flag or --flag, before or after the files.

Exit status: 0 when every puzzle was fine, 1 when a puzzle is invalid, has
no solution or timed out, or a file cannot be read, 2 on usage errors
(including options that cannot apply to the input).

Examples:

	puzzle sudoku solve puzzles.txt
	puzzle sudoku solve --json --timeout 10s hard.txt | jq .status
	puzzle nonogram solve --explain examples/nonogram/heart.txt
	puzzle sliding solve 8 6 7 2 5 4 3 0 1
	puzzle queens count 14
	puzzle serve --addr 127.0.0.1:8080
`)
	return b.String()
}
