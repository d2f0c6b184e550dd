package main

import (
	"context"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/nonogram"
	"github.com/puzzlesolvers/puzzle/status"
)

// nonoSet is a group of files under DIR/nonogram.
type nonoSet struct {
	name  string
	globs []string // relative to DIR/nonogram
	note  string
	// expect, when set, says what each puzzle's status must be.
	expect string // "unique", "validation" (picross-solver's validation.csv), ""
}

var nonogramSets = []nonoSet{
	{"taai-random25", []string{"generated-taai-style-random25/puzzles.txt"}, "1000 random 25×25, TAAI format", ""},
	{"webpbn", []string{"webpbn-survey-free/xml/*.xml"}, "12 free webpbn survey puzzles, all unique", "unique"},
	{"webpbn-non", []string{"webpbn-survey-free/non/*.non"}, "the same in .non", "unique"},
	{"forever", []string{"webpbn-survey-free/xml/webpbn-06574.xml"}, "webpbn 6574 Forever, 25×25", "unique"},
	{"cauldron", []string{"picross-solver/inputs/cauldron.non"}, "Cauldron, 512×512, line-solvable", "unique"},
	{"mikix", []string{"mikix-nonogram-db/*/*.non", "mikix-nonogram-db/*/*/*.non"}, "39 puzzles, all unique", "unique"},
	{"picross-solver", []string{"picross-solver/inputs/*"}, "statuses and counts of its validation.csv", "validation"},
	{"jwilk", []string{"jwilk-nonogram/*.nin"}, "151 puzzles, .nin", ""},
	{"lalafrogkk", []string{"cgi-lab-lalafrogkk/PuzzleCannotSolve.txt"}, "the puzzle LalaFrogKK cannot solve", ""},
}

// setName returns the set's name.
func (s nonoSet) setName() string { return s.name }

// isNamed reports whether name is the set's name.
func (s nonoSet) isNamed(name string) bool { return strings.EqualFold(name, s.name) }

// nonoBenchUsage returns the help of the verb, which lists the sets (built when
// asked for, not at every start).
func nonoBenchUsage() string {
	var b strings.Builder
	b.WriteString(`Usage: puzzle nonogram bench [--data DIR] [--set NAME[,NAME]] [--repeat N] [--timeout D] [--json]

Measures solving time on the shared data sets on one core (GOMAXPROCS=1
while timing), proving uniqueness (the default of solve). Each file is read
first, untimed. Each puzzle is solved --repeat times and its best time
counts. Every picture is checked against the clues, and statuses are
checked where they are known: the webpbn and mikix puzzles are unique, and
picross-solver's puzzles must have the status and, for several pictures,
the exact count of its outputs/validation.csv. A failed check, an
unreadable file or a timeout gives exit status 1.

The data directory is --data, else $PUZZLE_DATA, else ../shared/data; the
sets are files under DIR/nonogram:
`)
	for _, s := range nonogramSets {
		fmt.Fprintf(&b, "\t%-16s %s\n", s.name, s.note)
	}
	b.WriteString(`
Columns: puzzles, status counts, line-solvable puzzles, total of the best
times, mean time per puzzle, the slowest puzzle, search nodes per puzzle.
--json prints one object per set (docs/schema/nonogram.json): set,
status (solved when every check passed, timeout when a puzzle ran out of
time, invalid when a check failed, with error), count (puzzles read),
tally (puzzles by status), line_solvable, checked, worst, and stats
(time_ms, mean_ms, worst_ms, nodes_per_puzzle).

Examples:

	puzzle nonogram bench
	puzzle nonogram bench --set forever,cauldron --repeat 10
	puzzle nonogram bench --set taai-random25 --json
`)
	return b.String()
}

type nonogramBenchCmd struct {
	benchFlags
	repeat int
}

func (c *nonogramBenchCmd) define(fs *flag.FlagSet) {
	c.benchFlags.define(fs, "nonogram", time.Minute, "give up on a puzzle after `D`")
	fs.IntVar(&c.repeat, "repeat", 3, "solve each puzzle `N` times and keep the best time")
}

// nonoBenchResult is the record of one set and what the human output
// needs besides.
type nonoBenchResult struct {
	record.NonogramBench
	total, worst time.Duration
}

// benchPuzzle is a puzzle to solve, or a bad one to count.
type benchPuzzle struct {
	p     *nonogram.Puzzle
	where string
	bad   error
}

func (c *nonogramBenchCmd) run(e *env, v *verb, operands []string) int {
	return runBench(e, v, operands, &c.benchFlags, bench[nonoSet, *nonoBenchResult]{
		all:     nonogramSets,
		check:   c.check,
		heading: c.heading,
		run:     c.runSet,
		row:     nonoBenchRow,
	})
}

