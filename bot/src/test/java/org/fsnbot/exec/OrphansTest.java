package org.fsnbot.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class OrphansTest {

    private final String home = "orphans-test-" + UUID.randomUUID();

    /** A process left to init (its shell exits at once), as make's children are when fsnbot is killed. */
    private long orphanMarked(String mark) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("sh", "-c", "sleep 300 > /dev/null 2>&1 & echo $!");
        pb.environment().put(Orphans.VARIABLE, mark);
        Process parent = pb.start();
        long orphan = Long.parseLong(new String(parent.getInputStream().readAllBytes()).trim());
        assertThat(parent.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(alive(orphan)).isTrue();
        return orphan;
    }

    /** The mark of an fsnbot process that has ended (a killed one). */
    private OwnerMark goneStarter() throws Exception {
        Process p = new ProcessBuilder("sleep", "60").start();
        long started = p.toHandle().info().startInstant().orElseThrow().toEpochMilli();
        assertThat(p.destroyForcibly().waitFor(10, TimeUnit.SECONDS)).isTrue();
        return new OwnerMark(home, p.pid(), started);
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    private static void kill(long pid) {
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
    }

    @Test
    void whatAFsnbotThatIsGoneLeftRunningIsKilledAndOurOwnChildrenAreNot() throws Exception {
        long orphan = orphanMarked(goneStarter().value());
        ProcessBuilder pb = new ProcessBuilder("sleep", "300");
        pb.environment().put(Orphans.VARIABLE, OwnerMark.ofThisProcess(home).value());
        Process ours = pb.start();
        try {
            List<Long> killed = new Orphans(home).reap();

            assertThat(killed).containsExactly(orphan);
            Optional<ProcessHandle> h = ProcessHandle.of(orphan);
            h.ifPresent(p -> p.onExit().orTimeout(10, TimeUnit.SECONDS).join());
            assertThat(alive(orphan)).isFalse();
            assertThat(ours.isAlive()).isTrue();
        } finally {
            ours.destroyForcibly();
            kill(orphan);
        }
    }

    @Test
    void aLiveFsnbotsStepsAreNeverReapedEvenWhenTheyDoNotDescendFromTheLooker() throws Exception {
        // Another fsnbot process on the same home, alive: its boot is no descendant of ours (the case of
        // `fsnbot jobs` while `fsnbot run` boots), yet it is not left over.
        Process starter = new ProcessBuilder("sleep", "300").start();
        try {
            OwnerMark live = new OwnerMark(home, starter.pid(),
                    starter.toHandle().info().startInstant().orElseThrow().toEpochMilli());
            long boot = orphanMarked(live.value());
            try {
                assertThat(new Orphans(home).reap()).isEmpty();
                assertThat(alive(boot)).isTrue();
                assertThat(new Orphans(home).marked()).contains(boot);
            } finally {
                kill(boot);
            }
        } finally {
            starter.destroyForcibly();
        }
    }

    @Test
    void aReusedPidIsNotItsStarter() throws Exception {
        OwnerMark me = OwnerMark.ofThisProcess(home);
        long orphan = orphanMarked(new OwnerMark(home, me.pid(), me.started() + 1).value());
        try {
            assertThat(new Orphans(home).reap()).containsExactly(orphan);
        } finally {
            kill(orphan);
        }
    }

    @Test
    void processesOfAnotherHomeAndMarksNamingNoStarterAreLeftAlone() throws Exception {
        long other = orphanMarked(new OwnerMark(home + "-other", goneStarter().pid(), 1).value());
        long older = orphanMarked(home);
        try {
            assertThat(new Orphans(home).reap()).isEmpty();
            assertThat(alive(other)).isTrue();
            assertThat(alive(older)).isTrue();
        } finally {
            kill(other);
            kill(older);
        }
    }

    @Test
    void aMarkReadsBackAsWritten() {
        OwnerMark m = new OwnerMark("/var/cache/fsnbot@x#runner-1", 4242, 1_700_000_000_123L);
        assertThat(OwnerMark.parse(m.value())).contains(m);
        assertThat(OwnerMark.parse("/var/cache/fsnbot")).isEmpty();
        assertThat(OwnerMark.parse("@1.2")).isEmpty();
        assertThat(OwnerMark.ofThisProcess(home).starterAlive()).isTrue();
    }

    @Test
    void containersAndSpacesAreLeftOversOnlyOfAGoneProcessOnTheSameHome() throws Exception {
        String mine = OwnerMark.ofThisProcess(home).value();
        String gone = goneStarter().value();
        assertThat(OwnerMark.leftover(gone, mine)).isTrue();
        assertThat(OwnerMark.leftover(mine, mine)).as("this process's own").isFalse();
        assertThat(OwnerMark.leftover(gone.replace(home, home + "-other"), mine)).as("another home").isFalse();
        assertThat(OwnerMark.leftover(home, mine)).as("an older fsnbot's plain mark").isFalse();
        assertThat(OwnerMark.leftover("plain", "plain")).as("a plain name is its own").isTrue();
        Process live = new ProcessBuilder("sleep", "60").start();
        try {
            String other = new OwnerMark(home, live.pid(), live.toHandle().info().startInstant().orElseThrow()
                    .toEpochMilli()).value();
            assertThat(OwnerMark.leftover(other, mine)).as("another live process's").isFalse();
        } finally {
            live.destroyForcibly();
        }
    }
}
