package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/jsonl"
	"github.com/puzzlesolvers/puzzle/status"
	"github.com/puzzlesolvers/puzzle/sudoku"
)

// sudokuVerbs lists the sudoku verbs in the order help shows them.
var sudokuVerbs = []*verbSpec{
	{name: "solve", summary: "solve puzzles, proving uniqueness", usage: solveUsage, new: func() command { return &solveCmd{} }},
	{name: "euler", summary: "Project Euler 96: sum of the top-left 3-digit numbers", usage: eulerUsage, new: func() command { return &eulerCmd{} }},
	{name: "format", aliases: []string{"convert"}, summary: "rewrite puzzles in another layout", usage: formatUsage, new: func() command { return &formatCmd{} }},
	{name: "rate", summary: rateSummary, usage: rateUsage, new: func() command { return &rateCmd{} }},
	{name: "generate", summary: generateSummary, usage: generateUsage, new: func() command { return &generateCmd{} }},
	{name: "bench", summary: "measure solving throughput on the shared data sets", usage: benchUsage, new: func() command { return &benchCmd{} }},
}

func init() {
	registerFamily(&familySpec{name: "sudoku", order: 10, verbs: sudokuVerbs, help: sudokuHelp,
		summary: "Sudoku grids from 4×4 to 64×64"})
}

func sudokuHelp() string {
	var b strings.Builder
	b.WriteString(`Sudoku: N×N grids with N = 4, 9, 16, 25, ... up to 64.

Usage:

	puzzle sudoku <verb> [flags] [files|-]

Verbs:

`)
	for _, s := range sudokuVerbs {
		name := s.name
		if len(s.aliases) > 0 {
			name += " (" + strings.Join(s.aliases, ", ") + ")"
		}
		fmt.Fprintf(&b, "\t%-20s %s\n", name, s.summary)
	}
	b.WriteString(`
Input: one puzzle per line (81 characters for 9×9, '.' or 0 for empty,
A-Z for 10-35), optionally the first field of a CSV line; Project Euler
"Grid NN" blocks; or grids of one row per line. Lines starting with '#'
are comments. The layout is detected for each puzzle.

Examples:

	puzzle sudoku solve puzzles.txt
	puzzle sudoku solve --json --all small.txt
	puzzle sudoku solve --format line --timeout 30s gecode_25x25.txt
	puzzle sudoku euler p096_sudoku.txt
	puzzle sudoku format --to grid top95.txt
	puzzle sudoku generate --size 9 --difficulty hard --seed 7
	puzzle sudoku bench --set norvig-top95,euler96

Run 'puzzle help sudoku <verb>' for a verb's flags.
`)
	return b.String()
}

// formatFlag is a --format or --to flag naming a sudoku.Format.
func formatFlag(def string) *choiceFlag {
	return &choiceFlag{value: def, choices: []string{"pretty", "line", "grid", "euler"}}
}

func (c *choiceFlag) format() sudoku.Format {
	f, err := sudoku.ParseFormat(c.value)
	if err != nil {
		panic(err) // Set admits known names only
	}
	return f
}

// errText returns an error of package sudoku for a message that already
// names the command: without the "sudoku: " prefix, so that a syntax error
// reads "file:line: message" as compilers write it.
func errText(err error) string {
	return strings.TrimPrefix(err.Error(), "sudoku: ")
}

// ---- solve ----

const solveUsage = `Usage: puzzle sudoku solve [flags] [files|-]

Solves every puzzle of the files (stdin if none, or '-'). By default the
search looks for two solutions, which proves a puzzle unique. Each puzzle
gets a header line (file:line, name, size, status, time, search nodes)
and its solution; several puzzles end with a summary line.

Statuses: unique, multiple (at least two solutions), none, solved (one
solution found with --limit 1, uniqueness not checked), invalid
(malformed input or a digit given twice), timeout.

Exit status 0 when every puzzle has a solution (multiple included), 1
when a puzzle is invalid, has none or timed out, or a file cannot be read.

Examples:

	puzzle sudoku solve puzzles.txt
	puzzle sudoku solve --json --timeout 5s - < puzzles.txt
	puzzle sudoku solve --all --format line empty4x4.txt
	puzzle sudoku solve --explain --format grid one.txt
`

