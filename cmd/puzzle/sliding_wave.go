package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/puzzlesolvers/puzzle/internal/jsonl"
	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/internal/shard"
	"github.com/puzzlesolvers/puzzle/sliding"
	"github.com/puzzlesolvers/puzzle/status"
)

// One board over many machines: 'puzzle sliding solve --shard I/K'
// searches one shard of one IDA* iteration (a wave), and 'puzzle sliding
// wave' merges a wave's shards into the solution or the next wave's file.

// readOneBoard reads the one board of a shard's operands.
func (c *slidingSolveCmd) readOneBoard(e *env, operands []string) (*sliding.Puzzle, string, error) {
	name, r := "args", io.Reader(nil)
	switch {
	case allNumbers(operands):
		r = strings.NewReader(strings.Join(operands, " "))
	case len(operands) > 1:
		return nil, "", fmt.Errorf("a shard searches one board, not %d files", len(operands))
	case len(operands) == 0 || operands[0] == "-":
		name, r = stdinName, e.stdin
	default:
		f, err := os.Open(operands[0])
		if err != nil {
			return nil, "", err
		}
		defer f.Close()
		name, r = operands[0], f
	}
	rd := sliding.NewReader(r, name)
	rd.Goal = c.goalValue()
	var p *sliding.Puzzle
	for q, err := range rd.All() {
		if err != nil {
			return nil, "", err
		}
		if p != nil {
			return nil, "", fmt.Errorf("%s:%d: a shard searches one board, and a second starts here", name, q.Line)
		}
		p = q
	}
	if p == nil {
		return nil, "", fmt.Errorf("%s: no board", name)
	}
	return p, name, nil
}

// solveShard is 'puzzle sliding solve --shard I/K': one shard of a wave.
func (c *slidingSolveCmd) solveShard(e *env, v *verb, operands []string) int {
	sp, code, ok := c.shard.resolve(e, v)
	if !ok {
		return code
	}
	i, k := sp.I, sp.K
	if sp.Whole() {
		i, k = 1, 1
	}
	bound := 0
	switch {
	case c.bound != "" && c.waveFile != "":
		return v.usageError(e, "--bound and --wave: give one (the wave file has the bound)")
	case c.bound != "" && c.bound != "first":
		n, err := strconv.Atoi(c.bound)
		if err != nil || n < 1 {
			return v.usageError(e, "--bound %q: want a positive number, or first", c.bound)
		}
		bound = n
	}
	switch {
	case c.algo.value != string(sliding.AutoAlgorithm) && c.algo.value != string(sliding.IDAStar):
		return v.usageError(e, "a wave searches with idastar, not %s", c.algo.value)
	case c.animate:
		return v.usageError(e, "--animate does not go with --bound or --wave")
	case c.timeout < 0:
		return v.usageError(e, "--timeout must not be negative")
	}
	cut := 0 // auto
	if c.cut != "" && c.cut != "auto" {
		n, err := strconv.Atoi(c.cut)
		if err != nil || n < 1 {
			return v.usageError(e, "--cut %q: want a positive depth, or auto", c.cut)
		}
		cut = n
	}
	h, err := sliding.ParseHeuristic(c.heuristic)
	if err != nil {
		return v.usageError(e, "%v", err)
	}
	p, name, err := c.readOneBoard(e, operands)
	if err != nil {
		e.errorf("%s: %v", v.name, err)
		return exitFail
	}
	if err := h.Fits(p.Board.Rows, p.Board.Cols); err != nil {
		return v.usageError(e, "%v", err)
	}
	store := e.newSlidingStore(c.cache)
	h, err = store.Prepare(e.ctx, h, p.Board.Rows, p.Board.Cols)
	if err != nil {
		e.errorf("%s: %v", v.name, err)
		return exitFail
	}
	job := record.NewSlidingWaveJob(p, h)
	opt := sliding.WaveOptions{Heuristic: h, Store: store, Bound: bound, Cut: cut, Shard: i, Shards: k}
	var before record.SlidingWaveTotal
	if c.waveFile != "" {
		next, err := readWaveFile(c.waveFile)
		if err != nil {
			e.errorf("%s: %v", v.name, err)
			return exitFail
		}
		if next.Job != job.Job {
			e.errorf("%s: %s: the wave file is of job %s (board %s, %s, %s), not of this board's %s",
				v.name, c.waveFile, next.Job, next.Board, next.Goal, next.Heuristic, job.Job)
			return exitFail
		}
		if cut != 0 && cut != next.Cut {
			return v.usageError(e, "--cut %d differs from the wave file's cut %d", cut, next.Cut)
		}
		opt.Bound, opt.Cut, opt.AutoCut, opt.Sizes, before = next.Bound, next.Cut, next.AutoCut, next.Sizes, next.Before
	}
	ctx := e.ctx
	if c.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.timeout)
		defer cancel()
	}
	if c.found != "" {
		var stop context.CancelCauseFunc
		ctx, stop = context.WithCancelCause(ctx)
		defer stop(nil)
		if by := foundBy(c.found, job.Job, opt, before.Waves); by > 0 {
			stop(&sliding.FoundBy{Shard: by}) // found before this shard started
		} else {
			go watchFound(ctx, stop, c.found, job.Job, opt, before.Waves)
		}
	}
	res, err := sliding.SolveWave(ctx, p, opt)
	if res.Status == status.Invalid {
		e.errorf("%s: %s: %v", v.name, name, err)
		return exitFail
	}
	rec := record.NewSlidingWaveShard(name, p, job, before, res, err)
	if rec.Found && c.found != "" {
		// Tell the other shards, before anything else.
		var b strings.Builder
		jw := jsonl.NewWriter(&b)
		err := jw.Write(rec)
		if err == nil {
			err = jw.Flush()
		}
		if err == nil {
			err = writeFileAtomic(c.found, []byte(b.String()))
		}
		if err != nil {
			e.errorf("%s: --found: %v", v.name, err)
		}
	}
	if res.Status == status.Timeout && c.timeout > 0 && e.ctx.Err() == nil {
		rec.Error = fmt.Sprintf("no answer within %v", c.timeout)
	}
	out := bufio.NewWriter(e.stdout)
	if c.json {
		err = jsonl.NewWriter(out).Write(rec)
	} else {
		writeWaveShardHuman(out, rec)
	}
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		e.errorf("%s: %v", v.name, err)
		return exitFail
	}
	if rec.Status != status.Solved {
		return exitFail
	}
	return exitOK
}

