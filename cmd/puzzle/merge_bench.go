package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/puzzlesolvers/puzzle/internal/record"
	"github.com/puzzlesolvers/puzzle/internal/shard"
	"github.com/puzzlesolvers/puzzle/sliding"
	"github.com/puzzlesolvers/puzzle/status"
)

// benchCommand is the command of the shards of 'sliding bench --shard'.
const benchCommand = "sliding bench"

// benchPlace is the place a bench shard adds to its records: an
// instance's record has an index, a shard's row of a heuristic none.
type benchPlace struct {
	Shard     string `json:"shard"`
	Index     *int   `json:"index"`
	Job       string `json:"job"`
	Heuristic string `json:"heuristic"`
}

// mergeBench checks the shards of 'sliding bench --shard' and writes what
// the bench without --shard writes: for each heuristic, its instances'
// records (with --verbose) and its row, the counts and lengths of the
// instances added up, and the times combined (time_ms the slowest
// shard's, shards_ms each shard's, instances_ms the instances' sum,
// cpu_ms the shards' sum).
func mergeBench(e *env, v *verb, in *mergeInputs, lines []mergeLine, probes []mergeProbe, asJSON bool) int {
	fail := func(problems []string) int {
		e.errorf("%s: %s", v.name, strings.Join(problems, "; "))
		return exitFail
	}
	sums, problems := checkSummaries(lines, probes)
	if len(problems) > 0 {
		return fail(problems)
	}
	var first shardSummary
	b, err := in.read(sums[0].l)
	if err == nil {
		err = json.Unmarshal(b, &first)
	}
	if err != nil {
		return fail([]string{fmt.Sprintf("%s: %v", sums[0].l.where(), err)})
	}
	args := map[string]string{}
	for _, a := range first.Args {
		name, value, _ := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		args[name] = value
	}
	heuristics := strings.Split(args["heuristic"], ",")
	verbose := args["verbose"] == "true"
	job, k, total := first.Job, sums[0].spec.K, first.Total
	if total%len(heuristics) != 0 {
		return fail([]string{fmt.Sprintf("%s: %d records in all, not a multiple of the %d heuristics", sums[0].l.where(), total, len(heuristics))})
	}
	n := total / len(heuristics) // the instances selected
	written := 0
	for _, s := range sums {
		written += s.p.Puzzles
	}
	if written != total {
		return fail([]string{fmt.Sprintf("the shards' summaries say %d records in all, but %d written", total, written)})
	}
	insts := make([][]mergeLine, len(heuristics)) // by heuristic and index
	rows := make([][]*record.SlidingBench, len(heuristics))
	for h := range heuristics {
		insts[h], rows[h] = make([]mergeLine, n), make([]*record.SlidingBench, k+1)
	}
	hashes := make([]*shardHash, k+1)
	for _, s := range sums {
		hashes[s.spec.I] = newShardHash()
	}
	for i := range probes {
		l := lines[i]
		if probes[i].Command != "" {
			continue
		}
		b, err := in.read(l)
		var pl benchPlace
		if err == nil {
			err = json.Unmarshal(b, &pl)
		}
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", l.where(), err))
			continue
		}
		s, err := shard.Parse(pl.Shard)
		h := slices.Index(heuristics, pl.Heuristic)
		switch {
		case err != nil:
			problems = append(problems, fmt.Sprintf("%s: %v", l.where(), err))
		case pl.Job != job || s.K != k:
			problems = append(problems, fmt.Sprintf("%s: a record of another job (%s, shard %s)", l.where(), pl.Job, pl.Shard))
		case h < 0:
			problems = append(problems, fmt.Sprintf("%s: heuristic %q is not of the job (%s)", l.where(), pl.Heuristic, args["heuristic"]))
		case pl.Index == nil && rows[h][s.I] != nil:
			problems = append(problems, fmt.Sprintf("%s: shard %s's row of %s given twice", l.where(), s, pl.Heuristic))
		case pl.Index == nil:
			var row record.SlidingBench
			if err := json.Unmarshal(b, &row); err != nil {
				problems = append(problems, fmt.Sprintf("%s: %v", l.where(), err))
				break
			}
			rows[h][s.I] = &row
			hashes[s.I].h.Write(b) // hashed, not counted
		case *pl.Index < 0 || *pl.Index >= n:
			problems = append(problems, fmt.Sprintf("%s: index %d out of range: the job has %d instances", l.where(), *pl.Index, n))
		case !s.Owns(*pl.Index):
			problems = append(problems, fmt.Sprintf("%s: index %d is not shard %s's", l.where(), *pl.Index, s))
		case insts[h][*pl.Index].name != "":
			problems = append(problems, fmt.Sprintf("instance %d of %s given twice (%s and %s)", *pl.Index, pl.Heuristic, insts[h][*pl.Index].where(), l.where()))
		default:
			insts[h][*pl.Index] = l
			hashes[s.I].add(b)
		}
		if len(problems) > 20 {
			break
		}
	}
	for h, name := range heuristics {
		for i := 1; i <= k && len(problems) == 0; i++ {
			if rows[h][i] == nil {
				problems = append(problems, fmt.Sprintf("shard %s's row of %s missing (cut short, or mixed with another run's)", shard.Spec{I: i, K: k}, name))
			}
		}
	}
	problems = append(problems, shortShards(sums, hashes)...)
	if len(problems) > 0 {
		return fail(problems)
	}
	// Every instance's record of every heuristic is there once, and every
	// shard's row: add them up.
	out := bufio.NewWriterSize(e.stdout, outputBuffer)
	if !asJSON {
		writeBenchHeader(out, args["set"], n, fmt.Sprintf("%d shards merged", k))
	}
	failed := false
	for h, name := range heuristics {
		results := make([]benchResult, n)
		var recs [][]byte
		for i, l := range insts[h] {
			b, err := in.read(l)
			var r record.SlidingBenchInstance
			if err == nil {
				err = json.Unmarshal(b, &r)
			}
			var rec []byte
			if err == nil {
				rec, _, err = unplace(b)
			}
			if err != nil {
				out.Flush()
				e.errorf("%s: %s: %v", v.name, l.where(), err)
				return exitFail
			}
			results[i] = benchResult{SlidingBenchInstance: &r, solved: benchSolved(&r)}
			recs = append(recs, rec)
		}
		row := &record.SlidingBench{Set: args["set"], Heuristic: name, Instances: n, Tally: map[status.Status]int{}}
		benchTotals(row, results, 0)
		if row.Status == status.Timeout { // the error names the --timeout
			row.Error = strings.Replace(row.Error, "within 0s", "within "+args["timeout"], 1)
		}
		for _, r := range rows[h][1:] {
			row.Stats.ShardsMS = append(row.Stats.ShardsMS, r.Stats.TimeMS)
			row.Stats.TimeMS = max(row.Stats.TimeMS, r.Stats.TimeMS)
			row.Stats.TablesMS = max(row.Stats.TablesMS, r.Stats.TablesMS)
			row.Stats.CPUMS += r.Stats.CPUMS
		}
		if row.Status != status.Solved {
			failed = true
		}
		if asJSON {
			if verbose {
				for _, rec := range recs {
					out.Write(append(rec, '\n'))
				}
			}
			writeJSONLine(out, row)
			continue
		}
		writeBenchRow(out, sliding.Heuristic(name), row, results, verbose)
	}
	if err := out.Flush(); err != nil {
		e.errorf("%s: %v", v.name, err)
		return exitFail
	}
	if failed {
		return exitFail
	}
	return exitOK
}
