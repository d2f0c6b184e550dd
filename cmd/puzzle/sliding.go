package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"iter"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/jsonl"
	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/sliding"
)

// slidingVerbs lists the sliding verbs in the order help shows them.
var slidingVerbs = []*verbSpec{
	{name: "solve", summary: "solve 8-, 15-, 24-puzzles optimally (any size up to 10×10 not optimally)", usage: slideSolveUsage, new: func() command { return &slidingSolveCmd{} }},
	{name: "shuffle", summary: "make random solvable boards", usage: slideShuffleUsage, new: func() command { return &slidingShuffleCmd{} }},
	{name: "play", summary: "play on the terminal, with hints; or watch a solution", usage: slidePlayUsage, new: func() command { return &slidingPlayCmd{} }},
	{name: "pdb", summary: "build, list or verify the pattern databases", usage: slidePDBUsage, new: func() command { return &slidingPDBCmd{} }},
	{name: "print", summary: "print sheets to solve on paper, and their answers (SVG, PDF)", usage: slidePrintUsage, new: func() command { return &slidingPrintCmd{} }},
	{name: "bench", summary: "Korf's 100 15-puzzles and the 24-puzzle set", usage: slideBenchUsage, new: func() command { return &slidingBenchCmd{} }},
	{name: "wave", summary: "merge the shards of one IDA* iteration: the solution or the next wave", usage: slideWaveUsage, new: func() command { return &slidingWaveCmd{} }},
}

func init() {
	registerFamily(&familySpec{name: "sliding", order: 30, verbs: slidingVerbs, help: slidingHelp,
		summary: "sliding-tile puzzles: 8, 15, 24 and up to 10×10"})
}

func slidingHelp() string {
	var b strings.Builder
	b.WriteString(`Sliding-tile puzzles: the 8-, 15- and 24-puzzle and any board from 2×2
to 10×10. The blank moves: U, D, L, R.

Usage:

	puzzle sliding <verb> [flags] [TILES...|files|-]

Verbs:

`)
	for _, s := range slidingVerbs {
		fmt.Fprintf(&b, "\t%-20s %s\n", s.name, s.summary)
	}
	b.WriteString(`
A board is its tiles in reading order, 0 for the blank, as arguments
("1 2 3 4 5 6 7 0 8") or in a file: one board per line, or one row per
line with boards separated by empty lines (any rectangle). '#' starts a
comment.

Goals: blank-last (1 2 3 / 4 5 6 / 7 8 _, the default) or blank-first
(_ 1 2 / 3 4 5 / 6 7 8: Korf's, used by the published benchmark sets).

Examples:

	puzzle sliding solve 8 6 7 2 5 4 3 0 1
	puzzle sliding solve --goal blank-first --json korf.txt
	puzzle sliding solve --heuristic linear-conflict --algo astar board.txt
	puzzle sliding shuffle --size 4 --seed 7 | puzzle sliding solve
	puzzle sliding play 1 2 3 4 5 6 0 7 8
	puzzle sliding print -o boards.pdf boards.txt
	puzzle sliding pdb build pdb-78
	puzzle sliding bench --heuristic manhattan,linear-conflict,pdb-78 --instances 79,12,42,55,97

Run 'puzzle help sliding <verb>' for a verb's flags.
`)
	return b.String()
}

