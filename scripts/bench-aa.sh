#!/usr/bin/env bash
# What a calibrated instruction-clock runner calls, through the product's
# own `test-patch` and the quick profile, with two CPU hogs running beside
# every boot (docs/stats.md, "A/A reports"):
#  1. a made path-length regression in fsnotify() (a barrier loop of SPINS
#     iterations on the watched path, ~3 instructions an iteration: ~+3% on
#     byte-write parent at 30), once: its verdict and boots a kernel;
#  2. REPORTS A/A jobs: a patch that rewords a comment in fs/notify/fsnotify.c
#     (same lines, so the same vmlinux; the script checks the two bzImages'
#     hashes), each a whole job with its own boots. A report passes when
#     every verdict row says "no significant change".
# Usage: bash scripts/bench-aa.sh [REPORTS] [SPINS]   (REPORTS 0: only 1.;
# SPINS 0: only 2.)
# Needs the base built and calibrated in $FSNBOT_BENCH_HOME (default
# /var/cache/fsnbot/bench-home; e.g. a copy of the demo's home). About 2-3
# minutes a job here with the hogs.
set -euo pipefail
cd "$(dirname "$0")/.."
reports=${1:-50}
spins=${2:-30}
home=${FSNBOT_BENCH_HOME:-/var/cache/fsnbot/bench-home}
tree=${FSNBOT_LINUX_TREE:-/var/cache/fsnbot/linux-6.12}
base=$(git -C "$tree" tag --list 'debian-linux-source-6.12*' | sort | tail -n 1)
[ -f bot/target/fsnbot.jar ] || mvn -q -B -DskipTests package
work=$(mktemp -d)
# Its own copy: a rebuild while the bench runs (an hour or more) must not
# change, or break, what the later jobs run.
cp bot/target/fsnbot.jar "$work/fsnbot.jar"
hogs=()
cleanup() {
	for h in "${hogs[@]}"; do kill "$h" 2>/dev/null || true; done
	[ -n "${FSNBOT_BENCH_KEEP:-}" ] || rm -rf "$work"
}
trap cleanup EXIT

# One mbox a change, made on a shared clone of the base.
git clone -q --shared "$tree" "$work/src"
git -C "$work/src" checkout -q "$base"
f=fs/notify/fsnotify.c
patch_mbox() {
	local out=$1 subject=$2 script=$3
	git -C "$work/src" checkout -q "$base"
	python3 - "$work/src/$f" "$spins" <<<"$script"
	git -C "$work/src" -c user.name="fsnbot bench" -c user.email=bench@fsnbot.invalid commit -q -am "$subject"
	git -C "$work/src" format-patch -q --thread --stdout -1 > "$out"
}
patch_mbox "$work/regression.mbox" "fsnotify: spin $spins times per watched event (fsnbot's A/A bench, a made regression)" '
import sys
p, spins = sys.argv[1], sys.argv[2]
s = open(p).read()
anchor = "\tmarks_mask = READ_ONCE(sb->s_fsnotify_mask);\n"
assert s.count(anchor) == 1
loop = "\tfor (int spin = 0; spin < %s; spin++)\n\t\tbarrier();\n" % spins
open(p, "w").write(s.replace(anchor, loop + anchor))
'
patch_mbox "$work/aa.mbox" "fsnotify: reword a comment (fsnbot's A/A bench, no code change)" '
import sys
p = sys.argv[1]
s = open(p).read()
old = "Optimization: srcu_read_lock() has a memory barrier which can"
assert s.count(old) == 1
open(p, "w").write(s.replace(old, "Optimisation: srcu_read_lock() has a memory barrier which can"))
'

# Runs one job; prints "PASS|FAIL <outcome> boots=<a kernel> widest=+/-<|CI| %>
# rows=<judged> same-bzImage=<yes|no> <rows not 'no significant change'>".
job() {
	local mbox=$1 name=$2
	java -jar "$work/fsnbot.jar" test-patch --home "$home" --tree "$tree" --base "$base" --mbox "$mbox" \
		--profile quick --outbox "$work/outbox" --json "$work/$name.json" --print \
		> "$work/$name.out" 2> "$work/$name.log" || true
	if [ ! -s "$work/$name.json" ]; then
		echo "FAIL no result (log: $(tail -n 1 "$work/$name.log"))"
		return
	fi
	python3 - "$work/$name.json" "$home" <<'PY'
import json, os, sys
r = json.load(open(sys.argv[1]))
judged = [m for m in r["metrics"] if m["inVerdict"]]
other = ["%s %s %s: %s %+.1f%% [%.1f%%, %.1f%%]" % (m["workload"], m["row"], m["metric"], m["verdict"],
         m["changePct"] or 0, m["ciLowPct"] or 0, m["ciHighPct"] or 0)
         for m in judged if m["verdict"] != "no significant change"]
wide = max((max(abs(m["ciLowPct"]), abs(m["ciHighPct"])) for m in judged
            if m["ciLowPct"] is not None and m["ciHighPct"] is not None), default=float("nan"))
sums = {}
path = os.path.join(sys.argv[2], "jobs", str(r["job"]), "SHA256SUMS")
if os.path.exists(path):
    for line in open(path):
        digest, name = line.split()
        sums[name] = digest
same = "yes" if sums.get("base.bzImage") and sums.get("base.bzImage") == sums.get("patched.bzImage") else "no"
ok = r["outcome"] == "no-regression" and judged and not other and same == "yes"
print("%s %s boots=%d widest=+/-%.1f%% rows=%d same-bzImage=%s %s" % ("PASS" if ok else "FAIL", r["outcome"],
      r["bootsPerKernel"], wide, len(judged), same, "; ".join(other)))
PY
}

for i in 1 2; do
	sh -c 'while :; do :; done' &
	hogs+=($!)
done
if [ "$spins" -gt 0 ]; then
	echo "== 1. fsnotify() +$spins barrier iterations per watched event, quick profile, two CPU hogs"
	start=$(date +%s)
	echo "regression: $(job "$work/regression.mbox" regression | cut -d" " -f2-) ($(( $(date +%s) - start )) s)"
	sed -n '/^fsnbot measured/,/^These boots/p' "$work/regression.out" | head -n -1
fi

[ "$reports" -gt 0 ] || exit 0
echo "== 2. $reports A/A jobs (a comment reworded), quick profile, two CPU hogs"
pass=0
for i in $(seq "$reports"); do
	start=$(date +%s)
	line=$(job "$work/aa.mbox" "aa-$i")
	case $line in PASS*) pass=$((pass + 1)) ;; esac
	echo "A/A $i: $line ($(( $(date +%s) - start )) s)"
done
echo "A/A: $pass of $reports reports 'no significant change' on every verdict row, the same bzImage both sides"
