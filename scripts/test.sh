#!/usr/bin/env bash
# Installs what the tests need, then runs them all: the workloads' coding
# style (checkpatch), unit tests, the native workload tests, and the
# end-to-end tests that build and boot real kernels, in bubblewrap and in
# a Docker container (Docker is started and its image made from Debian
# packages first).
# Tests on ../shared/fixtures run when ../shared is beside the checkout and
# say SKIPPED otherwise.
# Arguments go to both Maven runs (the unit tests', then the end-to-end).
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

# The run's benchmark, printed at its end whatever the outcome
# (docs/measurements.md has the figures).
start=$SECONDS
marks=()
mark() { marks+=("$1 $((SECONDS - ${2:-$start}))s"); }
report() {
	local rc=$?
	echo "test.sh: exit $rc after $(( (SECONDS - start) / 60 )) min $(( (SECONDS - start) % 60 )) s (${marks[*]:-})"
}
trap report EXIT

# What the unit tests need first (SystemdUnitsTest reads deploy/systemd
# with systemd-analyze); what only the end-to-end tests need comes after.
. scripts/apt.sh
. scripts/packages.sh
bash scripts/setup.sh --no-kernel
ensure_packages systemd
mark packages

# What only the end-to-end tests need (the kernel's packages and tree,
# Chromium for PagesBrowserIT, dockerd and the images made from Debian
# packages) is installed and made while the unit tests run: on a fresh
# machine that is minutes of downloading and unpacking. apt takes one run
# at a time, so the packages come first, in one run, then the rest side by side.
pids=() logs=()
background() {
	local log
	log=$(mktemp)
	"$@" >"$log" 2>&1 &
	pids+=($!)
	logs+=("$log")
}
end_to_end_set_up() {
	ensure_packages "${kernel_packages[@]}" chromium chromium-driver docker.io mmdebstrap
	bash scripts/linux-source-tree.sh "$FSNBOT_LINUX_TREE" &
	local tree=$! rc=0
	bash scripts/docker-up.sh || rc=$?
	wait "$tree" || rc=$?
	return "$rc"
}
background end_to_end_set_up
# Waits for the set-up above and prints what it said; false when a part failed.
set_up() {
	local i ok=0
	for i in "${!pids[@]}"; do
		if wait "${pids[$i]}"; then
			cat "${logs[$i]}"
		else
			echo "test.sh: setting up the end-to-end tests failed:" >&2
			cat "${logs[$i]}" >&2
			ok=1
		fi
		rm -f "${logs[$i]}"
	done
	return $ok
}
unit=$SECONDS
if ! mvn -B test "$@"; then
	set_up >/dev/null 2>&1 || true
	exit 1
fi
mark unit "$unit"
setup_wait=$SECONDS
set_up
mark "waiting-for-set-up" "$setup_wait"
# The workloads' coding style, by the kernel tree's checkpatch.pl.
bash scripts/checkpatch.sh
# PatchTestIT's pinned guest runs in 2 MiB hugepages (2 x 256 MiB, docs/numa.md):
# reserve enough when fewer are, never fewer than an operator already has.
if [ "$(cat /proc/sys/vm/nr_hugepages)" -lt 320 ]; then
	echo 320 > /proc/sys/vm/nr_hugepages
fi
e2e=$SECONDS
mvn -B verify -Dfsnbot.unit.skip=true "$@"
mark end-to-end "$e2e"