const slideSolveUsage = `Usage: puzzle sliding solve [--json] [--goal blank-last|blank-first] [--algo A] [--heuristic H] [--timeout D] [--animate]
                            [--shard I/K|auto [--shards K]] TILES...|files|-
       puzzle sliding solve --bound B|first|--wave FILE [--shard I/K|auto [--shards K]] [--cut D|auto] [--found PATH]
                            [--json] [--goal G] [--heuristic H] [--timeout D] TILES...|file|-

Solves each board. IDA*, A* and BFS find a shortest solution (optimal:
true); reduce, the automatic choice for boards larger than 5×5, solves
row by row, fast and not optimal. A board that cannot reach the goal (its
permutation has the wrong parity) is answered at once: status none.

Heuristics (for idastar and astar): manhattan, linear-conflict,
walking-distance (boards up to 4×4), pdb-555, pdb-663, pdb-78 (15-puzzle,
additive pattern databases with the diagonal reflection), pdb-6666
(24-puzzle); names joined by '+' take the maximum, as
walking-distance+linear-conflict. auto: pdb-78 on 4×4 once built ('puzzle
sliding pdb build'; pdb-663 until then), pdb-6666 on 5×5,
walking-distance+linear-conflict on smaller boards, linear-conflict on
others. Pattern databases are built on first use (pdb-555 and pdb-663 in
under a second, pdb-78 and pdb-6666 in seconds) and kept in the cache
directory ($PUZZLE_CACHE, else the user cache directory's "puzzle");
auto passes over a set whose file is bad (with a warning on stderr) to
the next: pdb-78, pdb-663, pdb-555, walking-distance+linear-conflict. A
heuristic that does not fit a board (pdb-78 on 3×3) is a usage error.

--timeout bounds the search of each board, not the building of a pattern
database the board needs: a build that started is finished and saved
(stderr says so, with its expected time), then the board gets its full
--timeout. A build cut short would be lost and every short run would
start it again; Ctrl-C stops a build (the cache keeps what it had).
Build ahead with 'puzzle sliding pdb build pdb-6666'.

Human output: where the board comes from, its size, the status, the
length, the time, the moves of the blank and the search statistics.
--json prints one object per board: file, line, status (solved, none,
invalid, timeout), reason (with none), error (with invalid and timeout),
rows, cols, board, goal, optimal, length, moves, algorithm, heuristic,
initial_estimate and stats (generated, expanded, max_frontier,
iterations, time_ms).

` + shardBatchHelp + `
Exit status 0 when every board was solved, 1 when one is invalid, has no
solution or timed out, or a file cannot be read, 2 on usage errors.

One board over many machines: with --bound B (a number, or first: the
board's heuristic) or --wave FILE (written by 'puzzle sliding wave' for
the next wave), --shard I/K searches the I-th of K shards of one IDA*
iteration, a wave, on one board (pattern database heuristics only;
--shard auto as above; no --shard: the whole iteration). The iteration's
tree is cut at depth --cut D (lowered to the board's heuristic); the
default, auto, takes the least depth whose frontier holds 32 × K
subtrees, enough for the split to balance (the record's cut says which;
the next wave's FILE keeps it). The subtrees below the cut are split
into K shards, balanced by their sizes at the previous bound when FILE
gives them, round-robin otherwise. Shard 1 also counts the nodes above
the cut, so the shards' nodes add up to the iteration's in one piece.
--found PATH, a file every shard of the wave can see: the shard that
finds a goal writes its record there (a temporary file renamed), and the
others look for it every second and between subtrees, and stop at once
with status solved, stopped_by (the finder) and partial counts; 'puzzle
sliding wave' accepts stopped shards only beside their finder.
--json prints one object: status (solved when the shard finished, found
or not), job (the board, goal and heuristic, hashed), shard, rows, cols,
board, goal, heuristic, initial_estimate, bound, cut, frontier, found,
length, moves and found_subtree (found), next_bound (the least f above
the bound met), stopped_by (stopped: found by that shard),
above and before (waves, generated, expanded), subtrees (index, path,
above_generated, above_expanded, generated, expanded, found) and stats. Exit status 0 when the shard finished. 'puzzle help
sliding wave' shows the driver that runs waves until one finds.

Examples:

	puzzle sliding solve 8 6 7 2 5 4 3 0 1
	puzzle sliding solve --json --goal blank-first 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3
	puzzle sliding solve --algo astar --heuristic manhattan boards.txt
	puzzle sliding solve --heuristic pdb-663 --timeout 30s hard15.txt
	puzzle sliding shuffle --size 10 | puzzle sliding solve
	puzzle sliding solve --shard 3/4 korf100.txt > part3.jsonl
	puzzle sliding solve --json --goal blank-first --bound first --shard 2/4 board.txt
	puzzle sliding solve --json --goal blank-first --wave next3.json --shard 2/4 board.txt
`

