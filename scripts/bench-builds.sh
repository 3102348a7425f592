#!/usr/bin/env bash
# Each kind of kernel build fsnbot does, timed here (docs/measurements.md):
# the base's cold build, its reuse, the builds of each step of a bisection
# over eight commits touching fs/notify .c files, and the base again from
# ccache alone once its build directory is gone. Prints a Markdown table.
# As root, after the README's set-up (the kernel tree, the sandbox user).
# CACHE_DIR (default: a new directory, removed after) is the bench's own;
# give an existing one for a warm rerun.
set -euo pipefail
cd "$(dirname "$0")/../bot"
export FSNBOT_LINUX_TREE=${FSNBOT_LINUX_TREE:-/var/cache/fsnbot/linux-6.12}
dir=${1:-$(mktemp -d /var/tmp/fsnbot-bench-builds.XXXXXX)}
cp=$(mktemp)
trap 'rm -f "$cp"; [ -n "${1:-}" ] || rm -rf "$dir"' EXIT
mvn -q -B -DskipTests test-compile dependency:build-classpath -Dmdep.outputFile="$cp" >/dev/null
java -Dfsnbot.test.log=WARN -cp "target/classes:target/test-classes:$(cat "$cp")" org.fsnbot.build.BuildBench "$dir"
