package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/jsonl"
	"github.com/puzzlesolvers/puzzle/sliding"
	"github.com/puzzlesolvers/puzzle/status"
)

const slideBenchUsage = `Usage: puzzle sliding bench [--set korf100|korf24] [--heuristic H[,H...]] [--max N] [--instances I,J,...] [--workers W] [--timeout D] [--data DIR] [--cache DIR] [--verbose] [--json]

Solves benchmark instances optimally with IDA* and checks every length
against the published one; each solution is replayed to the goal.

	korf100  Korf's 100 random 15-puzzles (1985), lengths from
	         korf100-lengths.tsv (sum 5305); default heuristic pdb-78
	korf24   Korf and Felner's 50 random 24-puzzles (2002), lengths from
	         korf.txt; with --verbose, nodes generated compared with Korf
	         and Felner's counts (korf.txt) and nodes expanded with
	         Clausecker's 6-6-6-6 counts (combined-results.txt); default
	         heuristic pdb-6666 and instances 40,38,25,32,44 (the easiest)

Several heuristics separated by commas give a comparison table over the
same instances (a heuristic may itself be a maximum, as
walking-distance+linear-conflict). Pattern databases are loaded (or built)
before the clock starts. The instances are shared among --workers
goroutines (default: every core); large tables are copied to huge pages
where the system allows. Columns: instances solved, lengths
checked, total length, nodes generated and expanded, wall time, the sum of
the instances' times (CPU time when workers do not exceed cores), the
slowest instance and the generation rate per core.

The data directory is --data, else $PUZZLE_DATA, else ../shared/data; the
sets are under DIR/sliding.

Examples:

	puzzle sliding bench
	puzzle sliding bench --heuristic manhattan,linear-conflict,walking-distance,pdb-555,pdb-663,pdb-78 --instances 79,12,42,55,97,19,94,47,93,9
	puzzle sliding bench --set korf24 --instances 40,38
`

type slideBenchCmd struct {
	set, heuristics, instances string
	max, workers               int
	timeout                    time.Duration
	data, cache                string
	verbose, json              bool
}

func (c *slideBenchCmd) define(fs *flag.FlagSet) {
	fs.StringVar(&c.set, "set", "korf100", "benchmark `SET`: korf100 or korf24")
	fs.StringVar(&c.heuristics, "heuristic", "", "comma-separated `HEURISTICS` to compare (default pdb-78, or pdb-6666 for korf24)")
	fs.IntVar(&c.max, "max", 0, "solve the first `N` instances only (0: all)")
	fs.StringVar(&c.instances, "instances", "", "comma-separated instance `NUMBERS` (default all; 40,38,25,32,44 for korf24)")
	fs.IntVar(&c.workers, "workers", 0, "solve `W` instances at once (default GOMAXPROCS)")
	fs.DurationVar(&c.timeout, "timeout", 10*time.Minute, "give up on an instance after `D`")
	fs.StringVar(&c.data, "data", "", "data directory `DIR` holding sliding/ (default $PUZZLE_DATA, else ../shared/data)")
	fs.StringVar(&c.cache, "cache", "", "pattern database `DIR` (default $PUZZLE_CACHE, else the user cache directory)")
	fs.BoolVar(&c.verbose, "verbose", false, "print every instance")
	fs.BoolVar(&c.json, "json", false, "print one JSON object per heuristic (and per instance with --verbose)")
}

// benchInstance is a benchmark board and what is known of it.
type benchInstance struct {
	id         int
	board      *sliding.Board
	length     int   // the published optimal length
	published  int64 // korf24: Korf and Felner's published node count (korf.txt), 0 if unknown
	clausecker int64 // korf24: Clausecker's 6-6-6-6 expansions (combined-results.txt), 0 if unknown
}

// benchRow is the result of one heuristic.
type benchRow struct {
	Set         string  `json:"set"`
	Heuristic   string  `json:"heuristic"`
	Instances   int     `json:"instances"`
	Solved      int     `json:"solved"`
	Checked     int     `json:"lengths_checked"`
	Wrong       int     `json:"lengths_wrong"`
	TotalLength int     `json:"total_length"`
	Generated   int64   `json:"generated"`
	Expanded    int64   `json:"expanded"`
	WallMS      float64 `json:"wall_ms"`
	SumMS       float64 `json:"instances_ms"`
	SlowestMS   float64 `json:"slowest_ms"`
	Slowest     int     `json:"slowest"`
	LoadMS      float64 `json:"tables_ms"`
	RatePerCore float64 `json:"mnodes_per_s_per_core"`
}