// slidingSolveCmd is 'puzzle sliding solve'.
type slidingSolveCmd struct {
	json, animate, play bool
	goal                *choiceFlag
	algo                *choiceFlag
	heuristic           string
	timeout, delay      time.Duration
	cache               string
	shard               shardFlags
	bound, waveFile     string
	cut, found          string
}

func goalFlag() *choiceFlag {
	return &choiceFlag{value: "blank-last", choices: []string{"blank-last", "blank-first"}}
}

func (c *slidingSolveCmd) define(fs *flag.FlagSet) {
	c.goal = goalFlag()
	c.algo = &choiceFlag{value: "auto"}
	for _, a := range sliding.Algorithms {
		c.algo.choices = append(c.algo.choices, string(a))
	}
	if !c.play {
		fs.BoolVar(&c.json, "json", false, "print one JSON object per board per line")
		fs.BoolVar(&c.animate, "animate", false, "show the solution step by step")
		c.shard.define(fs, "boards, or with --bound or --wave of one IDA* iteration")
		fs.StringVar(&c.bound, "bound", "", "search one IDA* iteration of one board, a wave, with bound `B` (first: the board's heuristic)")
		fs.StringVar(&c.cut, "cut", "", "with --bound or --wave: the depth `D` of the cut, or auto (the default): the least depth with 32 × K subtrees")
		fs.StringVar(&c.found, "found", "", "with --bound or --wave: the file `PATH` where a shard that finds the goal says so, and which stops the others")
		fs.StringVar(&c.waveFile, "wave", "", "search the wave of `FILE`, written by 'puzzle sliding wave'")
	}
	fs.Var(c.goal, "goal", "the solved position: blank-last or blank-first")
	fs.Var(c.algo, "algo", "search `algorithm`: "+strings.Join(c.algo.choices, ", "))
	fs.StringVar(&c.heuristic, "heuristic", "auto", "lower bound `H` for idastar and astar (see above)")
	fs.DurationVar(&c.timeout, "timeout", 0, "give up on a board after `D` (such as 10s); 0 means no limit")
	fs.DurationVar(&c.delay, "delay", 300*time.Millisecond, "time between two steps of an animation")
	fs.StringVar(&c.cache, "cache", "", "pattern database `DIR` (default $PUZZLE_CACHE, else the user cache directory)")
}

// allNumbers reports whether every operand is made of digits, commas and
// blanks: the tiles of one board rather than file names.
func allNumbers(operands []string) bool {
	if len(operands) == 0 {
		return false
	}
	for _, o := range operands {
		for _, r := range o {
			if (r < '0' || r > '9') && r != ',' && r != ' ' {
				return false
			}
		}
	}
	return true
}

// newSlidingStore returns the pattern database store of a command, which
// shows build progress on stderr when it is a terminal.
func (e *env) newSlidingStore(dir string) *sliding.Store {
	if dir == "" {
		dir = sliding.CacheDir()
	}
	st := &sliding.Store{Dir: dir, Logf: func(format string, args ...any) {
		e.errorf("sliding: "+format, args...)
	}}
	var bar *progress
	var current string
	st.Progress = func(p sliding.BuildProgress) {
		if p.Done == 0 {
			// A long build starts: say so, terminal or not.
			if secs := buildSeconds(p.Total); secs >= 1 {
				e.errorf("sliding: building pattern database %s (%d placements, about %d s; saved in %s for later runs)",
					p.Name, p.Total, secs, st.Dir)
			}
			return
		}
		if p.Name != current {
			bar.stop()
			current = p.Name
			bar = startProgress(e.stderr, "building "+p.Name, int(p.Total))
		}
		bar.set(int(p.Done))
		if p.Done == p.Total {
			bar.stop()
			bar, current = nil, ""
		}
	}
	return st
}

