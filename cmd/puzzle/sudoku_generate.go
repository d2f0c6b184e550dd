package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/jsonl"
	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/status"
	"github.com/puzzlesolvers/puzzle/sudoku"
)

// ---- generate ----

const generateSummary = "make new puzzles of a given size and difficulty"

const generateUsage = `Usage: puzzle sudoku generate [--size 4|9|16|25|36|49] [--difficulty easy|medium|hard|expert|extreme]
                              [--seed N] [--count K] [--symmetric] [--json] [--format F]
                              [--budget D] [--check-timeout D] [--workers W] [--checkpoint FILE]
                              [--shard I/K|auto [--shards K]]

Makes puzzles with a unique solution and no given to spare (minimal),
rated by the hardest technique their logical solution needs. Puzzle k of
--count K uses seed N+k, so each can be made again on its own; without
--seed a random seed is drawn and shown. A header comment line gives the
seed, the rating and the work done, so the output can be fed back to
'puzzle sudoku solve'. If no puzzle of the wanted difficulty turns up,
the closest one is printed and the exit status is 1.

With --json each puzzle is one JSON object on a line (docs/schema/sudoku.json,
"generate"): status (unique; timeout when interrupted), seed (a string),
rows, cols, box, target and missed (a difficulty asked for and not
reached), givens, text (the one-line layout), puzzle and solution (rows of
values), difficulty, hardest, length (logical steps), score, se_rating
(our estimate on Sudoku Explainer's scale, see 'puzzle help sudoku rate'),
minimal, and
stats (time_ms, attempts, checks).

On 25×25 grids the uniqueness checks of nearly minimal puzzles can take
seconds, so by default each check gets 50ms and the removal pass 3s: the
puzzle is unique but may keep a given it could spare, and the header
says "not proved minimal". A larger --budget and --check-timeout buy the
proof (--budget 2m --check-timeout 3s proves a 25×25 puzzle minimal in
about 3 to 6 s of CPU). 36×36 and 49×49 puzzles are first built up from
no givens, each given with a witness to its need, and then checked; they
take the same flags, with more time: a minimal 36×36 puzzle takes about
a minute of CPU (--budget 10m --check-timeout 5m), and a 49×49 one some
1,900 checks of seconds to minutes each, hours (--checkpoint below). While a
puzzle is made, a line on stderr, when it is a terminal, shows the pass
(build, logic or checks), the cells visited, the givens so far and the
checks made. From 16×16 up the checks run on --workers cores at once (default:
up to 2, one per core), and from 36×36 up the searches of each check race
on them; the puzzle does not depend on it unless a check times out.

--checkpoint FILE keeps the state of a 36×36 or 49×49 generation in FILE,
written whole after each uniqueness check: the verdicts of the checks made
so far (docs/formats.md). If FILE exists, the run takes up from it, with
its seed unless --seed is given, and makes none of its checks again: a
generation stopped by --budget or Ctrl-C goes on where it was and gives
the same puzzle. A checkpoint of other options is refused.

--shard I/K makes only the puzzles k (from 0) of --count that are I-1
modulo K,
and needs --seed, so that the shards share out the same puzzles; as with
the batch verbs, a shard writes JSON Lines for 'puzzle merge' (each record
with "shard", "index" k, "job" and "human"), then the shard's summary.
--shard auto takes I and K from Kubernetes, Slurm or GNU parallel.

Examples:

	puzzle sudoku generate
	puzzle sudoku generate --difficulty hard --seed 7 --format line
	puzzle sudoku generate --size 16 --count 3 --json
	puzzle sudoku generate --size 25 --budget 2m --check-timeout 3s
	puzzle sudoku generate --size 36 --seed 1 --budget 1h --check-timeout 20m --checkpoint s36.json
	puzzle sudoku generate --count 10 --format line | puzzle sudoku solve
	puzzle sudoku generate --count 1000 --seed 1 --difficulty hard --shard 3/8 > g3.jsonl
`

type sudokuGenerateCmd struct {
	size       int
	difficulty *choiceFlag
	seed       seedFlag
	count      int
	symmetric  bool
	json       bool
	format     *choiceFlag
	budget     time.Duration
	check      time.Duration
	workers    int
	checkpoint string
	shard      shardFlags
}

