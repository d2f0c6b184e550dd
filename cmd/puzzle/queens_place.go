package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"iter"
	"slices"
	"strings"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/queens"
	"github.com/puzzlesolvers/puzzle/status"
)

// ---- complete ----

const queensCompleteUsage = `Usage: puzzle queens complete [--draw] [--json] [files|-]
       puzzle queens complete --queens "c:r,c:r,..." [--draw] [--json] N

Completes queens placed in advance into a solution of the N-queens
problem (N up to 16384), or proves that none exists: n-queens completion,
NP-complete (Gent, Jefferson and Nightingale, JAIR 2017; CSPLib problem
079). Squares are column:row, both from 0.

The files hold any number of instances: a line "n N" (or just N), then
the queens placed, "c:r" separated by commas or spaces over any number of
lines, until a blank line, a line "end" or the next instance. '#' starts
a comment:

	# 8 queens, two given
	n 8
	0:3, 1:6

Statuses: solved, none (no completion, or queens given that attack each
other), invalid (a bad instance, or a queen given twice), timeout
(interrupted). --json prints {"file", "line", "n", "given", "solutions",
"status", "error", "count", "stats": {"nodes", "restarts", "time_ms"}}
per instance: given and each solution are arrays of cells {"row", "col"}
(at most one solution here); restarts counts the fresh starts of the
search (each with twice the node budget of the last; the last run is
exhaustive, so "none" is a proof).

Exit status 1 when an instance has no completion, is invalid or a file
cannot be read; 2 on a usage error.

Examples:

	puzzle queens complete --queens "0:3,1:6" 8
	puzzle queens complete --draw instances.txt
	puzzle queens complete --json examples/queens/completion.txt
`

type queensCompleteCmd struct {
	json, draw bool
	queens     string
	timeout    time.Duration
}

func (c *queensCompleteCmd) define(fs *flag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print one JSON object per instance")
	fs.BoolVar(&c.draw, "draw", false, "draw each completed board (N up to 100)")
	fs.StringVar(&c.queens, "queens", "", "the queens placed, `c:r,...` (column:row from 0); the operand is then N")
	fs.DurationVar(&c.timeout, "timeout", 0, "give up on an instance after `D` (such as 10s); 0 means no limit")
}

func (c *queensCompleteCmd) run(e *env, v *verb, ops []string) int {
	if c.timeout < 0 {
		return v.usageError(e, "--timeout must not be negative")
	}
	read := func(file string, r io.Reader) iter.Seq2[*queens.Puzzle, error] {
		return queens.NewReader(r, file).All()
	}
	if c.queens != "" {
		ns, code, ok := queensBoardSizes(e, v, ops, 1, queens.MaxComplete)
		if !ok {
			return code
		}
		if len(ns) != 1 {
			return v.usageError(e, "with --queens, give one board size N")
		}
		qs, err := queens.ParseQueens(c.queens)
		if err != nil {
			return v.usageError(e, "--queens: %v", err)
		}
		// The one puzzle of the command line: runBatch's input is not read.
		p := &queens.Puzzle{N: ns[0], Queens: qs}
		read = func(string, io.Reader) iter.Seq2[*queens.Puzzle, error] {
			return func(yield func(*queens.Puzzle, error) bool) { yield(p, nil) }
		}
		ops = []string{"-"}
	}
	return runBatch(e, v, ops, batch[*queens.Puzzle, *record.QueensSolve]{
		json: c.json,
		read: read,
		bad: func(file string, err error) (*record.QueensSolve, bool) {
			if !errors.As(err, new(*queens.SyntaxError)) {
				return nil, false
			}
			return &record.QueensSolve{Head: record.Invalid(file, err), Given: []record.Cell{}, Cause: err}, true
		},
		work: func(ctx context.Context, file string, p *queens.Puzzle) (*record.QueensSolve, error) {
			if c.queens != "" {
				file = ""
			}
			run := ctx
			if c.timeout > 0 {
				var cancel context.CancelFunc
				run, cancel = context.WithTimeout(ctx, c.timeout)
				defer cancel()
			}
			rec := record.NewQueensSolve(run, file, p, record.QueensOptions{Complete: true})
			if rec.Status == status.Timeout && ctx.Err() == nil && c.timeout > 0 {
				rec.Error = fmt.Sprintf("no answer within %v", c.timeout)
			}
			return rec, nil
		},
		human:   func(w io.Writer, rec *record.QueensSolve) error { return c.human(w, rec) },
		summary: true,
	})
}

// human writes a completion for people.
func (c *queensCompleteCmd) human(w io.Writer, rec *record.QueensSolve) error {
	head := fmt.Sprintf("n=%d", rec.N)
	if rec.File != "" {
		head = fmt.Sprintf("%s:%d: %s", rec.File, rec.Line, head)
	}
	if rec.N == 0 { // unreadable
		return writeUnreadable(w, &rec.Head, rec.Cause)
	}
	given := make([]string, len(rec.Given))
	for k, q := range rec.Given {
		given[k] = fmt.Sprintf("%d:%d", q.Col, q.Row)
	}
	if len(given) == 0 {
		fmt.Fprintf(w, "%s, no queen given: %s", head, rec.Status)
	} else {
		fmt.Fprintf(w, "%s, %s given (%s): %s", head, plural(len(given), "queen"), strings.Join(given, ","), rec.Status)
	}
	if rec.Status != status.Invalid {
		fmt.Fprintf(w, ", nodes %d, %s", rec.Stats.Nodes, fmtDuration(time.Duration(rec.Stats.TimeMS*float64(time.Millisecond))))
	}
	fmt.Fprintln(w)
	if rec.Error != "" {
		fmt.Fprintf(w, "  %s\n", rec.Error)
	}
	for _, sol := range rec.Solutions {
		fmt.Fprintf(w, "%s\n", queensJoinInts(sol))
		if c.draw && rec.N <= queensMaxDraw {
			queensDrawBoard(w, sol)
		}
	}
	return nil
}