// benchResult is one instance solved.
type benchResult struct {
	Set        string        `json:"set"`
	Heuristic  string        `json:"heuristic"`
	ID         int           `json:"id"`
	Status     status.Status `json:"status"`
	Length     int           `json:"length"`
	Want       int           `json:"want"`
	Generated  int64         `json:"generated"`
	Expanded   int64         `json:"expanded"`
	Published  int64         `json:"korf_felner_nodes,omitempty"`
	Clausecker int64         `json:"clausecker_6666_expansions,omitempty"`
	ElapsedMS  float64       `json:"elapsed_ms"`
	err        error
}

func (c *slideBenchCmd) run(e *env, v *verb, operands []string) int {
	if len(operands) > 0 {
		return v.usageError(e, "unexpected argument %q (bench reads the data sets; see --data and --set)", operands[0])
	}
	if c.set != "korf100" && c.set != "korf24" {
		return v.usageError(e, "unknown set %q (want korf100 or korf24)", c.set)
	}
	if c.max < 0 || c.workers < 0 || c.timeout <= 0 {
		return v.usageError(e, "--max and --workers must not be negative and --timeout must be positive")
	}
	if c.heuristics == "" {
		c.heuristics = string(sliding.PDB78)
		if c.set == "korf24" {
			c.heuristics = string(sliding.PDB6666)
		}
	}
	var hs []sliding.Heuristic
	for _, h := range strings.Split(c.heuristics, ",") {
		for _, part := range strings.Split(h, "+") {
			if !knownHeuristic(part) || part == "auto" {
				return v.usageError(e, "unknown heuristic %q", part)
			}
		}
		hs = append(hs, sliding.Heuristic(h))
	}
	var ids []int
	if c.instances == "" && c.set == "korf24" {
		c.instances = "40,38,25,32,44"
	}
	if c.instances != "" {
		for _, s := range strings.Split(c.instances, ",") {
			id, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil {
				return v.usageError(e, "bad instance number %q", s)
			}
			ids = append(ids, id)
		}
	}
	root, ok := e.dataRoot("sliding", c.data)
	if !ok {
		return exitFail
	}
	var insts []benchInstance
	var err error
	if c.set == "korf100" {
		insts, err = readKorf100(root)
	} else {
		insts, err = readKorf24(root)
	}
	if err != nil {
		e.errorf("%s: %v", v.name, err)
		return exitFail
	}
	if ids != nil {
		var chosen []benchInstance
		for _, id := range ids {
			i := slices.IndexFunc(insts, func(x benchInstance) bool { return x.id == id })
			if i < 0 {
				return v.usageError(e, "no instance %d in %s", id, c.set)
			}
			chosen = append(chosen, insts[i])
		}
		insts = chosen
	}
	if c.max > 0 && c.max < len(insts) {
		insts = insts[:c.max]
	}
	workers := c.workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	store := e.newSlidingStore(c.cache)
	store.HugePages = true
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	jw := jsonl.NewWriter(e.stdout)
	if !c.json {
		fmt.Fprintf(out, "%s: %s, IDA*, %d workers, GOMAXPROCS %d, %s %s/%s\n\n", c.set, plural(len(insts), "instance"),
			workers, runtime.GOMAXPROCS(0), runtime.Version(), runtime.GOOS, runtime.GOARCH)
		fmt.Fprintf(out, "%-34s %7s %7s %7s %15s %15s %10s %10s %17s %9s\n", "heuristic", "solved", "checked", "length",
			"generated", "expanded", "wall", "sum", "slowest", "Mnodes/s")
		out.Flush()
	}
	failed := false
	for _, h := range hs {
		row, results := c.runHeuristic(e, store, h, insts, workers)
		if e.ctx.Err() != nil {
			out.Flush()
			e.errorf("%s: interrupted", v.name)
			return exitFail
		}
		if row.Solved != row.Instances || row.Wrong > 0 {
			failed = true
		}
		if c.json {
			if c.verbose {
				for _, r := range results {
					jw.Write(r)
				}
			}
			jw.Write(row)
			jw.Flush()
			continue
		}
		if c.verbose {
			for _, r := range results {
				writeBenchResult(out, r)
			}
		}
		slowest := fmt.Sprintf("%s (#%d)", fmtDuration(msDuration(row.SlowestMS)), row.Slowest)
		fmt.Fprintf(out, "%-34s %7s %7d %7d %15d %15d %10s %10s %17s %9.2f\n", h, fmt.Sprintf("%d/%d", row.Solved, row.Instances),
			row.Checked, row.TotalLength, row.Generated, row.Expanded, fmtDuration(msDuration(row.WallMS)),
			fmtDuration(msDuration(row.SumMS)), slowest, row.RatePerCore)
		if row.LoadMS > 1000 {
			fmt.Fprintf(out, "%-34s (tables loaded or built in %s, not counted)\n", "", fmtDuration(msDuration(row.LoadMS)))
		}
		for _, r := range results {
			if r.err != nil || (r.Status == status.Solved && r.Length != r.Want) {
				fmt.Fprintf(out, "  #%d: %v, length %d, want %d: %v\n", r.ID, r.Status, r.Length, r.Want, r.err)
			}
		}
		out.Flush()
	}
	if failed {
		return exitFail
	}
	return exitOK
}

