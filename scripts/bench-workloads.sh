#!/usr/bin/env bash
# Prints the workload harness figures on this machine's own kernel:
#  1. harness overhead: byte-write mode none against the same loop with the
#     harness bypassed (--bare, same idle second thread), 5 runs each;
#  2. the parent/none cost ratio of byte-write with its run-to-run CV.
# Usage: bash scripts/bench-workloads.sh [RUNS] [ITERATIONS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
iters=${2:-1000000}
make -s -C workloads
bin=workloads/bin/byte-write
dir=$(mktemp -d /dev/shm/fsnbot-bench.XXXXXX)
trap 'rm -rf "$dir"' EXIT

value() { sed -n 's/.*"mode":"'"$1"'".*"metric":"ns_per_op","value":\([0-9.e+]*\).*/\1/p'; }

: > "$dir/figures"
for i in $(seq "$runs"); do
	bare=$("$bin" --workdir "$dir" --bare --iterations "$iters" --warmup 100000 --reps 1 | value bare)
	out=$("$bin" --workdir "$dir" --modes none,parent --iterations "$iters" --warmup 100000 --reps 1)
	none=$(echo "$out" | value none)
	parent=$(echo "$out" | value parent)
	echo "$bare $none $parent" >> "$dir/figures"
	printf 'run %d: bare %8.1f ns  none %8.1f ns  parent %8.1f ns\n' "$i" "$bare" "$none" "$parent"
done
awk '
function cv(sum, sq, n) { m = sum / n; return n > 1 ? 100 * sqrt((sq - n * m * m) / (n - 1)) / m : 0 }
{ b += $1; bb += $1 * $1; n0 += $2; nn += $2 * $2; r = $2 / $1; rs += r; rr += r * r
  p = $3 / $2; ps += p; pp += p * p; k++ }
END {
  printf "\nharness overhead: none/bare = %.3f (mean of %d runs, CV %.1f%%); bare CV %.1f%%, none CV %.1f%%\n",
    rs / k, k, cv(rs, rr, k), cv(b, bb, k), cv(n0, nn, k)
  printf "fsnotify cost:    parent/none = %.2f (mean of %d runs, CV %.1f%%)\n", ps / k, k, cv(ps, pp, k)
}' "$dir/figures"
