#!/usr/bin/env bash
# Installs what fsnbot needs on Debian 12 (run as root) and makes the base
# kernel tree from Debian's linux-source-6.12. Safe to run again: it only
# installs what is missing and keeps an existing tree.
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/packages.sh
. scripts/apt.sh
# --no-kernel: without the kernel's packages and tree (scripts/test.sh
# installs them beside the unit tests, which need neither).
if [ "${1:-}" = "--no-kernel" ]; then
	ensure_packages "${packages[@]}"
else
	ensure_packages "${packages[@]}" "${kernel_packages[@]}"
fi

# The account code from mail runs as in the sandbox (docs/security.md).
sandbox_user=fsnbot-sandbox
if ! getent passwd "$sandbox_user" >/dev/null; then
	useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$sandbox_user"
fi
# Where KVM works, the sandbox user must be able to open /dev/kvm.
if getent group kvm >/dev/null; then
	usermod -a -G kvm "$sandbox_user"
fi

[ "${1:-}" = "--no-kernel" ] && exit 0
tree=${FSNBOT_LINUX_TREE:-/var/cache/fsnbot/linux-6.12}
mkdir -p "$(dirname "$tree")"
bash scripts/linux-source-tree.sh "$tree"
