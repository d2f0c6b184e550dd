package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/jsonl"
	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/status"
)

// benchFlags are the flags of every bench verb that measures named data
// sets; its command embeds it.
type benchFlags struct {
	family  string        // the data folder under DIR, set by define
	data    string        // --data: DIR
	sets    string        // --set: comma-separated set names, "" for all
	timeout time.Duration // --timeout: the limit of one puzzle
	json    bool          // --json: one record per set per line
}

// define defines --data, --set, --timeout (with its default and help) and
// --json for the bench of family.
func (f *benchFlags) define(fs *flag.FlagSet, family string, timeout time.Duration, timeoutUsage string) {
	f.family = family
	fs.StringVar(&f.data, "data", "", "data directory `DIR` holding "+family+"/ (default $PUZZLE_DATA, else ../shared/data)")
	fs.StringVar(&f.sets, "set", "", "comma-separated `NAMES` of the sets to run (default all)")
	fs.DurationVar(&f.timeout, "timeout", timeout, timeoutUsage)
	fs.BoolVar(&f.json, "json", false, "print one JSON object per set per line")
}

// benchSet is a named data set of a bench verb.
type benchSet interface {
	// setName is the set's name in --set, in records and in messages.
	setName() string
	// isNamed reports whether name (without spaces around it) names the set.
	isNamed(name string) bool
}

// chooseSets returns the sets that list, comma-separated, names, each once
// and in the order named; all of them when list is empty.
func chooseSets[S benchSet](all []S, list string) ([]S, error) {
	if list == "" {
		return all, nil
	}
	var sets []S
	for _, name := range strings.Split(list, ",") {
		i := slices.IndexFunc(all, func(s S) bool { return s.isNamed(strings.TrimSpace(name)) })
		if i < 0 {
			names := make([]string, len(all))
			for i, s := range all {
				names[i] = s.setName()
			}
			return nil, fmt.Errorf("unknown set %q (want one of %s)", name, strings.Join(names, ", "))
		}
		if !slices.ContainsFunc(sets, func(s S) bool { return s.setName() == all[i].setName() }) {
			sets = append(sets, all[i])
		}
	}
	return sets, nil
}

// dataRoot returns DIR/family, DIR being --data (flag), else $PUZZLE_DATA,
// else ../shared/data. When that folder is missing it says so on stderr,
// naming where DIR came from, and returns ok false.
func (e *env) dataRoot(family, flag string) (root string, ok bool) {
	dir, from := flag, "--data"
	if dir == "" {
		dir, from = os.Getenv("PUZZLE_DATA"), "$PUZZLE_DATA"
	}
	if dir == "" {
		dir, from = filepath.Join("..", "shared", "data"), "the default ../shared/data"
	}
	root = filepath.Join(dir, family)
	if fi, err := os.Stat(root); err != nil || !fi.IsDir() {
		abs, _ := filepath.Abs(root)
		e.errorf("%s bench: no %s data at %s (from %s); set --data or $PUZZLE_DATA to the directory holding %s/", family, family, abs, from, family)
		return "", false
	}
	return root, true
}

// benchOutcome is what measuring a set found besides its record.
type benchOutcome struct {
	problems []error       // every failed check and timeout, in the order found
	timeouts int           // puzzles without an answer
	timeout  time.Duration // the limit they ran out of
}

// settle sets the status and error of a set's record: timeout
// "interrupted" after Ctrl-C, timeout when puzzles ran out of time,
// invalid when a check failed (naming the first, as text writes it), else
// solved.
func (o benchOutcome) settle(h *record.Head, interrupted bool, text func(error) string) {
	switch {
	case interrupted:
		h.Status, h.Error = status.Timeout, "interrupted"
	case o.timeouts > 0:
		h.Status, h.Error = status.Timeout, fmt.Sprintf("%s without an answer within %v", plural(o.timeouts, "puzzle"), o.timeout)
	case len(o.problems) > 0:
		h.Status, h.Error = status.Invalid, fmt.Sprintf("%s: %s", plural(len(o.problems), "failed check"), text(o.problems[0]))
	default:
		h.Status, h.Error = status.Solved, ""
	}
}

// benchRecord is the record of one set: a pointer, nil when nothing was
// measured.
type benchRecord interface {
	comparable
	record.Record
}

// bench is what runBench needs of a family's bench verb.
type bench[S benchSet, R benchRecord] struct {
	all     []S                                              // every set, in the order of a run without --set
	check   func() error                                     // checks the verb's own flags; an error is a usage error
	heading func(w io.Writer, root string)                   // the human table's heading
	run     func(e *env, root string, s S) (R, benchOutcome) // measures one set: nil if nothing was measured
	row     func(w io.Writer, r R)                           // one set's table row
	errText func(error) string                               // a problem on stderr; nil: its Error()
}

// runBench runs a bench verb over the sets --set names: each set's record
// is a JSON line with --json, else a table row, and its problems go to
// stderr. It returns exit code 0 when every set was solved, 1 when one was
// not, its data could not be read or the run was interrupted (which stops
// it), 2 on usage errors.
func runBench[S benchSet, R benchRecord](e *env, v *verb, operands []string, f *benchFlags, b bench[S, R]) int {
	if len(operands) > 0 {
		return v.usageError(e, "unexpected argument %q (bench reads the data sets; see --data and --set)", operands[0])
	}
	if err := b.check(); err != nil {
		return v.usageError(e, "%v", err)
	}
	sets, err := chooseSets(b.all, f.sets)
	if err != nil {
		return v.usageError(e, "%v", err)
	}
	root, ok := e.dataRoot(f.family, f.data)
	if !ok {
		return exitFail
	}
	errText := b.errText
	if errText == nil {
		errText = error.Error
	}

	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	jw := jsonl.NewWriter(out)
	if !f.json {
		b.heading(out, root)
		out.Flush()
	}
	failed := false
	for _, s := range sets {
		if e.ctx.Err() != nil {
			break
		}
		rec, o := b.run(e, root, s)
		out.Flush()
		for _, err := range o.problems {
			e.errorf("%s: %s: %s", v.name, s.setName(), errText(err))
			failed = true
		}
		var none R
		if rec == none {
			continue
		}
		h := rec.Header()
		o.settle(h, e.ctx.Err() != nil, errText)
		if f.json {
			jw.Write(rec)
		} else {
			b.row(out, rec)
		}
		out.Flush()
		if h.Status != status.Solved {
			failed = true
		}
	}
	if e.ctx.Err() != nil {
		e.errorf("%s: interrupted", v.name)
		return exitFail
	}
	if failed {
		return exitFail
	}
	return exitOK
}

// num formats a measurement with about three significant digits.
func num(x float64) string {
	switch {
	case x >= 100:
		return fmt.Sprintf("%.0f", x)
	case x >= 10:
		return fmt.Sprintf("%.1f", x)
	}
	return fmt.Sprintf("%.2f", x)
}
