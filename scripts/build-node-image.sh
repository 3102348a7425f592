#!/usr/bin/env bash
# Makes fsnbot's fleet-node image (docs/fleet.md "Running it as a
# service") from Debian packages, since no registry can be reached: the
# base, fsnbot-node-base:bookworm, is a minimal bookworm with Java 17's
# runtime and CA certificates, a user fsnbot and its home /var/lib/fsnbot
# (mmdebstrap, then `docker import`; made once); then
# deploy/container/Dockerfile adds the jar as fsnbot-node:bookworm. For
# coordinators, and for simulated runners (the drills); a measuring
# runner runs on its host under systemd (deploy/systemd): it needs
# /dev/kvm, hugepages, pinned CPUs and its own build sandbox.
# Usage: bash scripts/build-node-image.sh [JAR] (default: bot/target/fsnbot.jar)
set -euo pipefail
cd "$(dirname "$0")/.."
jar=${1:-bot/target/fsnbot.jar}
[ -f "$jar" ] || { echo "build-node-image: no $jar (mvn -pl bot package makes it)" >&2; exit 1; }
base=fsnbot-node-base:bookworm
tar=$(mktemp --suffix=.tar)
context=$(mktemp -d)
trap 'rm -rf "$tar" "$context"' EXIT
if ! docker image inspect "$base" >/dev/null 2>&1; then
	start=$(date +%s)
	# No mirror given: mmdebstrap takes the host's apt sources.
	mmdebstrap --quiet --variant=apt --aptopt='APT::Install-Recommends "false"' \
		--include=openjdk-17-jre-headless,ca-certificates \
		--customize-hook='chroot "$1" useradd --system --home-dir /var/lib/fsnbot --create-home fsnbot' \
		bookworm "$tar"
	docker import "$tar" "$base" >/dev/null
	echo "build-node-image: $base made in $(($(date +%s) - start)) s ($(du -m "$tar" | cut -f1) MB)"
fi
cp deploy/container/Dockerfile "$context/"
cp "$jar" "$context/fsnbot.jar"
# The legacy builder (Debian's docker.io) warns that it is deprecated on every build: kept out unless it fails.
if ! docker build --quiet -t fsnbot-node:bookworm "$context" >"$context/build.log" 2>&1; then
	cat "$context/build.log" >&2
	exit 1
fi
echo "build-node-image: fsnbot-node:bookworm made with $jar"