func (c *sudokuGenerateCmd) define(fs *flag.FlagSet) {
	c.difficulty = &choiceFlag{value: "any", choices: []string{"any", "easy", "medium", "hard", "expert", "extreme"}}
	c.format = formatFlag("pretty")
	fs.IntVar(&c.size, "size", 9, "grid size `N`: 4, 9, 16, 25, 36 or 49")
	fs.Var(c.difficulty, "difficulty", "wanted `level`: any, easy, medium, hard, expert or extreme")
	fs.Var(&c.seed, "seed", "random seed `N` (default: drawn at random and shown)")
	fs.IntVar(&c.count, "count", 1, "number of puzzles `K`")
	fs.BoolVar(&c.symmetric, "symmetric", false, "keep the givens symmetric under a half turn")
	fs.BoolVar(&c.json, "json", false, "print one JSON object per puzzle per line")
	fs.Var(c.format, "format", "`layout` of the puzzles: pretty, line, grid or euler")
	fs.DurationVar(&c.budget, "budget", 0, "time `D` for removing givens from one puzzle; 0: 3s for 25×25, none below")
	fs.DurationVar(&c.check, "check-timeout", 0, "time `D` for each uniqueness check; 0: 50ms for 25×25")
	fs.IntVar(&c.workers, "workers", 0, "cores for the uniqueness checks from 16×16 up: checks at once, or from 36×36 up searches racing on each check (default: up to 2)")
	fs.StringVar(&c.checkpoint, "checkpoint", "", "keep the state of a 36×36 or 49×49 generation in `FILE`, and go on from it if it exists")
	c.shard.define(fs, "puzzles (puzzle k of --count)")
}

func (c *sudokuGenerateCmd) run(e *env, v *verb, operands []string) int {
	if len(operands) > 0 {
		return v.usageError(e, "unexpected argument %q", operands[0])
	}
	box := 0
	for b := 2; b <= 7; b++ {
		if b*b == c.size {
			box = b
		}
	}
	if box == 0 {
		return v.usageError(e, "--size must be 4, 9, 16, 25, 36 or 49, not %d", c.size)
	}
	if c.count < 1 {
		return v.usageError(e, "--count must be at least 1")
	}
	if c.budget < 0 || c.check < 0 {
		return v.usageError(e, "--budget and --check-timeout must not be negative")
	}
	if c.workers < 0 {
		return v.usageError(e, "--workers must not be negative")
	}
	workers := c.workers
	if workers == 0 {
		workers = min(runtime.GOMAXPROCS(0), 2)
	}
	f := c.format.format()
	if f == sudoku.FormatEuler && box > 3 {
		return v.usageError(e, "--format euler holds grids up to 9×9")
	}
	diff, err := sudoku.ParseDifficulty(c.difficulty.value)
	if err != nil || c.difficulty.value == "any" {
		diff = 0
	}
	sh, code, ok := c.shard.batch(e, v)
	if !ok {
		return code
	}
	if sh != nil && !c.seed.set {
		return v.usageError(e, "--shard needs --seed N, so that every shard makes its share of the same puzzles")
	}
	var resume *sudoku.GenerateCheckpoint
	if c.checkpoint != "" {
		switch {
		case box < 6:
			return v.usageError(e, "--checkpoint is for 36×36 and 49×49 grids, where a minimal puzzle takes hours")
		case diff != 0:
			return v.usageError(e, "--checkpoint takes no --difficulty")
		case c.count != 1 || sh != nil:
			return v.usageError(e, "--checkpoint keeps one generation: no --count or --shard")
		}
		resume, err = readCheckpoint(c.checkpoint)
		if err != nil {
			e.errorf("sudoku generate: %v", err)
			return exitFail
		}
		if resume != nil && !c.seed.set {
			c.seed = seedFlag{v: resume.Seed, set: true}
		}
	}
	seed := c.seed.seedValue()

	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	jw := jsonl.NewWriter(out)
	failed := false
	for k := range c.count {
		if e.ctx.Err() != nil {
			break
		}
		if _, mine := sh.owns(); !mine {
			continue
		}
		s := seed + uint64(k)
		opt := sudoku.GenerateOptions{
			Box: box, Difficulty: diff, Seed: s, Symmetric: c.symmetric, Budget: c.budget, CheckTimeout: c.check,
			Workers: workers,
		}
		prog := startProgress(e.stderr, "", 0)
		if prog != nil {
			opt.Progress = func(g sudoku.GenerateProgress) {
				prog.show(generateProgressLine(s, g))
			}
		}
		ctx := e.ctx
		var saveErr error
		if c.checkpoint != "" {
			var cancel context.CancelFunc
			ctx, cancel = context.WithCancel(ctx)
			defer cancel()
			opt.Resume = resume
			opt.Checkpoint = func(cp sudoku.GenerateCheckpoint) {
				if saveErr == nil {
					if saveErr = writeCheckpoint(c.checkpoint, cp); saveErr != nil {
						cancel()
					}
				}
			}
		}
		rec, err := record.NewSudokuGenerate(ctx, opt)
		prog.stop()
		if saveErr != nil {
			out.Flush()
			e.errorf("sudoku generate: checkpoint: %v", saveErr)
			return exitFail
		}
		if errors.Is(err, sudoku.ErrCheckpointMismatch) {
			out.Flush()
			e.errorf("sudoku generate: %s: %v", c.checkpoint, err)
			return exitFail
		}
		if err != nil { // the options were checked above: a broken invariant
			out.Flush()
			e.errorf("sudoku generate: seed %d: %v", s, err)
			return exitFail
		}
		if rec.Status == status.Timeout && e.ctx.Err() != nil {
			rec.Error = "interrupted"
		}
		if rec.Missed || rec.Status != status.Unique {
			failed = true
		}
		if rec.Status != status.Unique && e.ctx.Err() != nil && (sh != nil || !c.json) {
			break // interrupted: said below
		}
		switch {
		case sh != nil:
			var text bytes.Buffer
			c.writeHuman(&text, k, s, rec)
			var line bytes.Buffer
			writeJSONLine(&line, rec)
			out.Write(sh.place(nil, line.Bytes(), text.Bytes(), k))
		case c.json:
			jw.Write(rec)
		default:
			c.writeHuman(out, k, s, rec)
		}
		out.Flush()
	}
	if sh != nil {
		sh.next = c.count
		st, msg := status.Solved, ""
		if e.ctx.Err() != nil {
			st, msg = status.Timeout, "interrupted"
		}
		writeJSONLine(out, sh.summary(st, msg))
	}
	if e.ctx.Err() != nil {
		out.Flush()
		e.errorf("sudoku generate: interrupted")
		return exitFail
	}
	if failed {
		return exitFail
	}
	return exitOK
}

