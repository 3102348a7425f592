#!/usr/bin/env bash
# The fleet's dispatch, measured (docs/fleet.md): PostgreSQL 15 from the
# image scripts/build-pg-image.sh makes, RUNNERS simulated runners (each
# `fsnbot runner --simulate-ms HOLD`, its own JVM: Quartz's cluster is one
# scheduler per process) of class "sim", and FleetBench queueing JOBS
# units at RATE per second through the coordinator's Dispatcher. Nothing
# is built or booted; every other step (Quartz cluster, claims, store) is
# the real one. Prints dispatch rate, queued-to-started p50/p99,
# throughput and the PostgreSQL connections used.
# Usage: bash scripts/bench-fleet.sh [RUNNERS [JOBS [RATE [HOLD_MS]]]]  (default 100 10000 50 1000)
set -euo pipefail
cd "$(dirname "$0")/.."
runners=${1:-100}
jobs=${2:-10000}
rate=${3:-50}
hold=${4:-1000}
bash scripts/build-pg-image.sh >/dev/null
[ -f bot/target/fsnbot.jar ] || mvn -q -B -DskipTests package
work=$(mktemp -d)
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done
	[ -n "${pg:-}" ] && docker rm -f "$pg" >/dev/null 2>&1 || true
	rm -rf "$work"
}
trap cleanup EXIT
password=fsnbot-bench
pg=$(docker run -d -p 127.0.0.1::5432 -e FSNBOT_PG_PASSWORD=$password -e FSNBOT_PG_MAX_CONNECTIONS=1000 \
	fsnbot-postgres:bookworm-3)
for _ in $(seq 60); do
	docker logs "$pg" 2>&1 | grep -q 'ready to accept connections' && break
	sleep 1
done
port=$(docker port "$pg" 5432/tcp | head -n 1 | sed 's/.*://')
url="jdbc:postgresql://127.0.0.1:$port/fsnbot"
export FSNBOT_STORE_PASSWORD=$password
for i in $(seq "$runners"); do
	cat > "$work/sim-$i.yaml" <<YAML
home: "$work/home"
inboxes: []
runner: {name: sim-$i, class: sim}
store: {url: "$url", user: fsnbot, passwordEnv: FSNBOT_STORE_PASSWORD, poolSize: 2}
fleet: {checkinSeconds: 10}
YAML
	java -Xmx64m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xss512k -jar bot/target/fsnbot.jar runner \
		--config "$work/sim-$i.yaml" --simulate-ms "$hold" >"$work/sim-$i.log" 2>&1 &
	pids+=($!)
	disown
	# A first runner migrates the schema; the rest join after.
	[ "$i" = 1 ] && sleep 15
done
cp=$(mktemp)
(cd bot && mvn -q -B -DskipTests test-compile dependency:build-classpath -Dmdep.outputFile="$cp" >/dev/null)
java -Dfsnbot.bench.warmup="${FSNBOT_BENCH_WARMUP:-1000}" -cp "bot/target/classes:bot/target/test-classes:$(cat "$cp")" \
	org.fsnbot.schedule.FleetBench \
	"$url" fsnbot "$password" "$runners" "$jobs" "$rate"
rm -f "$cp"
taken=$(cat "$work"/sim-*.log | grep -c 'died while measuring it' || true)
false_dead=$(cat "$work"/sim-*.log | grep -c 'was recovered by another instance' || true)
echo "units taken over from a runner thought dead: $taken; runners told they were recovered while alive: $false_dead"
echo "runner JVMs: $(ps -o rss= -p "$(IFS=,; echo "${pids[*]}")" | awk '{s+=$1} END {printf "%.0f MiB resident in all", s/1024}')"
