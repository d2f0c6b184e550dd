#!/bin/bash
# submit.sh K N: count N queens in K shards as a job array, and merge the
# parts in a job that runs once every task has succeeded.
#
#   ./submit.sh 64 20     # then: cat results/queens-20.txt
set -euo pipefail
k=${1:?usage: submit.sh K N}
n=${2:?usage: submit.sh K N}
mkdir -p logs results
array=$(sbatch --parsable --array=1-"$k" queens-count.sbatch "$n")
sbatch --dependency=afterok:"$array" --job-name=puzzle-merge --output=logs/%x-%j.log \
	--wrap="puzzle merge results/queens-$n/part-*.json > results/queens-$n.txt"
echo "array job $array: $k shards of n=$n; the merge follows it"
