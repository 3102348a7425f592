#!/usr/bin/env bash
# Intake benchmark: replays seed mail (../shared/fixtures/mail when present,
# else examples/) into a public-inbox v2 epoch of N messages (default
# 20,000), then follows it into a fresh store twice: directly from the
# epoch, and over HTTP from a real public-inbox-httpd. Prints messages per
# second, peak heap (the JVM runs with -Xmx512m) and the cost of a poll
# that finds nothing new.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-20000}
seed=../shared/fixtures/mail
[ -d "$seed" ] || seed=examples/fsnotify-revalidate-children.mbox
tree=${FSNBOT_LINUX_TREE:-/var/cache/fsnbot/linux-6.12}
work=$(mktemp -d /tmp/fsnbot-bench-intake.XXXXXX)
trap 'kill $httpd 2>/dev/null || true; rm -rf "$work"' EXIT
[ -f bot/target/fsnbot.jar ] || mvn -q -B -DskipTests package
fsnbot() { java -Xmx512m -jar bot/target/fsnbot.jar "$@"; }

export PI_CONFIG=$work/pi/config HOME=$work/pi
mkdir -p "$work/pi"
public-inbox-init -V2 -L basic bench "$work/pi/bench" http://127.0.0.1:0/bench bench@example.org
rm -rf "$work/pi/bench/git/0.git"
fsnbot bench-intake --generate "$n" --seed "$seed" --inbox "$work/pi/bench"
echo "--- directly from the epoch"
fsnbot bench-intake --inbox "$work/pi/bench" --maintainers "$tree/MAINTAINERS" --work "$work/direct"

public-inbox-index "$work/pi/bench" 2>/dev/null
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
public-inbox-httpd -l "http://127.0.0.1:$port" >"$work/httpd.log" 2>&1 &
httpd=$!
for _ in $(seq 50); do
	curl -sf -o /dev/null "http://127.0.0.1:$port/bench/manifest.js.gz" && break
	sleep 0.2
done
echo "--- over HTTP from public-inbox-httpd (manifest + JGit fetch)"
fsnbot bench-intake --inbox "http://127.0.0.1:$port/bench/" --maintainers "$tree/MAINTAINERS" --work "$work/http"
