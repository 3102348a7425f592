package org.fsnbot.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.fsnbot.testing.Sandboxes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every sandbox that confines must hold, one protection at a time,
 * each against what it is for, with the real thing (bubblewrap, Docker).
 */
abstract class SandboxContract {

    protected final String owner = "sandbox-test-" + UUID.randomUUID();

    /** The sandbox under test, marking its processes with owner. */
    protected abstract Sandbox sandbox() throws IOException;

    private CommandResult sh(Path dir, String script, List<Mount> mounts, Limits limits, Duration timeout)
            throws IOException {
        List<Mount> all = new ArrayList<>(mounts);
        all.add(Mount.writable(dir));
        return sandbox().run(new SandboxStep(List.of("sh", "-c", script), dir, Map.of(), all,
                SandboxStep.Handles.UNTRUSTED_CODE, limits, timeout), line -> { });
    }

    private CommandResult sh(Path dir, String script, List<Mount> mounts) throws IOException {
        return sh(dir, script, mounts, Limits.build(), Duration.ofSeconds(60));
    }

    private Path handedOver(Path dir) throws IOException {
        sandbox().handOver(dir);
        return dir;
    }

    /** Every IPv4 address of this host, loopback first: where a step could find something of ours. */
    private static List<String> hostAddresses() throws IOException {
        List<String> out = new ArrayList<>(List.of("127.0.0.1"));
        for (NetworkInterface i : java.util.Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (i.isUp() && !i.isLoopback()) {
                i.inetAddresses().filter(x -> x instanceof Inet4Address).forEach(x -> out.add(x.getHostAddress()));
            }
        }
        return out;
    }

