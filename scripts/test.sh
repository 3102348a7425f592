#!/usr/bin/env bash
# Installs what the tests need, then runs them all: the workloads' coding
# style (checkpatch), unit tests, the native workload tests, and the
# end-to-end tests that build and boot real kernels.
# Tests on ../shared/fixtures run when ../shared is beside the checkout and
# say SKIPPED otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export FSNBOT_LINUX_TREE=${FSNBOT_LINUX_TREE:-/var/cache/fsnbot/linux-6.12}
export FSNBOT_TEST_HOME=${FSNBOT_TEST_HOME:-/var/cache/fsnbot/test-home}
bash scripts/checkpatch.sh
exec mvn -B verify
