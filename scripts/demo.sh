#!/usr/bin/env bash
# The main job on its embedded defaults: test fsnbot's example patch
# against Debian's linux-source-6.12 and print the reply it would send.
# The first run builds the base kernel (several minutes); later runs reuse it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
tree=${FSNBOT_LINUX_TREE:-/var/cache/fsnbot/linux-6.12}
mvn -q -B -DskipTests package
base=$(git -C "$tree" tag --list 'debian-linux-source-6.12*' | sort | tail -n 1)
exec java -jar bot/target/fsnbot.jar test-patch --tree "$tree" --base "$base" \
	--mbox examples/fsnotify-revalidate-children.mbox --profile quick \
	--topology sockets=2,cores=1,nodes=2 --print
