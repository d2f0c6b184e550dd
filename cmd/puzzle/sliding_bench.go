package main

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
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
	"sync"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/jsonl"
	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/internal/shard"
	"github.com/puzzlesolvers/puzzle/sliding"
	"github.com/puzzlesolvers/puzzle/status"
)

const slideBenchUsage = `Usage: puzzle sliding bench [--set korf100|korf24] [--heuristic H[,H...]] [--max N] [--instances I,J,...|--easiest N] [--workers W] [--timeout D] [--data DIR] [--cache DIR] [--verbose] [--json]
                            [--shard I/K|auto [--shards K]]

Solves benchmark instances optimally with IDA* and checks every length
against the published one; each solution is replayed to the goal.

	korf100  Korf's 100 random 15-puzzles (1985), lengths from
	         korf100-lengths.tsv (sum 5305); default heuristic pdb-78
	korf24   Korf and Felner's 50 random 24-puzzles (2002), lengths from
	         korf.txt; with --verbose, nodes generated compared with Korf
	         and Felner's counts (korf.txt) and nodes expanded with
	         Clausecker's 6-6-6-6 counts (combined-results.txt); default
	         heuristic pdb-6666 and --easiest 5 (instances 38,40,25,32,44)

--easiest N takes the N instances of korf24 with the fewest nodes in Korf
and Felner's counts, listed from the fewest. Korf and Felner's counts are
those of IDA* with pdb-6666 (6-6-6-6 with reflection, as here): with that
heuristic the nodes generated must equal them, and the row is followed by
how many do. Where the counts are known, the instances are handed to the
workers largest first, so that the workers finish together.

Several heuristics separated by commas give a comparison table over the
same instances (a heuristic may itself be a maximum, as
walking-distance+linear-conflict). Pattern databases are loaded (or built)
before the clock starts. The instances are shared among --workers
goroutines (default: every core); large tables are copied to huge pages
where the system allows. Columns: instances solved, lengths
checked, total length, nodes generated and expanded, wall time, the sum of
the instances' times (CPU time when workers do not exceed cores), the
slowest instance and the generation rate per core; then the CPU time of
the searches (the process's user and system time, which a busy host does
not inflate as it does wall times) and the nodes per CPU second.

--json prints one record per heuristic: status (solved when every
instance was solved to its published length, else invalid or timeout with
an error), set, heuristic, count, tally (by status), lengths_checked,
lengths_wrong, total_length, slowest and stats (generated, expanded,
time_ms: the wall time, instances_ms, slowest_ms, tables_ms,
mnodes_per_s_per_core, cpu_ms: the CPU time of the searches); with --verbose, first one per instance: status,
error, set, heuristic, id, length, want, korf_felner_nodes,
clausecker_6666_expansions and stats (generated, expanded, time_ms).

--shard I/K solves only the instances of shard I of K: those whose index
among the instances selected (by --set, --instances, --easiest and --max,
from 0) is I-1 modulo K; --shard auto takes I and K from a Kubernetes
Indexed Job (JOB_COMPLETION_INDEX, with --shards K), a Slurm job array
(SLURM_ARRAY_TASK_ID) or GNU parallel (PARALLEL_SEQ, with --shards K). A
shard writes JSON Lines for 'puzzle merge', whatever --json says: for
each heuristic, the record of each of its instances (as --verbose --json
writes it) with its place ("shard", "index", "job" and "human"), then
the shard's row of the heuristic (with "shard" and "job"); last, the
shard's summary. The job is the command, the set, heuristics, selection
flags, --timeout and --verbose, and the SHA-256 of the set's files.
'puzzle merge' prints what the bench without --shard prints, the
instances' counts and lengths added up; its time_ms is the slowest
shard's wall time, shards_ms each shard's, instances_ms the sum of the
instances' times, cpu_ms the shards' CPU time added up.

Exit status 0 when every instance was solved to its published length, 1
when one was not (or the data cannot be read), 2 on usage errors
(including a heuristic that does not fit the set's boards).

The data directory is --data, else $PUZZLE_DATA, else ../shared/data; the
sets are under DIR/sliding.

Examples:

	puzzle sliding bench
	puzzle sliding bench --heuristic manhattan,linear-conflict,walking-distance,pdb-555,pdb-663,pdb-78 --instances 79,12,42,55,97,19,94,47,93,9
	puzzle sliding bench --set korf24 --instances 40,38
	puzzle sliding bench --set korf24 --easiest 25 --verbose
	for i in 1 2 3 4; do puzzle sliding bench --set korf24 --easiest 25 --shard $i/4 > b$i.jsonl & done; wait
	puzzle merge b*.jsonl
`

