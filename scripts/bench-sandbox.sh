#!/usr/bin/env bash
# What the sandbox costs: the example patch through `fsnbot test-patch`
# with a one-workload profile, once per sandbox mode (none, bwrap,
# container), each time rebuilding the patched kernel from a fresh copy of
# the base's objects. Prints the patched build's seconds and the mean boot
# seconds of each mode; under TCG, so boots measure the pipeline.
# Usage: bash scripts/bench-sandbox.sh [ROUNDS]   (needs the base built in
# $FSNBOT_BENCH_HOME, default the e2e tests' home, and Docker for container)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-2}
home=${FSNBOT_BENCH_HOME:-/var/cache/fsnbot/test-home}
tree=${FSNBOT_LINUX_TREE:-/var/cache/fsnbot/linux-6.12}
base=$(git -C "$tree" tag --list 'debian-linux-source-6.12*' | sort | tail -n 1)
[ -f bot/target/fsnbot.jar ] || mvn -q -B -DskipTests package
export TESTCONTAINERS_RYUK_DISABLED=true TESTCONTAINERS_HOST_OVERRIDE=localhost
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/tiny.json" <<'JSON'
{"name": "sandbox-bench", "description": "byte-write only, for the sandbox's cost",
 "bootsPerKernel": 2, "bootTimeoutSeconds": 300,
 "workloads": [{"name": "byte-write", "args": ["--modes", "none,parent", "--iterations", "20000",
   "--warmup", "100", "--reps", "2"], "verdictMetrics": ["ns_per_op"]}]}
JSON
printf '%-10s %5s %16s %14s\n' mode round "patched build s" "mean boot s"
for round in $(seq "$rounds"); do
	for mode in none bwrap container; do
		printf 'sandbox:\n  mode: %s\n' "$mode" > "$work/$mode.yaml"
		# The patched commit id is the same each time: drop its objects so it is rebuilt.
		find "$home/build" -maxdepth 2 -name 'patched-*' -exec rm -rf {} +
		java -jar bot/target/fsnbot.jar test-patch --config "$work/$mode.yaml" --home "$home" \
			--tree "$tree" --base "$base" --mbox examples/fsnotify-revalidate-children.mbox \
			--profile "$work/tiny.json" --outbox "$work/outbox" > "$work/out" 2>&1 || { cat "$work/out"; exit 1; }
		build=$(sed -n 's/.*patched: make done after \([0-9.]*\) s.*/\1/p' "$work/out")
		boot=$(sed -n 's/.*boot [a-z]*-[0-9]*-try[0-9]* OK \([0-9.]*\) s.*/\1/p' "$work/out" |
			awk '{ s += $1; n++ } END { if (n) printf "%.1f", s / n }')
		printf '%-10s %5s %16s %14s\n' "$mode" "$round" "${build:-?}" "${boot:-?}"
	done
done