// foundPoll is how often a shard looks for the --found file.
var foundPoll = time.Second

// watchFound looks for the file path every foundPoll until ctx is done;
// when it holds the record of a shard of the same wave (job, number of
// shards, waves before, and bound when known) that found a goal, it stops
// the search with cause sliding.FoundBy. A file of another wave or job
// (left from an earlier run) is passed over.
func watchFound(ctx context.Context, stop context.CancelCauseFunc, path, job string, opt sliding.WaveOptions, waves int) {
	t := time.NewTicker(foundPoll)
	defer t.Stop()
	for {
		if by := foundBy(path, job, opt, waves); by > 0 {
			stop(&sliding.FoundBy{Shard: by})
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// foundBy returns the shard whose record of a goal found is in path, if
// it is of the same wave as opt; else 0.
func foundBy(path, job string, opt sliding.WaveOptions, waves int) int {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	var rec record.SlidingWaveShard
	if json.Unmarshal(b, &rec) != nil || !rec.Found || rec.Status != status.Solved || rec.Job != job || rec.Before.Waves != waves ||
		(opt.Bound != 0 && rec.Bound != opt.Bound) {
		return 0
	}
	var i, k int
	if _, err := fmt.Sscanf(rec.Shard, "%d/%d", &i, &k); err != nil || k != opt.Shards || i == opt.Shard || i < 1 || i > k {
		return 0
	}
	return i
}

func writeWaveShardHuman(w io.Writer, rec *record.SlidingWaveShard) {
	fmt.Fprintf(w, "%s (%d×%d, %s): shard %s of bound %d: %s", slideWaveWhere(rec), rec.Rows, rec.Cols, rec.Goal, rec.Shard, rec.Bound, rec.Status)
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
	if rec.Stats == nil {
		return
	}
	auto := ""
	if rec.AutoCut {
		auto = " (auto)"
	}
	fmt.Fprintf(w, "  %s with %s, cut at depth %d%s: %d of %d subtrees, generated %d, expanded %d\n",
		rec.Job, rec.Heuristic, rec.Cut, auto, len(rec.Subtrees), rec.Frontier, rec.Stats.Generated, rec.Stats.Expanded)
	switch {
	case rec.StoppedBy != 0:
		fmt.Fprintf(w, "  stopped: found by shard %d; the counts are partial\n", rec.StoppedBy)
	case rec.Found:
		fmt.Fprintf(w, "  found %s in subtree %d: %s\n", plural(*rec.Length, "move"), *rec.FoundSubtree, *rec.Moves)
	default:
		fmt.Fprintf(w, "  not found; least f above the bound: %d\n", rec.NextBound)
	}
}

func slideWaveWhere(rec *record.SlidingWaveShard) string {
	where := rec.File
	if rec.Line > 0 {
		where += ":" + strconv.Itoa(rec.Line)
	}
	return where
}

// readWaveFile reads the file 'puzzle sliding wave' wrote for the next
// wave.
func readWaveFile(path string) (*record.SlidingWaveNext, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var next record.SlidingWaveNext
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&next); err != nil {
		return nil, fmt.Errorf("%s: not a wave file of 'puzzle sliding wave': %v", path, err)
	}
	if err := next.Check(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if next.Bound < 1 || next.Cut < 1 {
		return nil, fmt.Errorf("%s: bound %d and cut %d must be positive", path, next.Bound, next.Cut)
	}
	return &next, nil
}

const slideWaveUsage = `Usage: puzzle sliding wave --next FILE [--json] DIR|files

Merges the shards of one wave: the records of 'puzzle sliding solve
--json --shard I/K' (one per shard; a directory stands for the .json
files in it). It checks that they are complete and of one job: every
shard 1..K there once and finished, all of one board, goal, heuristic,
bound and cut, every subtree searched once. Then, when a shard found a
solution, it prints the solution, with the nodes of every wave so far;
otherwise it writes FILE for the next wave (the next bound, the nodes so
far and each subtree's size, by which the next wave's shards balance
their split) and prints the next bound. A set that is incomplete,
duplicated, of another job or failed is refused, naming what is wrong.

--json prints one object: status (solved), job, rows, cols, board, goal,
heuristic, bound, shards, found, length, moves and optimal (found), or
next_bound and next_file; wave and total (waves, generated, expanded);
balance (the most nodes of a shard over the mean) and slowest_ms.

The node counts of a wave equal those of the IDA* iteration of its bound
in one piece (those of Korf and Felner's tables on the 24-puzzle), and the
solution is the one the search in one piece finds.

Exit status 0 when the wave merged (solved, or the next file written), 1
when the records are refused or cannot be read, 2 on usage errors.

A driver for any scheduler (here GNU parallel; a Kubernetes Indexed Job
or a Slurm array runs the shard command as well):

	K=4 w=1 next="--bound first"
	while :; do
	  mkdir -p wave$w
	  seq $K | parallel "puzzle sliding solve --json --goal blank-first --shard {}/$K $next board.txt > wave$w/{}.json"
	  puzzle sliding wave --json --next next$w.json wave$w > merged$w.json || exit 1
	  grep -q '"found":true' merged$w.json && break
	  next="--wave next$w.json" w=$((w+1))
	done
`

// slidingWaveCmd is 'puzzle sliding wave'.
type slidingWaveCmd struct {
	json bool
	next string
}

func (c *slidingWaveCmd) define(fs *flag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print the merged wave as one JSON object")
	fs.StringVar(&c.next, "next", "", "write the next wave's file to `FILE` when nothing was found")
}

// waveInputs lists the files of the operands: a directory stands for its
// .json files, in name order.
func waveInputs(operands []string) ([]string, error) {
	var files []string
	for _, o := range operands {
		st, err := os.Stat(o)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			files = append(files, o)
			continue
		}
		m, err := filepath.Glob(filepath.Join(o, "*.json"))
		if err != nil {
			return nil, err
		}
		if len(m) == 0 {
			return nil, fmt.Errorf("%s: no .json files", o)
		}
		slices.Sort(m)
		files = append(files, m...)
	}
	return files, nil
}

func (c *slidingWaveCmd) run(e *env, v *verb, operands []string) int {
	if c.next == "" {
		return v.usageError(e, "--next FILE is required: where the next wave's file goes")
	}
	if len(operands) == 0 {
		return v.usageError(e, "no shard records: give a directory or files")
	}
	files, err := waveInputs(operands)
	if err != nil {
		e.errorf("%s: %v", v.name, err)
		return exitFail
	}
	var recs []*record.SlidingWaveShard
	var where []string
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			e.errorf("%s: %v", v.name, err)
			return exitFail
		}
		for n, line := range strings.Split(string(b), "\n") {
			if strings.TrimSpace(line) == "" {
				continue
			}
			pos := fmt.Sprintf("%s:%d", name, n+1)
			var rec record.SlidingWaveShard
			dec := json.NewDecoder(strings.NewReader(line))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&rec); err != nil {
				e.errorf("%s: %s: not a record of 'puzzle sliding solve --json --shard': %v", v.name, pos, err)
				return exitFail
			}
			if rec.Status == status.Unknown || rec.Shard == "" {
				e.errorf("%s: %s: not the record of a shard (no \"status\" or \"shard\")", v.name, pos)
				return exitFail
			}
			if err := rec.SlidingWaveJob.Check(); err != nil {
				e.errorf("%s: %s: %v", v.name, pos, err)
				return exitFail
			}
			recs = append(recs, &rec)
			where = append(where, pos)
		}
	}
	if len(recs) == 0 {
		e.errorf("%s: no shard records read", v.name)
		return exitFail
	}
	results := make([]sliding.WaveResult, len(recs))
	parts := make([]shard.Part, len(recs))
	for i, rec := range recs {
		if results[i], err = rec.Result(); err != nil {
			e.errorf("%s: %s: %v", v.name, where[i], err)
			return exitFail
		}
		// A shard of another wave of the job is foreign too.
		parts[i] = shard.Part{Spec: shard.Spec{I: results[i].Shard, K: results[i].Shards}, Where: where[i],
			Job: fmt.Sprintf("%s (bound %d, cut %d, after %d waves)", rec.Job, rec.Bound, rec.Cut, rec.Before.Waves)}
		if rec.Status != status.Solved {
			parts[i].Failed = "status " + rec.Status.String()
			if rec.Error != "" {
				parts[i].Failed += ": " + rec.Error
			}
		}
	}
	if _, err := shard.Check(parts); err != nil {
		e.errorf("%s: %v", v.name, err)
		return exitFail
	}
	m, err := sliding.MergeWave(results)
	if err != nil {
		e.errorf("%s: %s", v.name, strings.TrimPrefix(err.Error(), "sliding: "))
		return exitFail
	}
	first := recs[0]
	out := &record.SlidingWave{Head: record.Head{Status: status.Solved}, SlidingWaveJob: first.SlidingWaveJob,
		Bound: m.Bound, Shards: m.Shards, Found: m.Found, Partial: m.Partial,
		Wave: record.SlidingWaveTotal{Waves: 1, Generated: m.Generated, Expanded: m.Expanded}}
	for _, i := range m.Stopped {
		out.Stopped = append(out.Stopped, fmt.Sprintf("%d/%d", i, m.Shards))
	}
	out.Total = record.SlidingWaveTotal{Waves: first.Before.Waves + 1, Generated: first.Before.Generated + m.Generated,
		Expanded: first.Before.Expanded + m.Expanded}
	var most, sum int64
	for _, r := range results {
		most, sum = max(most, r.Stats.Generated), sum+r.Stats.Generated
		out.SlowestMS = max(out.SlowestMS, record.Millis(r.Stats.Time))
	}
	if sum > 0 {
		out.Balance = float64(most) * float64(len(results)) / float64(sum)
	}
	if m.Found {
		b, err := sliding.Parse(strings.NewReader(first.Board))
		if err == nil {
			g, _ := sliding.ParseGoal(first.Goal)
			err = b.Board.Check(m.Moves, g)
		}
		if err != nil {
			e.errorf("%s: %s: the solution does not replay: %v", v.name, where[0], err)
			return exitFail
		}
		n, ms, opt := len(m.Moves), m.Moves.String(), true
		out.Length, out.Moves, out.Optimal = &n, &ms, &opt
	} else {
		next := record.SlidingWaveNext{SlidingWaveJob: first.SlidingWaveJob, Bound: m.Next, Cut: m.Cut, AutoCut: m.AutoCut, Before: out.Total, Sizes: m.Sizes}
		data, err := json.Marshal(next)
		if err == nil {
			err = writeFileAtomic(c.next, append(data, '\n'))
		}
		if err != nil {
			e.errorf("%s: %v", v.name, err)
			return exitFail
		}
		out.NextBound, out.NextFile = m.Next, c.next
	}
	w := bufio.NewWriter(e.stdout)
	if c.json {
		err = jsonl.NewWriter(w).Write(out)
	} else {
		writeWaveHuman(w, out)
	}
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if err != nil && !errors.Is(err, os.ErrClosed) {
		e.errorf("%s: %v", v.name, err)
		return exitFail
	}
	return exitOK
}

