package shard

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// A Spec is the share of a job one process does: the I-th of K, 1 ≤ I ≤ K.
// The zero Spec is the whole job.
type Spec struct {
	I, K int
}

// Whole reports whether s is the whole job (no shard, or 1/1).
func (s Spec) Whole() bool { return s.K <= 1 }

// String writes s as "I/K".
func (s Spec) String() string { return fmt.Sprintf("%d/%d", s.I, s.K) }

// Owns reports whether item i (from 0) of the job is this shard's: i mod K
// is I-1. The whole job owns every item.
func (s Spec) Owns(i int) bool { return s.Whole() || i%s.K == s.I-1 }

// MaxShards is the largest K accepted: more shards than any cluster runs,
// and few enough that a merge can list them.
const MaxShards = 1 << 20

// Parse reads "I/K" with 1 ≤ I ≤ K ≤ MaxShards.
func Parse(text string) (Spec, error) {
	is, ks, ok := strings.Cut(text, "/")
	i, err1 := strconv.Atoi(is)
	k, err2 := strconv.Atoi(ks)
	if !ok || err1 != nil || err2 != nil || k < 1 || i < 1 || i > k || k > MaxShards {
		return Spec{}, fmt.Errorf("shard %q: want I/K with 1 ≤ I ≤ K, such as 2/8, or auto", text)
	}
	return Spec{I: i, K: k}, nil
}

// The environment variables that Resolve reads for "auto".
const (
	EnvKubernetes = "JOB_COMPLETION_INDEX"   // Kubernetes Indexed Job: the index, from 0
	EnvSlurmID    = "SLURM_ARRAY_TASK_ID"    // Slurm job array: this task's number
	EnvSlurmCount = "SLURM_ARRAY_TASK_COUNT" // the number of tasks
	EnvSlurmMin   = "SLURM_ARRAY_TASK_MIN"   // the first task's number
	EnvSlurmStep  = "SLURM_ARRAY_TASK_STEP"  // the step between numbers (1 if unset)
	EnvParallel   = "PARALLEL_SEQ"           // GNU parallel: the job's sequence number, from 1
)

// Resolve returns the Spec of a --shard value: "" (the whole job), "I/K",
// or "auto", read from the environment through lookup (os.LookupEnv). shards
// is the --shards flag, 0 when not given: the K of Kubernetes and GNU
// parallel, which do not tell it, and a check on the others. from says, for
// auto, where I and K came from, for the user to read on stderr.
func Resolve(value string, shards int, lookup func(string) (string, bool)) (s Spec, from string, err error) {
	if shards < 0 || shards > MaxShards {
		return Spec{}, "", fmt.Errorf("--shards %d: want 1 ≤ K ≤ %d", shards, MaxShards)
	}
	switch value {
	case "":
		if shards != 0 {
			return Spec{}, "", errors.New("--shards goes with --shard auto or --shard I/K")
		}
		return Spec{}, "", nil
	case "auto":
		return resolveAuto(shards, lookup)
	}
	s, err = Parse(value)
	if err != nil {
		return Spec{}, "", err
	}
	if shards != 0 && shards != s.K {
		return Spec{}, "", fmt.Errorf("--shard %s and --shards %d disagree", s, shards)
	}
	return s, "", nil
}

func resolveAuto(shards int, lookup func(string) (string, bool)) (Spec, string, error) {
	var set []string
	for _, name := range []string{EnvKubernetes, EnvSlurmID, EnvParallel} {
		if _, ok := lookup(name); ok {
			set = append(set, name)
		}
	}
	switch len(set) {
	case 0:
		return Spec{}, "", fmt.Errorf("--shard auto: none of %s (Kubernetes), %s (Slurm) or %s (GNU parallel) is set; give --shard I/K",
			EnvKubernetes, EnvSlurmID, EnvParallel)
	case 1:
	default:
		return Spec{}, "", fmt.Errorf("--shard auto: %s are all set, which is ambiguous; give --shard I/K", strings.Join(set, " and "))
	}
	num := func(name string) (int, bool, error) {
		v, ok := lookup(name)
		if !ok {
			return 0, false, nil
		}
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return 0, true, fmt.Errorf("--shard auto: %s=%q is not a number", name, v)
		}
		return n, true, nil
	}
	needK := func(src string) error {
		if shards == 0 {
			return fmt.Errorf("--shard auto: %s is set but gives no shard count: add --shards K", src)
		}
		return nil
	}
	var s Spec
	var from string
	switch set[0] {
	case EnvKubernetes:
		idx, _, err := num(EnvKubernetes)
		if err != nil {
			return Spec{}, "", err
		}
		if err := needK(EnvKubernetes); err != nil {
			return Spec{}, "", err
		}
		if idx < 0 || idx >= shards {
			return Spec{}, "", fmt.Errorf("--shard auto: %s=%d is outside 0..%d (--shards %d)", EnvKubernetes, idx, shards-1, shards)
		}
		s = Spec{I: idx + 1, K: shards}
		from = fmt.Sprintf("%s=%d and --shards %d (Kubernetes Indexed Job)", EnvKubernetes, idx, shards)
	case EnvSlurmID:
		id, _, err := num(EnvSlurmID)
		if err != nil {
			return Spec{}, "", err
		}
		count, hasCount, err := num(EnvSlurmCount)
		if err != nil {
			return Spec{}, "", err
		}
		lo, hasMin, err := num(EnvSlurmMin)
		if err != nil {
			return Spec{}, "", err
		}
		step, hasStep, err := num(EnvSlurmStep)
		if err != nil {
			return Spec{}, "", err
		}
		if !hasCount || !hasMin {
			return Spec{}, "", fmt.Errorf("--shard auto: %s is set without %s and %s", EnvSlurmID, EnvSlurmCount, EnvSlurmMin)
		}
		if !hasStep {
			step = 1
		}
		switch {
		case count < 1:
			return Spec{}, "", fmt.Errorf("--shard auto: %s=%d: want at least 1", EnvSlurmCount, count)
		case step < 1:
			return Spec{}, "", fmt.Errorf("--shard auto: %s=%d: want at least 1", EnvSlurmStep, step)
		case id < lo || (id-lo)%step != 0 || (id-lo)/step >= count:
			return Spec{}, "", fmt.Errorf("--shard auto: %s=%d is not one of the %d tasks from %s=%d by %d (an array of numbers in steps, such as --array=0-7 or 1-16:3, is needed)",
				EnvSlurmID, id, count, EnvSlurmMin, lo, step)
		case shards != 0 && shards != count:
			return Spec{}, "", fmt.Errorf("--shard auto: %s=%d and --shards %d disagree", EnvSlurmCount, count, shards)
		}
		s = Spec{I: (id-lo)/step + 1, K: count}
		from = fmt.Sprintf("%s=%d, %s=%d and %s=%d (Slurm job array)", EnvSlurmID, id, EnvSlurmMin, lo, EnvSlurmCount, count)
	case EnvParallel:
		seq, _, err := num(EnvParallel)
		if err != nil {
			return Spec{}, "", err
		}
		if err := needK(EnvParallel); err != nil {
			return Spec{}, "", err
		}
		if seq < 1 || seq > shards {
			return Spec{}, "", fmt.Errorf("--shard auto: %s=%d is outside 1..%d (--shards %d)", EnvParallel, seq, shards, shards)
		}
		s = Spec{I: seq, K: shards}
		from = fmt.Sprintf("%s=%d and --shards %d (GNU parallel)", EnvParallel, seq, shards)
	}
	return s, from, nil
}
