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
	"github.com/puzzlesolvers/puzzle/nonogram"
	"github.com/puzzlesolvers/puzzle/status"
)

// nonogramVerbs lists the nonogram verbs in the order help shows them.
var nonogramVerbs = []*verbSpec{
	{name: "solve", summary: "solve nonograms, proving uniqueness", usage: nonoSolveUsage, new: func() command { return &nonoSolveCmd{} }},
	{name: "render", summary: "draw the solved picture with its clues (text, SVG, PNG)", usage: nonoRenderUsage, new: func() command { return &nonoRenderCmd{} }},
	{name: "convert", summary: "rewrite nonograms in another format", usage: nonoConvertUsage, new: func() command { return &nonoConvertCmd{} }},
	{name: "bench", summary: "measure solving time on the shared data sets", usage: nonoBenchUsage, new: func() command { return &nonoBenchCmd{} }},
}

func init() {
	registerFamily(&familySpec{name: "nonogram", order: 20, verbs: nonogramVerbs, help: nonogramHelp,
		summary: "nonograms (Picross), black and white or colour"})
}

func nonogramHelp() string {
	var b strings.Builder
	b.WriteString(`Nonograms (Picross, paint by numbers): black-and-white puzzles of any size
up to 4096×4096, and colour puzzles (from webpbn XML and .non), whose runs
of different colours may touch.

Usage:

	puzzle nonogram <verb> [flags] [files|-]

Verbs:

`)
	for _, s := range nonogramVerbs {
		fmt.Fprintf(&b, "\t%-20s %s\n", s.name, s.summary)
	}
	b.WriteString(`
Input formats, detected from the file name or the content (or --from):
` + formatList() + `
Examples:

	puzzle nonogram solve examples/nonogram/*.txt
	puzzle nonogram solve --json --timeout 10s puzzles.xml
	puzzle nonogram solve --explain examples/nonogram/heart.txt
	puzzle nonogram render --png -o heart.png examples/nonogram/heart.txt
	puzzle nonogram render examples/nonogram/colour.xml
	puzzle nonogram convert --to non webpbn-06574.xml
	puzzle nonogram bench --set webpbn,picross-solver

Run 'puzzle help nonogram <verb>' for a verb's flags.
`)
	return b.String()
}

func formatList() string {
	return `	plain    "ROWS COLS", then one clue per line, rows then columns
	xml      webpbn XML (<puzzleset><puzzle>..., with its goal picture)
	non      Steve Simpson's .non (width, height, rows, columns, goal)
	nin      "WIDTH HEIGHT", then rows, then columns
	cwd      height, width, rows, columns
	mk       Olšák's .mk: "HEIGHT WIDTH", rows, "#", columns
	taai     TAAI tournament files: $N, 25 column clues, 25 row clues
	picross  picross-solver's text format (GRID, ROWS, [ 1 2 ], COLUMNS)
`
}

// inputFormatFlag is --from: a nonogram format, or auto.
func inputFormatFlag() *choiceFlag {
	f := &choiceFlag{value: "auto", choices: []string{"auto"}}
	for _, x := range nonogram.Formats {
		f.choices = append(f.choices, string(x))
	}
	return f
}

func (c *choiceFlag) nonogramFormat() nonogram.Format {
	if c.value == "auto" {
		return ""
	}
	return nonogram.Format(c.value)
}

// eachNonogram reads every puzzle of every input and calls fn with the
// puzzle, or with the error of a bad puzzle (p nil, a *SyntaxError or
// *ClueError, after which reading goes on); fn returns false to stop. Any
// other read error ends its input and goes to stderr after flush.
func (e *env) eachNonogram(prefix string, files []string, from nonogram.Format, flush func(),
	fn func(name string, p *nonogram.Puzzle, bad error) bool) bool {
	readOK, stop := true, false
	opened := e.eachInput(prefix, files, func(name string, r io.Reader) {
		rd := nonogram.NewReader(r, name, from)
		for !stop {
			p, err := rd.Next()
			if err == io.EOF {
				return
			}
			if err != nil && !isPuzzleError(err) {
				flush()
				e.errorf("%s: %s", prefix, err)
				readOK = false
				return
			}
			stop = !fn(name, p, err)
		}
	})
	return opened && readOK
}

// isPuzzleError reports whether err concerns one puzzle only.
func isPuzzleError(err error) bool {
	return errors.As(err, new(*nonogram.SyntaxError)) || errors.As(err, new(*nonogram.ClueError))
}

const nonoSolveUsage = `Usage: puzzle nonogram solve [--json] [--all|--limit K] [--explain] [--timeout D] [--from FORMAT] [files|-]

Solves each puzzle and says whether its picture is unique: the default looks
for a second picture and proves there is none. Line solving comes first (a
puzzle it finishes is "line-solvable": no guessing needed), then probing of
cells and lines, then search.

Human output: a header per puzzle (file:line, name, size, status, time),
then the picture, '#' filled and '.' empty. --json prints one object per
puzzle: file, line, name, width, height, status (unique, multiple, none,
solved, invalid, timeout), solution (rows of '#' and '.'), solutions (with
--all or --limit K ≥ 2), count, line_solvable, error, steps (--explain) and
stats (line_solves, probes, nodes, max_depth, time_ms).

Exit status 0 when every puzzle has a picture, 1 when one is invalid, has
none or timed out, or a file cannot be read, 2 on usage errors.

Examples:

	puzzle nonogram solve puzzle.non
	puzzle nonogram solve --json --timeout 5s survey/*.xml
	puzzle nonogram solve --all small.txt
	puzzle nonogram solve --explain examples/nonogram/heart.txt
`