// buildSeconds estimates the seconds a build of a table of n placements
// takes: about 50 million placements a second on two cores.
func buildSeconds(n int64) int {
	return int(n / (25e6 * int64(runtime.GOMAXPROCS(0))))
}

// options returns the solve options of the flags, or a usage error.
func (c *slidingSolveCmd) options(e *env) (record.SlidingOptions, error) {
	if c.timeout < 0 {
		return record.SlidingOptions{}, errors.New("--timeout must not be negative")
	}
	h, err := sliding.ParseHeuristic(c.heuristic)
	if err != nil {
		return record.SlidingOptions{}, err
	}
	return record.SlidingOptions{Options: sliding.Options{Algorithm: sliding.Algorithm(c.algo.value), Heuristic: h,
		Store: e.newSlidingStore(c.cache)}, Timeout: c.timeout}, nil
}

// searches reports whether solving p takes a heuristic (and perhaps
// pattern databases): IDA* and A*, and the automatic choice up to 5×5.
func (c *slidingSolveCmd) searches(p *sliding.Puzzle) bool {
	switch sliding.Algorithm(c.algo.value) {
	case sliding.IDAStar, sliding.AStar:
		return true
	case sliding.AutoAlgorithm:
		return p.Board.Rows*p.Board.Cols <= 25
	}
	return false
}

func (c *slidingSolveCmd) goalValue() sliding.Goal {
	g, _ := sliding.ParseGoal(c.goal.value) // the flag takes known goals only
	return g
}

func (c *slidingSolveCmd) run(e *env, v *verb, operands []string) int {
	if c.bound != "" || c.waveFile != "" {
		return c.solveShard(e, v, operands)
	}
	if c.cut != "" || c.found != "" {
		return v.usageError(e, "--cut and --found go with --bound or --wave")
	}
	return c.solve(e, v, operands, "args")
}

// solve solves the boards of the operands: the tiles of one board, which
// label names, or files.
func (c *slidingSolveCmd) solve(e *env, v *verb, operands []string, label string) int {
	opt, err := c.options(e)
	if err != nil {
		return v.usageError(e, "%v", err)
	}
	sh, code, ok := c.shard.batch(e, v)
	if !ok {
		return code
	}
	if sh != nil && c.animate {
		return v.usageError(e, "--shard does not go with --animate")
	}
	goal := c.goalValue()
	files, tiles := operands, ""
	if allNumbers(operands) {
		// The tiles are an input of their own, read as files are.
		files, tiles = nil, strings.Join(operands, " ")
	}
	source := func(file string) string {
		if tiles != "" {
			return label
		}
		return file
	}
	// place names the source of a record: the tiles given have no lines.
	place := func(rec *record.SlidingSolve) *record.SlidingSolve {
		if tiles != "" {
			rec.File, rec.Line = label, 0
		}
		return rec
	}
	return runBatch(e, v, files, batch[*sliding.Puzzle, *record.SlidingSolve]{
		json: c.json,
		read: func(file string, r io.Reader) iter.Seq2[*sliding.Puzzle, error] {
			if tiles != "" {
				r = strings.NewReader(tiles)
			}
			rd := sliding.NewReader(r, source(file))
			rd.Goal = goal
			return rd.All()
		},
		bad: func(file string, err error) (*record.SlidingSolve, bool) {
			var se *sliding.SyntaxError
			if !errors.As(err, &se) {
				return nil, false
			}
			return place(record.NewSlidingInvalid(source(file), err, goal)), true
		},
		work: func(ctx context.Context, file string, p *sliding.Puzzle) (*record.SlidingSolve, error) {
			if err := opt.Heuristic.Fits(p.Board.Rows, p.Board.Cols); err != nil {
				return nil, err
			}
			if opt.Timeout > 0 && c.searches(p) {
				// Load (or build) the tables before the clock of
				// --timeout starts: a build cut short is lost, and
				// every short run would start it again. An error
				// comes again from the solve, in its record.
				opt.Store.Prepare(ctx, opt.Heuristic, p.Board.Rows, p.Board.Cols)
			}
			return place(record.NewSlidingSolve(ctx, source(file), p, opt)), nil
		},
		human: func(w io.Writer, rec *record.SlidingSolve) error {
			writeSlideHuman(w, rec)
			if c.animate && rec.Moves != nil && e.ctx.Err() == nil {
				c.animateSolution(e, w, rec)
			}
			return nil
		},
		summary: true,
		shard:   sh,
	})
}

