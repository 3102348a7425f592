#!/usr/bin/env bash
# docs/trends.md's comparison in the weekly report's regime: windows of
# 12-20 points (a kernel in a job each, with its boots) under the noise
# models of TrendHistories (Gaussian, per-build offsets, t(3), bimodal,
# outlier points, AR(1) jobs, 1-5 boots) and the noise fsnbot measured
# (bot's residuals.json), with no change, a 5% or 10% step, or a 5% or
# 10% regression and its fix. Each method (fsnbot's ChangePointDetector,
# E-Divisive as published with a minimum segment of 4, a rolling t-test)
# is set to flag 5% of no-change windows, then scored on fresh windows:
# recall, precision, F1 at matched false alarms; then weekly reports of
# 12 quiet series, Holm against no correction, and 2N series-years of a
# quiet runner's weekly reports. N windows per case and model (default
# 200). The baselines live in the test sources only. Prints Markdown
# tables; about 2.5 minutes on 2 vCPUs at N=200.
set -euo pipefail
cd "$(dirname "$0")/../bot"
n=${1:-200}
cp=$(mktemp)
trap 'rm -f "$cp"' EXIT
mvn -q -B -DskipTests test-compile dependency:build-classpath -Dmdep.outputFile="$cp" >/dev/null
java -cp "target/classes:target/test-classes:$(cat "$cp")" org.fsnbot.stats.TrendBench "$n"
