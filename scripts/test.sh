#!/usr/bin/env bash
# Installs what the tests need, then runs them all: the workloads' coding
# style (checkpatch), unit tests, the native workload tests, and the
# end-to-end tests that build and boot real kernels, in bubblewrap and in
# a Docker container (Docker is started and its image made from Debian
# packages first).
# Tests on ../shared/fixtures run when ../shared is beside the checkout and
# say SKIPPED otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/docker-up.sh
export FSNBOT_LINUX_TREE=${FSNBOT_LINUX_TREE:-/var/cache/fsnbot/linux-6.12}
export FSNBOT_TEST_HOME=${FSNBOT_TEST_HOME:-/var/cache/fsnbot/test-home}
bash scripts/checkpatch.sh
# PatchTestIT's pinned guest runs in 2 MiB hugepages (2 x 256 MiB, docs/numa.md):
# reserve enough when fewer are, never fewer than an operator already has.
if [ "$(cat /proc/sys/vm/nr_hugepages)" -lt 320 ]; then
	echo 320 > /proc/sys/vm/nr_hugepages
fi
exec mvn -B verify "$@"
