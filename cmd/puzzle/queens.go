package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/jsonl"
	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/queens"
	"github.com/puzzlesolvers/puzzle/status"
)

// queensVerbs lists the queens verbs in the order help shows them.
var queensVerbs = []*verbSpec{
	{name: "count", summary: "count the solutions and the fundamental ones", usage: queensCountUsage, new: func() command { return &queensCountCmd{} }},
	{name: "merge", summary: "add up the results of count --shard", usage: queensMergeUsage, new: func() command { return &queensMergeCmd{} }},
	{name: "solve", summary: "list the solutions, from a first row, up to a limit", usage: queensSolveUsage, new: func() command { return &queensSolveCmd{} }},
	{name: "complete", summary: "complete queens placed in advance, or prove it impossible", usage: queensCompleteUsage, new: func() command { return &queensCompleteCmd{} }},
	{name: "one", summary: "one solution for any n, up to millions of queens", usage: queensOneUsage, new: func() command { return &queensOneCmd{} }},
	{name: "dominate", summary: "the fewest queens attacking every square, proved minimal", usage: queensDominateUsage, new: func() command { return &queensDominateCmd{} }},
	{name: "heuristic", summary: "the accessibility heuristic from every starting square", usage: queensHeuristicUsage, new: func() command { return &queensHeuristicCmd{} }},
	{name: "brute", summary: "brute-force baselines (random, exhaustive) with node counts", usage: queensBruteUsage, new: func() command { return &queensBruteCmd{} }},
	{name: "print", summary: "print boards to solve on paper, and their answers (SVG, PDF)", usage: queensPrintUsage, new: func() command { return &queensPrintCmd{} }},
	{name: "bench", summary: "measure counting, construction and domination", usage: queensBenchUsage, new: func() command { return &queensBenchCmd{} }},
}

func init() {
	registerFamily(&familySpec{name: "queens", order: 40, verbs: queensVerbs, help: queensHelp,
		summary: "N-Queens: count, complete, place millions, dominate"})
}

func queensHelp() string {
	var b strings.Builder
	b.WriteString(`N-Queens: n queens on an n×n board, none attacking another.

Usage:

	puzzle queens <verb> [flags] N...

Verbs:

`)
	for _, s := range queensVerbs {
		fmt.Fprintf(&b, "\t%-20s %s\n", s.name, s.summary)
	}
	b.WriteString(`
People read a placement as the row of the queen of each column; rows and
columns count from 0, row 0 at the top. Squares given on the command line
and in files are written column:row. In JSON (--json) a queen is a cell
{"row": r, "col": c} from 0, and a placement an array of cells.

Every --json record has a status: count says none, unique or multiple (0,
1 or more solutions; solved for a shard), solve and complete unique,
multiple, solved or none, the other verbs solved when done; timeout when
interrupted (with "error": "interrupted"), invalid for a bad puzzle.

Exit status: 0 when every record has a solution (unique, multiple or
solved), 1 when one is none, invalid or timeout, or an input cannot be
read, 2 on a usage error. So 'puzzle queens count 2' and 'puzzle queens
solve 2' both exit 1: the 2×2 board has no solution.

Examples:

	puzzle queens count 12
	puzzle queens count --shard 3/8 --json 20 > part3.json
	puzzle queens merge part*.json
	puzzle queens solve --first-row 3 --draw 5
	puzzle queens complete --queens "0:3,1:6" 8
	puzzle queens print -o queens.pdf 8 10 12
	puzzle queens one --quiet 10000000
	puzzle queens dominate --draw 8
	puzzle queens heuristic 8
	puzzle queens brute --random 8
	puzzle queens bench

Run 'puzzle help queens <verb>' for a verb's flags.
`)
	return b.String()
}

// queensBoardSizes reads the operands as board sizes between lo and hi.
func queensBoardSizes(e *env, v *verb, ops []string, lo, hi int) ([]int, int, bool) {
	if len(ops) == 0 {
		return nil, v.usageError(e, "missing N, the board size"), false
	}
	var ns []int
	for _, op := range ops {
		n, err := strconv.Atoi(op)
		if err != nil {
			return nil, v.usageError(e, "board size %q is not a number", op), false
		}
		if n < lo || n > hi {
			return nil, v.usageError(e, "board size %d: want %d ≤ N ≤ %d", n, lo, hi), false
		}
		ns = append(ns, n)
	}
	return ns, exitOK, true
}

