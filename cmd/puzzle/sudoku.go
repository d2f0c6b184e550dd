package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"iter"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/status"
	"github.com/puzzlesolvers/puzzle/sudoku"
)

// sudokuVerbs lists the sudoku verbs in the order help shows them.
var sudokuVerbs = []*verbSpec{
	{name: "solve", summary: "solve puzzles, proving uniqueness", usage: solveUsage, new: func() command { return &sudokuSolveCmd{} }},
	{name: "euler", summary: "Project Euler 96: sum of the top-left 3-digit numbers", usage: eulerUsage, new: func() command { return &sudokuEulerCmd{} }},
	{name: "format", aliases: []string{"convert"}, summary: "rewrite puzzles in another layout", usage: formatUsage, new: func() command { return &sudokuFormatCmd{} }},
	{name: "rate", summary: rateSummary, usage: rateUsage, new: func() command { return &sudokuRateCmd{} }},
	{name: "generate", summary: generateSummary, usage: generateUsage, new: func() command { return &sudokuGenerateCmd{} }},
	{name: "print", summary: "print sheets to solve on paper, and their answers (SVG, PDF)", usage: sudokuPrintUsage, new: func() command { return &sudokuPrintCmd{} }},
	{name: "bench", summary: "measure solving throughput on the shared data sets", usageFunc: benchUsage, new: func() command { return &sudokuBenchCmd{} }},
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
	puzzle sudoku print -o sheet.pdf puzzles.txt
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

// sudokuErrText writes an error of package sudoku after a command's name:
// a syntax error from its fields, "file:line: message", as compilers
// write it; any other error as it is.
func sudokuErrText(err error) string {
	var se *sudoku.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("%s:%d: %s", se.File, se.Line, se.Msg)
	}
	return err.Error()
}

// sudokuRead is the reader of every sudoku verb.
func sudokuRead(file string, r io.Reader) iter.Seq2[*sudoku.Puzzle, error] {
	return sudoku.NewReader(r, file).All()
}

// sudokuBad is the bad function of a sudoku batch: a malformed puzzle
// gets the record mk makes of its head, any other read error ends the
// input.
func sudokuBad[R any](mk func(h record.Head, err error) R) func(file string, err error) (R, bool) {
	return func(file string, err error) (R, bool) {
		if !errors.As(err, new(*sudoku.SyntaxError)) {
			var none R
			return none, false
		}
		return mk(record.Invalid(file, err), err), true
	}
}

// formatFits says why the layout f (the value of flag) cannot hold p,
// read from file, or returns nil.
func formatFits(flag string, f sudoku.Format, file string, p *sudoku.Puzzle) error {
	n := p.Size()
	switch {
	case f == sudoku.FormatEuler && n > 9:
		return fmt.Errorf("%s:%d: %s euler holds grids up to 9×9, not %d×%d", file, p.Line, flag, n, n)
	case f == sudoku.FormatLine && n > sudokuMaxLine:
		return fmt.Errorf("%s:%d: %s line holds grids up to %d×%d, not %d×%d", file, p.Line, flag, sudokuMaxLine, sudokuMaxLine, n, n)
	}
	return nil
}

// sudokuMaxLine is the largest N of the one-line layout.
const sudokuMaxLine = 61

// ---- solve ----

