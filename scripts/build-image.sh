#!/usr/bin/env bash
# Makes the container sandbox's image (sandbox.mode: container) from Debian
# packages, since no registry can be reached: mmdebstrap a minimal bookworm
# with the kernel build tools, git and QEMU, then `docker import` it.
# Nothing else is in it: no network tools beyond what those pull in, no
# fsnbot, no secrets. Skips when the image is there with every tool the
# build needs (an image made before the kernel's LZ4 compression lacks lz4:
# it is made again); needs a running Docker.
set -euo pipefail
image=${1:-fsnbot-build:bookworm}
if docker image inspect "$image" >/dev/null 2>&1; then
	if docker run --rm --network none "$image" sh -c 'command -v lz4' >/dev/null 2>&1; then
		echo "build-image: $image is there"
		exit 0
	fi
	echo "build-image: $image has no lz4 (made before LZ4 kernels); making it again"
	docker image rm "$image" >/dev/null
fi
tar=$(mktemp --suffix=.tar)
trap 'rm -f "$tar"' EXIT
packages=gcc,libc6-dev,make,flex,bison,bc,libelf-dev,libssl-dev,ccache,xz-utils,lz4,cpio,git,qemu-system-x86
start=$(date +%s)
# No mirror given: mmdebstrap takes the host's apt sources.
mmdebstrap --quiet --variant=apt --aptopt='APT::Install-Recommends "false"' --include="$packages" \
	bookworm "$tar"
docker import "$tar" "$image" >/dev/null
echo "build-image: $image made in $(($(date +%s) - start)) s ($(du -m "$tar" | cut -f1) MB)"