// queensOutput writes human lines or JSON records to stdout, and keeps the
// exit code of the records written: the verbs that are not batches (one
// record per N) share runBatch's exit codes through it.
type queensOutput struct {
	e           *env
	v           *verb
	json        bool
	out         *bufio.Writer
	jw          *jsonl.Writer
	failed      bool
	interrupted bool
	// timeout is the --timeout of the verb: the time each N may take.
	timeout time.Duration
}

// queensTimeoutFlag defines the --timeout flag every long queens verb has.
func queensTimeoutFlag(fs *flag.FlagSet, d *time.Duration) {
	fs.DurationVar(d, "timeout", 0, "give up on each N after `D` (such as 10s); 0 means no limit")
}

// limit returns the context of one N's work: the run's, bounded by
// --timeout.
func (o *queensOutput) limit() (context.Context, context.CancelFunc) {
	if o.timeout > 0 {
		return context.WithTimeout(o.e.ctx, o.timeout)
	}
	return context.WithCancel(o.e.ctx)
}

// settle gives the head of a record about to be written the status of a
// run cut short: interrupted (Ctrl-C: status timeout, and the run stops),
// or out of time (--timeout: the run goes on with the next N).
func (o *queensOutput) settle(h *record.Head) {
	switch {
	case interruptedHead(o.e.ctx, h):
		o.interrupted = true
	case h.Status == status.Timeout && o.timeout > 0:
		h.Error = fmt.Sprintf("no answer within %v", o.timeout)
	}
	if !okStatus(h.Status) {
		o.failed = true
	}
}

func (e *env) queensOutput(v *verb, json bool) *queensOutput {
	out := bufio.NewWriter(e.stdout)
	return &queensOutput{e: e, v: v, json: json, out: out, jw: jsonl.NewWriter(out)}
}

// record writes one record, as JSON or by human, and notes its status: a
// status without a solution makes the exit code 1, a timeout ends the run
// (done returns false).
func (o *queensOutput) record(rec record.Record, human func()) {
	o.settle(rec.Header())
	if o.json {
		o.jw.Write(rec)
	} else {
		human()
	}
	o.flush()
}

func (o *queensOutput) printf(format string, args ...any) {
	fmt.Fprintf(o.out, format, args...)
}

func (o *queensOutput) flush() { o.out.Flush() }

// done reports whether the run goes on: not after an interruption.
func (o *queensOutput) done() bool { return o.interrupted || o.e.ctx.Err() != nil }

// exit flushes and returns the exit code of the records written.
func (o *queensOutput) exit() int {
	o.flush()
	if o.interrupted || o.e.ctx.Err() != nil {
		fmt.Fprintf(o.e.stderr, "puzzle %s: interrupted\n", o.v.name)
		return exitFail
	}
	if o.failed {
		return exitFail
	}
	return exitOK
}

// humanError prints a record's error or reason, if any, on a line.
func (o *queensOutput) humanError(h *record.Head) {
	switch {
	case h.Error != "":
		o.printf("  %s\n", h.Error)
	case h.Reason != "":
		o.printf("  %s\n", h.Reason)
	}
}

// queensMaxDraw is the largest board --draw draws.
const queensMaxDraw = 100

func queensDrawBoard(w io.Writer, rows []int) {
	queens.Draw(w, rows)
	fmt.Fprintln(w)
}

// queensWriteInts writes xs as queensJoinInts does, and a newline, a
// piece at a time (a placement of 10^8 queens is a gigabyte of text). It
// stops early, ending the line, when ctx is done (Ctrl-C while millions of
// queens are printed), and reports whether it wrote them all.
func queensWriteInts(ctx context.Context, w io.Writer, xs []int) bool {
	var b []byte
	for i, x := range xs {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(x), 10)
		if len(b) >= 1<<16 {
			w.Write(b)
			b = b[:0]
			if ctx.Err() != nil {
				w.Write([]byte{'\n'})
				return false
			}
		}
	}
	w.Write(append(b, '\n'))
	return true
}

// queensWritePlacement writes rows as record.AppendQueensPlacement does,
// a piece at a time. It stops early when ctx is done, the array left open
// for the caller to end the line, and reports whether it wrote them all.
func queensWritePlacement(ctx context.Context, w io.Writer, rows []int) bool {
	b := []byte{'['}
	for c, r := range rows {
		if c > 0 {
			b = append(b, ',')
		}
		b = record.AppendCell(b, r, c)
		if len(b) >= 1<<16 {
			w.Write(b)
			b = b[:0]
			if ctx.Err() != nil {
				return false
			}
		}
	}
	w.Write(append(b, ']'))
	return true
}

func queensJoinInts(xs []int) string {
	var b strings.Builder
	for i, x := range xs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(x))
	}
	return b.String()
}

