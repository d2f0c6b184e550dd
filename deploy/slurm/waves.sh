#!/bin/bash
# waves.sh K BOARD [FLAGS...]: solve one board optimally by IDA* waves, each
# wave a Slurm job array of K tasks (one shard each, --shard auto), waited
# for (sbatch --wait) and merged by 'puzzle sliding wave', until a wave
# finds the goal:
#
#   ./waves.sh 64 korf44.txt --goal blank-first --heuristic pdb-6666
#
# Run it from a directory on the shared file system: the tasks write their
# records under waves/, and share waves/found.json, where the task that
# finds the goal writes its record, so that the other tasks of the last
# wave stop within a second (docs/scale-out.md). The pattern databases are
# $PUZZLE_CACHE, shared too. The cut is chosen from K (--cut auto) and kept.
set -euo pipefail
k=${1:?usage: waves.sh K BOARD [FLAGS...]}
board=${2:?usage: waves.sh K BOARD [FLAGS...]}
shift 2
work=$PWD/waves
mkdir -p "$work" logs
next="--bound first"
for ((w = 1; ; w++)); do
	mkdir -p "$work/wave$w"
	sbatch --wait --array=1-"$k" --job-name=puzzle-wave --cpus-per-task=1 --mem=1G --output=logs/%x-%A_%a.log \
		--wrap="puzzle sliding solve --json $* --shard auto $next --found $work/found.json $board > $work/wave$w/\$SLURM_ARRAY_TASK_ID.json.tmp && mv $work/wave$w/\$SLURM_ARRAY_TASK_ID.json.tmp $work/wave$w/\$SLURM_ARRAY_TASK_ID.json"
	puzzle sliding wave --json --next "$work/next$w.json" "$work/wave$w" >"$work/merged$w.json"
	if grep -q '"found":true' "$work/merged$w.json"; then
		puzzle sliding wave --next "$work/next$w.json" "$work/wave$w"
		break
	fi
	next="--wave $work/next$w.json"
done
