#!/bin/sh
# collect.sh JOB K DIR: writes the log of the pod of each index 0..K-1 of
# the Indexed Job JOB (its shard's output) to DIR/part-INDEX.jsonl, for
# 'puzzle merge DIR/*'. A pod that failed, or whose log is cut, gives a
# part that merge refuses, naming the shard.
set -eu
job=$1 k=$2 dir=$3
mkdir -p "$dir"
i=0
while [ "$i" -lt "$k" ]; do
	# The pod that succeeded for this index (a retried index has others).
	pod=$(kubectl get pods -l "job-name=$job,batch.kubernetes.io/job-completion-index=$i" \
		--field-selector=status.phase=Succeeded -o jsonpath='{.items[0].metadata.name}')
	if [ -z "$pod" ]; then
		echo "collect: no pod of $job succeeded for index $i" >&2
	else
		kubectl logs "$pod" >"$dir/part-$i.jsonl.tmp" && mv "$dir/part-$i.jsonl.tmp" "$dir/part-$i.jsonl"
	fi
	i=$((i + 1))
done