type solveCmd struct {
	json, all, explain bool
	limit              int
	timeout            time.Duration
	format             *choiceFlag
}

func (c *solveCmd) define(fs *flag.FlagSet) {
	c.format = formatFlag("pretty")
	fs.BoolVar(&c.json, "json", false, "print one JSON object per puzzle per line")
	fs.BoolVar(&c.all, "all", false, "find every solution (the count is exact)")
	fs.IntVar(&c.limit, "limit", 0, "find at most `K` solutions; 0 looks for 2 to prove uniqueness, 1 finds any one")
	fs.DurationVar(&c.timeout, "timeout", 0, "give up on a puzzle after `D` (such as 10s); 0 means no limit")
	fs.Var(c.format, "format", "`layout` of the solutions: pretty, line, grid or euler")
	fs.BoolVar(&c.explain, "explain", false, "show the logical steps a person would take")
}

// solveRecord is the JSON object of one puzzle (sudoku.Report) and what
// the human output needs besides.
type solveRecord struct {
	sudoku.Report
	elapsed     time.Duration
	explanation *sudoku.Explanation
}

// eachPuzzle reads every puzzle of every input in turn and calls fn with
// the puzzle, or with the *sudoku.SyntaxError of a malformed one (p nil);
// fn returns false to stop. A read that fails otherwise ends its input: the
// error goes to stderr after flush. eachPuzzle reports whether every input
// could be opened and read.
func (e *env) eachPuzzle(prefix string, files []string, flush func(),
	fn func(name string, p *sudoku.Puzzle, se *sudoku.SyntaxError) bool) bool {
	readOK, stop := true, false
	opened := e.eachInput(prefix, files, func(name string, r io.Reader) {
		rd := sudoku.NewReader(r, name)
		for !stop {
			p, err := rd.Next()
			if err == io.EOF {
				return
			}
			var se *sudoku.SyntaxError
			if err != nil && !errors.As(err, &se) {
				flush()
				e.errorf("%s: %s", prefix, errText(err))
				readOK = false
				return
			}
			stop = !fn(name, p, se)
		}
	})
	return opened && readOK
}

func (c *solveCmd) run(e *env, v *verb, files []string) int {
	limit, problem := searchLimit(c.all, c.limit, c.timeout)
	if problem != "" {
		return v.usageError(e, "%s", problem)
	}
	if c.explain && !explainAvailable {
		fmt.Fprintln(e.stderr, "explain: not available yet")
		return exitUsage
	}
	opt := sudoku.Options{Limit: limit}
	many := c.all || c.limit >= 2

	out := bufio.NewWriter(e.stdout)
	jw := jsonl.NewWriter(e.stdout)
	var counts tally
	failed, stopped := false, false
	start := time.Now()

	emit := func(rec *solveRecord, p *sudoku.Puzzle, sols [][]uint8) {
		counts[rec.Status]++
		if !rec.Status.Solved() {
			failed = true
		}
		if c.json {
			if err := jw.Write(rec); err != nil {
				failed = true
			}
			jw.Flush()
			return
		}
		if err := c.writeHuman(out, rec, p, sols); err != nil {
			fmt.Fprintf(e.stderr, "puzzle sudoku solve: %s:%d: %s\n", rec.File, rec.Line, errText(err))
			failed = true
		}
		out.Flush()
	}

	opened := e.eachPuzzle("sudoku solve", files, func() { out.Flush() }, func(name string, p *sudoku.Puzzle, se *sudoku.SyntaxError) bool {
		if se != nil {
			emit(&solveRecord{Report: *sudoku.SyntaxReport(name, se)}, nil, nil)
			return true
		}
		rec, sols := c.solve(e.ctx, name, p, opt, many)
		if e.ctx.Err() != nil {
			rec.Status, rec.Error = status.Timeout, "interrupted"
			stopped = true
		}
		emit(rec, p, sols)
		return !stopped
	})
	failed = failed || !opened
	if stopped || e.ctx.Err() != nil {
		out.Flush()
		fmt.Fprintln(e.stderr, "puzzle sudoku solve: interrupted")
		return exitFail
	}
	if !c.json && counts.total() > 1 {
		fmt.Fprintf(out, "%s: %s in %s\n", plural(counts.total(), "puzzle"), counts.String(), fmtDuration(time.Since(start)))
	}
	out.Flush()
	if failed || !opened {
		return exitFail
	}
	return exitOK
}

