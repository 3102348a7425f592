#!/usr/bin/env bash
# docs/trends.md's comparison: generated histories (40-60 points, each
# three boots drawn from the noise fsnbot measured, bot's residuals.json)
# with a step of 2/5/10/20%, a slow drift, a variance change or no change,
# N per case and source (default 200), and each detector's precision,
# recall, F1 and false change points: fsnbot's ChangePointDetector,
# E-Divisive as published (min size 30, and 5), a Perfherder-style rolling
# t-test. The baselines live in the test sources only. Prints a Markdown
# table; about 35 s on 2 vCPUs at N=200.
set -euo pipefail
cd "$(dirname "$0")/../bot"
n=${1:-200}
cp=$(mktemp)
trap 'rm -f "$cp"' EXIT
mvn -q -B -DskipTests test-compile dependency:build-classpath -Dmdep.outputFile="$cp" >/dev/null
java -cp "target/classes:target/test-classes:$(cat "$cp")" org.fsnbot.stats.TrendBench "$n"
