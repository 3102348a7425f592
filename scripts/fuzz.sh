#!/usr/bin/env bash
# A longer run of the hostile-mail fuzzer than the test phase's 10,000
# mails and command lines: scripts/fuzz.sh [MAILS] [SEED] [COMMAND_LINES].
# Prints what it found (fresh, unparseable, kept, series) and the times;
# the full Maven output is in bot/target/fuzz.log.
set -uo pipefail
cd "$(dirname "$0")/../bot"
mails=${1:-100000}
seed=${2:-$(date +%s)}
lines=${3:-$mails}
mvn -B verify -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false -Dit.test=HostileMailFuzzIT \
	-Dfsnbot.fuzz.mails="$mails" -Dfsnbot.fuzz.seed="$seed" -Dfsnbot.fuzz.commands="$lines" >target/fuzz.log 2>&1
rc=$?
grep -a '^fuzz:\|Tests run:\|FAIL' target/fuzz.log | sort -u
exit $rc