// solve solves one puzzle and returns its record and the solutions found.
func (c *solveCmd) solve(ctx context.Context, file string, p *sudoku.Puzzle, opt sudoku.Options, many bool) (*solveRecord, [][]uint8) {
	rep, res, ex := sudoku.SolveReport(ctx, file, p, sudoku.ReportOptions{
		Limit: opt.Limit, ListAll: many, Explain: c.explain, Timeout: c.timeout,
	})
	rec := &solveRecord{Report: *rep, elapsed: res.Stats.Time, explanation: ex}
	if rep.Status == status.Invalid {
		return rec, nil
	}
	return rec, res.Solutions
}

// writeHuman writes one puzzle's header line and grids.
func (c *solveCmd) writeHuman(w io.Writer, rec *solveRecord, p *sudoku.Puzzle, sols [][]uint8) error {
	if p == nil { // a syntax error: no grid to speak of
		msg := strings.TrimPrefix(rec.Error, fmt.Sprintf("sudoku: %s:%d: ", rec.File, rec.Line))
		_, err := fmt.Fprintf(w, "%s:%d: invalid: %s\n\n", rec.File, rec.Line, msg)
		return err
	}
	head := fmt.Sprintf("%s:%d", rec.File, rec.Line)
	if rec.Name != "" {
		head += " (" + rec.Name + ")"
	}
	head += fmt.Sprintf(" %d×%d: %v", rec.Size, rec.Size, rec.Status)
	var what string
	exact := c.all || c.limit > rec.Count
	switch rec.Status {
	case status.Invalid:
		fmt.Fprintf(w, "%s: %s\n\n", head, strings.TrimPrefix(rec.Error, fmt.Sprintf("sudoku: %s:%d: ", rec.File, rec.Line)))
		return nil
	case status.Unique:
		what = "1 solution"
	case status.Solved:
		what = "1 solution (uniqueness not checked)"
	case status.None:
		what = "no solution"
	case status.Multiple:
		if exact {
			what = plural(rec.Count, "solution")
		} else {
			what = fmt.Sprintf("at least %d solutions", rec.Count)
		}
	case status.Timeout:
		what = "gave up"
		if rec.Count > 0 {
			what += fmt.Sprintf(" after %s", plural(rec.Count, "solution"))
		}
	}
	st := rec.Stats
	stats := fmt.Sprintf("nodes %d", st.Nodes)
	if st.Conflicts > 0 {
		stats += fmt.Sprintf(", conflicts %d", st.Conflicts)
	}
	fmt.Fprintf(w, "%s, %s in %s (%s)\n", head, what, fmtDuration(rec.elapsed), stats)
	if ex := rec.explanation; ex != nil {
		for i, s := range ex.Steps {
			fmt.Fprintf(w, "%4d. %s\n", i+1, s.Text)
		}
		if rec.ExplainErr != "" {
			fmt.Fprintf(w, "      %s\n", strings.TrimPrefix(rec.ExplainErr, "sudoku: "))
		} else {
			fmt.Fprintf(w, "      %s\n", ex.Summary())
		}
	}
	f := c.format.format()
	for i, s := range sols {
		if len(sols) > 1 {
			fmt.Fprintf(w, "solution %d:\n", i+1)
		}
		q := &sudoku.Puzzle{Box: p.Box, Cells: s, Name: p.Name}
		if err := q.Format(w, f); err != nil {
			return err
		}
	}
	if len(sols) == 2 {
		fmt.Fprintf(w, "they differ at %s\n", differences(sols[0], sols[1], rec.Size))
	}
	_, err := fmt.Fprintln(w)
	return err
}

// differences lists the cells where two grids differ: "r1c2 r1c7".
func differences(a, b []uint8, n int) string {
	var cells []string
	for i := range a {
		if a[i] != b[i] {
			cells = append(cells, fmt.Sprintf("r%dc%d", i/n+1, i%n+1))
		}
	}
	return strings.Join(cells, " ")
}

// ---- euler ----

