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
	public-inbox curl procps
)
missing=()
for p in "${packages[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	echo "setup: installing ${missing[*]}"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

tree=${FSNBOT_LINUX_TREE:-/var/cache/fsnbot/linux-6.12}
mkdir -p "$(dirname "$tree")"
bash scripts/linux-source-tree.sh "$tree"
