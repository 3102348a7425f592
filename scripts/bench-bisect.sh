#!/usr/bin/env bash
# docs/bisect.md's simulation: N bisections per setting (default 1000) of
# 16, 64 and 256 commits with one step of 5%, 10% or 20% at a random
# commit, every boot drawn from a noise source fsnbot measured (the
# stats-sim residuals bundled with the tests), fsnbot's stats.Bisection
# against plain binary search with one A/B comparison per step. Prints a
# Markdown table: wrong culprits, unclear answers and mean boots.
# --job [SCATTER%] [N]: bisections as a job runs them (the full profile's
# 10-20 boots at the ends), per-build offsets and heavy tails, the
# bisection told the builds scatter by SCATTER% (default 0; BisectJobBench),
# and plain search with a confirmation of its answer set to name wrong
# commits no more often than fsnbot did (matched wrong culprits).
set -euo pipefail
cd "$(dirname "$0")/../bot"
main=org.fsnbot.stats.BisectBench
args=("${1:-1000}")
if [ "${1:-}" = "--job" ]; then
	main=org.fsnbot.stats.BisectJobBench
	args=("${3:-1000}" "${2:-0}")
fi
cp=$(mktemp)
trap 'rm -f "$cp"' EXIT
mvn -q -B -DskipTests test-compile dependency:build-classpath -Dmdep.outputFile="$cp" >/dev/null
java -cp "target/classes:target/test-classes:$(cat "$cp")" "$main" "${args[@]}"