// generateProgressLine says where the generation of seed s is, for the
// progress line of a terminal.
func generateProgressLine(s uint64, g sudoku.GenerateProgress) string {
	line := fmt.Sprintf("seed %d", s)
	if g.Attempt > 0 {
		line += fmt.Sprintf(", attempt %d", g.Attempt+1)
	}
	line += fmt.Sprintf(": %s pass, %d/%d cells visited, %d givens", g.Pass, g.Visited, g.Cells, g.Givens)
	if g.Checks > 0 {
		line += ", " + plural(g.Checks, "check")
	}
	return line
}

// writeHuman writes puzzle k, made from seed s, for people.
func (c *sudokuGenerateCmd) writeHuman(out io.Writer, k int, s uint64, rec *record.SudokuGenerate) {
	f := c.format.format()
	if rec.Status != status.Unique {
		fmt.Fprintf(out, "# seed %d: %s\n", s, rec.Error)
		return
	}
	g := rec.Generated
	p := g.Puzzle
	n := p.Size()
	if k > 0 && f != sudoku.FormatLine {
		io.WriteString(out, "\n")
	}
	minimal := "minimal"
	if !g.Minimal {
		minimal = "not proved minimal"
	}
	fmt.Fprintf(out, "# seed %d: %d×%d, %s (hardest: %s, %d steps, score %.1f, SE %.1f), %d givens, %s; %s in %s\n",
		s, n, n, g.Rating.Difficulty, g.Rating.Hardest, g.Rating.Steps, g.Rating.Score, g.Rating.SE, p.Givens(), minimal,
		plural(g.Attempts, "attempt"), fmtDuration(time.Duration(rec.Stats.TimeMS*float64(time.Millisecond))))
	if rec.Missed {
		fmt.Fprintf(out, "# difficulty not reached: no %s puzzle in %s; returning the closest, rated %s\n",
			rec.Target, plural(g.Attempts, "attempt"), g.Rating.Difficulty)
	}
	if f == sudoku.FormatEuler {
		p.Name = fmt.Sprintf("Grid %02d", k+1)
	}
	p.Format(out, f)
}

// ---- rate ----

const rateSummary = "grade puzzles by the techniques they need"