const solveUsage = `Usage: puzzle sudoku solve [flags] [files|-]

Solves every puzzle of the files (stdin if none, or '-'). By default the
search looks for two solutions, which proves a puzzle unique. Each puzzle
gets a header line (file:line, name, size, status, time, search nodes)
and its solution; several puzzles end with a summary line.

Statuses: unique, multiple (at least two solutions), none, solved (one
solution found with --limit 1, uniqueness not checked), invalid
(malformed input or a digit given twice), timeout.

--all lists every solution up to a cap of 10000 (--limit K sets another):
the solutions are written as they are found, never held, so memory stays
small however many there are. When the cap stops the search, the output
says so ("stopped at the limit", "limit_reached": true) and the count is
a lower bound; below the cap it is exact. --limit K of 2 or more lists
the solutions the same way.

--undecided, for a puzzle with several solutions, finds exactly the cells
whose digit differs between some two solutions (every other cell is the
same in all of them): what an author must settle with more givens. It
costs at most one solve per empty cell and digit, far fewer in practice.

--suggest, for a puzzle with several solutions, finds the fewest givens to
add, with the digits of the first solution shown, that make it the only
one: a smallest set of cells that meets, for every other solution, a cell
where it differs (found by solving again with candidate givens added).
Past --suggest-time the best set found so far is given as "at most N",
with the number proved necessary. For a unique puzzle it says whether it
is minimal (no given can be removed keeping it unique) and lists the
givens that can each be removed. Every suggestion is checked by solving.
--intended FILE names the solution the author means (one complete grid,
in any layout a puzzle is read in): the givens to add are its digits,
and every puzzle read must have it as a solution (its size, and each
given as the grid has it); one that does not is invalid, its error
naming the grid's file and line. A FILE that cannot be read, holds no
grid or more than one, or a grid with an empty cell or a digit twice in
a unit stops the command (exit 1) before any puzzle is solved.

Puzzles are solved one at a time. A hard large grid (one that depth-first
search does not finish quickly, such as a minimal 25×25) is given to
--workers clause-learning searches at once, each with its own strategy,
one per core; the first to finish answers. The default uses up to two
cores; --workers 1 keeps to one. Listing solutions (--all, --limit K of 3
or more) runs one search. With --workers N of 2 or more given, puzzles up
to 9×9 are also solved N at a time, a few hundred to a core, and written
in input order: a long file takes less time to wait for, and a little
more CPU time in all, than on one core (the default for them).

With --json each puzzle is one JSON object on a line (docs/schema/sudoku.json,
"solve"): file, line, name, status, error (invalid and timeout only), rows,
cols, box, solution (rows of values), solutions (with --all or --limit K,
in the order found, written one by one), count, limit_reached, steps and
stuck (with --explain: each step names its technique and its difficulty
estimated on Sudoku Explainer's scale, se, as 'puzzle help sudoku rate'
explains; a contradiction found by logic is the reason of status none),
undecided (with --undecided and status multiple: exactly the
cells, {"row", "col"} from 0, whose digit differs between some two
solutions), suggest (with --suggest: hints, the cells to give from
solution, exact, and at_least when not exact; with status unique minimal
and removable; checks and time_ms), stats (time_ms, nodes, conflicts, solver).

` + shardBatchHelp + `Listing solutions (--all, --limit K of 2 or more) is not sharded.

Exit status 0 when every puzzle has a solution (multiple included), 1
when a puzzle is invalid, has none or timed out, or a file cannot be read,
2 on a usage error (a --format that cannot hold a grid among them).

Examples:

	puzzle sudoku solve puzzles.txt
	puzzle sudoku solve --json --timeout 5s - < puzzles.txt
	puzzle sudoku solve --all --format line empty4x4.txt
	puzzle sudoku solve --explain --format grid one.txt
	puzzle sudoku solve --undecided draft.txt
	puzzle sudoku solve --suggest --suggest-time 30s draft.txt
	puzzle sudoku solve --suggest --intended mine.txt draft.txt
	puzzle sudoku solve --shard 2/4 hard.txt > s2.jsonl
`

type sudokuSolveCmd struct {
	json, all, explain bool
	undecided, suggest bool
	limit, workers     int
	timeout            time.Duration
	suggestTime        time.Duration
	intended           string
	format             *choiceFlag
	shard              shardFlags
}

func (c *sudokuSolveCmd) define(fs *flag.FlagSet) {
	c.shard.define(fs, "puzzles")
	c.format = formatFlag("pretty")
	fs.BoolVar(&c.json, "json", false, "print one JSON object per puzzle per line")
	fs.BoolVar(&c.all, "all", false, "list every solution up to --limit (10000 unless set); the count is exact below it")
	fs.IntVar(&c.limit, "limit", 0, "find at most `K` solutions; 0 looks for 2 to prove uniqueness (10000 with --all), 1 finds any one")
	fs.DurationVar(&c.timeout, "timeout", 0, "give up on a puzzle after `D` (such as 10s); 0 means no limit")
	fs.Var(c.format, "format", "`layout` of the solutions: pretty, line, grid or euler")
	fs.BoolVar(&c.explain, "explain", false, "show the logical steps a person would take")
	fs.BoolVar(&c.undecided, "undecided", false, "with several solutions, find exactly the cells where they differ (one solve per open cell at most)")
	fs.BoolVar(&c.suggest, "suggest", false, "with several solutions, the fewest givens that make the first the only one; when unique, whether it is minimal")
	fs.DurationVar(&c.suggestTime, "suggest-time", record.DefaultSuggestTime, "time for --suggest's search for the fewest givens, `D`; then the best found is given as a bound")
	fs.StringVar(&c.intended, "intended", "", "with --suggest, the solution the author means, one complete grid in `FILE`: the givens to add are its digits")
	fs.IntVar(&c.workers, "workers", 0, "clause-learning searches to run at once on a hard grid (default: up to 2, one per core); when given, also the 9×9 and smaller puzzles solved at once")
}

