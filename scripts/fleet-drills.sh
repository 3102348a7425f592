#!/usr/bin/env bash
# The fleet's failure drills (docs/fleet.md "When a part dies"), each run
# TRIES times (default 20) on real PostgreSQL 15 with a real coordinator
# and simulated runners (FleetLifecycleIT): twins under one name never
# both admitted, a clean restart admitted at once; no claim after a
# drain; a kill -9'd runner's unit taken first by another runner within
# the check-in interval plus 30 s; a runner cut off from PostgreSQL (a
# TCP proxy gone silent; the server ends its sessions at 15 s) stops
# measuring before another runner takes its unit, measured once, by the
# other; a runner stopped (SIGTERM) during such a cut ends within its
# stop bound (90 s); and once, PostgreSQL stopped for
# OUTAGE_SECONDS (default 120) under load: every unit done exactly once
# after it, none stuck, a drain after it holds. CI runs the drills twice
# and a 30 s outage. Prints the figures (the lines starting
# FleetLifecycleIT:).
# Usage: [OUTAGE_SECONDS=120] bash scripts/fleet-drills.sh [TRIES]
set -euo pipefail
cd "$(dirname "$0")/.."
tries=${1:-20}
bash scripts/build-pg-image.sh >/dev/null
export TESTCONTAINERS_RYUK_DISABLED=true
log=$(mktemp)
if ! mvn -B -o verify -pl bot -Dit.test=FleetLifecycleIT -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false \
	-Dfsnbot.fleet.tries="$tries" -Dfsnbot.fleet.outageSeconds="${OUTAGE_SECONDS:-120}" >"$log" 2>&1; then
	grep -a -E 'FleetLifecycleIT:|Tests run:|FAIL|expected|Expect' "$log" | tail -40
	echo "fleet drills: FAILED (Maven's output: $log)"
	exit 1
fi
grep -a 'FleetLifecycleIT:' "$log"
grep -a 'Tests run:.*FleetLifecycleIT' "$log"
rm -f "$log"
