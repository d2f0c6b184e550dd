package main

import (
	"flag"
	"os"

	"github.com/puzzlesolvers/puzzle/internal/shard"
)

// shardFlags are the --shard and --shards flags of every verb whose work
// can be cut into shards (package shard).
type shardFlags struct {
	value  string
	shards int
	// lookup reads the environment for --shard auto; nil is os.LookupEnv.
	lookup func(string) (string, bool)
}

func (f *shardFlags) define(fs *flag.FlagSet, what string) {
	fs.StringVar(&f.value, "shard", "", "do only shard `I/K` (1 ≤ I ≤ K) of the "+what+", or auto: I and K from Kubernetes, Slurm or GNU parallel")
	fs.IntVar(&f.shards, "shards", 0, "the number `K` of shards, for --shard auto under Kubernetes or GNU parallel")
}

// resolve returns the shard asked for (the zero Spec for the whole job),
// saying on stderr where --shard auto found it; ok is false after a usage
// error, whose exit code is code.
func (f *shardFlags) resolve(e *env, v *verb) (s shard.Spec, code int, ok bool) {
	lookup := f.lookup
	if lookup == nil {
		lookup = os.LookupEnv
	}
	s, from, err := shard.Resolve(f.value, f.shards, lookup)
	if err != nil {
		return s, v.usageError(e, "%v", err), false
	}
	if from != "" {
		e.errorf("%s: shard %s, from %s", v.name, s, from)
	}
	return s, exitOK, true
}

// shardBatchHelp is the paragraph on --shard of the help of every batch
// verb.
const shardBatchHelp = `--shard I/K answers only the puzzles of shard I of K: those whose index
among all the inputs' puzzles (from 0) is I-1 modulo K. A shard writes
JSON Lines for 'puzzle merge', whatever --json says: each record with its
place ("shard", "index", "job" and "human", the output for people), then
the shard's summary. --shard auto takes I and K from a Kubernetes Indexed
Job (JOB_COMPLETION_INDEX, with --shards K), a Slurm job array
(SLURM_ARRAY_TASK_ID) or GNU parallel (PARALLEL_SEQ, with --shards K).
`