// ---- count ----

const queensCountUsage = `Usage: puzzle queens count [--shard I/K|auto [--shards K]] [--workers W] [--json] N...

Counts the solutions of the N-queens problem (OEIS A000170) and the
fundamental solutions, the classes under rotations and reflections
(A002562), for N up to 32. Only one solution of each class is searched,
so the count is about 8 times faster than a plain search; the classes of
2, 4 and 8 solutions are counted apart (sym2, sym4, sym8). The work is
split into independent sub-problems (the first rows placed) and run on
all cores; a progress line shows on stderr when it is a terminal.

--shard I/K counts only the I-th of K deterministic shares of the
sub-problems (I from 1 to K), so that a long count can be spread over
machines; 'puzzle queens merge' adds the K results, checking that each
share is there once.

--json prints {"n", "status", "count", "fundamental", "sym2", "sym4",
"sym8", "shard", "stats": {"nodes", "subproblems", "total_subproblems",
"workers", "time_ms"}} per N. The status is none, unique or multiple as N
has 0, 1 or more solutions (solved for a shard; timeout, with "error",
when interrupted: the counts are then partial).

Exit status 1 when a board has no solution (N = 2 or 3) or the count is
interrupted.

Examples:

	puzzle queens count 8
	puzzle queens count --json 4 5 6 7 8 9 10
	for i in 1 2 3 4; do puzzle queens count --json --shard $i/4 18 > s$i.json; done
	puzzle queens merge s*.json
`

type queensCountCmd struct {
	json    bool
	timeout time.Duration
	shard   shardFlags
	workers int
}

func (c *queensCountCmd) define(fs *flag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print one JSON object per N")
	c.shard.define(fs, "sub-problems")
	fs.IntVar(&c.workers, "workers", 0, "goroutines to count with (default: all cores)")
	queensTimeoutFlag(fs, &c.timeout)
}

// queensCountHuman writes a count record for people.
func queensCountHuman(o *queensOutput, rec *record.QueensCount) {
	if rec.Status == status.Timeout || rec.Status == status.Invalid {
		o.printf("n=%d: %s after %d nodes, %s\n", rec.N, rec.Status, rec.Stats.Nodes, fmtDuration(time.Duration(rec.Stats.TimeMS*float64(time.Millisecond))))
		o.humanError(&rec.Head)
		return
	}
	sols := fmt.Sprintf("%d solutions", rec.Count)
	if rec.Count == 1 {
		sols = "1 solution"
	}
	classes := fmt.Sprintf("sym2 %d, sym4 %d, sym8 %d", rec.Sym2, rec.Sym4, rec.Sym8)
	if rec.Sym1 > 0 {
		classes = fmt.Sprintf("sym1 %d, ", rec.Sym1) + classes
	}
	s := fmt.Sprintf("n=%d: %s, %d fundamental (%s)", rec.N, sols, rec.Fundamental, classes)
	if rec.Shard != "" {
		s += fmt.Sprintf(" in shard %s (%d of %d sub-problems)", rec.Shard, rec.Stats.Subproblems, rec.Stats.TotalSubproblems)
	}
	o.printf("%s; %d nodes, %s\n", s, rec.Stats.Nodes, fmtDuration(time.Duration(rec.Stats.TimeMS*float64(time.Millisecond))))
}

func (c *queensCountCmd) run(e *env, v *verb, ops []string) int {
	ns, code, ok := queensBoardSizes(e, v, ops, 1, queens.MaxCount)
	if !ok {
		return code
	}
	opt := queens.CountOptions{Workers: c.workers}
	if c.workers < 0 {
		return v.usageError(e, "--workers must not be negative")
	}
	sh, code, ok := c.shard.resolve(e, v)
	if !ok {
		return code
	}
	opt.Shard, opt.Shards = sh.I, sh.K
	if c.timeout < 0 {
		return v.usageError(e, "--timeout must not be negative")
	}
	o := e.queensOutput(v, c.json)
	o.timeout = c.timeout
	tty := isTerminal(e.stderr)
	for _, n := range ns {
		var prog *progress
		opt.Progress = func(done, total int) {
			if tty && prog == nil {
				prog = startProgress(e.stderr, fmt.Sprintf("count n=%d: sub-problems", n), total)
			}
			prog.set(done)
		}
		ctx, cancel := o.limit()
		rec := record.NewQueensCount(ctx, n, opt)
		cancel()
		prog.stop()
		o.record(rec, func() { queensCountHuman(o, rec) })
		if o.done() {
			break
		}
	}
	return o.exit()
}

// ---- solve ----

