#!/usr/bin/env bash
# Installs what the tests need, then runs them all: the workloads' coding
# style (checkpatch), unit tests, the native workload tests, and the
# end-to-end tests that build and boot real kernels, in bubblewrap and in
# a Docker container (Docker is started and its image made from Debian
# packages first).
# Tests on ../shared/fixtures run when ../shared is beside the checkout and
# say SKIPPED otherwise.
set -euo pipefail
self=$(readlink -f "$0")
cd "$(dirname "$self")/.."
export FSNBOT_LINUX_TREE=${FSNBOT_LINUX_TREE:-/var/cache/fsnbot/linux-6.12}
export FSNBOT_TEST_HOME=${FSNBOT_TEST_HOME:-/var/cache/fsnbot/test-home}
# One test run at a time on a test home: the end-to-end tests share its
# builds and trees (a branch one run's TrendReportIT moves is another's
# missing point), and set-up shares the kernel tree and images, so a second
# run waits for the first. flock -o keeps the lock out of the tests'
# processes: what a killed run leaves running never holds it.
if [ -z "${FSNBOT_TEST_LOCKED:-}" ]; then
	mkdir -p "$(dirname "$FSNBOT_TEST_HOME")"
	lock="$FSNBOT_TEST_HOME.lock"
	if ! flock -n "$lock" true; then
		echo "test.sh: another test run holds $lock; waiting for it (at most 45 min)" >&2
	fi
	FSNBOT_TEST_LOCKED=1 exec flock -o -w 2700 -E 75 "$lock" bash "$self" "$@"
fi
bash scripts/setup.sh
# The pages' browser tests (PagesBrowserIT) drive Debian's own Chromium.
. scripts/apt.sh
ensure_packages chromium chromium-driver
# SystemdUnitsTest reads deploy/systemd with systemd-analyze.
ensure_packages systemd
bash scripts/docker-up.sh
bash scripts/checkpatch.sh
# PatchTestIT's pinned guest runs in 2 MiB hugepages (2 x 256 MiB, docs/numa.md):
# reserve enough when fewer are, never fewer than an operator already has.
if [ "$(cat /proc/sys/vm/nr_hugepages)" -lt 320 ]; then
	echo 320 > /proc/sys/vm/nr_hugepages
fi
exec mvn -B verify "$@"