const eulerUsage = `Usage: puzzle sudoku euler [files|-]

Solves every 9×9 grid of the files and prints the sum of the 3-digit
numbers in the first three cells of each solution's top row: the answer
to Project Euler problem 96 for its p096_sudoku.txt. Every grid must have
exactly one solution.

Example:

	puzzle sudoku euler p096_sudoku.txt
`

type eulerCmd struct{}

func (c *eulerCmd) define(fs *flag.FlagSet) {}

func (c *eulerCmd) run(e *env, v *verb, files []string) int {
	sum, grids, failed := 0, 0, false
	bad := func(format string, args ...any) {
		fmt.Fprintf(e.stderr, "puzzle sudoku euler: "+format+"\n", args...)
		failed = true
	}
	opened := e.eachPuzzle("sudoku euler", files, func() {}, func(name string, p *sudoku.Puzzle, se *sudoku.SyntaxError) bool {
		switch {
		case se != nil:
			bad("%s", errText(se))
		case p.Box != 3:
			bad("%s:%d: a %d×%d grid; the sum is defined for 9×9 grids", name, p.Line, p.Size(), p.Size())
		default:
			res, err := sudoku.Solve(e.ctx, p, sudoku.Options{})
			if res.Status != status.Unique {
				msg := res.Status.String()
				if err != nil {
					msg += ": " + err.Error()
				}
				bad("%s:%d: %s, want exactly one solution", name, p.Line, msg)
				break
			}
			s := res.Solutions[0]
			sum += 100*int(s[0]) + 10*int(s[1]) + int(s[2])
			grids++
		}
		return e.ctx.Err() == nil
	})
	if e.ctx.Err() != nil {
		fmt.Fprintln(e.stderr, "puzzle sudoku euler: interrupted")
		return exitFail
	}
	if !opened || failed {
		return exitFail
	}
	if grids == 0 {
		fmt.Fprintln(e.stderr, "puzzle sudoku euler: no grid in the input")
		return exitFail
	}
	fmt.Fprintln(e.stdout, sum)
	return exitOK
}

// ---- format ----

const formatUsage = `Usage: puzzle sudoku format --to line|grid|euler|pretty [files|-]
       puzzle sudoku convert ...

Rewrites every puzzle of the files in another layout on stdout:
  line    one puzzle per line, '.' for empty, A-Z for 10-35 (grids up to 61×61)
  grid    one row per line of space-separated numbers, 0 for empty
  euler   Project Euler 96: a "Grid NN" line, then rows of digits (up to 9×9)
  pretty  rows with box separators, for people
Grid layouts are separated by blank lines. A malformed puzzle is reported
on stderr with its file and line, and the exit status is then 1.

Examples:

	puzzle sudoku format --to grid top95.txt
	puzzle sudoku convert --to line p096_sudoku.txt > euler-lines.txt
`

type formatCmd struct {
	to *choiceFlag
}

func (c *formatCmd) define(fs *flag.FlagSet) {
	c.to = formatFlag("line")
	fs.Var(c.to, "to", "output `layout`: line, grid, euler or pretty")
}

func (c *formatCmd) run(e *env, v *verb, files []string) int {
	f := c.to.format()
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	failed, written := false, 0
	bad := func(format string, args ...any) {
		out.Flush()
		fmt.Fprintf(e.stderr, "puzzle sudoku format: "+format+"\n", args...)
		failed = true
	}
	opened := e.eachPuzzle("sudoku format", files, func() { out.Flush() }, func(name string, p *sudoku.Puzzle, se *sudoku.SyntaxError) bool {
		if se != nil {
			bad("%s", errText(se))
			return e.ctx.Err() == nil
		}
		if f == sudoku.FormatEuler && p.Name == "" {
			p.Name = fmt.Sprintf("Grid %02d", written+1)
		}
		var b strings.Builder
		if err := p.Format(&b, f); err != nil {
			bad("%s:%d: %s", name, p.Line, errText(err))
			return e.ctx.Err() == nil
		}
		if written > 0 && (f == sudoku.FormatGrid || f == sudoku.FormatPretty) {
			out.WriteByte('\n')
		}
		out.WriteString(b.String())
		written++
		return e.ctx.Err() == nil
	})
	if e.ctx.Err() != nil || !opened || failed {
		return exitFail
	}
	return exitOK
}
