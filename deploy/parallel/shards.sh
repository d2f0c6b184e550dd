#!/bin/bash
# shards.sh K COMMAND...: run 'puzzle COMMAND --shard I/K' for I = 1..K
# with GNU parallel, on this machine or over ssh, and merge the parts.
#
#   ./shards.sh 8 queens count --json 18                       # here, a job per core
#   ./shards.sh 32 sudoku solve hard.txt                       # JSON Lines parts, merged for people
#   SSH_LOGINS=2/node1,2/node2 ./shards.sh 64 queens count --json 20   # two shards at a time on each of two hosts
#
# Every host needs 'puzzle' in its PATH (and the same version: the
# arguments and inputs are checked by merge, the program is not). Files
# named in COMMAND are copied to the hosts (--transferfile), the parts
# copied back (--return) and removed there (--cleanup). The parts are kept
# in ./parts-<pid> (on the hosts, the work is done in a temporary
# directory, --workdir ...). A shard that fails leaves no part: merge names it.
# Each job finds its shard in {#}, the job's number; '--shard auto
# --shards K' would read the same number from PARALLEL_SEQ.
set -euo pipefail
k=${1:?usage: shards.sh K COMMAND...}
shift
dir=parts-$$
mkdir -p "$dir"
remote=()
if [ -n "${SSH_LOGINS:-}" ]; then
	remote=(--sshlogin "$SSH_LOGINS" --workdir ...)
	for arg in "$@"; do
		if [ -f "$arg" ]; then remote+=(--transferfile "$arg"); fi
	done
	remote+=(--return "$dir/part-{#}.jsonl" --cleanup)
fi
# Exit status 1 is an answer (a puzzle without a solution), not a failure.
parallel --will-cite --halt never "${remote[@]}" \
	"mkdir -p $dir && { puzzle $(printf '%q ' "$@") --shard {#}/$k > $dir/part-{#}.jsonl.tmp; test \$? -le 1; } && mv $dir/part-{#}.jsonl.tmp $dir/part-{#}.jsonl" \
	::: $(seq "$k") || true
puzzle merge "$dir"/part-*.jsonl