func (c *sudokuSolveCmd) run(e *env, v *verb, files []string) int {
	limit, problem := searchLimit(c.all, c.limit, c.timeout)
	if problem != "" {
		return v.usageError(e, "%s", problem)
	}
	if c.workers < 0 {
		return v.usageError(e, "--workers must not be negative")
	}
	if c.undecided && (c.all || c.limit != 0) {
		return v.usageError(e, "--undecided goes with the default search, not with --all or --limit")
	}
	if c.suggest && (c.all || c.limit != 0) {
		return v.usageError(e, "--suggest goes with the default search, not with --all or --limit")
	}
	if c.suggestTime <= 0 {
		return v.usageError(e, "--suggest-time must be positive")
	}
	if c.intended != "" && !c.suggest {
		return v.usageError(e, "--intended goes with --suggest: it is the solution the givens to add come from")
	}
	var intended *record.SudokuIntended
	if c.intended != "" {
		f, err := os.Open(c.intended)
		if err != nil {
			e.errorf("%s: %v", v.name, err)
			return exitFail
		}
		intended, err = record.ReadSudokuIntended(f, c.intended)
		f.Close()
		if err != nil {
			e.errorf("%s: %s", v.name, sudokuErrText(err))
			return exitFail
		}
	}
	sh, code, ok := c.shard.batch(e, v)
	if !ok {
		return code
	}
	workers := c.workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	// Quick puzzles share the cores only when asked: the hand-over costs
	// CPU time (docs/benchmarks.md).
	quickCores := c.workers
	opt := record.SudokuOptions{Limit: limit, ListAll: c.all || c.limit >= 2, Explain: c.explain, Undecided: c.undecided,
		Suggest: c.suggest, SuggestTime: c.suggestTime, Intended: intended, Timeout: c.timeout, Workers: workers}
	f := c.format.format()
	var stream func(ctx context.Context, w *bufio.Writer, file string, p *sudoku.Puzzle) (*record.SudokuSolve, error)
	if opt.ListAll {
		stream = func(ctx context.Context, w *bufio.Writer, file string, p *sudoku.Puzzle) (*record.SudokuSolve, error) {
			if !c.json {
				if err := formatFits("--format", f, file, p); err != nil {
					return nil, err
				}
			}
			return c.stream(ctx, w, file, p, opt), nil
		}
	}
	read, solve := sudokuRead, record.NewSudokuSolve
	if quickCores < 2 && sh == nil {
		// On one core each record is written before the next puzzle is
		// read: one puzzle and one record serve them all, and a file of
		// 9×9 puzzles costs no allocation per puzzle. (A shard's records
		// carry more, and keep the simple path.)
		read = func(file string, r io.Reader) iter.Seq2[*sudoku.Puzzle, error] {
			rd := sudoku.NewReader(r, file)
			rd.ReusePuzzle = true
			// The solve checks the givens of a 9×9 grid as it reads
			// them, and its record of a digit given twice is the
			// reader's (record.SudokuRecords); an intended grid is
			// compared with the givens before the solve.
			rd.SolveChecks = intended == nil
			return rd.All()
		}
		solve = new(record.SudokuRecords).Solve
	}
	return runBatch(e, v, files, batch[*sudoku.Puzzle, *record.SudokuSolve]{
		stream: stream,
		json:   c.json,
		read:   read,
		bad: sudokuBad(func(h record.Head, err error) *record.SudokuSolve {
			return &record.SudokuSolve{Head: h, Cause: err}
		}),
		work: func(ctx context.Context, file string, p *sudoku.Puzzle) (*record.SudokuSolve, error) {
			if !c.json {
				if err := formatFits("--format", f, file, p); err != nil {
					return nil, err
				}
			}
			o := opt
			o.Lean = c.json && sh == nil // written by AppendJSON, which needs no rows of the solution
			return solve(ctx, file, p, o), nil
		},
		human:   c.writeHuman,
		summary: true,
		// Milliseconds at most, unless explained (forcing chains take
		// seconds on the hardest 9×9 puzzles) or suggesting.
		quick:    func(p *sudoku.Puzzle) bool { return p.Box <= 3 && !c.explain && !c.suggest },
		parallel: quickCores,
		shard:    sh,
	})
}