type nonoSolveCmd struct {
	json, all, explain bool
	limit              int
	timeout            time.Duration
	from               *choiceFlag
}

func (c *nonoSolveCmd) define(fs *flag.FlagSet) {
	c.from = inputFormatFlag()
	fs.BoolVar(&c.json, "json", false, "print one JSON object per puzzle per line")
	fs.BoolVar(&c.all, "all", false, "find every picture (the count is exact)")
	fs.IntVar(&c.limit, "limit", 0, "find at most `K` pictures; 0 looks for 2 to prove uniqueness, 1 finds any one")
	fs.DurationVar(&c.timeout, "timeout", 0, "give up on a puzzle after `D` (such as 10s); 0 means no limit")
	fs.BoolVar(&c.explain, "explain", false, "show the deductions step by step (line by line, then probes)")
	fs.Var(c.from, "from", "input `format`: auto, "+strings.Join(formatNames(), ", "))
}

func formatNames() []string {
	var names []string
	for _, f := range nonogram.Formats {
		names = append(names, string(f))
	}
	return names
}

// nonoRecord is the JSON object of one puzzle (nonogram.Report) and what
// the human output needs besides.
type nonoRecord struct {
	nonogram.Report
	summary string
	rows    []string // the explanation's last picture
}

func (c *nonoSolveCmd) run(e *env, v *verb, files []string) int {
	limit, problem := searchLimit(c.all, c.limit, c.timeout)
	if problem != "" {
		return v.usageError(e, "%s", problem)
	}
	opt := nonogram.Options{Limit: limit}
	many := c.all || c.limit >= 2

	out := bufio.NewWriter(e.stdout)
	jw := jsonl.NewWriter(e.stdout)
	var counts tally
	failed, stopped := false, false
	start := time.Now()
	emit := func(rec *nonoRecord) {
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
		c.writeHuman(out, rec)
		out.Flush()
	}
	opened := e.eachNonogram("nonogram solve", files, c.from.nonogramFormat(), func() { out.Flush() },
		func(name string, p *nonogram.Puzzle, bad error) bool {
			if bad != nil {
				emit(&nonoRecord{Report: *nonogram.ErrorReport(name, bad)})
				return true
			}
			rec := c.solve(e.ctx, name, p, opt, many)
			if e.ctx.Err() != nil {
				rec.Status, rec.Error = status.Timeout, "interrupted"
				stopped = true
			}
			emit(rec)
			return !stopped
		})
	if stopped || e.ctx.Err() != nil {
		out.Flush()
		e.errorf("nonogram solve: interrupted")
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

func (c *nonoSolveCmd) solve(ctx context.Context, file string, p *nonogram.Puzzle, opt nonogram.Options, many bool) *nonoRecord {
	rep, ex, err := nonogram.SolveReport(ctx, file, p, nonogram.ReportOptions{
		Limit: opt.Limit, ListAll: many, Explain: c.explain, Timeout: c.timeout,
	})
	rec := &nonoRecord{Report: *rep}
	if ex != nil {
		rec.summary, rec.rows = ex.Summary(), ex.Rows
		if err != nil {
			rec.summary = "explanation interrupted: " + err.Error()
		}
	}
	return rec
}

func (c *nonoSolveCmd) writeHuman(w io.Writer, rec *nonoRecord) {
	head := fmt.Sprintf("%s:%d", rec.File, rec.Line)
	if rec.Name != "" {
		head += " " + rec.Name
	}
	if rec.Status == status.Invalid {
		fmt.Fprintf(w, "%s: invalid: %s\n\n", head, rec.Error)
		return
	}
	what := rec.Status.String()
	if rec.LineSolvable {
		what += ", line-solvable"
	}
	if rec.Status == status.Multiple && rec.Count > 2 || c.all {
		what += fmt.Sprintf(", %s", plural(rec.Count, "picture"))
	}
	fmt.Fprintf(w, "%s (%d×%d): %s in %s\n", head, rec.Height, rec.Width, what, fmtDuration(time.Duration(rec.Stats.TimeMS*float64(time.Millisecond))))
	if rec.Error != "" {
		fmt.Fprintf(w, "  %s\n", rec.Error)
	}
	partial := false // the explanation's picture was drawn, with its blank line
	if rec.Steps != nil || rec.summary != "" {
		for i, s := range rec.Steps {
			fmt.Fprintf(w, "  %3d. %s\n", i+1, s.Text)
		}
		fmt.Fprintf(w, "  %s\n", rec.summary)
		if rec.Explained != nil && !*rec.Explained {
			for _, r := range rec.rows {
				fmt.Fprintf(w, "  %s\n", r)
			}
			fmt.Fprintln(w)
			partial = true
		}
	}
	sols := rec.Solutions
	if sols == nil && rec.Solution != nil {
		sols = [][]string{rec.Solution}
	}
	for i, s := range sols {
		if len(sols) > 1 {
			fmt.Fprintf(w, "picture %d:\n", i+1)
		}
		for _, r := range s {
			fmt.Fprintln(w, r)
		}
		fmt.Fprintln(w)
	}
	if len(sols) == 0 && !partial {
		fmt.Fprintln(w)
	}
}
