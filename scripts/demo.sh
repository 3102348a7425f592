#!/usr/bin/env bash
# The main job on its embedded defaults: `fsnbot run --once` follows a local
# public-inbox (made here with Debian's public-inbox tools) that holds
# fsnbot's example patch mail, finds the patch, resolves its base-commit in
# the tree made from Debian's linux-source-6.12, builds both kernels, boots
# them under QEMU, measures, and writes the reply to the outbox, which is
# printed at the end. The first run builds the base kernel (several
# minutes); later runs reuse it. Each run starts the demo's inbox and
# follower state afresh so the example is new again; builds are kept.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
tree=${FSNBOT_LINUX_TREE:-/var/cache/fsnbot/linux-6.12}
demo=${FSNBOT_DEMO_DIR:-/var/cache/fsnbot/demo}
home=$demo/home
mkdir -p "$demo"
# Maven's own lines (and the colour resets it prints even in batch mode) go to a log; a failed build shows it.
echo "demo: building fsnbot (Maven's output: $demo/build.log)"
if ! mvn -q -B -DskipTests package >"$demo/build.log" 2>&1; then
	tail -n 40 "$demo/build.log" >&2
	exit 1
fi
base=$(git -C "$tree" tag --list 'debian-linux-source-6.12*' | sort | tail -n 1)

rm -rf "$demo/pi" "$home/db" "$home/lore" "$home/outbox"
mkdir -p "$demo/pi" "$home"
export PI_CONFIG=$demo/pi/config
public-inbox-init -V2 -L basic fsnotify-demo "$demo/pi/fsnotify-demo" http://localhost/fsnotify-demo \
	fsnotify-demo@example.org
git config -f "$PI_CONFIG" publicinboxmda.spamcheck none
ORIGINAL_RECIPIENT=fsnotify-demo@example.org public-inbox-mda --no-precheck \
	<examples/fsnotify-revalidate-children.mbox

cat >"$demo/fsnbot.yaml" <<YAML
# Everything not named here comes from fsnbot's embedded defaults.
home: "$home"
inboxes:
  - name: fsnotify-demo
    url: "$demo/pi/fsnotify-demo"
allInbox: ""
bases:
  - tree: "$tree"
    rev: $base
watch: []
YAML
java -jar bot/target/fsnbot.jar run --once --config "$demo/fsnbot.yaml"
for eml in "$home"/outbox/*.eml; do
	echo "=== $eml"
	cat "$eml"
done