    @Test
    void aConnectionToAnyAddressOfTheHostGoesNowhere(@TempDir Path dir) throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 50)) {
            listener.setSoTimeout(500);
            List<String> tries = new ArrayList<>();
            for (String a : hostAddresses()) {
                tries.add("bash -c 'exec 3<>/dev/tcp/" + a + "/" + listener.getLocalPort() + "' 2>/dev/null && echo"
                        + " connected " + a);
            }
            CommandResult r = sh(handedOver(dir), String.join("; ", tries) + "; true", List.of());
            assertThat(r.outputText()).doesNotContain("connected");
            try {
                listener.accept().close();
                throw new AssertionError("the listener got a connection");
            } catch (SocketTimeoutException expected) {
                // nothing arrived
            }
        }
    }

    @Test
    void nothingOfOurEnvironmentReachesTheStep(@TempDir Path dir) throws Exception {
        CommandResult r = sh(handedOver(dir), "env", List.of());
        assertThat(r.ok()).as(r.outputText()).isTrue();
        List<String> allowed = List.of("PATH", "HOME", "TMPDIR", "LANG", "PWD", "SHLVL", "_", Orphans.VARIABLE);
        System.getenv().forEach((name, value) -> {
            if (!allowed.contains(name)) {
                assertThat(r.output()).as("our %s", name).doesNotContain(name + "=" + value);
            }
        });
        assertThat(r.output()).contains("HOME=/tmp", Orphans.VARIABLE + "=" + owner);
    }

    @Test
    void theStepSeesItsMountsAndNothingElseOfOurs(@TempDir Path dir) throws Exception {
        Path work = Files.createDirectories(dir.resolve("work"));
        Path readOnly = Files.createDirectories(dir.resolve("ro"));
        Files.writeString(readOnly.resolve("in"), "input\n");
        Path secret = Files.writeString(dir.resolve("secret.txt"), "s3cret\n");
        String hostTmp = "/tmp/fsnbot-leak-" + UUID.randomUUID();
        CommandResult r = sh(handedOver(work), String.join("; ",
                "cat " + readOnly + "/in",
                "cat " + secret + " || echo no-secret",
                "echo x > " + readOnly + "/out || echo no-write-ro",
                "echo x > " + work + "/out && echo wrote-work",
                "echo x > " + hostTmp + " && echo wrote-private-tmp",
                "ls /root || echo no-root",
                "echo x > /usr/x || echo no-write-usr"), List.of(Mount.readOnly(readOnly)));
        assertThat(r.output()).contains("input", "no-secret", "no-write-ro", "wrote-work", "wrote-private-tmp",
                "no-root", "no-write-usr").doesNotContain("s3cret");
        assertThat(readOnly.resolve("out")).doesNotExist();
        assertThat(work.resolve("out")).exists();
        assertThat(Path.of(hostTmp)).doesNotExist();
    }

    @Test
    void aForkBombStopsAtTheProcessLimitAndNothingOutlivesTheStep(@TempDir Path dir) throws Exception {
        assumeThat(Sandboxes.root()).as("the process limit counts the sandbox user's processes; as another"
                + " user it would count ours too").isTrue();
        CommandResult r = sh(handedOver(dir), "i=0; while [ $i -lt 1000 ]; do sleep 60 & i=$((i+1)); done; echo all",
                List.of(), new Limits(60, 1L << 30, 32, 1 << 20, 1 << 20, 1), Duration.ofSeconds(30));
        assertThat(r.timedOut()).isFalse();
        assertThat(r.outputText()).contains("Cannot fork").doesNotContain("all");
        if (countsForks()) {
            assertThat(r.limitsHit()).as("the step's cgroup refused the forks").extracting(LimitHit::kind)
                    .contains(LimitHit.Kind.PROCESSES);
        }
        assertThat(new Orphans(owner).marked()).as("sleepers left behind").isEmpty();
    }

    @Test
    void aStepThatOverrunsIsKilledWithEverythingItStarted(@TempDir Path dir) throws Exception {
        CommandResult r = sh(handedOver(dir), "sleep 60 & sleep 60", List.of(), Limits.build(),
                Duration.ofSeconds(2));
        assertThat(r.timedOut()).isTrue();
        assertThat(new Orphans(owner).marked()).as("sleepers left behind").isEmpty();
    }

    @Test
    void whatTheStepWroteIsOursAgainAfterTakeBack(@TempDir Path dir) throws Exception {
        assumeThat(Sandboxes.root()).as("ownership only changes hands when fsnbot runs as root").isTrue();
        CommandResult r = sh(handedOver(dir), "mkdir d && echo x > d/f", List.of());
        assertThat(r.ok()).as(r.outputText()).isTrue();
        assertThat(Files.getAttribute(dir.resolve("d/f"), "unix:uid")).isNotEqualTo(0);
        sandbox().takeBack(dir);
        assertThat(Files.getAttribute(dir.resolve("d/f"), "unix:uid")).isEqualTo(0);
    }

    /** Whether the sandbox's cgroup counts refused forks (Docker's does not say). */
    protected boolean countsForks() {
        return true;
    }

    /**
     * The key this test's probe tries to add: its own name, so a key an
     * earlier run left (a mutation check that let add_key through: the
     * sandbox user's keyring outlives every process) is not taken for this
     * run's.
     */
    private final String key = "fsnbot-left-" + java.util.UUID.randomUUID();

    /** A Perl script in dir that tries io_uring_setup and add_key and says what became of each. */
    private void probes(Path dir) throws IOException {
        Files.writeString(dir.resolve("probe.pl"), String.join("\n",
                "my $params = \"\\0\" x 120;",
                "my $r = syscall(425, 8, $params);",
                "print $r < 0 ? \"io_uring: $!\\n\" : \"io_uring: set up\\n\";",
                "my ($type, $desc, $payload) = (\"user\", \"" + key + "\", \"v\");",
                "$r = syscall(248, $type, $desc, $payload, 1, -4);",
                "print $r < 0 ? \"add_key: $!\\n\" : \"add_key: added\\n\";",
                "print socket(my $v, 40, 1, 0) ? \"vsock: opened\\n\" : \"vsock: $!\\n\";",
                "print socket(my $n, 16, 3, 0) ? \"netlink: opened\\n\" : \"netlink: $!\\n\";",
                "$r = syscall(447, 0);",
                "print $r < 0 ? \"memfd_secret: $!\\n\" : \"memfd_secret: made\\n\";",
                "my $buf = \"\\0\" x 16;",
                "$r = syscall(154, 0, $buf, 16);",
                "print $r < 0 ? \"modify_ldt: $!\\n\" : \"modify_ldt: read\\n\";", ""));
    }

    @Test
    void namespacesIoUringAndKeyringsAreRefused(@TempDir Path dir) throws Exception {
        probes(dir);
        CommandResult r = sh(handedOver(dir), String.join("; ",
                "unshare -U true && echo unshared-user",
                "unshare -r true && echo unshared-root",
                "unshare -n true && echo unshared-net",
                "perl probe.pl", "true"), List.of());
        assertThat(r.output()).as(r.outputText()).contains("io_uring: Operation not permitted",
                "add_key: Operation not permitted", "vsock: Operation not permitted",
                "netlink: Operation not permitted", "memfd_secret: Operation not permitted",
                "modify_ldt: Operation not permitted").doesNotContain("unshared-user", "unshared-root", "unshared-net");
    }

    @Test
    void nothingAStepLeavesIsThereForTheNext(@TempDir Path dir) throws Exception {
        probes(dir);
        sh(handedOver(dir), "echo x > /dev/shm/fsnbot-left; echo x > /tmp/fsnbot-left; perl probe.pl", List.of());
        CommandResult next = sh(dir, String.join("; ",
                "ls /dev/shm/fsnbot-left 2>/dev/null && echo shm-left",
                "ls /tmp/fsnbot-left 2>/dev/null && echo tmp-left",
                "grep -q " + key + " /proc/keys && echo key-left", "true"), List.of());
        assertThat(next.output()).as(next.outputText()).doesNotContain("shm-left", "tmp-left", "key-left");
    }

    @Test
    void aStepIsStoppedAtItsMemoryLimitAndSaysSo(@TempDir Path dir) throws Exception {
        assumeThat(Sandboxes.root()).as("cgroups are made by root").isTrue();
        // 1 GiB against a 256 MiB limit: the limit is what stops it, and with the
        // limit gone (scripts/mutations.sh) the machine that runs the test can afford it.
        CommandResult r = sh(handedOver(dir), "perl -e '$x = \"x\" x (1 << 30); print \"allocated\\n\"'",
                List.of(), new Limits(60, 256L << 20, 32, 1 << 20, 1 << 20, 1), Duration.ofSeconds(60));
        assertThat(r.ok()).isFalse();
        assertThat(r.outputText()).doesNotContain("allocated");
        assertThat(r.limitsHit()).as("the 1 GiB string was the memory cgroup's to stop").extracting(LimitHit::kind)
                .contains(LimitHit.Kind.MEMORY);
    }

    @Test
    void whatAStepLeftIsReadBackThroughTheSandboxAndBounded(@TempDir Path tmp) throws Exception {
        Path secret = Files.writeString(tmp.resolve("secret"), "s3cret\n");
        Files.setPosixFilePermissions(secret, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        Path dir = Files.createDirectories(tmp.resolve("work"));
        CommandResult r = sh(handedOver(dir), String.join("; ",
                "ln -s " + secret + " link", "ln -s /etc/passwd passwd", "mkfifo fifo", "mkdir sub",
                "echo hello > plain", "ln plain hard", "head -c 3000000 /dev/zero > big", "ln -s big alias"),
                List.of());
        assertThat(r.ok()).as(r.outputText()).isTrue();
        Leftovers back = new Leftovers(sandbox());
        Path out = Files.createDirectories(tmp.resolve("out"));
        assertThat(back.copy(dir, "plain", out.resolve("plain"), 1 << 20, Leftovers.End.HEAD))
                .isEqualTo(new Leftovers.Copied(Leftovers.Found.FILE, 6, false));
        assertThat(out.resolve("plain")).hasContent("hello");
        assertThat(back.copy(dir, "hard", out.resolve("hard"), 1 << 20, Leftovers.End.HEAD).found())
                .isEqualTo(Leftovers.Found.FILE);
        for (String name : List.of("link", "passwd", "fifo", "sub", "alias")) {
            assertThat(back.copy(dir, name, out.resolve(name), 1 << 20, Leftovers.End.HEAD).found()).as(name)
                    .isEqualTo(Leftovers.Found.NOT_A_FILE);
            assertThat(out.resolve(name)).doesNotExist();
        }
        assertThat(back.copy(dir, "gone", out.resolve("gone"), 1 << 20, Leftovers.End.HEAD).found())
                .isEqualTo(Leftovers.Found.MISSING);
        assertThat(back.copy(dir, "big", out.resolve("big"), 1 << 20, Leftovers.End.TAIL))
                .isEqualTo(new Leftovers.Copied(Leftovers.Found.FILE, 1 << 20, true));
        assertThat(Files.size(out.resolve("big"))).isEqualTo(1 << 20);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> back.copy(dir, "sub/../../secret",
                out.resolve("x"), 1 << 20, Leftovers.End.HEAD)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aMountThroughASymlinkIsRefused(@TempDir Path tmp) throws Exception {
        Path real = Files.createDirectories(tmp.resolve("real"));
        Path link = Files.createSymbolicLink(tmp.resolve("link"), real);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> sandbox().run(new SandboxStep(List.of("true"),
                link, Map.of(), List.of(Mount.writable(link)), SandboxStep.Handles.UNTRUSTED_CODE, Limits.reader(),
                Duration.ofSeconds(30)), line -> { })).isInstanceOf(IOException.class).hasMessageContaining(
                        "resolves to " + real);
    }

    @Test
    void aSpaceHoldsNoMoreThanItsSizeAndGoesWhenClosed(@TempDir Path tmp) throws Exception {
        assumeThat(Sandboxes.root()).as("spaces are mounted by root").isTrue();
        Path at = tmp.resolve("space");
        try (Space space = sandbox().space(at, 8L << 20)) {
            assertThat(space.bounded()).isTrue();
            CommandResult r = sh(handedOver(space.dir()), "head -c 20000000 /dev/zero > fill; ls -l fill",
                    List.of());
            assertThat(r.outputText()).contains("No space left on device");
            assertThat(Files.size(at.resolve("fill"))).isLessThanOrEqualTo(8L << 20);
        }
        assertThat(at).doesNotExist();
    }
}
