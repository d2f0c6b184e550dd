package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"iter"
	"strings"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/nonogram"
	"github.com/puzzlesolvers/puzzle/status"
)

// nonogramVerbs lists the nonogram verbs in the order help shows them.
var nonogramVerbs = []*verbSpec{
	{name: "solve", summary: "solve nonograms, proving uniqueness", usage: nonoSolveUsage, new: func() command { return &nonogramSolveCmd{} }},
	{name: "rate", summary: nonoRateSummary, usage: nonoRateUsage, new: func() command { return &nonogramRateCmd{} }},
	{name: "render", summary: "draw the solved picture with its clues (text, SVG, PNG)", usage: nonoRenderUsage, new: func() command { return &nonogramRenderCmd{} }},
	{name: "convert", summary: "rewrite nonograms in another format", usage: nonoConvertUsage, new: func() command { return &nonogramConvertCmd{} }},
	{name: "from-image", summary: "make a puzzle of a picture (PNG, GIF, JPEG), black and white or in colour", usage: nonoFromImageUsage, new: func() command { return &nonogramFromImageCmd{} }},
	{name: "generate", summary: "make the clues of random pictures (seeded)", usage: nonoGenerateUsage, new: func() command { return &nonogramGenerateCmd{} }},
	{name: "print", summary: "print sheets to solve on paper, and their answers (SVG, PDF)", usage: nonoPrintUsage, new: func() command { return &nonogramPrintCmd{} }},
	{name: "bench", summary: "measure solving time on the shared data sets", usageFunc: nonoBenchUsage, new: func() command { return &nonogramBenchCmd{} }},
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
	puzzle nonogram from-image --width 30 cat.png > cat.txt
	puzzle nonogram print -o sheet.pdf examples/nonogram/*.txt
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

// nonogramRead returns the reader of one input for --from.
func nonogramRead(from nonogram.Format) readFunc[*nonogram.Puzzle] {
	return func(file string, r io.Reader) iter.Seq2[*nonogram.Puzzle, error] {
		return nonogram.NewReader(r, file, from).All()
	}
}

// nonogramPuzzleError reports whether err concerns one puzzle only: reading goes
// on after it.
func nonogramPuzzleError(err error) bool {
	return errors.As(err, new(*nonogram.SyntaxError))
}

const nonoSolveUsage = `Usage: puzzle nonogram solve [--json] [--all] [--limit K] [--undecided] [--suggest] [--suggest-time D] [--explain] [--timeout D] [--from FORMAT] [--shard I/K|auto [--shards K]] [files|-]

Solves each puzzle and says whether its picture is unique: the default looks
for a second picture and proves there is none. Line solving comes first (a
puzzle it finishes is "line-solvable": no guessing needed), then probing of
cells and lines, then search.

--all lists every picture up to a cap of 10000, fewer on grids of more
than 400 cells (4,000,000 cells' worth of pictures: 1111 on a 60×60; the
learning search keeps each picture it found), unless --limit K sets it:
the pictures are written as they are found, never held, so memory stays
small however many there are. When the cap stops the search, the output
says so ("stopped at the limit", "limit_reached": true) and the count is
a lower bound; below the cap it is exact. --limit K of 2 or more lists
the pictures the same way.

--undecided, for a puzzle with several pictures, finds exactly the cells
whose value differs between some two pictures (every other cell is the
same in all of them): what an author must settle. It costs at most one
solve per cell that line solving leaves open (one per other colour in a
colour puzzle), far fewer in practice: on the shared sets about 10 times
the solve itself, more on hard puzzles.

--suggest, for a puzzle with several pictures, finds the fewest cells of
the first picture shown (or of the goal picture the file stores, when it
meets the clues) to give as hints (printed on the grid) that make it the
only picture: a smallest set of cells that meets, for every other
picture, a cell where it differs (found by solving again with candidate
hints fixed). Past --suggest-time the best set found so far is given as
"at most N", with the number proved necessary. It also lists up to 5
edits of the picture (in black and white flip one or two cells near
where pictures differ; in colour recolour them, each to a neighbour's
colour or the background, written r2c5→a) whose clues have one picture,
line-solvable ones first. Every suggestion is checked by solving.

Human output: a header per puzzle (file:line, name, size, status, time),
then the picture, '#' filled and '.' empty; with --undecided, the list of
undecided cells and the first picture with '?' on them. --json prints one
object per puzzle (docs/schema/nonogram.json): file, line, name, status
(unique, multiple, none, solved, invalid, timeout), error (invalid and
timeout only), rows, cols, solution (rows of '#' and '.'), solutions (with
--all or --limit K ≥ 2, in the order found), limit_reached, undecided
(with --undecided and status multiple: exactly the cells whose value
differs between some two pictures, as {"row","col"} from 0), suggest
(with --suggest and status multiple: hints, the cells to give from
solution, exact, at_least when not exact, edits, checks and time_ms), colors
(colour puzzles), count, line_solvable, steps and explained (--explain;
each step names its row or col, or the cell it tried, and its filled_cells
and empty_cells) and stats (line_solves, probes, nodes, max_depth,
conflicts, time_ms). An invalid puzzle's object has file, line, status and
error only.

` + shardBatchHelp + `Listing pictures (--all, --limit K of 2 or more) is not sharded.

Exit status 0 when every puzzle has a picture, 1 when one is invalid, has
none or timed out, or a file cannot be read, 2 on usage errors.

Examples:

	puzzle nonogram solve puzzle.non
	puzzle nonogram solve --json --timeout 5s survey/*.xml
	puzzle nonogram solve --all small.txt
	puzzle nonogram solve --undecided draft.non
	puzzle nonogram solve --suggest draft.non
	puzzle nonogram solve --explain examples/nonogram/heart.txt
	puzzle nonogram solve --shard auto --shards 8 survey.txt > part.jsonl
`

type nonogramSolveCmd struct {
	json, all, explain bool
	undecided, suggest bool
	limit              int
	timeout            time.Duration
	suggestTime        time.Duration
	from               *choiceFlag
	shard              shardFlags
}

func (c *nonogramSolveCmd) define(fs *flag.FlagSet) {
	c.from = inputFormatFlag()
	fs.BoolVar(&c.json, "json", false, "print one JSON object per puzzle per line")
	fs.BoolVar(&c.all, "all", false, "list every picture up to --limit (10000, fewer on large grids, unless set); the count is exact below it")
	fs.BoolVar(&c.undecided, "undecided", false, "with several pictures, find exactly the cells where they differ (one solve per open cell at most)")
	fs.BoolVar(&c.suggest, "suggest", false, "with several pictures, the fewest cells to give as hints, and picture edits, that make the first the only one")
	fs.DurationVar(&c.suggestTime, "suggest-time", record.DefaultSuggestTime, "time for --suggest's search for the fewest hints, `D`; then the best found is given as a bound")
	fs.IntVar(&c.limit, "limit", 0, "find at most `K` pictures; 0 looks for 2 to prove uniqueness (10000 with --all), 1 finds any one")
	fs.DurationVar(&c.timeout, "timeout", 0, "give up on a puzzle after `D` (such as 10s); 0 means no limit")
	fs.BoolVar(&c.explain, "explain", false, "show the deductions step by step (line by line, then probes); grids up to 1024×1024")
	fs.Var(c.from, "from", "input `format`: auto, "+strings.Join(formatNames(), ", "))
	c.shard.define(fs, "puzzles")
}

func formatNames() []string {
	var names []string
	for _, f := range nonogram.Formats {
		names = append(names, string(f))
	}
	return names
}

func (c *nonogramSolveCmd) run(e *env, v *verb, files []string) int {
	limit, problem := searchLimit(c.all, c.limit, c.timeout)
	if problem != "" {
		return v.usageError(e, "%s", problem)
	}
	if c.suggest && (c.all || c.limit != 0) {
		return v.usageError(e, "--suggest goes with the default search, not with --all or --limit")
	}
	if c.suggestTime <= 0 {
		return v.usageError(e, "--suggest-time must be positive")
	}
	sh, code, ok := c.shard.batch(e, v)
	if !ok {
		return code
	}
	opt := record.NonogramOptions{Limit: limit, ListAll: c.all || c.limit >= 2, Explain: c.explain, Undecided: c.undecided,
		Suggest: c.suggest, SuggestTime: c.suggestTime, Timeout: c.timeout}
	var stream func(ctx context.Context, w *bufio.Writer, file string, p *nonogram.Puzzle) (*record.NonogramSolve, error)
	if opt.ListAll {
		stream = func(ctx context.Context, w *bufio.Writer, file string, p *nonogram.Puzzle) (*record.NonogramSolve, error) {
			if err := c.fits(file, p); err != nil {
				return nil, err
			}
			opt := opt
			if c.all && c.limit == 0 {
				opt.Limit = nonogramAllLimit(p)
			}
			return c.stream(ctx, w, file, p, opt), nil
		}
	}
	return runBatch(e, v, files, batch[*nonogram.Puzzle, *record.NonogramSolve]{
		stream: stream,
		json:   c.json,
		read:   nonogramRead(c.from.nonogramFormat()),
		bad: func(file string, err error) (*record.NonogramSolve, bool) {
			return &record.NonogramSolve{Head: record.Invalid(file, err), Cause: err}, nonogramPuzzleError(err)
		},
		work: func(ctx context.Context, file string, p *nonogram.Puzzle) (*record.NonogramSolve, error) {
			if err := c.fits(file, p); err != nil {
				return nil, err
			}
			return record.NewNonogramSolve(ctx, file, p, opt), nil
		},
		human: func(w io.Writer, rec *record.NonogramSolve) error {
			c.writeHuman(w, rec)
			return nil
		},
		summary: true,
		shard:   sh,
	})
}

// fits says why --explain does not apply to p, read from file, or
// returns nil.
func (c *nonogramSolveCmd) fits(file string, p *nonogram.Puzzle) error {
	if cells := p.Width() * p.Height(); c.explain && cells > nonogramMaxDrawnCells {
		return fmt.Errorf("%s:%d: --explain explains grids of up to %d cells (1024×1024), not %d×%d: an explanation lists every cell; solve it without --explain",
			file, p.Line, nonogramMaxDrawnCells, p.Height(), p.Width())
	}
	return nil
}

// nonogramAllCells bounds the pictures --all lists without --limit: the
// clause-learning search keeps a clause of one literal a cell for each
// picture found, so a large grid gets fewer than allLimit pictures.
const nonogramAllCells = 4_000_000

// nonogramAllLimit is the number of pictures --all lists on p without
// --limit: allLimit, or fewer on a grid of more than 400 cells.
func nonogramAllLimit(p *nonogram.Puzzle) int {
	return max(100, min(allLimit, nonogramAllCells/max(1, p.Width()*p.Height())))
}

// stream solves p, listing its pictures as they are found (--all, --limit
// K): they are written one by one, never held. Up to one picture, the
// output is that of writeHuman or of the whole record.
func (c *nonogramSolveCmd) stream(ctx context.Context, w *bufio.Writer, file string, p *nonogram.Puzzle, opt record.NonogramOptions) *record.NonogramSolve {
	rows := (*nonogram.Grid).Rows
	if p.IsColor() {
		rows = func(g *nonogram.Grid) []string { return g.ColorRows(p.Colors) }
	}
	js := newListStream(w)
	var first *nonogram.Grid
	count := 0
	writePicture := func(i int, g *nonogram.Grid) bool {
		fmt.Fprintf(w, "picture %d:\n", i)
		for _, r := range rows(g) {
			fmt.Fprintln(w, r)
		}
		_, err := fmt.Fprintln(w)
		return err == nil
	}
	opt.Found = func(g *nonogram.Grid) bool {
		count++
		if count == 1 {
			first = g
			return true // written with the record if it stays alone
		}
		if c.json {
			if count == 2 {
				js.open(struct {
					File string `json:"file,omitempty"`
					Line int    `json:"line,omitempty"`
					Name string `json:"name,omitempty"`
					Rows int    `json:"rows"`
					Cols int    `json:"cols"`
				}{file, p.Line, p.Name, p.Height(), p.Width()})
				js.item(rows(first))
			}
			return js.item(rows(g))
		}
		if count == 2 {
			fmt.Fprintf(w, "%s (%d×%d): pictures as found:\n", nonogramWhere(file, p.Line, p.Name), p.Height(), p.Width())
			writePicture(1, first)
		}
		return writePicture(count, g)
	}
	rec := record.NewNonogramSolve(ctx, file, p, opt)
	interruptedHead(ctx, &rec.Head)
	switch {
	case count < 2 && c.json:
		if first != nil {
			rec.Solutions = [][]string{rec.Solution}
		}
		js.write(js.encode(rec))
		js.write([]byte{'\n'})
	case count < 2:
		c.writeHuman(w, rec)
	case c.json:
		rec.File, rec.Line, rec.Name, rec.Rows, rec.Cols = "", 0, "", 0, 0
		js.close(rec)
	default:
		rec.Solution = nil // written above
		c.writeHuman(w, rec)
	}
	return rec
}

// nonogramWhere names a puzzle for people: "file:line name".
func nonogramWhere(file string, line int, name string) string {
	s := fmt.Sprintf("%s:%d", file, line)
	if name != "" {
		s += " " + name
	}
	return s
}

func (c *nonogramSolveCmd) writeHuman(w io.Writer, rec *record.NonogramSolve) {
	head := nonogramWhere(rec.File, rec.Line, rec.Name)
	if rec.Status == status.Invalid {
		// The head names the place; the message says what is wrong.
		msg := rec.Error
		var se *nonogram.SyntaxError
		var ce *nonogram.ClueError
		switch {
		case errors.As(rec.Cause, &se):
			msg = se.Msg
		case errors.As(rec.Cause, &ce):
			msg = ce.Msg
		}
		fmt.Fprintf(w, "%s: invalid: %s\n\n", head, msg)
		return
	}
	what := rec.Status.String()
	if rec.LineSolvable {
		what += ", line-solvable"
	}
	if rec.Status == status.Multiple && rec.Count > 2 || c.all {
		what += fmt.Sprintf(", %s", plural(rec.Count, "picture"))
	}
	if rec.LimitReached {
		what += fmt.Sprintf(" (stopped at the limit of %d: --limit K to raise it)", rec.Count)
	}
	var d time.Duration
	if rec.Stats != nil {
		d = time.Duration(rec.Stats.TimeMS * float64(time.Millisecond))
	}
	fmt.Fprintf(w, "%s (%d×%d): %s in %s\n", head, rec.Rows, rec.Cols, what, fmtDuration(d))
	if rec.Error != "" {
		fmt.Fprintf(w, "  %s\n", rec.Error)
	}
	partial := false // the explanation's picture was drawn, with its blank line
	if ex := rec.Explanation; ex != nil {
		for i, s := range ex.Steps {
			fmt.Fprintf(w, "  %3d. %s\n", i+1, s.Text)
		}
		summary := ex.Summary()
		if rec.ExplainError != nil {
			summary = "explanation interrupted: " + rec.ExplainError.Error()
		}
		fmt.Fprintf(w, "  %s\n", summary)
		if !ex.Solved {
			for _, r := range ex.Rows {
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
	if len(rec.Undecided) > 0 {
		cells, marked := markUndecided(rec.Solution, rec.Undecided)
		fmt.Fprintf(w, "undecided: %s, where pictures differ (every other cell is the same in all): %s\n",
			plural(len(cells), "cell"), strings.Join(cells, " "))
		for _, r := range marked {
			fmt.Fprintf(w, "%s\n", r)
		}
		fmt.Fprintln(w)
	}
	if s := rec.Suggest; s != nil {
		first, pic := "the picture", rec.Solution
		if len(sols) > 1 {
			first = "picture 1"
		}
		if s.Intended != nil {
			first, pic = "the file's goal picture", s.Intended
			fmt.Fprintln(w, "goal picture (the file's):")
			for _, r := range pic {
				fmt.Fprintln(w, r)
			}
		}
		writeSuggest(w, s, "hint", first, func(c record.Cell) string {
			return fmt.Sprintf("%v=%c", c, pic[c.Row][c.Col])
		}, func(k int) string {
			if k >= 0 && k < len(rec.Colors) {
				return rec.Colors[k].Char
			}
			return fmt.Sprint(k)
		})
		fmt.Fprintln(w)
	}
}

// markUndecided returns the undecided cells as people write them (r1c1)
// and the picture with '?' on them.
func markUndecided(picture []string, undecided []record.Cell) (cells, marked []string) {
	rows := make([][]rune, len(picture))
	for i, r := range picture {
		rows[i] = []rune(r)
	}
	cells = make([]string, len(undecided))
	for i, u := range undecided {
		cells[i] = u.String()
		if u.Row < len(rows) && u.Col < len(rows[u.Row]) {
			rows[u.Row][u.Col] = '?'
		}
	}
	marked = make([]string, len(rows))
	for i, r := range rows {
		marked[i] = string(r)
	}
	return cells, marked
}
