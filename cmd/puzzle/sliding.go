package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/jsonl"
	"github.com/puzzlesolvers/puzzle/sliding"
	"github.com/puzzlesolvers/puzzle/status"
)

// slidingVerbs lists the sliding verbs in the order help shows them.
var slidingVerbs = []*verbSpec{
	{name: "solve", summary: "solve 8-, 15-, 24-puzzles optimally (any size up to 10×10 not optimally)", usage: slideSolveUsage, new: func() command { return &slideSolveCmd{} }},
	{name: "shuffle", summary: "make random solvable boards", usage: slideShuffleUsage, new: func() command { return &slideShuffleCmd{} }},
	{name: "play", summary: "play on the terminal, with hints; or watch a solution", usage: slidePlayUsage, new: func() command { return &slidePlayCmd{} }},
	{name: "pdb", summary: "build, list or verify the pattern databases", usage: slidePDBUsage, new: func() command { return &slidePDBCmd{} }},
	{name: "bench", summary: "Korf's 100 15-puzzles and the 24-puzzle set", usage: slideBenchUsage, new: func() command { return &slideBenchCmd{} }},
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
	puzzle sliding pdb build pdb-78
	puzzle sliding bench --heuristic manhattan,linear-conflict,pdb-78 --instances 79,12,42,55,97

Run 'puzzle help sliding <verb>' for a verb's flags.
`)
	return b.String()
}

const slideSolveUsage = `Usage: puzzle sliding solve [--json] [--goal blank-last|blank-first] [--algo A] [--heuristic H] [--timeout D] [--animate] TILES...|files|-

Solves each board. IDA*, A* and BFS find a shortest solution (optimal:
true); reduce, the automatic choice for boards larger than 5×5, solves
row by row, fast and not optimal. An unsolvable board (the wrong parity) is
answered at once.

Heuristics (for idastar and astar): manhattan, linear-conflict,
walking-distance (boards up to 4×4), pdb-555, pdb-663, pdb-78 (15-puzzle,
additive pattern databases with the diagonal reflection), pdb-6666
(24-puzzle); names joined by '+' take the maximum, as
walking-distance+linear-conflict. auto: pdb-78 on 4×4 once built ('puzzle
sliding pdb build'; pdb-663 until then), pdb-6666 on 5×5,
walking-distance+linear-conflict on smaller boards, linear-conflict on
others. Pattern databases are built on first use (pdb-555 and pdb-663 in
under a second, pdb-78 and pdb-6666 in seconds) and kept in the cache
directory ($PUZZLE_CACHE, else the user cache directory's "puzzle").

Human output: where the board comes from, its size, the status, the
length, the time, the moves of the blank and the search statistics.
--json prints one object per board: file, line, rows, cols, board, goal,
status (solved, unsolvable, invalid, timeout), optimal, length, moves,
algorithm, heuristic, initial_estimate, error and stats (generated,
expanded, max_frontier, iterations, elapsed_ms).

Exit status 0 when every board was solved, 1 when one is invalid,
unsolvable or timed out, or a file cannot be read, 2 on usage errors.

Examples:

	puzzle sliding solve 8 6 7 2 5 4 3 0 1
	puzzle sliding solve --json --goal blank-first 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3
	puzzle sliding solve --algo astar --heuristic manhattan boards.txt
	puzzle sliding solve --heuristic pdb-663 --timeout 30s hard15.txt
	puzzle sliding shuffle --size 10 | puzzle sliding solve
`

type slideSolveCmd struct {
	json, animate, play bool
	goal                *choiceFlag
	algo                *choiceFlag
	heuristic           string
	timeout, delay      time.Duration
	cache               string
}

func goalFlag() *choiceFlag {
	return &choiceFlag{value: "blank-last", choices: []string{"blank-last", "blank-first"}}
}

func (c *slideSolveCmd) define(fs *flag.FlagSet) {
	c.goal = goalFlag()
	c.algo = &choiceFlag{value: "auto"}
	for _, a := range sliding.Algorithms {
		c.algo.choices = append(c.algo.choices, string(a))
	}
	if !c.play {
		fs.BoolVar(&c.json, "json", false, "print one JSON object per board per line")
		fs.BoolVar(&c.animate, "animate", false, "show the solution step by step")
	}
	fs.Var(c.goal, "goal", "the solved position: blank-last or blank-first")
	fs.Var(c.algo, "algo", "search `algorithm`: "+strings.Join(c.algo.choices, ", "))
	fs.StringVar(&c.heuristic, "heuristic", "auto", "lower bound `H` for idastar and astar (see above)")
	fs.DurationVar(&c.timeout, "timeout", 0, "give up on a board after `D` (such as 10s); 0 means no limit")
	fs.DurationVar(&c.delay, "delay", 300*time.Millisecond, "time between two steps of an animation")
	fs.StringVar(&c.cache, "cache", "", "pattern database `DIR` (default $PUZZLE_CACHE, else the user cache directory)")
}

// slideRecord is the JSON object of one board, with the board it is
// about (nil when it could not be read) for the animation.
type slideRecord struct {
	*sliding.Report
	board *sliding.Board
}

// slideInput is a board to solve, or why it could not be read.
type slideInput struct {
	file  string
	line  int
	board *sliding.Board
	err   error
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

// eachBoard calls fn with every board of the operands: the tiles given as
// arguments, or the boards of the files. It reports whether every file
// could be read.
func (e *env) eachBoard(prefix string, operands []string, fn func(in slideInput) bool) bool {
	if allNumbers(operands) {
		b, err := sliding.ParseTiles(operands)
		fn(slideInput{file: "args", board: b, err: err})
		return true
	}
	readOK, stop := true, false
	opened := e.eachInput(prefix, operands, func(name string, r io.Reader) {
		if stop {
			return
		}
		entries, err := sliding.Read(r, name)
		for _, en := range entries {
			if stop = !fn(slideInput{file: name, line: en.Line, board: en.Board, err: en.Err}); stop {
				return
			}
		}
		if err != nil {
			e.errorf("%s: %v", prefix, err)
			readOK = false
		}
	})
	return opened && readOK
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

func (c *slideSolveCmd) options(store *sliding.Store) (sliding.Options, error) {
	g, err := sliding.ParseGoal(c.goal.value)
	if err != nil {
		return sliding.Options{}, err
	}
	return sliding.Options{Goal: g, Algorithm: sliding.Algorithm(c.algo.value), Heuristic: sliding.Heuristic(c.heuristic), Store: store}, nil
}

func (c *slideSolveCmd) run(e *env, v *verb, operands []string) int {
	if c.timeout < 0 {
		return v.usageError(e, "--timeout must not be negative")
	}
	if c.heuristic != "auto" {
		for _, h := range strings.Split(c.heuristic, "+") {
			if !knownHeuristic(h) {
				return v.usageError(e, "unknown heuristic %q (want one of %s, or several joined by '+')", h, heuristicList())
			}
		}
	}
	opt, _ := c.options(e.newSlidingStore(c.cache))
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	jw := jsonl.NewWriter(e.stdout)
	failed, count := false, 0
	opened := e.eachBoard("sliding "+v.name[len("sliding "):], operands, func(in slideInput) bool {
		count++
		rec := c.solve(e.ctx, in, opt)
		if !rec.Status.Solved() {
			failed = true
		}
		if c.json {
			if err := jw.Write(rec.Report); err != nil {
				failed = true
			}
			jw.Flush()
		} else {
			writeSlideHuman(out, rec)
			if c.animate && rec.Moves != nil {
				out.Flush()
				c.animateSolution(e, out, rec)
			}
			out.Flush()
		}
		return e.ctx.Err() == nil
	})
	if e.ctx.Err() != nil {
		out.Flush()
		e.errorf("%s: interrupted", v.name)
		return exitFail
	}
	if count == 0 && opened {
		out.Flush()
		e.errorf("%s: no board in the input", v.name)
		return exitFail
	}
	if failed || !opened {
		return exitFail
	}
	return exitOK
}

func knownHeuristic(h string) bool {
	for _, x := range sliding.Heuristics {
		if string(x) == h {
			return true
		}
	}
	return false
}

func heuristicList() string {
	var s []string
	for _, h := range sliding.Heuristics {
		s = append(s, string(h))
	}
	return strings.Join(s, ", ")
}

func (c *slideSolveCmd) solve(ctx context.Context, in slideInput, opt sliding.Options) *slideRecord {
	if in.err != nil {
		return &slideRecord{Report: sliding.ErrorReport(in.file, in.line, opt.Goal, in.err)}
	}
	return &slideRecord{Report: sliding.SolveReport(ctx, in.file, in.line, in.board, opt, c.timeout), board: in.board}
}

func writeSlideHuman(w io.Writer, rec *slideRecord) {
	where := rec.File
	if rec.Line > 0 {
		where += ":" + strconv.Itoa(rec.Line)
	}
	if rec.Status == status.Invalid && rec.board == nil {
		fmt.Fprintf(w, "%s: invalid: %s\n\n", where, rec.Error)
		return
	}
	fmt.Fprintf(w, "%s (%d×%d, %s): %s", where, rec.Rows, rec.Cols, rec.Goal, rec.Status)
	if rec.Length != nil {
		what := "optimal"
		if !rec.Optimal {
			what = "not optimal"
		}
		fmt.Fprintf(w, " in %s (%s)", plural(*rec.Length, "move"), what)
	}
	if rec.Stats != nil {
		fmt.Fprintf(w, " in %s", fmtDuration(time.Duration(rec.Stats.ElapsedMS*float64(time.Millisecond))))
	}
	fmt.Fprintln(w)
	if rec.Error != "" {
		fmt.Fprintf(w, "  %s\n", rec.Error)
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
func (c *slideSolveCmd) animateSolution(e *env, w *bufio.Writer, rec *slideRecord) {
	moves, _ := sliding.ParseMoves(*rec.Moves)
	b := rec.board.Clone()
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
			w.Flush()
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
the blank): every solvable position is equally likely. The same seed gives
the same boards.

Examples:

	puzzle sliding shuffle --size 4
	puzzle sliding shuffle --size 3 --count 100 --seed 1 > eights.txt
	puzzle sliding shuffle --rows 3 --cols 5 --goal blank-first
`

type slideShuffleCmd struct {
	size, rows, cols, count int
	seed                    seedFlag
	goal                    *choiceFlag
	json                    bool
}

// rng returns a generator from the seed given, or from a fresh one.
func (f *seedFlag) rng() *rand.Rand {
	seed := f.v
	if !f.set {
		seed = rand.Uint64()
	}
	return rand.New(rand.NewPCG(seed, 0))
}

func (c *slideShuffleCmd) define(fs *flag.FlagSet) {
	c.goal = goalFlag()
	fs.IntVar(&c.size, "size", 4, "board side `N` (N×N)")
	fs.IntVar(&c.rows, "rows", 0, "number of rows `R` (with --cols, instead of --size)")
	fs.IntVar(&c.cols, "cols", 0, "number of columns `C`")
	fs.IntVar(&c.count, "count", 1, "how many boards `K`")
	fs.Var(&c.seed, "seed", "random seed `S` (default: a fresh one)")
	fs.Var(c.goal, "goal", "the goal the boards must reach: blank-last or blank-first")
	fs.BoolVar(&c.json, "json", false, "print one JSON object per board: rows, cols, board")
}

func (c *slideShuffleCmd) run(e *env, v *verb, operands []string) int {
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
	rng := c.seed.rng()
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	jw := jsonl.NewWriter(e.stdout)
	for range c.count {
		b := sliding.Shuffle(rng, rows, cols, g)
		if c.json {
			jw.Write(struct {
				Rows  int    `json:"rows"`
				Cols  int    `json:"cols"`
				Goal  string `json:"goal"`
				Board string `json:"board"`
			}{rows, cols, g.String(), b.Line()})
			jw.Flush()
		} else {
			fmt.Fprintln(out, b.Line())
		}
	}
	return exitOK
}