const queensSolveUsage = `Usage: puzzle queens solve [--first-row R] [--limit K] [--draw] [--json] N...

Lists the solutions of the N-queens problem in lexicographic order (N up
to 32), each as the row of the queen of each column, rows from 0 at the
top. --first-row R keeps the solutions whose queen of column 0 stands on
row R (the textbook exercise: 5×5 from row 3 has 2 solutions). --limit K
stops after K. --draw prints each board, 'Q' for a queen and '-' for an
empty square. Every solution printed has been checked. Solutions are
printed as they are found (so listing millions takes no memory), and a
summary line follows them.

--json prints {"n", "given", "solutions", "status", "error", "count",
"stats": {"nodes", "time_ms"}} per N: given holds the queen of
--first-row ({"row": R, "col": 0}), each solution is an array of cells
{"row", "col"}; status is unique, multiple or none; with --limit 1 it is
solved when the search stopped at the first solution; a larger limit that
stops the search gives multiple (at least two exist); timeout, with
"error": "interrupted", when interrupted. The status comes after the
solutions, which are written as they are found.

Exit status 1 when a board has no solution or the listing is interrupted.

Examples:

	puzzle queens solve 6
	puzzle queens solve --first-row 3 --draw 5
	puzzle queens solve --limit 1 --json 30
`

type queensSolveCmd struct {
	json, draw bool
	firstRow   int
	limit      int
	timeout    time.Duration
}

func (c *queensSolveCmd) define(fs *flag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print one JSON object per N")
	fs.BoolVar(&c.draw, "draw", false, "draw each solution as a board")
	fs.IntVar(&c.firstRow, "first-row", -1, "keep the solutions with the queen of column 0 on row `R` (from 0)")
	fs.IntVar(&c.limit, "limit", 0, "list at most `K` solutions (0: all)")
	queensTimeoutFlag(fs, &c.timeout)
}

func (c *queensSolveCmd) run(e *env, v *verb, ops []string) int {
	ns, code, ok := queensBoardSizes(e, v, ops, 1, queens.MaxCount)
	if !ok {
		return code
	}
	if c.limit < 0 {
		return v.usageError(e, "--limit must be at least 0, not %d", c.limit)
	}
	if c.firstRow < -1 {
		return v.usageError(e, "--first-row must be at least 0")
	}
	for _, n := range ns {
		if c.firstRow >= n {
			return v.usageError(e, "--first-row %d is off the %d×%d board (rows 0 to %d)", c.firstRow, n, n, n-1)
		}
	}
	if c.timeout < 0 {
		return v.usageError(e, "--timeout must not be negative")
	}
	o := e.queensOutput(v, c.json)
	o.timeout = c.timeout
	for _, n := range ns {
		p := &queens.Puzzle{N: n}
		if c.firstRow >= 0 {
			p.Queens = []queens.Queen{{Col: 0, Row: c.firstRow}}
		}
		// Solutions are written as they are found, so that listing all of a
		// large board takes no memory: the JSON object is written in pieces,
		// its status and count after the list.
		start := record.QueensSolveStart("", p)
		var buf []byte
		if c.json {
			o.out.Write(start.AppendStart(nil))
		}
		found := 0
		visit := func(rows []int) {
			found++
			switch {
			case c.json:
				buf = buf[:0]
				if found > 1 {
					buf = append(buf, ',')
				}
				o.out.Write(record.AppendQueensPlacement(buf, rows))
			case c.draw:
				o.printf("%d: %s\n", found, queensJoinInts(rows))
				queensDrawBoard(o.out, rows)
			default:
				o.printf("%s\n", queensJoinInts(rows))
			}
		}
		ctx, cancel := o.limit()
		rec := record.NewQueensSolve(ctx, "", p, record.QueensOptions{Limit: c.limit, Visit: visit})
		cancel()
		if c.json {
			// The record's head is already written: the rest by hand.
			o.settle(&rec.Head)
			o.out.Write(append(rec.AppendEnd(nil), '\n'))
			o.flush()
		} else {
			o.record(rec, func() {
				from := ""
				if c.firstRow >= 0 {
					from = fmt.Sprintf(", column 0 on row %d", c.firstRow)
				}
				o.printf("n=%d%s: %s (%s), nodes %d, %s\n", n, from, plural(rec.Count, "solution"), rec.Status, rec.Stats.Nodes,
					fmtDuration(time.Duration(rec.Stats.TimeMS*float64(time.Millisecond))))
				o.humanError(&rec.Head)
			})
		}
		if o.done() {
			break
		}
	}
	return o.exit()
}
