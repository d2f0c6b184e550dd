package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

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
other), invalid (a bad instance). --json prints {"file", "line", "n",
"given", "status", "queens", "error", "stats": {"nodes", "time_ms"}} per
instance; queens is the row of each column's queen, and restarts counts
the fresh starts of the search (each with twice the node budget of the
last; the last run is exhaustive, so "none" is a proof).

Exit status 1 when an instance has no completion or is invalid.

Examples:

	puzzle queens complete --queens "0:3,1:6" 8
	puzzle queens complete --draw instances.txt
	puzzle queens complete --json examples/queens/completion.txt
`

type queensCompleteCmd struct {
	json, draw bool
	queens     string
}

func (c *queensCompleteCmd) define(fs *flag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print one JSON object per instance")
	fs.BoolVar(&c.draw, "draw", false, "draw each completed board (N up to 100)")
	fs.StringVar(&c.queens, "queens", "", "the queens placed, `c:r,...` (column:row from 0); the operand is then N")
}

func (c *queensCompleteCmd) run(e *env, v *verb, ops []string) int {
	var insts []queens.Instance
	var names []string
	failed := false
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
			return v.usageError(e, "--queens: %s", strings.TrimPrefix(err.Error(), "queens: "))
		}
		insts, names = []queens.Instance{{N: ns[0], Queens: qs}}, []string{""}
	} else {
		opened := e.eachInput("queens complete", ops, func(name string, r io.Reader) {
			got, err := queens.ReadInstances(r, name)
			for _, in := range got {
				insts, names = append(insts, in), append(names, name)
			}
			if err != nil {
				e.errorf("queens complete: %s", strings.TrimPrefix(err.Error(), "queens: "))
				failed = true
			}
		})
		failed = failed || !opened
	}
	o := e.queensOutput(c.json)
	defer o.flush()
	for i, in := range insts {
		rec, res := queens.NewCompleteReport(e.ctx, names[i], in, 0)
		if res.Status == status.Timeout {
			o.flush()
			return e.queensInterrupted("complete")
		}
		if rec.Queens == nil {
			failed = true
		}
		if c.json {
			o.record(rec)
			continue
		}
		head := fmt.Sprintf("n=%d", in.N)
		if rec.File != "" {
			head = fmt.Sprintf("%s:%d: %s", rec.File, rec.Line, head)
		}
		given := make([]string, len(in.Queens))
		for k, q := range in.Queens {
			given[k] = fmt.Sprintf("%d:%d", q.Col, q.Row)
		}
		if len(given) == 0 {
			o.printf("%s, no queen given: %s", head, rec.Status)
		} else {
			o.printf("%s, %s given (%s): %s", head, plural(len(in.Queens), "queen"), strings.Join(given, ","), rec.Status)
		}
		if rec.Stats != nil {
			o.printf(", nodes %d, %s", rec.Stats.Nodes, fmtDuration(res.Stats.Time))
		}
		o.printf("\n")
		if rec.Error != "" {
			o.printf("  %s\n", rec.Error)
		}
		if rec.Queens != nil {
			o.printf("%s\n", queensJoinInts(rec.Queens))
			if c.draw && in.N <= queensMaxDraw {
				queensDrawBoard(o.out, rec.Queens)
			}
		}
		o.flush()
	}
	if failed {
		return exitFail
	}
	return exitOK
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
queens). --json prints {"n", "method", "queens", "verified", "stats":
{"time_ms", "verify_ms", "swaps", "tries", "restarts"}} per N.

Examples:

	puzzle queens one 8
	puzzle queens one --quiet 10000000
	puzzle queens one --method minconflicts --quiet --seed 7 1000000
`

type queensOneCmd struct {
	json, quiet, draw bool
	method            *choiceFlag
	seed              uint64
}

func (c *queensOneCmd) define(fs *flag.FlagSet) {
	c.method = &choiceFlag{value: "explicit", choices: []string{"explicit", "minconflicts"}}
	fs.BoolVar(&c.json, "json", false, "print one JSON object per N")
	fs.BoolVar(&c.quiet, "quiet", false, "leave out the placement")
	fs.BoolVar(&c.draw, "draw", false, "draw the board (N up to 100)")
	fs.Var(c.method, "method", "`how`: explicit (construction) or minconflicts (local search)")
	fs.Uint64Var(&c.seed, "seed", 1, "random seed for minconflicts")
}

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
	o := e.queensOutput(c.json)
	defer o.flush()
	failed := false
	for _, n := range ns {
		rec, rows, err := queens.NewOneReport(e.ctx, n, c.method.value, c.seed, c.quiet)
		if err != nil && rows == nil {
			o.flush()
			if e.ctx.Err() != nil {
				return e.queensInterrupted("one")
			}
			msg := strings.TrimPrefix(strings.TrimPrefix(err.Error(), "queens: one: "), "queens: min-conflicts: ")
			e.errorf("queens one: %s", msg)
			failed = true
			continue
		}
		if err != nil {
			e.errorf("queens one: %s", strings.TrimPrefix(err.Error(), "queens: one: "))
			failed = true
		}
		if c.json {
			o.record(rec)
			continue
		}
		o.printf("n=%d: %s, verified in %s (placed in %s)", n, c.method.value, fmtDuration(time.Duration(rec.Stats.VerifyMS*float64(time.Millisecond))),
			fmtDuration(time.Duration(rec.Stats.TimeMS*float64(time.Millisecond))))
		if c.method.value == "minconflicts" {
			o.printf("; %d swaps, %d tries, %d restarts", rec.Stats.Swaps, rec.Stats.Tries, rec.Stats.Restarts)
		}
		o.printf("\n")
		if !c.quiet {
			o.printf("%s\n", queensJoinInts(rows))
			if c.draw {
				queensDrawBoard(o.out, rows)
			}
		}
		o.flush()
	}
	if failed {
		return exitFail
	}
	return exitOK
}