// stream solves p, listing its solutions as they are found (--all, --limit
// K): they are written one by one, never held, in the order found. Up to
// one solution, the output is that of writeHuman or of the whole record.
func (c *sudokuSolveCmd) stream(ctx context.Context, w *bufio.Writer, file string, p *sudoku.Puzzle, opt record.SudokuOptions) *record.SudokuSolve {
	n := p.Size()
	f := c.format.format()
	js := newListStream(w)
	var first, second, least []uint8 // least: the record's solution, as if sorted
	count := 0
	opt.Found = func(sol []uint8) bool {
		count++
		if least == nil || bytes.Compare(sol, least) < 0 {
			least = sol
		}
		switch count {
		case 1:
			first = sol
			return true // written with the record if it stays alone
		case 2:
			second = sol
		}
		if c.json {
			if count == 2 {
				js.open(struct {
					File string `json:"file,omitempty"`
					Line int    `json:"line,omitempty"`
					Name string `json:"name,omitempty"`
					Rows int    `json:"rows"`
					Cols int    `json:"cols"`
					Box  int    `json:"box"`
				}{file, p.Line, p.Name, n, n, p.Box})
				js.item(record.SudokuRows(first, n))
			}
			return js.item(record.SudokuRows(sol, n))
		}
		if count == 2 {
			fmt.Fprintf(w, "%s %d×%d: solutions as found:\n", sudokuWhere(file, p.Line, p.Name), n, n)
			writeSudokuSolution(w, 1, p, first, f)
		}
		return writeSudokuSolution(w, count, p, sol, f) == nil
	}
	rec := record.NewSudokuSolve(ctx, file, p, opt)
	interruptedHead(ctx, &rec.Head)
	if least != nil {
		rec.Solution = record.SudokuRows(least, n)
	}
	switch {
	case count < 2 && c.json:
		if first != nil {
			rec.Solutions = [][][]int{rec.Solution}
		}
		js.write(js.encode(rec))
		js.write([]byte{'\n'})
	case count < 2:
		if first != nil {
			rec.Result.Solutions = [][]uint8{first}
		}
		c.writeHuman(w, rec)
	case c.json:
		rec.File, rec.Line, rec.Name, rec.Rows, rec.Cols, rec.Box = "", 0, "", 0, 0, 0
		js.close(rec)
	default:
		if count == 2 {
			fmt.Fprintf(w, "they differ at %s\n", differences(first, second, n))
		}
		c.writeHuman(w, rec)
	}
	return rec
}

// writeSudokuSolution writes solution i (from 1) of p in the layout f.
func writeSudokuSolution(w io.Writer, i int, p *sudoku.Puzzle, sol []uint8, f sudoku.Format) error {
	if _, err := fmt.Fprintf(w, "solution %d:\n", i); err != nil {
		return err
	}
	return (&sudoku.Puzzle{Box: p.Box, Cells: sol, Name: p.Name}).Format(w, f)
}

// sudokuWhere names a puzzle for people: "file:line (name)".
func sudokuWhere(file string, line int, name string) string {
	s := fmt.Sprintf("%s:%d", file, line)
	if name != "" {
		s += " (" + name + ")"
	}
	return s
}

