# Sourced by the set-up scripts: installs the Debian packages named that
# are not installed yet, and nothing when all are. apt's and dpkg's own
# lines go to a log (hundreds of "Unpacking ..." lines would bury what the
# demo says); one line says what is installed, and a failure prints the
# log's last lines.
ensure_packages() {
	local missing=() p log
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
	done
	if [ ${#missing[@]} -gt 0 ]; then
		log=${TMPDIR:-/tmp}/fsnbot-apt.log
		echo "setup: installing ${missing[*]} (apt's output: $log)"
		export DEBIAN_FRONTEND=noninteractive
		if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}"; } \
			>"$log" 2>&1; then
			echo "setup: apt-get failed; the last lines of $log:" >&2
			tail -n 30 "$log" >&2
			return 1
		fi
	fi
}
