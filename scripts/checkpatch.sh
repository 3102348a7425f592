#!/usr/bin/env bash
# The workloads follow the kernel's coding style: checkpatch.pl from the
# kernel tree setup.sh makes, on every C file, no errors and no warnings.
# PREFER_DEFINED_ATTRIBUTE_MACRO is the one type left out: it asks for the
# kernel's own __aligned/__printf macros, which user space does not have.
set -euo pipefail
cd "$(dirname "$0")/.."
tree=${FSNBOT_LINUX_TREE:-/var/cache/fsnbot/linux-6.12}
checkpatch=$tree/scripts/checkpatch.pl
[ -r "$checkpatch" ] || { echo "checkpatch: $checkpatch missing (scripts/setup.sh makes the tree)" >&2; exit 1; }
out=$(perl "$checkpatch" --no-tree -f --terse --show-types --ignore PREFER_DEFINED_ATTRIBUTE_MACRO \
	workloads/*.c workloads/*.h workloads/tests/*.c 2>&1 | grep -v ' total: 0 errors, 0 warnings, ' || true)
if [ -n "$out" ]; then
	echo "checkpatch found problems in workloads/:" >&2
	echo "$out" >&2
	exit 1
fi
echo "checkpatch: workloads/ clean"