// slidingBenchCmd is 'puzzle sliding bench'.
type slidingBenchCmd struct {
	set, heuristics, instances string
	max, easiest, workers      int
	timeout                    time.Duration
	data, cache                string
	verbose, json              bool
	shard                      shardFlags
}

func (c *slidingBenchCmd) define(fs *flag.FlagSet) {
	fs.StringVar(&c.set, "set", "korf100", "benchmark `SET`: korf100 or korf24")
	fs.StringVar(&c.heuristics, "heuristic", "", "comma-separated `HEURISTICS` to compare (default pdb-78, or pdb-6666 for korf24)")
	fs.IntVar(&c.max, "max", 0, "solve the first `N` instances only (0: all)")
	fs.StringVar(&c.instances, "instances", "", "comma-separated instance `NUMBERS` (default all; --easiest 5 for korf24)")
	fs.IntVar(&c.easiest, "easiest", 0, "korf24: solve the `N` instances with the fewest published nodes (Korf and Felner's counts)")
	fs.IntVar(&c.workers, "workers", 0, "solve `W` instances at once (default GOMAXPROCS)")
	fs.DurationVar(&c.timeout, "timeout", 0, "give up on an instance after `D` (default 10m for korf100, no limit for korf24)")
	fs.StringVar(&c.data, "data", "", "data directory `DIR` holding sliding/ (default $PUZZLE_DATA, else ../shared/data)")
	fs.StringVar(&c.cache, "cache", "", "pattern database `DIR` (default $PUZZLE_CACHE, else the user cache directory)")
	fs.BoolVar(&c.verbose, "verbose", false, "print every instance")
	fs.BoolVar(&c.json, "json", false, "print one JSON object per heuristic (and per instance with --verbose)")
	c.shard.define(fs, "instances selected")
}

// benchInstance is a benchmark board and what is known of it.
type benchInstance struct {
	id         int
	board      *sliding.Board
	length     int   // the published optimal length
	published  int64 // korf24: Korf and Felner's published node count (korf.txt), 0 if unknown
	clausecker int64 // korf24: Clausecker's 6-6-6-6 expansions (combined-results.txt), 0 if unknown
}

// benchResult is one instance solved: its record, whether it was solved
// (to any length) and why not.
type benchResult struct {
	*record.SlidingBenchInstance
	solved bool
	err    error
}