// ---- one ----

const queensOneUsage = `Usage: puzzle queens one [--method explicit|minconflicts] [--seed S] [--quiet] [--draw] [--json] N...

Places N queens, for any N ≥ 4 (and 1), up to millions: by default with
an explicit construction in O(N) (the even rows, then the odd rows, with a
repair when N mod 6 is 2 or 3), or by local search with --method
minconflicts (swaps of attacked queens that lower the conflicts, from a
greedy start; repeatable for a given --seed). The placement is checked in
O(N) before it is printed: the row of the queen of each column, from 0.

--quiet prints only the summary line (or, with --json, leaves out the
queens). --json prints {"n", "status", "reason", "method", "seed",
"queens", "verified", "stats": {"time_ms", "verify_ms", "swaps", "tries",
"restarts"}} per N: queens is an array of cells {"row", "col"}, seed (of
minconflicts) a string. The status is solved, or none for N = 2 and 3
(which have no solution: exit status 1), or timeout when interrupted.

Examples:

	puzzle queens one 8
	puzzle queens one --quiet 10000000
	puzzle queens one --method minconflicts --quiet --seed 7 1000000
`

type queensOneCmd struct {
	json, quiet, draw bool
	method            *choiceFlag
	seed              uint64
	timeout           time.Duration
}

func (c *queensOneCmd) define(fs *flag.FlagSet) {
	c.method = &choiceFlag{value: "explicit", choices: []string{"explicit", "minconflicts"}}
	fs.BoolVar(&c.json, "json", false, "print one JSON object per N")
	fs.BoolVar(&c.quiet, "quiet", false, "leave out the placement")
	fs.BoolVar(&c.draw, "draw", false, "draw the board (N up to 100)")
	fs.Var(c.method, "method", "`how`: explicit (construction) or minconflicts (local search)")
	fs.Uint64Var(&c.seed, "seed", 1, "random seed for minconflicts")
	queensTimeoutFlag(fs, &c.timeout)
}

// queensStreamed is the number of queens above which one writes its
// JSON placement piece by piece, after the rest of the record, instead of
// encoding the record whole.
const queensStreamed = 1 << 16

// queensMaxOne bounds N for one: the placement takes 8 bytes a queen.
const queensMaxOne = 100_000_000

func (c *queensOneCmd) run(e *env, v *verb, ops []string) int {
	ns, code, ok := queensBoardSizes(e, v, ops, 1, queensMaxOne)
	if !ok {
		return code
	}
	if c.draw && slices.Max(ns) > queensMaxDraw {
		return v.usageError(e, "--draw draws boards up to %d×%d, not %d×%d", queensMaxDraw, queensMaxDraw, slices.Max(ns), slices.Max(ns))
	}
	if c.timeout < 0 {
		return v.usageError(e, "--timeout must not be negative")
	}
	o := e.queensOutput(v, c.json)
	o.timeout = c.timeout
	for _, n := range ns {
		ctx, cancel := o.limit()
		rec, err := record.NewQueensOne(ctx, n, c.method.value, c.seed, c.quiet)
		cancel()
		if err != nil {
			o.flush()
			return v.usageError(e, "%v", err)
		}
		human := func() {
			if rec.Rows == nil {
				o.printf("n=%d: %s: %s\n", n, c.method.value, rec.Status)
				o.humanError(&rec.Head)
				return
			}
			o.printf("n=%d: %s, verified in %s (placed in %s)", n, c.method.value, fmtDuration(time.Duration(rec.Stats.VerifyMS*float64(time.Millisecond))),
				fmtDuration(time.Duration(rec.Stats.TimeMS*float64(time.Millisecond))))
			if c.method.value == "minconflicts" {
				o.printf("; seed %s, %d swaps, %d tries, %d restarts", rec.Seed, rec.Stats.Swaps, rec.Stats.Tries, rec.Stats.Restarts)
			}
			o.printf("\n")
			o.humanError(&rec.Head)
			if !c.quiet {
				if !queensWriteInts(o.e.ctx, o.out, rec.Rows) {
					o.interrupted = true
					return
				}
				if c.draw {
					queensDrawBoard(o.out, rec.Rows)
				}
			}
		}
		if c.json && len(rec.Queens) > queensStreamed {
			// A placement of 10^8 queens is gigabytes of JSON: it is
			// written cell by cell, after the rest of the record.
			o.settle(&rec.Head)
			q := rec.Queens
			rec.Queens = nil
			b, _ := json.Marshal(rec)
			o.out.Write(b[:len(b)-1])
			o.out.WriteString(`,"queens":`)
			if !queensWritePlacement(o.e.ctx, o.out, q) {
				// Interrupted: the line ends unfinished, and the run
				// says so (exit).
				o.out.WriteString("\n")
				o.interrupted = true
				break
			}
			o.out.WriteString("}\n")
			o.flush()
		} else {
			o.record(rec, human)
		}
		if o.done() {
			break
		}
	}
	return o.exit()
}
