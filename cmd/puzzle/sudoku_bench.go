package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/status"
	"github.com/puzzlesolvers/puzzle/sudoku"
)

// sudokuSet is a file of puzzles under DIR/sudoku.
type sudokuSet struct {
	name string
	path string // relative to DIR/sudoku
}

var sudokuSets = []sudokuSet{
	{"17-clue", "tdoku/puzzles2_17_clue"},
	{"magictour-top1465", "tdoku/puzzles3_magictour_top1465"},
	{"forum-hardest-1905", "tdoku/puzzles5_forum_hardest_1905_11+"},
	{"forum-hardest-1106", "tdoku/puzzles6_forum_hardest_1106"},
	{"serg-benchmark", "tdoku/puzzles7_serg_benchmark"},
	{"euler96", "project-euler-96/p096_sudoku.txt"},
	{"norvig-top95", "norvig/top95.txt"},
	{"norvig-hardest", "norvig/hardest.txt"},
	{"gecode-9x9", "gecode/gecode_9x9.txt"},
	{"gecode-16x16", "gecode/gecode_16x16.txt"},
	{"gecode-25x25", "gecode/gecode_25x25.txt"},
}

// setName returns the set's name.
func (s sudokuSet) setName() string { return s.name }

// isNamed reports whether name is the set's name, its file's name or its
// path under DIR/sudoku.
func (s sudokuSet) isNamed(name string) bool {
	return strings.EqualFold(name, s.name) || strings.EqualFold(name, filepath.Base(s.path)) ||
		strings.EqualFold(name, s.path)
}

// benchUsage returns the help of the verb, which lists the sets (built when
// asked for, not at every start).
func benchUsage() string {
	var b strings.Builder
	b.WriteString(`Usage: puzzle sudoku bench [--data DIR] [--set NAME[,NAME]] [--max N] [--timeout D] [--json]

Measures solving throughput on the shared data sets, on one core
(GOMAXPROCS=1 while timing), proving every puzzle unique (the default of
solve). Each file is read first, untimed; 9×9 and smaller sets get a
warm-up pass over their first 10,000 puzzles. The puzzles are timed
1024 at a time, and every solution is checked against its puzzle in
between, untimed; a failed check, an unreadable file or a timeout gives
exit status 1.

The data directory is --data, else $PUZZLE_DATA, else ../shared/data
relative to the current directory; the sets are files under DIR/sudoku:
`)
	for _, s := range sudokuSets {
		fmt.Fprintf(&b, "\t%-20s %s\n", s.name, s.path)
	}
	b.WriteString(`
Columns: puzzles, status counts, total time, puzzles per second,
microseconds per puzzle, the same in CPU time, the slowest puzzle's time,
search nodes per puzzle.

With --json each set is one JSON object on a line (docs/schema/sudoku.json,
"bench"): file, status (solved; timeout with the number of puzzles
without an answer in error; invalid with the number of failed checks and
the first), set, count (puzzles), tally (puzzles by status) and stats
(time_ms, puzzles_per_s, us_per_puzzle, worst_ms, worst_line,
nodes_per_puzzle, cpu_ms and cpu_us_per_puzzle: the CPU time of the
timed loop, which a shared machine does not inflate as it does the
wall time; 0 where it is not measured).

Examples:

	puzzle sudoku bench --max 2000
	puzzle sudoku bench --set norvig-top95,euler96 --json
	PUZZLE_DATA=/data puzzle sudoku bench --set gecode-25x25 --timeout 2m
`)
	return b.String()
}

type sudokuBenchCmd struct {
	benchFlags
	max int
}

func (c *sudokuBenchCmd) define(fs *flag.FlagSet) {
	c.benchFlags.define(fs, "sudoku", 0, "give up on a puzzle after `D` (default: none, 60s for 25×25 and larger)")
	fs.IntVar(&c.max, "max", 0, "solve at most `N` puzzles of each set (0: all)")
}

// sudokuBenchResult is the result of one set: its JSON record and what
// the table needs besides.
type sudokuBenchResult struct {
	record.SudokuBench
	total, worst time.Duration
	cpu          time.Duration // of the timed loop (queensCPUTime: the process's user and system time)
}

func (c *sudokuBenchCmd) run(e *env, v *verb, operands []string) int {
	return runBench(e, v, operands, &c.benchFlags, bench[sudokuSet, *sudokuBenchResult]{
		all:     sudokuSets,
		check:   c.check,
		heading: sudokuBenchHeading,
		run:     c.runSet,
		row:     sudokuBenchRow,
		errText: sudokuErrText,
	})
}

// check checks the flags.
func (c *sudokuBenchCmd) check() error {
	if c.max < 0 || c.timeout < 0 {
		return errors.New("--max and --timeout must not be negative")
	}
	return nil
}

