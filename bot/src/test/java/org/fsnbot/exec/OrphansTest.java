package org.fsnbot.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class OrphansTest {

    private final String owner = "orphans-test-" + UUID.randomUUID();

    private Process start(String... command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put(Orphans.VARIABLE, owner);
        return pb.start();
    }

    @Test
    void whatAnEarlierFsnbotLeftRunningIsKilledAndOurOwnChildrenAreNot() throws Exception {
        // The shell exits at once; its sleep is left to init, as make's children are when fsnbot is killed.
        Process parent = start("sh", "-c", "sleep 300 > /dev/null 2>&1 & echo $!");
        long orphan = Long.parseLong(new String(parent.getInputStream().readAllBytes()).trim());
        assertThat(parent.waitFor(10, TimeUnit.SECONDS)).isTrue();
        Process ours = start("sleep", "300");
        try {
            assertThat(ProcessHandle.of(orphan).map(ProcessHandle::isAlive)).contains(true);

            List<Long> killed = new Orphans(owner).reap();

            assertThat(killed).containsExactly(orphan);
            Optional<ProcessHandle> h = ProcessHandle.of(orphan);
            h.ifPresent(p -> p.onExit().orTimeout(10, TimeUnit.SECONDS).join());
            assertThat(ProcessHandle.of(orphan).map(ProcessHandle::isAlive).orElse(false)).isFalse();
            assertThat(ours.isAlive()).isTrue();
        } finally {
            ours.destroyForcibly();
        }
    }

    @Test
    void processesOfAnotherHomeAreLeftAlone() throws Exception {
        Process parent = start("sh", "-c", "sleep 300 > /dev/null 2>&1 & echo $!");
        long orphan = Long.parseLong(new String(parent.getInputStream().readAllBytes()).trim());
        parent.waitFor(10, TimeUnit.SECONDS);
        try {
            assertThat(new Orphans(owner + "-other").reap()).isEmpty();
            assertThat(ProcessHandle.of(orphan).map(ProcessHandle::isAlive)).contains(true);
        } finally {
            ProcessHandle.of(orphan).ifPresent(ProcessHandle::destroyForcibly);
        }
    }
}