func (c *slidingBenchCmd) run(e *env, v *verb, operands []string) int {
	if len(operands) > 0 {
		return v.usageError(e, "unexpected argument %q (bench reads the data sets; see --data and --set)", operands[0])
	}
	if c.set != "korf100" && c.set != "korf24" {
		return v.usageError(e, "unknown set %q (want korf100 or korf24)", c.set)
	}
	if c.max < 0 || c.easiest < 0 || c.workers < 0 || c.timeout < 0 {
		return v.usageError(e, "--max, --easiest, --workers and --timeout must not be negative")
	}
	if c.timeout == 0 && c.set == "korf100" {
		// Each of Korf's 100 takes seconds at most; korf24's largest
		// take hours, and a default limit there would only cut a
		// long run short (--easiest 25 reaches 20 minutes).
		c.timeout = 10 * time.Minute
	}
	if c.easiest > 0 && (c.set != "korf24" || c.instances != "") {
		return v.usageError(e, "--easiest is for --set korf24, without --instances")
	}
	if c.heuristics == "" {
		c.heuristics = string(sliding.PDB78)
		if c.set == "korf24" {
			c.heuristics = string(sliding.PDB6666)
		}
	}
	side := 4
	if c.set == "korf24" {
		side = 5
	}
	var hs []sliding.Heuristic
	for _, name := range strings.Split(c.heuristics, ",") {
		h, err := sliding.ParseHeuristic(name)
		if err == nil && h == sliding.Auto {
			err = errors.New("name the heuristics to compare, not auto")
		}
		if err == nil {
			err = h.Fits(side, side)
		}
		if err != nil {
			return v.usageError(e, "%v", err)
		}
		hs = append(hs, h)
	}
	var ids []int
	if c.instances == "" && c.easiest == 0 && c.set == "korf24" {
		c.easiest = 5
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
	sp, code, ok := c.shard.resolve(e, v)
	if !ok {
		return code
	}
	root, ok := e.dataRoot("sliding", c.data)
	if !ok {
		return exitFail
	}
	var insts []benchInstance
	var inputs shard.Inputs // the set's files, hashed for a shard's job
	var err error
	if c.set == "korf100" {
		insts, err = readKorf100(root, &inputs)
	} else {
		insts, err = readKorf24(root, &inputs)
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
	if c.easiest > 0 {
		if insts, err = easiest(insts, c.easiest); err != nil {
			e.errorf("%s: %v", v.name, err)
			return exitFail
		}
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
	if sp.K > 0 {
		return c.runShard(e, v, sp, inputs, store, hs, insts, workers, side)
	}
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	jw := jsonl.NewWriter(out)
	if !c.json {
		writeBenchHeader(out, c.set, len(insts), fmt.Sprintf("%d workers, GOMAXPROCS %d", workers, runtime.GOMAXPROCS(0)))
		out.Flush()
	}
	failed := false
	for _, h := range hs {
		row, results := c.runHeuristic(e, store, h, insts, workers, side)
		if e.ctx.Err() != nil {
			out.Flush()
			e.errorf("%s: interrupted", v.name)
			return exitFail
		}
		if row.Status != status.Solved {
			failed = true
		}
		if c.json {
			if c.verbose {
				for _, r := range results {
					jw.Write(r.SlidingBenchInstance)
				}
			}
			jw.Write(row)
			out.Flush()
			continue
		}
		writeBenchRow(out, h, row, results, c.verbose)
		out.Flush()
	}
	if failed {
		return exitFail
	}
	return exitOK
}

// writeBenchHeader writes the head of the table of 'sliding bench': the
// set, how many instances, how they were run (how).
func writeBenchHeader(out io.Writer, set string, n int, how string) {
	fmt.Fprintf(out, "%s: %s, IDA*, %s, %s %s/%s\n\n", set, plural(n, "instance"), how, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	fmt.Fprintf(out, "%-34s %7s %7s %7s %15s %15s %10s %10s %17s %9s\n", "heuristic", "solved", "checked", "length",
		"generated", "expanded", "wall", "sum", "slowest", "Mnodes/s")
}

// writeBenchRow writes the row of heuristic h, with its instances first
// when verbose, and what follows it.
func writeBenchRow(out io.Writer, h sliding.Heuristic, row *record.SlidingBench, results []benchResult, verbose bool) {
	if verbose {
		for _, r := range results {
			writeBenchResult(out, r)
		}
	}
	st := row.Stats
	slowest := fmt.Sprintf("%s (#%d)", fmtDuration(msDuration(st.SlowestMS)), row.Slowest)
	fmt.Fprintf(out, "%-34s %7s %7d %7d %15d %15d %10s %10s %17s %9.2f\n", h, fmt.Sprintf("%d/%d", row.Solved, row.Instances),
		row.Checked, row.TotalLength, st.Generated, st.Expanded, fmtDuration(msDuration(st.TimeMS)),
		fmtDuration(msDuration(st.InstancesMS)), slowest, st.RatePerCore)
	if len(st.ShardsMS) > 0 {
		var each []string
		for _, t := range st.ShardsMS {
			each = append(each, fmtDuration(msDuration(t)))
		}
		fmt.Fprintf(out, "%-34s %d shards, wall times %s (wall: the slowest)\n", "", len(st.ShardsMS), strings.Join(each, ", "))
	}
	if cpu := msDuration(st.CPUMS); cpu > 0 {
		fmt.Fprintf(out, "%-34s CPU time of the searches (user+system): %s, %.2f M nodes generated per CPU second\n",
			"", fmtDuration(cpu), float64(st.Generated)/cpu.Seconds()/1e6)
	}
	if h == sliding.PDB6666 {
		writeNodeCheck(out, results)
	}
	if st.TablesMS > 1000 {
		fmt.Fprintf(out, "%-34s (tables loaded or built in %s, not counted)\n", "", fmtDuration(msDuration(st.TablesMS)))
	}
	for _, r := range results {
		if r.SlidingBenchInstance != nil && r.Status != status.Solved {
			fmt.Fprintf(out, "  #%d: %v, length %d, want %d: %s\n", r.ID, r.Status, r.Length, r.Want, r.Error)
		}
	}
}

// jobArgs are the arguments of a sharded bench's job: all that selects
// the instances and changes the records, defaults resolved.
func (c *slidingBenchCmd) jobArgs() []string {
	return []string{"--set=" + c.set, "--heuristic=" + c.heuristics, "--max=" + strconv.Itoa(c.max), "--instances=" + c.instances,
		"--easiest=" + strconv.Itoa(c.easiest), "--timeout=" + c.timeout.String(), "--verbose=" + strconv.FormatBool(c.verbose)}
}

// runShard runs shard sp of the bench of insts: for each heuristic, the
// records of its instances with their place, then its row; last, its
// summary (package shard; 'puzzle merge' puts the shards together).
func (c *slidingBenchCmd) runShard(e *env, v *verb, sp shard.Spec, inputs shard.Inputs, store *sliding.Store, hs []sliding.Heuristic,
	insts []benchInstance, workers, side int) int {
	bs := &batchShard{spec: sp, job: shard.Job{Command: v.name, Args: c.jobArgs()}, inputs: inputs, records: sha256.New(), start: time.Now()}
	var mine []benchInstance
	var index []int
	for i, in := range insts {
		if sp.Owns(i) {
			mine, index = append(mine, in), append(index, i)
		}
	}
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	human := func(w io.Writer, r *record.SlidingBenchInstance) error {
		writeBenchResult(w, benchResult{SlidingBenchInstance: r})
		return nil
	}
	failed := false
	var err error
	for _, h := range hs {
		row, results := c.runHeuristic(e, store, h, mine, workers, side)
		if e.ctx.Err() != nil {
			break
		}
		for j, r := range results {
			if err == nil {
				err = writeShardRecord(out, bs, r.SlidingBenchInstance, index[j], human)
			}
		}
		if err == nil {
			err = bs.writeRow(out, row)
		}
		if row.Status != status.Solved {
			failed = true
		}
	}
	bs.next = len(insts) * len(hs)
	sum := bs.summary(status.Solved, "")
	if e.ctx.Err() != nil {
		sum = bs.summary(status.Timeout, "interrupted")
		e.errorf("%s: interrupted", v.name)
		failed = true
	}
	if err == nil {
		err = writeJSONLine(out, sum)
	}
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		e.errorf("%s: %v", v.name, err)
		return exitFail
	}
	if failed {
		return exitFail
	}
	return exitOK
}

// writeRow writes a shard's row of one heuristic with the shard and job,
// hashed with the shard's records (not counted among them).
func (s *batchShard) writeRow(out *bufio.Writer, row *record.SlidingBench) error {
	var buf bytes.Buffer
	if err := writeJSONLine(&buf, row); err != nil {
		return err
	}
	line := bytes.TrimRight(buf.Bytes(), "\n")
	b := append(line[:len(line)-1:len(line)-1], `,"shard":"`...)
	b = append(b, s.spec.String()...)
	b = append(b, `","job":"`...)
	b = append(b, s.jobID()...)
	b = append(b, `"}`...)
	s.records.Write(b)
	_, err := out.Write(append(b, '\n'))
	return err
}

func msDuration(x float64) time.Duration { return time.Duration(x * float64(time.Millisecond)) }

func writeBenchResult(w io.Writer, r benchResult) {
	fmt.Fprintf(w, "  #%-3d %-8v length %3d (want %3d) generated %13d expanded %13d", r.ID, r.Status, r.Length, r.Want, r.Stats.Generated, r.Stats.Expanded)
	if r.Published > 0 {
		same := "equal"
		if d := r.Stats.Generated - r.Published; d != 0 {
			same = fmt.Sprintf("DIFFERENT by %+d", d)
		}
		fmt.Fprintf(w, "\n       Korf & Felner 2002: %13d nodes (%s, ratio %.3f); Clausecker's 6-6-6-6: %13d expansions (expanded ratio %.2f)",
			r.Published, same, float64(r.Stats.Generated)/float64(r.Published), r.Clausecker, float64(r.Stats.Expanded)/float64(max(r.Clausecker, 1)))
	}
	fmt.Fprintf(w, " %s\n", fmtDuration(msDuration(r.Stats.TimeMS)))
}

// writeNodeCheck says how many instances generated exactly the nodes of
// Korf and Felner's counts, which are those of pdb-6666.
func writeNodeCheck(w io.Writer, results []benchResult) {
	var equal, known int
	var generated, published int64
	for _, r := range results {
		if r.SlidingBenchInstance == nil || r.Published <= 0 || !r.solved {
			continue
		}
		known++
		if r.Stats.Generated == r.Published {
			equal++
		}
		generated += r.Stats.Generated
		published += r.Published
	}
	if known == 0 {
		return
	}
	verdict := "all equal"
	if equal < known {
		verdict = fmt.Sprintf("%d DIFFERENT", known-equal)
	}
	fmt.Fprintf(w, "%-34s nodes generated against Korf & Felner's counts: %d of %d equal (%s); %d generated, %d published\n",
		"", equal, known, verdict, generated, published)
}

// runHeuristic solves every instance with one heuristic.
func (c *slidingBenchCmd) runHeuristic(e *env, store *sliding.Store, h sliding.Heuristic, insts []benchInstance, workers, side int) (*record.SlidingBench, []benchResult) {
	row := &record.SlidingBench{Set: c.set, Heuristic: string(h), Instances: len(insts), Tally: map[status.Status]int{}}
	results := make([]benchResult, len(insts))
	start := time.Now()
	for _, part := range strings.Split(string(h), "+") {
		if _, _, ok := sliding.Partition(sliding.Heuristic(part)); ok {
			if _, err := store.Load(e.ctx, sliding.Heuristic(part), side, side); err != nil {
				if e.ctx.Err() != nil {
					err = errors.New("interrupted")
				}
				for i := range results {
					results[i] = benchResult{SlidingBenchInstance: &record.SlidingBenchInstance{Head: record.Head{Status: status.Invalid, Error: err.Error()},
						Set: c.set, Heuristic: string(h), ID: insts[i].id, Want: insts[i].length}, err: err}
				}
				row.Status, row.Error = status.Invalid, err.Error()
				return row, results
			}
		}
	}
	row.Stats.TablesMS = ms(time.Since(start))
	start = time.Now()
	cpu := queensCPUTime()
	order := largestFirst(insts)
	var next int
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				j := next
				next++
				mu.Unlock()
				if j >= len(order) || e.ctx.Err() != nil {
					return
				}
				i := order[j]
				results[i] = c.solveInstance(e.ctx, store, h, insts[i])
			}
		}()
	}
	wg.Wait()
	row.Stats.TimeMS = ms(time.Since(start))
	row.Stats.CPUMS = ms(queensCPUTime() - cpu)
	benchTotals(row, results, c.timeout)
	return row, results
}

