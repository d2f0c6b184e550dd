package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/jsonl"
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
A placement lists the row of the queen of each column; rows and columns
count from 0, row 0 at the top. Squares are written column:row.

Examples:

	puzzle queens count 12
	puzzle queens count --shard 3/8 --json 20 > part3.json
	puzzle queens merge part*.json
	puzzle queens solve --first-row 3 --draw 5
	puzzle queens complete --queens "0:3,1:6" 8
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

// output writes human lines or JSON records to stdout.
type queensOutput struct {
	json bool
	out  *bufio.Writer
	jw   *jsonl.Writer
}

func (e *env) queensOutput(json bool) *queensOutput {
	return &queensOutput{json: json, out: bufio.NewWriter(e.stdout), jw: jsonl.NewWriter(e.stdout)}
}

func (o *queensOutput) record(v any) {
	o.jw.Write(v)
	o.jw.Flush()
}

func (o *queensOutput) printf(format string, args ...any) {
	fmt.Fprintf(o.out, format, args...)
}

func (o *queensOutput) flush() { o.out.Flush() }

// queensMaxDraw is the largest board --draw draws.
const queensMaxDraw = 100

func queensDrawBoard(w io.Writer, rows []int) {
	queens.Draw(w, rows)
	fmt.Fprintln(w)
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

// interrupted reports a cancelled command and returns exit status 1.
func (e *env) queensInterrupted(verb string) int {
	e.errorf("queens %s: interrupted", verb)
	return exitFail
}

// ---- count ----

const queensCountUsage = `Usage: puzzle queens count [--shard I/K] [--workers W] [--json] N...

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

--json prints {"n", "solutions", "fundamental", "sym2", "sym4", "sym8",
"shard", "stats": {"nodes", "subproblems", "total_subproblems",
"workers", "time_ms"}} per N.

Examples:

	puzzle queens count 8
	puzzle queens count --json 4 5 6 7 8 9 10
	for i in 1 2 3 4; do puzzle queens count --json --shard $i/4 18 > s$i.json; done
	puzzle queens merge s*.json
`

type queensCountCmd struct {
	json    bool
	shard   string
	workers int
}

func (c *queensCountCmd) define(fs *flag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print one JSON object per N")
	fs.StringVar(&c.shard, "shard", "", "count only share `I/K` (1 ≤ I ≤ K) of the sub-problems")
	fs.IntVar(&c.workers, "workers", 0, "goroutines to count with (default: all cores)")
}

// queensCountRecord is the JSON object of count and merge.
type queensCountRecord struct{ queens.CountReport }

func queensNewCountRecord(r queens.Counts, workers int) queensCountRecord {
	return queensCountRecord{queens.NewCountReport(r, workers)}
}

func (rec queensCountRecord) human() string {
	sols := fmt.Sprintf("%d solutions", rec.Solutions)
	if rec.Solutions == 1 {
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
	return s + fmt.Sprintf("; %d nodes, %s\n", rec.Stats.Nodes, fmtDuration(time.Duration(rec.Stats.TimeMS*float64(time.Millisecond))))
}

// queensParseShard reads "I/K".
func queensParseShard(s string) (i, k int, err error) { return queens.ParseShard(s) }

func (c *queensCountCmd) run(e *env, v *verb, ops []string) int {
	ns, code, ok := queensBoardSizes(e, v, ops, 1, queens.MaxCount)
	if !ok {
		return code
	}
	opt := queens.CountOptions{Workers: c.workers}
	if c.workers < 0 {
		return v.usageError(e, "--workers must not be negative")
	}
	if c.shard != "" {
		i, k, err := queensParseShard(c.shard)
		if err != nil {
			return v.usageError(e, "%v", err)
		}
		opt.Shard, opt.Shards = i, k
	}
	o := e.queensOutput(c.json)
	defer o.flush()
	tty := isTerminal(e.stderr)
	for _, n := range ns {
		var prog *progress
		opt.Progress = func(done, total int) {
			if tty && prog == nil {
				prog = startProgress(e.stderr, fmt.Sprintf("count n=%d: sub-problems", n), total)
			}
			prog.set(done)
		}
		res, err := queens.Count(e.ctx, n, opt)
		prog.stop()
		if err != nil {
			o.flush()
			if errors.Is(err, e.ctx.Err()) {
				return e.queensInterrupted("count")
			}
			e.errorf("queens count: %v", err)
			return exitFail
		}
		rec := queensNewCountRecord(res, c.workers)
		if c.json {
			o.record(rec.CountReport)
			continue
		}
		o.printf("%s", rec.human())
		o.flush()
	}
	return exitOK
}

// ---- merge ----

const queensMergeUsage = `Usage: puzzle queens merge [--json] [files|-]

Adds up the JSON results of 'puzzle queens count --json --shard I/K',
read from the files (stdin if none, or '-'), one object per line. The
results must be the shares of one count: the same N, the same K, every
share from 1 to K exactly once, and consistent counts. The output is that
of count.

Examples:

	puzzle queens merge s1.json s2.json s3.json s4.json
	cat s*.json | puzzle queens merge --json
`

type queensMergeCmd struct{ json bool }

func (c *queensMergeCmd) define(fs *flag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print the sum as one JSON object")
}

func (c *queensMergeCmd) run(e *env, v *verb, files []string) int {
	var parts []queens.Counts
	bad := false
	opened := e.eachInput("queens merge", files, func(name string, r io.Reader) {
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 1<<16), 1<<20)
		line := 0
		for sc.Scan() {
			line++
			text := strings.TrimSpace(sc.Text())
			if text == "" {
				continue
			}
			var rec queens.CountReport
			dec := json.NewDecoder(strings.NewReader(text))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&rec); err != nil {
				e.errorf("queens merge: %s:%d: not a result of count --json: %v", name, line, err)
				bad = true
				return
			}
			p, err := rec.Counts()
			if err != nil {
				e.errorf("queens merge: %s:%d: %v", name, line, err)
				bad = true
				return
			}
			parts = append(parts, p)
		}
		if err := sc.Err(); err != nil {
			e.errorf("queens merge: %s: %v", name, err)
			bad = true
		}
	})
	if !opened || bad {
		return exitFail
	}
	sum, err := queens.Merge(parts)
	if err != nil {
		e.errorf("queens merge: %v", strings.TrimPrefix(err.Error(), "queens: merge: "))
		return exitFail
	}
	o := e.queensOutput(c.json)
	defer o.flush()
	rec := queensNewCountRecord(sum, 0)
	if c.json {
		o.record(rec.CountReport)
	} else {
		o.printf("%s", rec.human())
	}
	return exitOK
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

