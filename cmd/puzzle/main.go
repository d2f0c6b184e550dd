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
	switch cmd, rest := args[0], args[1:]; cmd {
	case "help", "-h", "-help", "--help":
		return env.help(rest)
	case "version", "-version", "--version":
		fmt.Fprintln(stdout, version())
		return exitOK
	case "sudoku":
		return env.sudoku(rest)
	case "nonogram":
		return env.nonogram(rest)
	case "queens":
		return env.queens(rest)
	case "sliding":
		return env.sliding(rest)
	case "serve":
		return env.serve(rest)
	default:
		fmt.Fprintf(stderr, "puzzle: unknown command %q\nRun 'puzzle help' for usage.\n", cmd)
		return exitUsage
	}
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
	switch args[0] {
	case "sudoku":
		return e.sudoku(append([]string{"help"}, args[1:]...))
	case "nonogram":
		return e.nonogram(append([]string{"help"}, args[1:]...))
	case "queens":
		return e.queens(append([]string{"help"}, args[1:]...))
	case "serve":
		return e.serve([]string{"-h"})
	case "sliding":
		return e.sliding(append([]string{"help"}, args[1:]...))
	}
	fmt.Fprintf(e.stderr, "puzzle help: unknown topic %q\nRun 'puzzle help' for usage.\n", args[0])
	return exitUsage
}

const mainUsageFormat = `puzzle solves, converts, generates and benchmarks logic puzzles.

Usage:

	puzzle <family> <verb> [flags] [files|-]

Families and verbs:

	sudoku     Sudoku grids from 4×4 to 64×64 (see 'puzzle help sudoku')
%s	nonogram   nonograms (Picross), black and white or colour (see 'puzzle help nonogram')
%s	sliding    sliding-tile puzzles: 8, 15, 24 and up to 10×10 (see 'puzzle help sliding')
%s	queens     N-Queens: count, complete, place millions, dominate (see 'puzzle help queens')
%s
Other commands:

	help [family [verb]]   show this help, or a family's or verb's help
	version                print the version
	serve                  the web page and the JSON API (see 'puzzle help serve')

Input files hold any number of puzzles; '-' or no file reads stdin.
--json prints one JSON object per puzzle per line (JSON Lines), in input order.
Flags may be written -flag or --flag, before or after the files.

Exit status: 0 when every puzzle was fine, 1 when a puzzle is invalid,
unsolved or has no solution, or a file cannot be read, 2 on usage errors.

Examples:

	puzzle sudoku solve puzzles.txt
	puzzle sudoku solve --json --timeout 10s hard.txt | jq .status
	echo '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......' | puzzle sudoku solve
	puzzle sudoku euler p096_sudoku.txt
	puzzle sudoku bench --max 2000
	puzzle nonogram solve --explain examples/nonogram/heart.txt
	puzzle nonogram render --svg -o picture.svg puzzle.non
	puzzle sliding solve 8 6 7 2 5 4 3 0 1
	puzzle sliding bench --set korf100
	puzzle queens count 14
	puzzle queens dominate --draw 8
	puzzle serve --addr 127.0.0.1:8080
`

// mainUsage returns the top-level help, which lists every verb.
func mainUsage() string {
	var b strings.Builder
	for _, v := range sudokuVerbs {
		fmt.Fprintf(&b, "\t  %-10s %s\n", v.name, v.summary)
	}
	var n strings.Builder
	for _, v := range nonogramVerbs {
		fmt.Fprintf(&n, "\t  %-10s %s\n", v.name, v.summary)
	}
	var sl strings.Builder
	for _, v := range slidingVerbs {
		fmt.Fprintf(&sl, "\t  %-10s %s\n", v.name, v.summary)
	}
	var q strings.Builder
	for _, v := range queensVerbs {
		fmt.Fprintf(&q, "\t  %-10s %s\n", v.name, v.summary)
	}
	return fmt.Sprintf(mainUsageFormat, b.String(), n.String(), sl.String(), q.String())
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
	return v + " " + bi.GoVersion
}