// benchSolved reports whether the record is of an instance solved, to
// any length: solved, or invalid for a length other than the published
// one (as solveInstance writes it).
func benchSolved(r *record.SlidingBenchInstance) bool {
	return r.Status == status.Solved || r.Status == status.Invalid && r.Error == fmt.Sprintf("length %d, published %d", r.Length, r.Want)
}

// benchTotals fills the row's counts, status and the times that come from
// the instances (instances_ms, slowest_ms, the rate) from the results;
// timeout is the --timeout, for the error.
func benchTotals(row *record.SlidingBench, results []benchResult, timeout time.Duration) {
	timedOut := 0
	for _, r := range results {
		if r.SlidingBenchInstance == nil {
			continue // not reached: interrupted
		}
		if r.solved {
			row.Solved++
			row.Checked++
			if r.Length != r.Want {
				row.Wrong++
			}
		}
		if r.Status == status.Timeout {
			timedOut++
		}
		row.Tally[r.Status]++
		row.TotalLength += r.Length
		row.Stats.Generated += r.Stats.Generated
		row.Stats.Expanded += r.Stats.Expanded
		row.Stats.InstancesMS += r.Stats.TimeMS
		if r.Stats.TimeMS > row.Stats.SlowestMS {
			row.Stats.SlowestMS, row.Slowest = r.Stats.TimeMS, r.ID
		}
	}
	if row.Stats.InstancesMS > 0 {
		row.Stats.RatePerCore = float64(row.Stats.Generated) / (row.Stats.InstancesMS / 1000) / 1e6
	}
	switch {
	case row.Wrong > 0:
		row.Status, row.Error = status.Invalid, fmt.Sprintf("%s of %d differ from the published ones", plural(row.Wrong, "length"), row.Checked)
	case timedOut > 0:
		row.Status, row.Error = status.Timeout, fmt.Sprintf("%s of %d not solved within %v", plural(timedOut, "instance"), row.Instances, timeout)
	case row.Solved < row.Instances:
		row.Status, row.Error = status.Invalid, fmt.Sprintf("%d of %s not solved", row.Instances-row.Solved, plural(row.Instances, "instance"))
	default:
		row.Status = status.Solved
	}
}

