package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"

	"golang.org/x/term"
)

// verb is a subcommand: its flags and its help.
type verb struct {
	name    string // "sudoku solve"
	summary string // one line for the family's verb list
	usage   string // synopsis, description and examples, without the flags
	fs      *flag.FlagSet
}

func newVerb(name, summary, usage string) *verb {
	fs := flag.NewFlagSet("puzzle "+name, flag.ContinueOnError)
	fs.Usage = func() {} // -h is handled by parse, errors print their own line
	return &verb{name: name, summary: summary, usage: usage, fs: fs}
}

// printHelp writes the verb's usage and flags to w.
func (v *verb) printHelp(w io.Writer) {
	fmt.Fprint(w, v.usage)
	hasFlags := false
	v.fs.VisitAll(func(*flag.Flag) { hasFlags = true })
	if hasFlags {
		fmt.Fprint(w, "\nFlags:\n")
		out := v.fs.Output()
		v.fs.SetOutput(w)
		v.fs.PrintDefaults()
		v.fs.SetOutput(out)
	}
}

// parse parses args, flags and operands in any order (a "--" ends the
// flags), and returns the operands. When it returns ok false the command
// is over with the returned exit code: 0 after -h, 2 after a bad flag.
func (v *verb) parse(e *env, args []string) (operands []string, code int, ok bool) {
	v.fs.SetOutput(io.Discard) // errors are printed below, with the command's name
	for {
		err := v.fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			v.printHelp(e.stdout)
			return nil, exitOK, false
		}
		if err != nil {
			return nil, v.usageError(e, "%v", err), false
		}
		rest := v.fs.Args()
		if len(rest) == 0 {
			return operands, exitOK, true
		}
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			return append(operands, rest...), exitOK, true
		}
		// Parse stopped at an operand: keep it and go on with the flags after it.
		operands = append(operands, rest[0])
		args = rest[1:]
	}
}

// usageError reports a bad operand or flag combination and returns exit code 2.
func (v *verb) usageError(e *env, format string, args ...any) int {
	fmt.Fprintf(e.stderr, "puzzle %s: %s\nRun 'puzzle help %s' for usage.\n", v.name, fmt.Sprintf(format, args...), v.name)
	return exitUsage
}

// stdinName names standard input in messages and JSON output.
const stdinName = "<stdin>"

// eachInput calls fn for every named input in turn, "-" and an empty list
// meaning stdin. A file that cannot be opened is reported on stderr and
// skipped; eachInput reports whether every input could be opened.
func (e *env) eachInput(prefix string, files []string, fn func(name string, r io.Reader)) bool {
	if len(files) == 0 {
		files = []string{"-"}
	}
	ok := true
	for _, name := range files {
		if e.ctx.Err() != nil {
			return ok
		}
		if name == "-" {
			fn(stdinName, e.stdin)
			continue
		}
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintf(e.stderr, "puzzle %s: %v\n", prefix, err)
			ok = false
			continue
		}
		fn(name, f)
		f.Close()
	}
	return ok
}

// isTerminal reports whether w is a terminal (not merely a character device:
// /dev/null is one too).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// fmtDuration writes a duration for people: "0.12 ms", "1.23 s".
func fmtDuration(d time.Duration) string {
	switch {
	case d < time.Second:
		return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond))
	case d < time.Minute:
		return fmt.Sprintf("%.2f s", d.Seconds())
	}
	return d.Round(time.Second).String()
}

// ms converts a duration to float milliseconds for JSON.
func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// choiceFlag is a string flag limited to a set of values.
type choiceFlag struct {
	value   string
	choices []string
}

func (c *choiceFlag) String() string { return c.value }

func (c *choiceFlag) Set(s string) error {
	for _, ch := range c.choices {
		if s == ch {
			c.value = s
			return nil
		}
	}
	return fmt.Errorf("want one of %s", strings.Join(c.choices, ", "))
}

// plural returns "1 puzzle", "2 puzzles".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// allLimit is the number of solutions --all lists unless --limit says
// otherwise: the search stops there, and the record says the limit was
// reached. Listed solutions are streamed, so the cap bounds the time and
// the output, not the memory.
const allLimit = 10000

// searchLimit checks the --all, --limit and --timeout flags of a solve verb
// and returns the limit to pass to Solve (--limit, or allLimit with --all
// alone), or the problem.
func searchLimit(all bool, limit int, timeout time.Duration) (solveLimit int, problem string) {
	switch {
	case limit < 0:
		return 0, fmt.Sprintf("--limit must be at least 0, not %d", limit)
	case timeout < 0:
		return 0, "--timeout must not be negative"
	case all && limit == 0:
		return allLimit, ""
	}
	return limit, ""
}

// seedFlag is a uint64 flag that knows whether it was set.
type seedFlag struct {
	v   uint64
	set bool
}

func (s *seedFlag) String() string {
	if !s.set {
		return ""
	}
	return strconv.FormatUint(s.v, 10)
}

func (s *seedFlag) Set(v string) error {
	n, err := strconv.ParseUint(v, 0, 64)
	if err != nil {
		return errors.New("want a non-negative integer")
	}
	s.v, s.set = n, true
	return nil
}

// seedValue returns the seed given, or draws one (and keeps it).
func (f *seedFlag) seedValue() uint64 {
	if !f.set {
		f.v, f.set = rand.Uint64()>>1, true // below 2^63: seed+k, for the k-th of several, does not wrap
	}
	return f.v
}