// slideWhere names where a record's board comes from: "file:line".
func slideWhere(rec *record.SlidingSolve) string {
	where := rec.File
	if rec.Line > 0 {
		where += ":" + strconv.Itoa(rec.Line)
	}
	if rec.Name != "" {
		where += " " + rec.Name
	}
	return where
}

func writeSlideHuman(w io.Writer, rec *record.SlidingSolve) {
	if rec.Puzzle == nil {
		writeUnreadable(w, &rec.Head, rec.Cause)
		return
	}
	fmt.Fprintf(w, "%s (%d×%d, %s): %s", slideWhere(rec), rec.Rows, rec.Cols, rec.Goal, rec.Status)
	if rec.Length != nil {
		what := "optimal"
		if !*rec.Optimal {
			what = "not optimal"
		}
		fmt.Fprintf(w, " in %s (%s)", plural(*rec.Length, "move"), what)
	}
	if rec.Stats != nil {
		fmt.Fprintf(w, " in %s", fmtDuration(msDuration(rec.Stats.TimeMS)))
	}
	fmt.Fprintln(w)
	if rec.Error != "" {
		fmt.Fprintf(w, "  %s\n", rec.Error)
	}
	if rec.Reason != "" {
		fmt.Fprintf(w, "  %s\n", rec.Reason)
	}
	if rec.Moves != nil {
		fmt.Fprintf(w, "  moves: %s\n", *rec.Moves)
	}
	if rec.Stats != nil {
		how := rec.Algorithm
		if rec.Heuristic != "" {
			how += " with " + rec.Heuristic
		}
		fmt.Fprintf(w, "  %s: generated %d, expanded %d, max frontier %d", how, rec.Stats.Generated, rec.Stats.Expanded, rec.Stats.MaxFrontier)
		if rec.Estimate != nil {
			fmt.Fprintf(w, ", initial estimate %d", *rec.Estimate)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w)
}

// animateSolution shows the board after each move: redrawn in place on a
// terminal, printed one after the other elsewhere.
func (c *slidingSolveCmd) animateSolution(e *env, w io.Writer, rec *record.SlidingSolve) {
	moves, _ := sliding.ParseMoves(*rec.Moves)
	b := rec.Puzzle.Board.Clone()
	flush := func() {
		if f, ok := w.(interface{ Flush() error }); ok {
			f.Flush()
		}
	}
	tty := isTerminal(e.stdout)
	lines := b.Rows + 1
	show := func(step int, m string) {
		if step == 0 {
			fmt.Fprintln(w, "start")
		} else {
			fmt.Fprintf(w, "move %d/%d: %s\n", step, len(moves), m)
		}
		fmt.Fprint(w, b.Pretty())
		fmt.Fprintln(w)
	}
	if tty {
		// Redraw in place: up to the label line, then clear each line.
		show = func(step int, m string) {
			if step > 0 {
				fmt.Fprintf(w, "\x1b[%dA", lines)
			}
			label := "start"
			if step > 0 {
				label = fmt.Sprintf("move %d/%d: %s", step, len(moves), m)
			}
			fmt.Fprintf(w, "%s\x1b[K\n", label)
			for _, row := range strings.SplitAfter(b.Pretty(), "\n") {
				if row != "" {
					fmt.Fprintf(w, "%s\x1b[K\n", strings.TrimSuffix(row, "\n"))
				}
			}
			flush()
		}
	}
	show(0, "")
	for i, m := range moves {
		if tty {
			select {
			case <-e.ctx.Done():
				return
			case <-time.After(c.delay):
			}
		}
		b.Apply(m)
		show(i+1, string(m))
	}
	if tty {
		fmt.Fprintln(w)
	}
}

const slideShuffleUsage = `Usage: puzzle sliding shuffle [--size N | --rows R --cols C] [--count K] [--seed S] [--goal G] [--json]

Prints random solvable boards, one per line (tiles in reading order, 0 for
the blank), each followed by a comment with its seed: every solvable
position is equally likely, and --seed S makes the board of seed S again
(the first of the run; the next ones have seeds of their own, drawn from
S). --json prints one object per board: status (solved), rows, cols,
goal, board and seed (a string).

Examples:

	puzzle sliding shuffle --size 4
	puzzle sliding shuffle --size 3 --count 100 --seed 1 > eights.txt
	puzzle sliding shuffle --rows 3 --cols 5 --goal blank-first
`

// slidingShuffleCmd is 'puzzle sliding shuffle'.
type slidingShuffleCmd struct {
	size, rows, cols, count int
	seed                    seedFlag
	goal                    *choiceFlag
	json                    bool
}

// slidingShuffle returns the board of a seed, as the web's shuffle makes it.
func slidingShuffle(seed uint64, rows, cols int, g sliding.Goal) *sliding.Board {
	return sliding.Shuffle(rand.New(rand.NewPCG(seed, 0)), rows, cols, g)
}

func (c *slidingShuffleCmd) define(fs *flag.FlagSet) {
	c.goal = goalFlag()
	fs.IntVar(&c.size, "size", 4, "board side `N` (N×N)")
	fs.IntVar(&c.rows, "rows", 0, "number of rows `R` (with --cols, instead of --size)")
	fs.IntVar(&c.cols, "cols", 0, "number of columns `C`")
	fs.IntVar(&c.count, "count", 1, "how many boards `K`")
	fs.Var(&c.seed, "seed", "random seed `S` of the first board (default: a fresh one)")
	fs.Var(c.goal, "goal", "the goal the boards must reach: blank-last or blank-first")
	fs.BoolVar(&c.json, "json", false, "print one JSON object per board: status, rows, cols, goal, board, seed")
}

func (c *slidingShuffleCmd) run(e *env, v *verb, operands []string) int {
	if len(operands) > 0 {
		return v.usageError(e, "unexpected argument %q", operands[0])
	}
	rows, cols := c.size, c.size
	if c.rows != 0 || c.cols != 0 {
		rows, cols = c.rows, c.cols
	}
	if rows < 2 || cols < 2 || rows > sliding.MaxSide || cols > sliding.MaxSide {
		return v.usageError(e, "a board is 2×2 to %d×%d, not %d×%d", sliding.MaxSide, sliding.MaxSide, rows, cols)
	}
	if c.count < 1 {
		return v.usageError(e, "--count must be at least 1")
	}
	g, _ := sliding.ParseGoal(c.goal.value)
	seed := c.seed.seedValue()
	// Each board has a seed of its own, so that any one can be made again.
	seeds := rand.New(rand.NewPCG(seed, 1))
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	jw := jsonl.NewWriter(out)
	for i := range c.count {
		if e.ctx.Err() != nil {
			out.Flush()
			e.errorf("%s: interrupted", v.name)
			return exitFail
		}
		if i > 0 {
			seed = seeds.Uint64()
		}
		b := slidingShuffle(seed, rows, cols, g)
		var err error
		if c.json {
			err = jw.Write(record.NewSlidingShuffle(b, g, record.Seed(seed)))
		} else {
			_, err = fmt.Fprintf(out, "%s  # seed %d\n", b.Line(), seed)
		}
		if err != nil {
			e.errorf("%s: %v", v.name, err)
			return exitFail
		}
	}
	if err := out.Flush(); err != nil {
		e.errorf("%s: %v", v.name, err)
		return exitFail
	}
	return exitOK
}
