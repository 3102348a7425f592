#!/usr/bin/env bash
# Installs what fsnbot needs on Debian 12 (run as root) and makes the base
# kernel tree from Debian's linux-source-6.12. Safe to run again: it only
# installs what is missing and keeps an existing tree.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
	openjdk-17-jdk-headless maven git gcc make libc6-dev
	qemu-system-x86 busybox-static cpio
	linux-source-6.12 flex bison bc libelf-dev libssl-dev ccache xz-utils e2fsprogs
	public-inbox curl procps bubblewrap util-linux libseccomp-dev
)
. scripts/apt.sh
ensure_packages "${packages[@]}"

# The account code from mail runs as in the sandbox (docs/security.md).
sandbox_user=fsnbot-sandbox
if ! getent passwd "$sandbox_user" >/dev/null; then
	useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$sandbox_user"
fi
# Where KVM works, the sandbox user must be able to open /dev/kvm.
if getent group kvm >/dev/null; then
	usermod -a -G kvm "$sandbox_user"
fi

# --no-tree: packages and the sandbox user only (scripts/test.sh makes the
# tree beside the unit tests).
[ "${1:-}" = "--no-tree" ] && exit 0
tree=${FSNBOT_LINUX_TREE:-/var/cache/fsnbot/linux-6.12}
mkdir -p "$(dirname "$tree")"
bash scripts/linux-source-tree.sh "$tree"
