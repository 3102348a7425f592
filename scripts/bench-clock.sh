#!/usr/bin/env bash
# The instruction clock against wall time on this machine (docs/stats.md,
# "Clocks"):
#  1. A/A: the base kernel on both sides under icount (`fsnbot calibrate`)
#     with two CPU hogs running: each verdict metric's boot-to-boot CV, and
#     A/A verdicts.
#  2. A small regression made here (a few dozen instructions more per
#     event an inotify group is handed: sized to about +3% on byte-write
#     parent), 3 boots a kernel, under icount with the hogs and under plain
#     TCG (wall) without them (with them its boots are BUSY, rightly).
# Usage: bash scripts/bench-clock.sh [AA_BOOTS] [SPINS]   (AA_BOOTS 0: no A/A)
# (needs the base built in $FSNBOT_BENCH_HOME, default a copy made of the
# e2e tests' home; prints the tables and the verdict lines.)
set -euo pipefail
cd "$(dirname "$0")/.."
aa_boots=${1:-6}
spins=${2:-24}
home=${FSNBOT_BENCH_HOME:-/var/cache/fsnbot/bench-home}
tree=${FSNBOT_LINUX_TREE:-/var/cache/fsnbot/linux-6.12}
base=$(git -C "$tree" tag --list 'debian-linux-source-6.12*' | sort | tail -n 1)
[ -f bot/target/fsnbot.jar ] || mvn -q -B -DskipTests package
work=$(mktemp -d)
hogs=()
cleanup() {
	for h in "${hogs[@]}"; do kill "$h" 2>/dev/null || true; done
	[ -n "${FSNBOT_BENCH_KEEP:-}" ] || rm -rf "$work"
}
trap cleanup EXIT

# The profile: the single-threaded verdict rows and one two-client row, with
# the quick and full profiles' held listener on the instruction clock.
cat > "$work/clock.json" <<'JSON'
{"name": "clock-bench", "description": "byte-write and parent-modify-scale, for the clocks' noise",
 "bootsPerKernel": 3, "maxBootsPerKernel": 3, "bootTimeoutSeconds": 600,
 "workloads": [
  {"name": "byte-write", "args": ["--workdir", "/dev/shm", "--modes", "none,parent", "--iterations", "100000",
    "--warmup", "5000", "--reps", "3"], "instructionClockArgs": ["--listener", "held"],
    "verdictMetrics": ["ns_per_op"], "minEffectPct": 2.0},
  {"name": "parent-modify-scale", "args": ["--workdir", "/dev/shm", "--clients", "1,2", "--files", "1024",
    "--iterations", "50000", "--warmup", "2000", "--reps", "2"], "instructionClockArgs": ["--listener", "held"],
    "verdictMetrics": ["avg_client_s"], "instructionClockRows": ["1"], "minEffectPct": 2.0}]}
JSON
printf 'runner:\n  clock: instructions\n' > "$work/icount.yaml"
printf 'runner:\n  clock: wall\n' > "$work/wall.yaml"

# The regression: a volatile loop where inotify is handed each event.
git clone -q --shared "$tree" "$work/src"
git -C "$work/src" checkout -q "$base"
f=fs/notify/inotify/inotify_fsnotify.c
python3 - "$work/src/$f" "$spins" <<'PY'
import sys
p, spins = sys.argv[1], sys.argv[2]
s = open(p).read()
anchor = "\tif (name) {\n\t\tlen = name->len;"
assert anchor in s
s = s.replace(anchor, "\tfor (volatile unsigned int spin = 0; spin < %s; spin++)\n\t\t;\n\n" % spins + anchor, 1)
open(p, "w").write(s)
PY
git -C "$work/src" -c user.name="fsnbot bench" -c user.email=bench@fsnbot.invalid commit -q -am \
	"inotify: spin $spins times per event (fsnbot's clock benchmark, a made regression)"
git -C "$work/src" format-patch -q --thread --stdout -1 > "$work/small.mbox"

for i in 1 2; do
	sh -c 'while :; do :; done' &
	hogs+=($!)
done
if [ "$aa_boots" -gt 0 ]; then
	echo "== 1. A/A under icount, $aa_boots boots a side, two CPU hogs running"
	java -jar bot/target/fsnbot.jar calibrate --config "$work/icount.yaml" --home "$home" --tree "$tree" \
		--base "$base" --profile "$work/clock.json" --boots "$aa_boots" 2> "$work/aa.log" | tee "$work/aa.out" ||
		{ tail -40 "$work/aa.log"; exit 1; }
fi
for clock in icount wall; do
	if [ "$clock" = wall ]; then
		# On wall time the hogs would make every boot BUSY (an infrastructure failure, rightly):
		# plain TCG gets its best case, a quiet machine.
		for h in "${hogs[@]}"; do kill "$h" 2>/dev/null || true; done
		hogs=()
		echo "== 2. +${spins} spins per event, 3 boots a kernel, wall, no hogs"
	else
		echo "== 2. +${spins} spins per event, 3 boots a kernel, icount, two CPU hogs running"
	fi
	start=$(date +%s)
	java -jar bot/target/fsnbot.jar test-patch --config "$work/$clock.yaml" --home "$home" --tree "$tree" \
		--base "$base" --mbox "$work/small.mbox" --profile "$work/clock.json" --outbox "$work/outbox-$clock" \
		--print > "$work/$clock.out" 2> "$work/$clock.log" || true
	sed -n '/^fsnbot measured/,/^These boots/p' "$work/$clock.out" | head -n -1
	sed -n '/^byte-write:/,/^  A\/A/p;/^parent-modify-scale:/,/^  A\/A/p;/^Inconclusive in every row/,/^$/p' \
		"$work/$clock.out"
	grep -E '^(load|clock): ' "$work/$clock.out" || true
	echo "busy boots redone: $(grep -c ' BUSY ' "$work/$clock.log" || true)"
	{ grep -E 'boot (base|patched)-[0-9]+-try[0-9]+ ' "$work/$clock.log" || true; } | sed 's/.*boot \([a-z]*-[0-9]*-try[0-9]*\) \([A-Z_]*\) \([0-9.]*\) s.*/\1 \2 \3 s/' | tr '\n' ' '
	echo
	[ -s "$work/$clock.out" ] || tail -20 "$work/$clock.log"
	echo "job wall time: $(( $(date +%s) - start )) s"
done