func writeWaveHuman(w io.Writer, rec *record.SlidingWave) {
	fmt.Fprintf(w, "%s (%d×%d, %s, %s): wave %d, bound %d, %d shards: ", rec.Job, rec.Rows, rec.Cols, rec.Goal, rec.Heuristic,
		rec.Total.Waves, rec.Bound, rec.Shards)
	if rec.Found {
		fmt.Fprintf(w, "solved in %s (optimal)\n  moves: %s\n", plural(*rec.Length, "move"), *rec.Moves)
		if rec.Partial {
			fmt.Fprintf(w, "  %s stopped when the goal was found: this wave's counts are partial\n", plural(len(rec.Stopped), "shard"))
		}
	} else {
		fmt.Fprintf(w, "not found; next bound %d, written to %s\n", rec.NextBound, rec.NextFile)
	}
	fmt.Fprintf(w, "  this wave: generated %d, expanded %d; balance %.3f (most nodes of a shard over the mean); slowest shard %s\n",
		rec.Wave.Generated, rec.Wave.Expanded, rec.Balance, fmtDuration(msDuration(rec.SlowestMS)))
	fmt.Fprintf(w, "  all %d waves: generated %d, expanded %d\n", rec.Total.Waves, rec.Total.Generated, rec.Total.Expanded)
}
