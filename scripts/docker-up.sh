#!/usr/bin/env bash
# What sandbox.mode container and its tests need: Docker's engine from
# Debian, running, and the sandbox image made from Debian packages
# (scripts/build-image.sh), and the PostgreSQL image the fleet tests use
# (scripts/build-pg-image.sh). Starts dockerd by hand where no init system
# does (CI containers); safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/apt.sh
ensure_packages docker.io mmdebstrap
if ! docker info >/dev/null 2>&1; then
	echo "docker-up: starting dockerd (log: /var/log/fsnbot-dockerd.log)"
	setsid dockerd >/var/log/fsnbot-dockerd.log 2>&1 < /dev/null &
	for _ in $(seq 60); do
		docker info >/dev/null 2>&1 && break
		sleep 1
	done
	docker info >/dev/null 2>&1 || { echo "docker-up: dockerd did not start" >&2; tail -20 /var/log/fsnbot-dockerd.log >&2; exit 1; }
fi
bash scripts/build-image.sh
bash scripts/build-pg-image.sh
