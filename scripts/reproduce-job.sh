#!/bin/sh
# Boots an fsnbot job's kernels again from the job's published files
# alone: no fsnbot, no fsnbot home or configuration, only QEMU
# (qemu-system-x86_64), sha256sum, awk and, for a URL, curl.
#
#   reproduce-job.sh [DIR | URL] [-n BOOTS]
#
# DIR is a job's directory (fsnbot's <home>/jobs/N/, or a copy of it);
# URL is where the operator publishes it (publicUrl's .../jobs/N/): the
# files SHA256SUMS lists are fetched into ./fsnbot-job-N/ first. Every
# file is checked against SHA256SUMS before anything boots. Then each boot
# that gave results is booted again with the command line fsnbot used
# (boots/<boot>.qemu, unpinned), its results framed as before into
# reproduced/, and set beside what was measured, in that boot and in the
# nearest of its kernel's boots (one boot can be the outlier): on QEMU's
# instruction clock (fsnbot.clock=instructions) counts agree within a few
# percent; on wall time they are this machine's. -n: only the first BOOTS
# boots (a pair is two). Without an argument, the directory this script
# is in. Exit 0 when every boot booted and gave results.
set -eu

src=
most=0
while [ $# -gt 0 ]; do
	case "$1" in
	-n) most=$2; shift 2 ;;
	-h | --help) sed -n '2,20s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) src=$1; shift ;;
	esac
done
[ -n "$src" ] || src=$(cd "$(dirname "$0")" && pwd)

case "$src" in
http://* | https://*)
	url=${src%/}/
	name=$(basename "$url")
	dir=$PWD/fsnbot-job-$name
	mkdir -p "$dir"
	echo "fetching $url into $dir"
	curl -fsS -o "$dir/SHA256SUMS" "${url}SHA256SUMS"
	while read -r sum file; do
		case "$file" in /* | *..*) echo "refusing a path out of the job: $file" >&2; exit 2 ;; esac
		mkdir -p "$dir/$(dirname "$file")"
		curl -fsS -o "$dir/$file" "$url$file"
	done < "$dir/SHA256SUMS"
	;;
*)
	dir=$(cd "$src" && pwd)
	;;
esac

cd "$dir"
[ -f SHA256SUMS ] || { echo "$dir has no SHA256SUMS: not an fsnbot job's files" >&2; exit 2; }
sha256sum -c --quiet SHA256SUMS
echo "files: every one as published (SHA256SUMS)"
command -v qemu-system-x86_64 > /dev/null || { echo "qemu-system-x86_64 is not installed" >&2; exit 2; }

# The boots that gave results, in the order they ran: pair by pair, base first.
boots=$(for f in boots/*.results.log; do
	grep -q '^FSNBOT-END' "$f" || continue
	b=$(basename "$f" .results.log)
	pair=$(echo "$b" | sed -n 's/^[a-z]*-\([0-9]*\)-try[0-9]*$/\1/p')
	side=$(echo "$b" | sed -n 's/^\([a-z]*\)-.*/\1/p')
	printf '%05d %s %s\n' "$pair" "$side" "$b"
done | sort | awk '{print $3}')
[ -n "$boots" ] || { echo "no boot of this job gave results" >&2; exit 1; }

# One result per line, "workload|row|metric|rep<TAB>value", from a framed results log.
results() {
	sed -n 's/^FSNBOT [0-9]* //p' "$1" | awk '
	function field(name,   v) {
		if (!match($0, "\"" name "\":(\"[^\"]*\"|[-0-9.eE+]+)"))
			return ""
		v = substr($0, RSTART + length(name) + 3, RLENGTH - length(name) - 3)
		gsub(/"/, "", v)
		return v
	}
	field("type") == "result" {
		print field("workload") "|" field("row") "|" field("metric") "|" field("rep") "\t" field("value")
	}'
}

mkdir -p reproduced
tab=$(printf '\t')
done_boots=0
failed=0
for b in $boots; do
	[ "$most" -gt 0 ] && [ "$done_boots" -ge "$most" ] && break
	side=${b%%-*}
	kernel=$side.bzImage
	[ -f "$kernel" ] || { echo "$b: no $kernel in the job's files" >&2; exit 2; }
	set --
	while IFS= read -r arg; do
		case "$arg" in
		@KERNEL@) arg=$kernel ;;
		*@CONSOLE@*) arg=$(echo "$arg" | sed "s|@CONSOLE@|reproduced/$b.console.log|") ;;
		*@RESULTS@*) arg=$(echo "$arg" | sed "s|@RESULTS@|reproduced/$b.results.log|") ;;
		esac
		set -- "$@" "$arg"
	done < "boots/$b.qemu"
	rm -f "reproduced/$b.console.log" "reproduced/$b.results.log"
	echo "booting $b again: $*"
	start=$(date +%s)
	if timeout 900 "$@" > /dev/null 2>&1 && grep -q '^FSNBOT-END' "reproduced/$b.results.log"; then
		results "boots/$b.results.log" | LC_ALL=C sort > "reproduced/$b.measured"
		results "reproduced/$b.results.log" | LC_ALL=C sort > "reproduced/$b.again"
		for f in boots/"$side"-*.results.log; do
			if grep -q '^FSNBOT-END' "$f"; then
				results "$f"
			fi
		done > "reproduced/$side.measured-all"
		LC_ALL=C join -t "$tab" "reproduced/$b.measured" "reproduced/$b.again" \
			| awk -F "$tab" -v boot="$b" -v side="$side" -v secs=$(($(date +%s) - start)) '
		# A boot measured once can itself be the outlier: each result is also
		# set beside the nearest of every measured boot of its kernel.
		NR == FNR { seen[$1] = seen[$1] " " $2; next }
		function off(a, m,   d) {
			d = (a / m - 1) * 100
			return d < 0 ? -d : d
		}
		{
			n++
			if ($2 != 0) {
				d = off($3, $2)
				if (d > most) { most = d; what = $1 }
			}
			near = -1
			k = split(seen[$1], v, " ")
			for (i = 1; i <= k; i++)
				if (v[i] != 0 && (near < 0 || off($3, v[i]) < near))
					near = off($3, v[i])
			if (near > nearest) { nearest = near; nwhat = $1 }
		}
		END {
			printf "%s: %d results again in %d s; largest difference from the measured %.2f%% (%s),", boot, n, secs,
				most, what
			printf " from the nearest %s boot %.2f%% (%s)\n", side, nearest, nwhat
		}' "reproduced/$side.measured-all" -
	else
		echo "$b: the boot did not give results again (console: reproduced/$b.console.log)" >&2
		failed=$((failed + 1))
	fi
	done_boots=$((done_boots + 1))
done
echo "$done_boots boot(s) booted again, $failed failed; their logs are in $dir/reproduced/"
[ "$failed" -eq 0 ]
