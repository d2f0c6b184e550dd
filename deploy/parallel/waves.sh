#!/bin/bash
# waves.sh K BOARD [FLAGS...]: solve one board optimally by IDA* waves of K
# shards each, run by GNU parallel (here, or over ssh with SSH_LOGINS as in
# shards.sh), until a wave finds the goal:
#
#   ./waves.sh 8 korf44.txt --goal blank-first --heuristic pdb-6666
#   SSH_LOGINS=4/node1,4/node2 WORK=/shared/waves ./waves.sh 64 korf44.txt --goal blank-first --heuristic pdb-6666
#
# Each wave's shards share the file found.json in WORK (a directory every
# shard sees: a shared file system when over ssh): the shard that finds the
# goal writes its record there, and the others stop within a second instead
# of searching their subtrees to the end (docs/scale-out.md). The cut is
# chosen from K (--cut auto) in the first wave and kept by the next ones.
set -euo pipefail
k=${1:?usage: waves.sh K BOARD [FLAGS...]}
board=${2:?usage: waves.sh K BOARD [FLAGS...]}
shift 2
work=${WORK:-waves-$$}
mkdir -p "$work"
remote=()
if [ -n "${SSH_LOGINS:-}" ]; then
	remote=(--sshlogin "$SSH_LOGINS")
fi
next=(--bound first)
for ((w = 1; ; w++)); do
	mkdir -p "$work/wave$w"
	# Exit status 0 is a shard that finished (found, not found or stopped).
	parallel --will-cite --halt now,fail=1 "${remote[@]}" \
		"puzzle sliding solve --json $(printf '%q ' "$@") --shard {#}/$k $(printf '%q ' "${next[@]}") --found $work/found.json $board > $work/wave$w/{#}.json.tmp && mv $work/wave$w/{#}.json.tmp $work/wave$w/{#}.json" \
		::: $(seq "$k")
	puzzle sliding wave --json --next "$work/next$w.json" "$work/wave$w" >"$work/merged$w.json"
	if grep -q '"found":true' "$work/merged$w.json"; then
		puzzle sliding wave --next "$work/next$w.json" "$work/wave$w"
		break
	fi
	next=(--wave "$work/next$w.json")
done
