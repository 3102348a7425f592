#!/usr/bin/env bash
# Each defence in docs/security.md's table, removed one at a time: its test
# must fail then. Runs on a scratch clone of HEAD (the work tree is never
# touched), offline against the local Maven repository (run the tests once
# first), one `mvn test` per mutation; prints a line per defence, KILLED
# or SURVIVED, and exits 1 if any survived or did not apply.
#
#   bash scripts/mutations.sh            # every mutation
#   bash scripts/mutations.sh serve      # those whose name contains "serve"
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
filter=${1:-}
work=$(mktemp -d /tmp/fsnbot-mutations.XXXXXX)
trap 'rm -rf "$work"' EXIT
git clone -q "$repo" "$work/r"
cd "$work/r"
m=bot/src/main/java/org/fsnbot

# name, file, perl substitution (-0 mode: the whole file), test (a class, or
# Class#method with * as Maven's -Dtest takes it): tab-separated.
# A file is under bot/src/main/java/org/fsnbot unless it starts with bot/,
# deploy/ or scripts/ (then it is from the repository's root). A
# test named *IT is an end-to-end suite, run by failsafe (mvn verify -Dit.test):
# start Docker first (scripts/docker-up.sh: the container sandbox and the
# fleet's PostgreSQL need it, and the script does not start it); minutes each, and what it needs (public-inbox, root, Docker) as the test
# command sets up; a suite that skips itself for want of it shows as SURVIVED.
mutations=$(cat <<'TABLE'
reap only what a gone process left	exec/Orphans.java	s/mark\.isEmpty\(\) \|\| mark\.get\(\)\.starterAlive\(\) \|\|/mark.isEmpty() ||/	OrphansTest
a look makes no home or database	app/Application.java	s/Testbeds\.QEMU, true\);/Testbeds.QEMU, false);/	LooksDisturbNothingTest
a look reaps nothing	app/Application.java	s/(this\.owner = OwnerMark\.ofThisProcess\(ownerHome\)\.value\(\);)/$1\n        for (long p : new Orphans(ownerHome).marked()) { ProcessHandle.of(p).ifPresent(ProcessHandle::destroyForcibly); }/	LooksDisturbNothingTest
spaces of a live process stay mounted	exec/OwnerMark.java	s/return !other\.equals\(mine\) && parse\(other\)\.filter\(m -> m\.home\(\)\.equals\(me\.get\(\)\.home\(\)\) && !m\.starterAlive\(\)\)/return !other.equals(mine) \&\& parse(other).filter(m -> m.home().equals(me.get().home()))/	OrphansTest
the boundary is the recorded connection, not the HELO	intake/AuthenticationResults.java	s/if \(!LOOPBACK\.matcher\(literal\.group\(1\)\.strip\(\)\)\.matches\(\)\) \{/if (false) {/	AuthenticationResultsTest
quoted strings are one value	intake/HeaderTokens.java	s/            if \(c == '"'\) \{\n                StringBuilder q/            if (false) {\n                StringBuilder q/	AuthenticationResultsTest
robots get no answer (bounces, reports, auto_reply)	intake/AutoSubmitted.java	s/Optional<String> robot = robotMark\(name, value, h\.getValue\(\)\);/Optional<String> robot = Optional.empty();/	CommandDeskTest
replies per sender and hour	mail/Delivery.java	s/ledger\.answeredLastHour\(audience\.answers\(\)\) >= e\.maxRepliesPerSenderHour\(\)/false/	DeliveryTest
no verdict, no Cc a stranger chose	mail/ReplyComposer.java	s/if \(lists\.contains\(bare\) && !onLists\.contains\(bare\)\)/if (!onLists.contains(bare))/	ReplyTest
a sandboxed git's plants are removed	build/CheckoutGuard.java	s/(public void restore\(\) throws IOException \{\n)/$1        if (gitDirKey != null) { return; }\n/	CheckoutGuardTest
root's git runs no hook or fsmonitor	build/CheckoutGuard.java	s/List\.of\("git", "-c", "core\.hooksPath=\/dev\/null", "-c",\n            "core\.fsmonitor=false"\)/List.of("git")/	CheckoutGuardTest
no vsock or netlink socket	exec/SeccompFilter.java	s/DENIED_FAMILIES = List\.of\(40, 16\)/DENIED_FAMILIES = List.of()/	BwrapSandboxTest
no memfd_secret or modify_ldt	exec/SeccompFilter.java	s/, "memfd_secret", "modify_ldt"\)/)/	BwrapSandboxTest
no forge CI pushed	job/TreePublisher.java	s/if \(!ci\.isEmpty\(\)\)/if (false)/	TreePublisherTest
serve streams	pages/LiveSite.java	s/stream\(ex, type\(rel\), file\.get\(\)\);/send(ex, 200, type(rel), Files.readAllBytes(file.get()));/	SiteTest
a topology cannot overflow or ask for more than any guest	plan/Topology.java	s/if \(wanted > MAX_VCPUS \|\| nodes > MAX_NODES \|\| memoryMiB > MAX_MEMORY_MIB\)/if (false)/	TopologyTest
the runner bounds its guests	vm/GuestRoom.java	s/if \(t\.memoryMiB\(\) > memoryMiB \|\| t\.cpus\(\) > vcpus\)/if (false)/	GuestRoomTest
the boot's cgroup comes from the room	vm/GuestRoom.java	s/return Math\.min\(t\.memoryMiB\(\), memoryMiB\) \+ QEMU_OWN_MIB;/return t.memoryMiB() + QEMU_OWN_MIB;/	GuestRoomTest
a maintainer's unit runs before a stranger's flood	store/WorkQueue.java	s/state = \x27queued\x27 ORDER BY standing, id"/state = \x27queued\x27 ORDER BY id"/	QueueStandingTest
the fleet dispatches by standing	store/FleetQueue.java	s/ORDER BY standing, id"/ORDER BY id"/	QueueStandingTest
Quartz fires strangers' units last	schedule/FleetScheduler.java	s/case STRANGER -> w\.queuedAt\(\);/case STRANGER -> w.queuedAt().minus(java.time.Duration.ofDays(400));/	QueueStandingTest
a stranger's units past the cap wait as patches	work/SeriesQueuer.java	s/&& queue\.waitingFor\(asker\.address\(\)\.orElseThrow\(\)\) >= settings\.maxWaitingPerStranger\(\)/\&\& false/	SeriesQueuerTest
a stop ends every wait on the database	store/Patience.java	s/if \(stopped\.getCount\(\) == 0\) \{/if (false) {/g	PatienceTest
answers by role: signed strangers' pool	commands/Authoriser.java	s/        if \(maintainer\(sender\)\) \{\n            return CommandOutcome\.ANSWERED;\n        \}\n//	AuthoriserTest
answers by role: authors' own pool	commands/Authoriser.java	s/ownThread\(sender, thread\) \? CommandOutcome\.ANSWERED_AUTHOR : CommandOutcome\.ANSWERED_SIGNED/CommandOutcome.ANSWERED_SIGNED/	AuthoriserTest
runs by role: authors' pool	commands/Authoriser.java	s/return maintainer\(sender\) \? CommandOutcome\.ACCEPTED : CommandOutcome\.ACCEPTED_AUTHOR;/return CommandOutcome.ACCEPTED;/	AuthoriserTest
a runner without its name stops measuring	job/UnitLease.java	s/            measuring\.interrupt\(\);\n//	FleetWorkerTest
a unit whose hold was lost is handed back	fleet/FleetWorker.java	s/log\.warn\("\{\}", fleet\.handBack\(w\.id\(\), me\.name\(\), lease\.lost\(\)\.orElse\(""\)\)\);//	FleetWorkerTest
no reply after a lost hold	job/ReplyPhase.java	s/if \(!lease\.settle\(\)\) \{\n            throw/if (false) {\n            throw/	ReplyPhaseTest
a maintainer's patch stands first	work/SeriesQueuer.java	s/settings\.maintainer\(\)\.test\(author\) \? Asker\.Standing\.MAINTAINER\s*: Asker\.Standing\.OWN/Asker.Standing.OWN/	SeriesQueuerTest
authors' reruns stand behind maintainers'	commands/Authoriser.java	s/return maintainer\(sender\) \? org\.fsnbot\.store\.Asker\.Standing\.MAINTAINER : org\.fsnbot\.store\.Asker\.Standing\.OWN;/return org.fsnbot.store.Asker.Standing.MAINTAINER;/	AuthoriserTest
leftovers are read without following links	exec/Leftovers.java	s/.*\[ -L .*\n//	BwrapSandboxTest
a step's output is bounded	exec/LineCapture.java	s/return total <= limits\.stopAfterBytes\(\);/return true;/	CommandRunnerTest
strangers' answers have a pool of their own	commands/Authoriser.java	s/return CommandOutcome\.ANSWERED_STRANGER;/return CommandOutcome.ANSWERED_SIGNED;/	AuthoriserTest
a running job's files stay	disk/Retention.java	s/s\.endedAgo\(\)\.filter\(ago -> ago\.compareTo\(keep\) > 0\)\.isPresent\(\)/s.endedAgo().orElse(Duration.ofDays(99999)).compareTo(keep) > 0/	RetentionTest
the newest bases stay	disk/Retention.java	s/bases\.subList\(Math\.min\(settings\.keepBases\(\), bases\.size\(\)\), bases\.size\(\)\)/bases/	RetentionTest
no intake below the floor	app/RunLoop.java	s/if \(full\.isPresent\(\)\) \{/if (false) {/	RunLoopTest
no claim below the floor	app/RunLoop.java	s/worker\.drain\(\(\) -> mode\.disk\(\)\.tidy\(\)\.isEmpty\(\)\)/worker.drain(() -> true)/	RunLoopTest
a build reaches no network	exec/BwrapSandbox.java	s/"--unshare-net", //	BwrapSandboxTest
no secret from our environment	exec/BwrapSandbox.java	s/        a\.add\("--clearenv"\);\n//	BwrapSandboxTest
a step dies with fsnbot	exec/BwrapSandbox.java	s/"bwrap", "--die-with-parent", /"bwrap", /	BwrapSandboxTest
no user namespace inside	exec/SeccompFilter.java	s/List\.of\("unshare", "setns", /List.of("setns", /	BwrapSandboxTest
no io_uring	exec/SeccompFilter.java	s/"io_uring_setup", //	BwrapSandboxTest
no key that outlives the job	exec/SeccompFilter.java	s/"add_key", //	BwrapSandboxTest
a fork bomb stops at the process limit	exec/StepCgroups.java	s/                write\(d\.resolve\("pids\.max"\), Integer\.toString\(limits\.processes\(\)\)\);\n                writeIfThere\(d\.resolve\("cpu\.max"\)/                writeIfThere(d.resolve("cpu.max")/	BwrapSandboxTest
no mount through a link	exec/Mount.java	s/if \(!real\.equals\(path\)\) \{/if (false) {/	BwrapSandboxTest
a space holds no more than its size	exec/Spaces.java	s/"size=" \+ bytes/"size=" + (bytes * 4)/	BwrapSandboxTest
no FIFO read back	exec/Leftovers.java	s/.*\[ ! -f .*\n//	BwrapSandboxTest
a result below the MTA's own line is not believed	intake/AuthenticationResults.java	s/takenIn\(MimeUtility\.unfold\(h\.getValue\(\)\), trustedIds\)\) \{\n                return Optional\.empty\(\);/takenIn(MimeUtility.unfold(h.getValue()), trustedIds)) {\n                continue;/	AuthoriserTest
an answer that went nowhere is not counted	commands/CommandDesk.java	s/            if \(sent\.isPresent\(\)\) \{\n                \/\/ Counted/            if (true) {\n                \/\/ Counted/	CommandDeskTest
test takes trees under the prefixes only	commands/TestHandler.java	s/if \(urlPrefixes\.stream\(\)\.noneMatch\(t\.url\(\)::startsWith\)\) \{/if (false) {/	CommandsByMailTest
only the operator's trees are trusted	build/TrustedTrees.java	s/return trees\.contains\(norm\(tree\)\) \? KernelBuilder\.Code\.TRUSTED : KernelBuilder\.Code\.UNTRUSTED;/return KernelBuilder.Code.TRUSTED;/	TrustedTreesTest
a lost hold's result is neither finished nor answered	work/QueueWorker.java	s/if \(!lease\.settle\(\)\) \{/if (false) {/	RunLoopTest
a stranger's answer goes to the lists only	mail/ReplyComposer.java	s/return Optional\.of\(capped\(onLists, List\.of\(\), target, body, newMessageId\(\)\)\);/return Optional.of(capped(List.of(target.replyTo()), onLists, target, body, newMessageId()));/	CommandsByMailTest
the store listens on loopback only	store/H2Access.java	s/String LOOPBACK = "127\.0\.0\.1";/String LOOPBACK = "0.0.0.0";/	RunServiceIT
one poisonous mail stops no poll	intake/InboxFollower.java	s/unparseable\(inbox, epoch, entry, ex\.getMessage\(\), w, n\);/throw new IllegalStateException(ex);/	PoisonMailIT
a step past its wall time is killed with all it started	exec/CommandRunner.java	s/if \(!finished\) \{\n                kill\(p\);\n/if (!finished) {\n/	BwrapSandboxTest
a step past its wall time is killed with all it started	exec/StepCgroups.java	s/left\.forEach\(pid -> ProcessHandle\.of\(pid\)\.ifPresent\(ProcessHandle::destroyForcibly\)\);//	BwrapSandboxTest
a step the memory limit struck says so	exec/StepCgroups.java	s/if \(oom > 0\) \{/if (false) {/	BwrapSandboxTest
a hijacked QEMU's console is read through the sandbox	vm/QemuBoot.java	s/leftovers\.copy\(space\.dir\(\), "console\.log", consoleLog, CONSOLE_BYTES, Leftovers\.End\.TAIL\);/java.nio.file.Files.copy(space.dir().resolve("console.log"), consoleLog);/	QemuBootTest
fsnbot run stays up without its network	app/LiveMaintainers.java	s/(\} catch \(IOException \| RuntimeException e\) \{\n)(\s+nextTry)/$1            if (true) {\n                throw new IllegalStateException(e);\n            }\n$2/	LiveMaintainersTest
the store's password	store/H2Access.java	s/String password = readOrMake\(\);/String password = readOrMake().isEmpty() ? "" : "";/	RunServiceIT
the store's files are fsnbot's alone	app/Home.java	s/fromString\("rwx------"\)/fromString("rwxr-xr-x")/	RunServiceIT
the store's files are fsnbot's alone	mail/Outbox.java	s/fromString\("rwx------"\)/fromString("rwxr-xr-x")/	RunServiceIT
the store's files are fsnbot's alone	store/H2Access.java	s/setPosixFilePermissions\(a\.dir, PosixFilePermissions\.fromString\("rwx------"\)\)/setPosixFilePermissions(a.dir, PosixFilePermissions.fromString("rwxr-xr-x"))/	RunServiceIT
the store's files are fsnbot's alone	store/H2Access.java	s/(NOFOLLOW_LINKS\)\) \{\n\s+Files\.setPosixFilePermissions\(f, PosixFilePermissions\.fromString\(")rw-------/$1rw-r--r--/	RunServiceIT
a runner's grants end at its unit's progress	store/FleetGrants.java	s/"GRANT UPDATE \(" \+ UNIT_PROGRESS \+ "\) ON work_queue TO "/"GRANT UPDATE, DELETE ON work_queue TO "/	FleetRolesIT
a runner's mail goes to its thread's people and the lists only	app/VouchedRecipients.java	s/if \(allowed\.contains\(Addresses\.bare\(a\)\)\) \{/if (true) {/	FleetRolesIT
a store on another host never falls back to clear text unasked	store/StoreUrl.java	s/if \(modes\.size\(\) != 1 \|\| !CHOSEN\.contains\(modes\.get\(0\)\)\) \{/if (false) {/	StoreUrlTest
a dirty checkout is never copied	build/CheckoutDonors.java	s/if \(!clean\.test\(donor\.dir\(\), donor\.commit\(\)\)\) \{/if (false) {/	CheckoutsTest
a busy one is not copied	build/CheckoutDonors.java	s/return locks\.tryHolding\(donor\.commit\(\), patience, \(\) -> \{/return Optional.of(((BaseLocks.Locked<Boolean>) () -> {/; s/            return true;\n        \}\)\.orElse\(false\);/            return true;\n        }).run()).orElse(false);/	CheckoutsTest
git on mail's data runs in the sandbox	build/PatchApplier.java	s/return sandbox\.run\(new SandboxStep\(cmd, checkout\.toAbsolutePath\(\)\.normalize\(\), Map\.of\("GIT_EDITOR", "true"\),\n\s+mounts, SandboxStep\.Handles\.UNTRUSTED_DATA, Limits\.git\(\), Duration\.ofMinutes\(10\)\), l -> \{ \}\);/return runner.run(cmd, checkout, Duration.ofMinutes(10));/	PatchApplierTest
a build reads neither the database nor its home	build/BuildStep.java	s/(if \(java\.nio\.file\.Files\.exists\(fragment\)\) \{)/mounts.add(Mount.readOnly(java.nio.file.Path.of(System.getenv().getOrDefault("FSNBOT_TEST_HOME", "\/var\/cache\/fsnbot\/test-home"), "db")));\n        $1/	HostilePatchIT#aHostileBuildReachesNothing*
a build reads neither the database nor its home	store/H2Access.java	s/setPosixFilePermissions\(a\.dir, PosixFilePermissions\.fromString\("rwx------"\)\);/setPosixFilePermissions(a.dir, PosixFilePermissions.fromString("rwxr-xr-x"));\n            a.closeFiles();/	HostilePatchIT#aHostileBuildReachesNothing*
a build reads neither the database nor its home	store/H2Access.java	s/(NOFOLLOW_LINKS\)\) \{\n\s+Files\.setPosixFilePermissions\(f, PosixFilePermissions\.fromString\(")rw-------/$1rw-r--r--/	HostilePatchIT#aHostileBuildReachesNothing*
an untrusted build reads the ccache, never writes it	build/BuildStep.java	s/code == KernelBuilder\.Code\.TRUSTED \? Mount\.writable\(dir\) : Mount\.readOnly\(dir\)/Mount.writable(dir)/	HostilePatchIT#aHostileBuildReachesNothing*
an untrusted build reads the ccache, never writes it	build/KernelBuilder.java	s/(            sandbox\.handOver\(space\.dir\(\)\);\n)/$1            for (Path c : ccache().stream().toList()) {\n                sandbox.handOver(c);\n            }\n/	HostilePatchIT#aHostileBuildReachesNothing*
a copy from a step ends at its deadline	exec/CommandRunner.java	s/overdue\.set\(true\);\n\s+kill\(p\);/overdue.set(true);/	CommandRunnerTest
a kernel that does not boot gives no verdict	job/MeasurePhase.java	s/if \(run\.failure\(\)\.isPresent\(\)\) \{/if (false) {/	HostilePatchIT#whatABuildLeavesAtEveryName*
a step stops at its memory limit	exec/StepCgroups.java	s/                write\(d\.resolve\("memory\.max"\), Long\.toString\(limits\.memoryBytes\(\)\)\);\n//	BwrapSandboxTest#aStepIsStoppedAtItsMemoryLimit*
a step stops at its memory limit	exec/StepCgroups.java	s/                    write\(d\.resolve\("memory\.limit_in_bytes"\), Long\.toString\(limits\.memoryBytes\(\)\)\);\n[^\n]*\n[^\n]*memsw[^\n]*\n//	BwrapSandboxTest#aStepIsStoppedAtItsMemoryLimit*
TABLE
)

# Rows of one name are one defence in layers (a process killed by its
# runner, its PID namespace and its cgroup): all of them are removed
# together, as removing one layer alone leaves the others holding.
names=$(cut -f1 <<<"$mutations" | awk 'NF && !seen[$0]++')
failed=0
while IFS= read -r name; do
	case "$name" in *"$filter"*) ;; *) continue ;; esac
	touched=()
	applied=1
	test=
	while IFS=$'\t' read -r n file subst t; do
		[ "$n" = "$name" ] || continue
		test=${test:-$t}
		case "$file" in bot/* | deploy/* | scripts/*) f=$file ;; *) f="$m/$file" ;; esac
		saved="$work/before.${#touched[@]}"
		cp "$f" "$saved"
		touched+=("$f")
		perl -0pi -e "$subst" "$f"
		if cmp -s "$f" "$saved"; then
			printf 'DID NOT APPLY  %s (%s)\n' "$name" "$file"
			applied=0
		fi
	done <<<"$mutations"
	if [ "$applied" = 1 ]; then
		case "$test" in
		*IT | *IT#*) run=(verify -Dtest=NONE -Dit.test="$test") ;;
		*) run=(test -Dtest="$test") ;;
		esac
		if mvn -B -q -o -pl bot "${run[@]}" -Dsurefire.failIfNoSpecifiedTests=false \
			-Dcheckstyle.skip >"$work/log" 2>&1; then
			printf 'SURVIVED       %s: %s passed without it\n' "$name" "$test"
			failed=1
		elif grep -q "COMPILATION ERROR" "$work/log"; then
			printf 'DID NOT BUILD  %s\n' "$name"
			failed=1
		else
			# The first failure surefire or failsafe names: that the test failed for
			# the removed defence, not for something else, is for the reader to see.
			why=$(grep -A3 -E '^\[ERROR\] (Failures|Errors):' "$work/log" | grep -E '^\[ERROR\]   ' | head -n3 |
				sed 's/^\[ERROR\] *//' | cut -c1-160 | paste -sd';' -)
			printf 'KILLED         %s: %s failed (%s)\n' "$name" "$test" "${why:-see its report}"
		fi
	else
		failed=1
	fi
	# Backwards: a file two rows changed gets its first copy back last.
	for ((i = ${#touched[@]} - 1; i >= 0; i--)); do
		cp "$work/before.$i" "${touched[$i]}"
	done
done <<<"$names"
exit $failed
