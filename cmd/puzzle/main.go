package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
)

// Exit codes.
const (
	exitOK    = 0 // every puzzle was fine
	exitFail  = 1 // a puzzle is invalid or unsolved, or a file cannot be read
	exitUsage = 2 // unknown verb or flag, bad flag value
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Stdin, os.Stdout, os.Stderr, os.Args[1:])
	stop()
	os.Exit(code)
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
		fmt.Fprintln(stdout, version())
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

// version returns the module version and VCS revision the binary was built from.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "puzzle (unknown version)"
	}
	v := "puzzle " + bi.Main.Version
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = "+dirty"
			}
		}
	}
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		v += " " + rev + modified
	}
	v += " " + bi.GoVersion
	if rev == "" && bi.Main.Version == "(devel)" {
		// Built from a checkout without its revision: say how to get it.
		v += " (no VCS revision: built with -buildvcs=false, as GOFLAGS may say; go build -buildvcs=true records it)"
	}
	return v
}