// writeHuman writes one puzzle's header line and grids.
func (c *sudokuSolveCmd) writeHuman(w io.Writer, rec *record.SudokuSolve) error {
	p := rec.Puzzle
	var se *sudoku.SyntaxError
	if p == nil && errors.As(rec.Cause, &se) { // a syntax error: no grid to speak of
		return writeUnreadable(w, &rec.Head, rec.Cause)
	}
	head := sudokuWhere(rec.File, rec.Line, rec.Name) + fmt.Sprintf(" %d×%d: %v", rec.Rows, rec.Cols, rec.Status)
	if rec.Rows == 0 { // refused before it was solved (--intended)
		head = sudokuWhere(rec.File, rec.Line, rec.Name) + fmt.Sprintf(": %v", rec.Status)
	}
	var what string
	exact := !rec.LimitReached && (c.all || c.limit > rec.Count)
	switch rec.Status {
	case status.Invalid:
		msg := rec.Error
		if errors.As(rec.Cause, &se) {
			msg = se.Msg
		}
		_, err := fmt.Fprintf(w, "%s: %s\n\n", head, msg)
		return err
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
	st := rec.Result.Stats
	stats := fmt.Sprintf("nodes %d", st.Nodes)
	if st.Conflicts > 0 {
		stats += fmt.Sprintf(", conflicts %d", st.Conflicts)
	}
	fmt.Fprintf(w, "%s, %s in %s (%s)\n", head, what, fmtDuration(st.Time), stats)
	if rec.LimitReached {
		fmt.Fprintf(w, "      stopped at the limit of %s (--limit K to raise it)\n", plural(rec.Count, "solution"))
	}
	if ex := rec.Explanation; ex != nil {
		for i, s := range ex.Steps {
			fmt.Fprintf(w, "%4d. %s (SE %.1f)\n", i+1, s.Text, s.SE)
		}
		switch {
		case rec.Reason != "":
			fmt.Fprintf(w, "      no solution: %s\n", rec.Reason)
		case rec.Status == status.Timeout:
			fmt.Fprintf(w, "      %s\n", rec.Error)
		default:
			fmt.Fprintf(w, "      %s\n", ex.Summary())
		}
	}
	f := c.format.format()
	sols := rec.Result.Solutions
	for i, s := range sols {
		if len(sols) > 1 {
			fmt.Fprintf(w, "solution %d:\n", i+1)
		}
		q := &sudoku.Puzzle{Box: p.Box, Cells: s, Name: p.Name}
		if err := q.Format(w, f); err != nil {
			return err
		}
	}
	switch {
	case len(rec.Undecided) > 0:
		cells := make([]string, len(rec.Undecided))
		for i, u := range rec.Undecided {
			cells[i] = u.String()
		}
		fmt.Fprintf(w, "undecided: %s, where solutions differ (every other cell is the same in all): %s\n",
			plural(len(cells), "cell"), strings.Join(cells, " "))
	case len(sols) == 2:
		fmt.Fprintf(w, "they differ at %s\n", differences(sols[0], sols[1], rec.Rows))
	}
	if s := rec.Suggest; s != nil {
		first, value := "solution 1", func(c record.Cell) int { return rec.Solution[c.Row][c.Col] }
		if in := rec.Intended; in != nil {
			first = fmt.Sprintf("the intended solution (%s:%d)", in.File, in.Line)
			value = func(c record.Cell) int { return int(in.Cells[c.Row*rec.Cols+c.Col]) }
		}
		writeSuggest(w, s, "given", first, func(c record.Cell) string {
			return fmt.Sprintf("%v=%d", c, value(c))
		}, nil)
	}
	_, err := fmt.Fprintln(w)
	return err
}

// writeSuggest writes the suggestions of a record, the same in every
// family: what to give (each cell as value names it; what is the word
// for one, "given" or "hint") to make the first
// solution (first) the only one, or whether a unique puzzle is minimal;
// colourChar names the colour a colour nonogram's edit gives a cell
// (nil elsewhere).
func writeSuggest(w io.Writer, s *record.Suggest, what, first string, value func(record.Cell) string, colourChar func(int) string) {
	if len(s.Hints) > 0 {
		cells := make([]string, len(s.Hints))
		for i, c := range s.Hints {
			cells[i] = value(c)
		}
		count := plural(len(cells), what) + ", the fewest,"
		if s.Exact != nil && !*s.Exact {
			count = fmt.Sprintf("at most %s (the time for suggestions ran out; at least %d needed)", plural(len(cells), what), s.AtLeast)
		}
		verb := "make"
		if len(cells) == 1 {
			verb = "makes"
		}
		fmt.Fprintf(w, "suggest: give %s: %s %s %s the only one (checked by solving)\n", strings.Join(cells, " "), count, verb, first)
	}
	if len(s.Edits) > 0 {
		edits := make([]string, len(s.Edits))
		colour := false
		for i, e := range s.Edits {
			cells := make([]string, len(e.Cells))
			for k, c := range e.Cells {
				cells[k] = c.String()
				if k < len(e.Colors) && colourChar != nil {
					cells[k] += "→" + colourChar(e.Colors[k])
					colour = true
				}
			}
			edits[i] = strings.Join(cells, " ")
			if e.LineSolvable {
				edits[i] += " (line-solvable)"
			}
		}
		how := "flip"
		if colour {
			how = "recolour"
		}
		fmt.Fprintf(w, "suggest: or %s, in %s, %s: each makes its clues unique\n", how, first, strings.Join(edits, "; "))
	}
	if s.Minimal != nil {
		if *s.Minimal {
			fmt.Fprintf(w, "suggest: minimal: no given can be removed keeping the puzzle unique\n")
			return
		}
		cells := make([]string, len(s.Removable))
		for i, c := range s.Removable {
			cells[i] = c.String()
		}
		fmt.Fprintf(w, "suggest: not minimal: %s can each be removed keeping the puzzle unique: %s\n",
			plural(len(cells), "given"), strings.Join(cells, " "))
	}
}

// differences lists the cells where two grids differ: "r1c2 r1c7".
func differences(a, b []uint8, n int) string {
	var cells []string
	for i := range a {
		if a[i] != b[i] {
			cells = append(cells, record.Cell{Row: i / n, Col: i % n}.String())
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

type sudokuEulerCmd struct{}

func (c *sudokuEulerCmd) define(fs *flag.FlagSet) {}

func (c *sudokuEulerCmd) run(e *env, v *verb, files []string) int {
	sum, grids, failed := 0, 0, false
	bad := func(format string, args ...any) {
		fmt.Fprintf(e.stderr, "puzzle sudoku euler: "+format+"\n", args...)
		failed = true
	}
	opened := eachPuzzle(e, v.name, files, sudokuRead, func(name string, p *sudoku.Puzzle, err error) bool {
		switch {
		case err != nil:
			bad("%s", sudokuErrText(err))
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
		return true
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
on stderr with its file and line, and the exit status is then 1; a puzzle
the layout cannot hold (a 16×16 grid --to euler) is a usage error: the
command stops there with exit status 2.

Examples:

	puzzle sudoku format --to grid top95.txt
	puzzle sudoku convert --to line p096_sudoku.txt > euler-lines.txt
`

type sudokuFormatCmd struct {
	to *choiceFlag
}

func (c *sudokuFormatCmd) define(fs *flag.FlagSet) {
	c.to = formatFlag("line")
	fs.Var(c.to, "to", "output `layout`: line, grid, euler or pretty")
}

func (c *sudokuFormatCmd) run(e *env, v *verb, files []string) int {
	f := c.to.format()
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	failed, usage, written := false, false, 0
	opened := eachPuzzle(e, v.name, files, sudokuRead, func(name string, p *sudoku.Puzzle, err error) bool {
		if err != nil {
			out.Flush()
			fmt.Fprintf(e.stderr, "puzzle sudoku format: %s\n", sudokuErrText(err))
			failed = true
			return true
		}
		if err := formatFits("--to", f, name, p); err != nil {
			out.Flush()
			v.usageError(e, "%v", err)
			usage = true
			return false
		}
		if f == sudoku.FormatEuler && p.Name == "" {
			p.Name = fmt.Sprintf("Grid %02d", written+1)
		}
		if written > 0 && (f == sudoku.FormatGrid || f == sudoku.FormatPretty) {
			out.WriteByte('\n')
		}
		if err := p.Format(out, f); err != nil {
			failed = true
			return false
		}
		written++
		return true
	})
	switch {
	case usage:
		return exitUsage
	case e.ctx.Err() != nil:
		out.Flush()
		fmt.Fprintln(e.stderr, "puzzle sudoku format: interrupted")
		return exitFail
	case !opened || failed:
		return exitFail
	}
	return exitOK
}