func msDuration(x float64) time.Duration { return time.Duration(x * float64(time.Millisecond)) }

func writeBenchResult(w io.Writer, r benchResult) {
	fmt.Fprintf(w, "  #%-3d %-8v length %3d (want %3d) generated %13d expanded %13d", r.ID, r.Status, r.Length, r.Want, r.Generated, r.Expanded)
	if r.Published > 0 {
		fmt.Fprintf(w, "\n       Korf & Felner 2002: %13d nodes (generated ratio %.3f); Clausecker's 6-6-6-6: %13d expansions (expanded ratio %.2f)",
			r.Published, float64(r.Generated)/float64(r.Published), r.Clausecker, float64(r.Expanded)/float64(max(r.Clausecker, 1)))
	}
	fmt.Fprintf(w, " %s\n", fmtDuration(msDuration(r.ElapsedMS)))
}

// runHeuristic solves every instance with one heuristic.
func (c *slideBenchCmd) runHeuristic(e *env, store *sliding.Store, h sliding.Heuristic, insts []benchInstance, workers int) (benchRow, []benchResult) {
	row := benchRow{Set: c.set, Heuristic: string(h), Instances: len(insts)}
	results := make([]benchResult, len(insts))
	side := insts[0].board.Rows
	start := time.Now()
	for _, part := range strings.Split(string(h), "+") {
		if _, _, ok := sliding.Partition(sliding.Heuristic(part)); ok {
			if _, err := store.Load(e.ctx, sliding.Heuristic(part), side, side); err != nil {
				for i := range results {
					results[i] = benchResult{ID: insts[i].id, Status: status.Invalid, err: err}
				}
				return row, results
			}
		}
	}
	row.LoadMS = ms(time.Since(start))
	start = time.Now()
	var next int
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= len(insts) || e.ctx.Err() != nil {
					return
				}
				in := insts[i]
				ctx, cancel := context.WithTimeout(e.ctx, c.timeout)
				res, err := sliding.Solve(ctx, in.board, sliding.Options{Goal: sliding.BlankFirst, Algorithm: sliding.IDAStar, Heuristic: h, Store: store})
				cancel()
				if err == nil {
					err = in.board.Check(res.Moves, sliding.BlankFirst)
				}
				results[i] = benchResult{Set: c.set, Heuristic: string(h), ID: in.id, Status: res.Status, Length: len(res.Moves), Want: in.length,
					Generated: res.Stats.Generated, Expanded: res.Stats.Expanded, Published: in.published, Clausecker: in.clausecker,
					ElapsedMS: ms(res.Stats.Elapsed), err: err}
			}
		}()
	}
	wg.Wait()
	row.WallMS = ms(time.Since(start))
	for _, r := range results {
		if r.Status == status.Solved && r.err == nil {
			row.Solved++
			row.Checked++
			if r.Length != r.Want {
				row.Wrong++
			}
		}
		row.TotalLength += r.Length
		row.Generated += r.Generated
		row.Expanded += r.Expanded
		row.SumMS += r.ElapsedMS
		if r.ElapsedMS > row.SlowestMS {
			row.SlowestMS, row.Slowest = r.ElapsedMS, r.ID
		}
	}
	if row.SumMS > 0 {
		row.RatePerCore = float64(row.Generated) / (row.SumMS / 1000) / 1e6
	}
	return row, results
}