// check checks the flags.
func (c *nonogramBenchCmd) check() error {
	if c.repeat < 1 || c.timeout <= 0 {
		return errors.New("--repeat must be at least 1 and --timeout positive")
	}
	return nil
}

// heading writes the heading of the table.
func (c *nonogramBenchCmd) heading(w io.Writer, root string) {
	fmt.Fprintf(w, "data %s; one core (GOMAXPROCS=1 while timing), uniqueness proved, best of %d; %s %s/%s\n\n",
		root, c.repeat, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	fmt.Fprintf(w, "%-15s %7s %6s %8s %5s %7s %7s %5s %10s %10s %10s  %-28s %s\n",
		"set", "puzzles", "unique", "multiple", "none", "invalid", "timeout", "line", "time", "ms/puzzle", "worst", "(worst puzzle)", "nodes/puzzle")
}

// nonoBenchRow writes a set's row of the table.
func nonoBenchRow(w io.Writer, rec *nonoBenchResult) {
	fmt.Fprintf(w, "%-15s %7d %6d %8d %5d %7d %7d %5d %10s %10s %10s  %-28s %s\n",
		rec.Set, rec.Count, rec.Tally[status.Unique], rec.Tally[status.Multiple], rec.Tally[status.None], rec.Tally[status.Invalid], rec.Tally[status.Timeout], rec.LineSolvable,
		fmtDuration(rec.total), num(rec.Stats.MeanMS), fmtDuration(rec.worst), "("+rec.Worst+")", num(rec.Stats.NodesPerPuzzle))
}

// load reads every puzzle of a set, and the errors of the bad ones.
func (c *nonogramBenchCmd) load(root string, s nonoSet) ([]benchPuzzle, []error) {
	var files []string
	for _, g := range s.globs {
		m, _ := filepath.Glob(filepath.Join(root, g))
		files = append(files, m...)
	}
	slices.Sort(files)
	files = slices.Compact(files)
	if len(files) == 0 {
		return nil, []error{fmt.Errorf("no files match %s under %s", strings.Join(s.globs, ", "), root)}
	}
	var ps []benchPuzzle
	var errs []error
	for _, file := range files {
		if strings.HasSuffix(file, ".md") {
			continue
		}
		f, err := os.Open(file)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for p, err := range nonogram.NewReader(f, file, "").All() {
			if err != nil && !nonogramPuzzleError(err) {
				errs = append(errs, err)
				break
			}
			bp := benchPuzzle{p: p, bad: err, where: filepath.Base(file)}
			if p != nil && p.Name != "" {
				bp.where += " " + p.Name
			}
			ps = append(ps, bp)
		}
		f.Close()
	}
	return ps, errs
}

// validation reads picross-solver's outputs/validation.csv: for each input
// file, the expected outcome of each grid in order.
type expectation struct {
	file, grid, valid string
	solutions         int
}

func readValidation(path string) ([]expectation, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.FieldsPerRecord = -1
	rows, err := r.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	var out []expectation
	for _, row := range rows[1:] {
		if len(row) < 6 {
			continue
		}
		n, _ := strconv.Atoi(row[5])
		out = append(out, expectation{file: row[0], grid: row[1], valid: row[3], solutions: n})
	}
	return out, nil
}

// runSet reads, solves and checks one set. It returns nil if no puzzle
// could be read, and every problem found.
func (c *nonogramBenchCmd) runSet(e *env, root string, s nonoSet) (*nonoBenchResult, benchOutcome) {
	ps, errs := c.load(root, s)
	if len(ps) == 0 {
		return nil, benchOutcome{problems: errs}
	}
	rec := &nonoBenchResult{}
	rec.Set, rec.Count, rec.Tally = s.name, len(ps), map[status.Status]int{}
	prog := startProgress(e.stderr, s.name, len(ps))
	results := make([]nonogram.Result, len(ps))
	best := make([]time.Duration, len(ps))
	runtime.GC()
	procs := runtime.GOMAXPROCS(1)
	for i, bp := range ps {
		if bp.bad != nil {
			continue
		}
		for k := range c.repeat {
			ctx, cancel := context.WithTimeout(e.ctx, c.timeout)
			t0 := time.Now()
			res, _ := nonogram.Solve(ctx, bp.p, nonogram.Options{})
			d := time.Since(t0)
			cancel()
			if k == 0 || d < best[i] {
				best[i] = d
			}
			results[i] = res
			if res.Status == status.Timeout {
				break
			}
		}
		prog.set(i + 1)
		if e.ctx.Err() != nil {
			break
		}
	}
	runtime.GOMAXPROCS(procs)
	prog.stop()

	var nodes int64
	for i, bp := range ps {
		if bp.bad != nil {
			rec.Tally[status.Invalid]++
			if s.expect == "unique" {
				rec.Checked++
				errs = append(errs, fmt.Errorf("%s: invalid, known to be unique: %v", bp.where, bp.bad))
			}
			continue
		}
		res := results[i]
		rec.total += best[i]
		if best[i] > rec.worst {
			rec.worst, rec.Worst = best[i], bp.where
		}
		nodes += res.Stats.Nodes
		switch res.Status {
		case status.Unique:
			rec.Tally[status.Unique]++
		case status.Multiple:
			rec.Tally[status.Multiple]++
		case status.None:
			rec.Tally[status.None]++
		case status.Timeout:
			rec.Tally[status.Timeout]++
			errs = append(errs, fmt.Errorf("%s: no answer within %v", bp.where, c.timeout))
		default:
			rec.Tally[status.Invalid]++
		}
		if res.LineSolvable {
			rec.LineSolvable++
		}
		for k, g := range res.Solutions {
			if !bp.p.Satisfies(g) {
				errs = append(errs, fmt.Errorf("%s: picture %d does not meet the clues", bp.where, k+1))
			}
		}
		if res.Status == status.Multiple && res.Solutions[0].Equal(res.Solutions[1]) {
			errs = append(errs, fmt.Errorf("%s: status multiple with two equal pictures", bp.where))
		}
		if s.expect == "unique" {
			rec.Checked++
			if res.Status != status.Unique {
				errs = append(errs, fmt.Errorf("%s: %v, known to be unique", bp.where, res.Status))
			}
		}
	}
	if s.expect == "validation" {
		errs = append(errs, c.checkValidation(e, root, ps, results, rec)...)
	}
	n := rec.Count
	rec.Stats.TimeMS = ms(rec.total)
	rec.Stats.MeanMS = rec.Stats.TimeMS / float64(n)
	rec.Stats.WorstMS = ms(rec.worst)
	rec.Stats.NodesPerPuzzle = float64(nodes) / float64(n)
	return rec, benchOutcome{problems: errs, timeouts: rec.Tally[status.Timeout], timeout: c.timeout}
}

// checkValidation compares the outcome of every grid with picross-solver's
// validation.csv, matching grids by name: OK is unique, MULT is several
// pictures (counted exactly, every picture enumerated), ZERO is none. ERR
// rows (bad grids) and rows without a grid (parse errors) must match the
// number of grids our reader rejects in that file. Files the CSV does not
// list (note.nin, cauldron.non, ...) are only checked against their clues.
func (c *nonogramBenchCmd) checkValidation(e *env, root string, ps []benchPuzzle, results []nonogram.Result, rec *nonoBenchResult) []error {
	want, err := readValidation(filepath.Join(root, "picross-solver", "outputs", "validation.csv"))
	if err != nil {
		return []error{err}
	}
	var errs []error
	byFile := map[string][]int{} // file → indexes into ps, in reading order
	for i, bp := range ps {
		file := strings.SplitN(bp.where, " ", 2)[0]
		byFile[file] = append(byFile[file], i)
	}
	used := map[int]bool{}
	wantBad := map[string]int{}
	for _, x := range want {
		if x.valid == "ERR" || x.grid == "" {
			wantBad[x.file]++ // rejected by the reader: no name to match
			continue
		}
		i := slices.IndexFunc(byFile[x.file], func(i int) bool { return !used[i] && ps[i].p != nil && ps[i].p.Name == x.grid })
		if i < 0 {
			errs = append(errs, fmt.Errorf("%s: grid %q of validation.csv was not read", x.file, x.grid))
			continue
		}
		i = byFile[x.file][i]
		used[i] = true
		rec.Checked++
		bp, res := ps[i], results[i]
		got := map[status.Status]string{status.Unique: "OK", status.Multiple: "MULT", status.None: "ZERO"}[res.Status]
		if got != x.valid {
			errs = append(errs, fmt.Errorf("%s: %v; validation.csv says %s", bp.where, res.Status, x.valid))
			continue
		}
		if x.valid == "MULT" {
			ctx, cancel := context.WithTimeout(e.ctx, c.timeout)
			all, _ := nonogram.Solve(ctx, bp.p, nonogram.Options{Limit: -1})
			cancel()
			if len(all.Solutions) != x.solutions || all.Status == status.Timeout {
				errs = append(errs, fmt.Errorf("%s: %d pictures; validation.csv says %d", bp.where, len(all.Solutions), x.solutions))
			}
		}
	}
	for file, n := range wantBad {
		bad := 0
		for _, i := range byFile[file] {
			if ps[i].bad != nil {
				bad++
			}
		}
		rec.Checked += min(bad, n)
		if bad != n {
			errs = append(errs, fmt.Errorf("%s: %d grids rejected; validation.csv has %d errors", file, bad, n))
		}
	}
	return errs
}