// easiest returns the n instances with the fewest published nodes, from
// the fewest.
func easiest(insts []benchInstance, n int) ([]benchInstance, error) {
	if n > len(insts) {
		return nil, fmt.Errorf("--easiest %d: the set has %d instances", n, len(insts))
	}
	for _, in := range insts {
		if in.published <= 0 {
			return nil, fmt.Errorf("--easiest: no published node count for instance %d", in.id)
		}
	}
	sorted := slices.Clone(insts)
	slices.SortStableFunc(sorted, func(a, b benchInstance) int { return cmp.Compare(a.published, b.published) })
	return sorted[:n], nil
}

// largestFirst returns the order in which the workers take the instances:
// the most published nodes first where every instance has a count (the
// longest-processing-time rule, so that the workers finish together),
// else as listed.
func largestFirst(insts []benchInstance) []int {
	order := make([]int, len(insts))
	for i := range order {
		order[i] = i
	}
	if slices.ContainsFunc(insts, func(in benchInstance) bool { return in.published <= 0 }) {
		return order
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(insts[b].published, insts[a].published) })
	return order
}

// solveInstance solves one instance within --timeout (if any) and checks
// its solution and length.
func (c *slidingBenchCmd) solveInstance(ctx context.Context, store *sliding.Store, h sliding.Heuristic, in benchInstance) benchResult {
	sctx, cancel := context.WithCancel(ctx)
	if c.timeout > 0 {
		sctx, cancel = context.WithTimeout(ctx, c.timeout)
	}
	defer cancel()
	res, err := sliding.Solve(sctx, &sliding.Puzzle{Board: in.board, Goal: sliding.BlankFirst},
		sliding.Options{Algorithm: sliding.IDAStar, Heuristic: h, Store: store})
	if err == nil {
		err = in.board.Check(res.Moves, sliding.BlankFirst)
	}
	r := &record.SlidingBenchInstance{Head: record.Head{Status: res.Status}, Set: c.set, Heuristic: string(h), ID: in.id,
		Length: len(res.Moves), Want: in.length, Published: in.published, Clausecker: in.clausecker,
		Stats: record.SlidingBenchStats{Generated: res.Stats.Generated, Expanded: res.Stats.Expanded, TimeMS: ms(res.Stats.Time)}}
	switch {
	case res.Status == status.Timeout && ctx.Err() == nil && sctx.Err() != nil:
		r.Error = fmt.Sprintf("no answer within %v", c.timeout)
	case err != nil && res.Status == status.Solved:
		r.Status, r.Error = status.Invalid, "internal error: "+err.Error()
	case err != nil && ctx.Err() != nil:
		r.Error = "interrupted"
	case err != nil:
		r.Error = err.Error()
	case res.Status != status.Solved:
		r.Status, r.Error = status.Invalid, "no solution found"
	case r.Length != r.Want:
		r.Status, r.Error = status.Invalid, fmt.Sprintf("length %d, published %d", r.Length, r.Want)
	}
	if r.Error != "" && r.Status != status.Invalid && r.Status != status.Timeout {
		r.Status = status.Invalid
	}
	// solved is read from the record, as merge reads it back.
	return benchResult{SlidingBenchInstance: r, solved: benchSolved(r), err: err}
}

