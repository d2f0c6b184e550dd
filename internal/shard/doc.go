// Package shard cuts a long job into K deterministic shares that any batch
// scheduler runs as ordinary processes, and checks the shares when they are
// merged back.
//
// A shard is the I-th of K (1 ≤ I ≤ K), written "I/K". A job whose work is a
// list of items (the puzzles of a batch file, the sub-problems of a count)
// gives item i (from 0) to shard i mod K + 1: round robin, so that a file
// sorted by difficulty spreads its hard end over every shard. Spec "auto"
// takes I and K from the scheduler that started the process: a Kubernetes
// Indexed Job (JOB_COMPLETION_INDEX, from 0, with K from --shards), a Slurm
// job array (SLURM_ARRAY_TASK_ID, _COUNT, _MIN and _STEP: arrays may start
// at any number) or GNU parallel (PARALLEL_SEQ, from 1, with K from
// --shards). This is the pattern of Kubernetes' "Indexed Job for parallel
// processing with static work assignment" and of Slurm's job arrays: no
// queue and no coordinator, every process works out its share alone.
//
// Every record a shard writes names its job (Job: the command, the
// arguments that change the answer and a SHA-256 of the inputs), so that
// Check can refuse, when the outputs are merged, a set of shards that is
// incomplete, has a shard twice, mixes jobs or holds a shard that failed.
package shard