--json prints {"n", "first_row", "solutions", "status", "count", "stats":
{"nodes", "time_ms"}} per N; status is unique, multiple or none; with
--limit 1 it is solved when the search stopped at the first solution; a
larger limit that stops the search gives multiple (at least two exist).

Exit status 1 when there is no solution.

Examples:

	puzzle queens solve 6
	puzzle queens solve --first-row 3 --draw 5
	puzzle queens solve --limit 1 --json 30
`

type queensSolveCmd struct {
	json, draw bool
	firstRow   int
	limit      int
}

func (c *queensSolveCmd) define(fs *flag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print one JSON object per N")
	fs.BoolVar(&c.draw, "draw", false, "draw each solution as a board")
	fs.IntVar(&c.firstRow, "first-row", -1, "keep the solutions with the queen of column 0 on row `R` (from 0)")
	fs.IntVar(&c.limit, "limit", 0, "list at most `K` solutions (0: all)")
}

func (c *queensSolveCmd) run(e *env, v *verb, ops []string) int {
	ns, code, ok := queensBoardSizes(e, v, ops, 1, queens.MaxCount)
	if !ok {
		return code
	}
	if c.limit < 0 {
		return v.usageError(e, "--limit must be at least 0, not %d", c.limit)
	}
	o := e.queensOutput(c.json)
	defer o.flush()
	failed := false
	for _, n := range ns {
		opt := queens.SolveOptions{Limit: c.limit}
		rec := &queens.SolveReport{N: n}
		if c.firstRow >= 0 {
			if c.firstRow >= n {
				o.flush()
				return v.usageError(e, "--first-row %d is off the %d×%d board (rows 0 to %d)", c.firstRow, n, n, n-1)
			}
			opt.FixFirstRow, opt.FirstRow = true, c.firstRow
			rec.FirstRow = &c.firstRow
		} else if c.firstRow != -1 {
			return v.usageError(e, "--first-row must be at least 0")
		}
		// Solutions are written as they are found, so that listing all of a
		// large board takes no memory: the JSON object is written in pieces,
		// its status and count after the list.
		if c.json {
			o.printf("%s", rec.JSONStart())
		}
		found := 0
		opt.Visit = func(rows []int) {
			found++
			switch {
			case c.json:
				if found > 1 {
					o.printf(",")
				}
				o.printf("%s", queens.JSONSolution(rows))
			case c.draw:
				o.printf("%d: %s\n", found, queensJoinInts(rows))
				queensDrawBoard(o.out, rows)
			default:
				o.printf("%s\n", queensJoinInts(rows))
			}
		}
		res, err := queens.Solve(e.ctx, n, opt)
		if err != nil && res.Status == status.Timeout {
			if c.json {
				o.printf("]}\n")
			}
			o.flush()
			return e.queensInterrupted("solve")
		}
		rec = queens.NewSolveReport(n, rec.FirstRow, res)
		if !res.Status.Solved() {
			failed = true
		}
		if c.json {
			o.printf("%s\n", rec.JSONEnd())
			o.flush()
			continue
		}
		from := ""
		if rec.FirstRow != nil {
			from = fmt.Sprintf(", column 0 on row %d", *rec.FirstRow)
		}
		o.printf("n=%d%s: %s (%s), nodes %d, %s\n", n, from, plural(rec.Count, "solution"), rec.Status, rec.Stats.Nodes, fmtDuration(res.Stats.Time))
		o.flush()
	}
	if failed {
		return exitFail
	}
	return exitOK
}