// readKorf100 reads korf100.txt and checks it against the lengths file.
func readKorf100(root string, in *shard.Inputs) ([]benchInstance, error) {
	dir := filepath.Join(root, "korf100-15puzzle-instances")
	insts, err := readNumbered(in, filepath.Join(dir, "korf100.txt"), 4, func(f []string) (string, error) {
		if len(f) != 17 {
			return "", fmt.Errorf("want an id and 16 tiles, got %d fields", len(f))
		}
		return strings.Join(f[1:], " "), nil
	})
	if err != nil {
		return nil, err
	}
	lengths := filepath.Join(dir, "korf100-lengths.tsv")
	data, err := readHashed(in, lengths)
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
func readKorf24(root string, in *shard.Inputs) ([]benchInstance, error) {
	dir := filepath.Join(root, "clausecker-24puzzle")
	var lengths []int
	var nodes []int64
	insts, err := readNumbered(in, filepath.Join(dir, "korf.txt"), 5, func(f []string) (string, error) {
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
	data, err := readHashed(in, combined)
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

// readHashed reads the file at path, hashing it into in as the job's
// next input.
func readHashed(in *shard.Inputs, path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(in.Reader(f))
}

// readNumbered reads the lines of path that start with a number: the
// instance's id, then what tilesOf makes of the fields a board of the
// given side ("" skips the line).
func readNumbered(in *shard.Inputs, path string, side int, tilesOf func([]string) (string, error)) ([]benchInstance, error) {
	data, err := readHashed(in, path)
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
		p, err := sliding.Parse(strings.NewReader(tiles))
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n+1, err)
		}
		if p.Board.Rows != side || p.Board.Cols != side {
			return nil, fmt.Errorf("%s:%d: not a %d×%d board", path, n+1, side, side)
		}
		insts = append(insts, benchInstance{id: id, board: p.Board})
	}
	if len(insts) == 0 {
		return nil, fmt.Errorf("%s: no instance", path)
	}
	return insts, nil
}