// sudokuBenchHeading writes the heading of the table.
func sudokuBenchHeading(w io.Writer, root string) {
	fmt.Fprintf(w, "data %s; one core (GOMAXPROCS=1 while timing), uniqueness proved; %s %s/%s\n\n",
		root, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	fmt.Fprintf(w, "%-20s %8s %8s %8s %5s %7s %10s %10s %10s %10s %10s %12s\n",
		"set", "puzzles", "unique", "multiple", "none", "timeout", "time", "puzzles/s", "µs/puzzle", "cpu µs/p", "worst", "nodes/puzzle")
}

// sudokuBenchRow writes a set's row of the table.
func sudokuBenchRow(w io.Writer, rec *sudokuBenchResult) {
	t, st := rec.Tally, rec.Stats
	fmt.Fprintf(w, "%-20s %8d %8d %8d %5d %7d %10s %10s %10s %10s %10s %12s\n",
		rec.Set, rec.Count, t[status.Unique], t[status.Multiple], t[status.None], t[status.Timeout],
		fmtDuration(rec.total), num(st.PuzzlesPerS), num(st.MicrosEach), num(st.CPUMicrosEach), fmtDuration(rec.worst), num(st.NodesPerPuzzle))
}

// sudokuWarmUp is the number of puzzles of a 9×9 or smaller set solved
// before the timing starts.
const sudokuWarmUp = 10000

// sudokuBenchChunk is the number of puzzles timed at a stretch; their
// results are checked, and dropped, between stretches.
const sudokuBenchChunk = 1024

// runSet reads, solves and checks one set. It returns nil if the file
// could not be read, and every problem found.
func (c *sudokuBenchCmd) runSet(e *env, root string, s sudokuSet) (*sudokuBenchResult, benchOutcome) {
	var errs []error
	file := filepath.Join(root, s.path)
	f, err := os.Open(file)
	if err != nil {
		return nil, benchOutcome{problems: []error{err}}
	}
	rec := &sudokuBenchResult{SudokuBench: record.SudokuBench{Head: record.Head{File: file},
		Set: s.name, Tally: map[status.Status]int{}}}
	var ps []*sudoku.Puzzle
	for p, err := range sudoku.NewReader(f, file).All() {
		if c.max > 0 && len(ps) == c.max {
			break
		}
		if err != nil {
			errs = append(errs, err)
			rec.Tally[status.Invalid]++
			continue
		}
		ps = append(ps, p)
	}
	f.Close()
	rec.Count = len(ps) + rec.Tally[status.Invalid] // the tally adds up to the count
	if len(ps) == 0 {
		errs = append(errs, fmt.Errorf("%s: no puzzles", file))
		return rec, benchOutcome{problems: errs}
	}

	timeout := c.timeout
	if timeout == 0 && ps[0].Box >= 5 {
		timeout = time.Minute
	}
	// Warm up caches, the branch predictor and the heap on small grids:
	// the warm-up pass allocates what the timed one will, so that the heap
	// has grown to its size before the timing starts, and the timed loop
	// reuses memory instead of paying the page faults of a growing heap.
	// Large grids take long enough for it not to matter.
	if ps[0].Box <= 3 {
		for _, p := range ps[:min(len(ps), sudokuWarmUp)] {
			sudoku.Solve(e.ctx, p, sudoku.Options{})
		}
	}

	interrupted := false
	prog := startProgress(e.stderr, s.name, len(ps))
	// The puzzles are timed in chunks, and each chunk's results are
	// checked between them, untimed: keeping the results of the whole set
	// until the end would grow the heap by a solution or two per puzzle,
	// and the timed loop would pay the page faults and the collector's
	// marking of the heap for them, which a solver does not cost.
	results := make([]sudoku.Result, min(len(ps), sudokuBenchChunk))
	var nodes int64
	n := 0
	runtime.GC()
	procs := runtime.GOMAXPROCS(1)
	for first := 0; first < len(ps) && !interrupted; first += sudokuBenchChunk {
		part := ps[first:min(first+sudokuBenchChunk, len(ps))]
		start, cpu := time.Now(), queensCPUTime()
		for i, p := range part {
			ctx, cancel := e.ctx, context.CancelFunc(func() {})
			if timeout > 0 {
				ctx, cancel = context.WithTimeout(e.ctx, timeout)
			}
			results[i], _ = sudoku.Solve(ctx, p, sudoku.Options{})
			cancel()
			prog.set(first + i + 1)
			if e.ctx.Err() != nil {
				part = part[:i+1]
				interrupted = true
				break
			}
		}
		rec.total += time.Since(start)
		rec.cpu += queensCPUTime() - cpu
		for i, res := range results[:len(part)] {
			p := part[i]
			nodes += res.Stats.Nodes
			if res.Stats.Time > rec.worst {
				rec.worst, rec.Stats.WorstLine = res.Stats.Time, p.Line
			}
			rec.Tally[res.Status]++
			switch res.Status {
			case status.Unique, status.None:
			case status.Multiple:
				if len(res.Solutions) < 2 || slices.Equal(res.Solutions[0], res.Solutions[1]) {
					errs = append(errs, fmt.Errorf("%s:%d: status multiple without two different solutions", file, p.Line))
				}
			case status.Timeout:
				if !interrupted {
					errs = append(errs, fmt.Errorf("%s:%d: no answer within %v", file, p.Line, timeout))
				}
			default:
				errs = append(errs, fmt.Errorf("%s:%d: status %v", file, p.Line, res.Status))
			}
			for k, sol := range res.Solutions {
				if !p.IsSolutionOf(sol) {
					errs = append(errs, fmt.Errorf("%s:%d: solution %d fails the check", file, p.Line, k+1))
				}
			}
			results[i] = sudoku.Result{}
		}
		n += len(part)
	}
	runtime.GOMAXPROCS(procs)
	prog.stop()

	rec.Count = n + rec.Tally[status.Invalid]
	rec.Stats.TimeMS = record.Millis(rec.total)
	rec.Stats.PuzzlesPerS = float64(n) / rec.total.Seconds()
	rec.Stats.MicrosEach = float64(rec.total) / float64(time.Microsecond) / float64(n)
	rec.Stats.WorstMS = record.Millis(rec.worst)
	rec.Stats.CPUMS = record.Millis(rec.cpu)
	rec.Stats.CPUMicrosEach = float64(rec.cpu) / float64(time.Microsecond) / float64(n)
	rec.Stats.NodesPerPuzzle = float64(nodes) / float64(n)
	return rec, benchOutcome{problems: errs, timeouts: rec.Tally[status.Timeout], timeout: timeout}
}