const rateUsage = `Usage: puzzle sudoku rate [--json] [--timeout D] [files|-]

Grades every puzzle by the hardest technique its logical solution needs,
always taking the simplest technique that makes progress: easy (singles),
medium (locked candidates, naked pairs), hard (hidden pairs, triples,
quads), expert (fish, finned and sashimi fish, wings, unique rectangles,
BUG+1, simple colouring, 3D Medusa, chains, grouped AICs, almost locked
sets) or extreme (forcing chains, nested forcing chains, or logic gets
stuck and guessing is needed). A puzzle must have exactly one solution to
be rated: one with several has status multiple, one with none status
none, and neither gets a rating.

Next to the level, SE is our estimate of the rating on Sudoku Explainer's
published scale (1.0 for a full house, 2.3 a naked single, 3.2 an X-wing,
3.4 a finned X-wing, 6.5-7.0 X- and XY-chains, 7.0-7.5 3D Medusa, 7.0-7.4
grouped AICs, 7.5 ALS-XZ, 8.0 ALS-XY-wings, 8.5-8.7 ALS chains, 8.8-9.6
forcing chains, 11.4-11.9 nested forcing chains, 12 when our techniques
get stuck): the highest value of a step on the simplest-first path. It is an estimate on SE's scale, not
Sudoku Explainer's own rating: the two can differ by a few tenths, and
more where SE has a technique we lack. Forcing chains run on grids up to
9×9 and can take seconds on the hardest puzzles; --timeout bounds them.

With --json each puzzle is one JSON object on a line (docs/schema/sudoku.json,
"rate"): file, line, name, status, error (invalid and timeout only), rows,
cols, box, and for a rated puzzle difficulty, hardest, length (logical
steps), score and se_rating (the SE estimate); stats (time_ms).

Exit status 0 when every puzzle was read and answered (rated or multiple),
1 when one is invalid, has no solution or timed out, 2 on a usage error.

Examples:

	puzzle sudoku rate top95.txt
	puzzle sudoku rate --json puzzles.txt | jq -r .difficulty | sort | uniq -c
`

type sudokuRateCmd struct {
	json    bool
	timeout time.Duration
}

func (c *sudokuRateCmd) define(fs *flag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print one JSON object per puzzle per line")
	fs.DurationVar(&c.timeout, "timeout", 0, "give up on a puzzle after `D`; 0 means no limit")
}

func (c *sudokuRateCmd) run(e *env, v *verb, files []string) int {
	if c.timeout < 0 {
		return v.usageError(e, "--timeout must not be negative")
	}
	return runBatch(e, v, files, batch[*sudoku.Puzzle, *record.SudokuRate]{
		json: c.json,
		read: sudokuRead,
		bad: sudokuBad(func(h record.Head, err error) *record.SudokuRate {
			return &record.SudokuRate{Head: h, Cause: err}
		}),
		work: func(ctx context.Context, file string, p *sudoku.Puzzle) (*record.SudokuRate, error) {
			return record.NewSudokuRate(ctx, file, p, c.timeout), nil
		},
		human:   writeRate,
		summary: true,
	})
}

// writeRate writes one rated puzzle for people.
func writeRate(w io.Writer, rec *record.SudokuRate) error {
	head := fmt.Sprintf("%s:%d", rec.File, rec.Line)
	if rec.Name != "" {
		head += " (" + rec.Name + ")"
	}
	if rec.Rows > 0 {
		head += fmt.Sprintf(" %d×%d", rec.Rows, rec.Cols)
	}
	var err error
	var se *sudoku.SyntaxError
	switch {
	case errors.As(rec.Cause, &se):
		_, err = fmt.Fprintf(w, "%s: invalid: %s\n", head, se.Msg)
	case rec.SudokuRating != nil:
		_, err = fmt.Fprintf(w, "%s: %s (hardest: %s, %d steps, score %.1f, SE %.1f)\n",
			head, rec.Difficulty, rec.Hardest, rec.Length, rec.Score, rec.SERating)
	case rec.Status == status.Multiple:
		_, err = fmt.Fprintf(w, "%s: multiple: not rated, the puzzle has more than one solution\n", head)
	case rec.Status == status.None:
		_, err = fmt.Fprintf(w, "%s: none: not rated, the puzzle has no solution\n", head)
	default:
		_, err = fmt.Fprintf(w, "%s: %v: %s\n", head, rec.Status, rec.Error)
	}
	return err
}