// readKorf100 reads korf100.txt and checks it against the lengths file.
func readKorf100(root string) ([]benchInstance, error) {
	dir := filepath.Join(root, "korf100-15puzzle-instances")
	insts, err := readNumbered(filepath.Join(dir, "korf100.txt"), 4, func(f []string) (string, error) {
		if len(f) != 17 {
			return "", fmt.Errorf("want an id and 16 tiles, got %d fields", len(f))
		}
		return strings.Join(f[1:], " "), nil
	})
	if err != nil {
		return nil, err
	}
	lengths := filepath.Join(dir, "korf100-lengths.tsv")
	data, err := os.ReadFile(lengths)
	if err != nil {
		return nil, err
	}
	want := map[int]int{}
	tiles := map[int]string{}
	for n, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		id, err1 := strconv.Atoi(f[0])
		l, err2 := strconv.Atoi(f[1])
		if len(f) < 4 || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%s:%d: want id, length, nodes, tiles", lengths, n+1)
		}
		want[id], tiles[id] = l, strings.Join(strings.Fields(f[3]), " ")
	}
	for i := range insts {
		l, ok := want[insts[i].id]
		if !ok {
			return nil, fmt.Errorf("%s: no length for instance %d", lengths, insts[i].id)
		}
		if tiles[insts[i].id] != insts[i].board.Line() {
			return nil, fmt.Errorf("%s: instance %d has other tiles than korf100.txt", lengths, insts[i].id)
		}
		insts[i].length = l
	}
	return insts, nil
}

// readKorf24 reads clausecker-24puzzle/korf.txt and the 6-6-6-6 column of
// combined-results.txt.
func readKorf24(root string) ([]benchInstance, error) {
	dir := filepath.Join(root, "clausecker-24puzzle")
	var lengths []int
	var nodes []int64
	insts, err := readNumbered(filepath.Join(dir, "korf.txt"), 5, func(f []string) (string, error) {
		if len(f) < 3 || !strings.Contains(f[1], ",") {
			return "", nil // a header, such as "50 random instances by ..."
		}
		l, err := strconv.Atoi(f[2])
		if err != nil {
			return "", fmt.Errorf("bad distance %q", f[2])
		}
		var x int64
		if len(f) > 3 {
			x, _ = strconv.ParseInt(f[3], 10, 64)
		}
		lengths, nodes = append(lengths, l), append(nodes, x)
		return f[1], nil
	})
	if err != nil {
		return nil, err
	}
	for i := range insts {
		insts[i].length, insts[i].published = lengths[i], nodes[i]
	}
	combined := filepath.Join(dir, "combined-results.txt")
	data, err := os.ReadFile(combined)
	if os.IsNotExist(err) {
		return insts, nil // no published counts to compare with
	}
	if err != nil {
		return nil, err
	}
	published := map[int]int64{}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) < 4 {
			continue
		}
		id, err1 := strconv.Atoi(f[0])
		x, err2 := strconv.ParseInt(f[3], 10, 64)
		if err1 == nil && err2 == nil {
			published[id] = x
		}
	}
	for i := range insts {
		insts[i].clausecker = published[insts[i].id]
	}
	return insts, nil
}

// readNumbered reads the lines of path that start with a number: the
// instance's id, then what tilesOf makes of the fields a board of the
// given side ("" skips the line).
func readNumbered(path string, side int, tilesOf func([]string) (string, error)) ([]benchInstance, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var insts []benchInstance
	for n, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		id, err := strconv.Atoi(f[0])
		if err != nil {
			continue // a header
		}
		tiles, err := tilesOf(f)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n+1, err)
		}
		if tiles == "" {
			continue
		}
		b, err := sliding.ParseTiles([]string{tiles})
		if err != nil || b.Rows != side {
			return nil, fmt.Errorf("%s:%d: not a %d×%d board: %v", path, n+1, side, side, err)
		}
		insts = append(insts, benchInstance{id: id, board: b})
	}
	if len(insts) == 0 {
		return nil, fmt.Errorf("%s: no instance", path)
	}
	return insts, nil
}
