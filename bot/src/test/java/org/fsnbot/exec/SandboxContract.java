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
                List.of(), new Limits(60, 1L << 30, 32, 1 << 20, 1 << 20), Duration.ofSeconds(30));
        assertThat(r.timedOut()).isFalse();
        assertThat(r.outputText()).contains("Cannot fork").doesNotContain("all");
        assertThat(new Orphans(owner).reap()).as("sleepers left behind").isEmpty();
    }

    @Test
    void aStepThatOverrunsIsKilledWithEverythingItStarted(@TempDir Path dir) throws Exception {
        CommandResult r = sh(handedOver(dir), "sleep 60 & sleep 60", List.of(), Limits.build(),
                Duration.ofSeconds(2));
        assertThat(r.timedOut()).isTrue();
        assertThat(new Orphans(owner).reap()).as("sleepers left behind").isEmpty();
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
}
