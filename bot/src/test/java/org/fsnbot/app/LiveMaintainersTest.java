package org.fsnbot.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import org.fsnbot.testing.LogCapture;
import org.fsnbot.testing.MiniTree;
import org.fsnbot.testing.TestClock;
import org.junit.jupiter.api.Test;

/** A base tree that cannot be reached when fsnbot starts is tried again with back-off, and nothing stops. */
class LiveMaintainersTest {

    @Test
    void theBundledEntriesServeUntilTheTreeAnswersWhichIsTriedWithBackOff() throws Exception {
        TestClock clock = new TestClock(Instant.parse("2026-12-02T06:00:00Z"));
        AtomicInteger tries = new AtomicInteger();
        int failures = 3;
        LiveMaintainers.Source tree = () -> {
            if (tries.incrementAndGet() <= failures) {
                throw new UnknownHostException("git.kernel.org");
            }
            return MiniTree.MAINTAINERS;
        };
        LiveMaintainers m;
        try (LogCapture log = new LogCapture()) {
            m = new LiveMaintainers(tree, "https://git.kernel.org/x.git fsnotify", clock);
            assertThat(log.text()).contains("cannot be read", "UnknownHost", "after 60 s");
        }
        assertThat(tries).hasValue(1);
        assertThat(m.patterns().matches("fs/notify/fsnotify.c")).as("bundled: Linux 6.12's F: lines").isTrue();
        assertThat(m.people().contains("jack@suse.cz")).isTrue();
        assertThat(m.people().contains("maint@example.org")).as("MiniTree's maintainer, not yet").isFalse();

        m.refresh();
        assertThat(tries).as("not before the back-off").hasValue(1);
        clock.advance(Duration.ofSeconds(61));
        m.refresh();
        assertThat(tries).hasValue(2);
        clock.advance(Duration.ofSeconds(61));
        m.refresh();
        assertThat(tries).as("the wait doubled to two minutes").hasValue(2);
        clock.advance(Duration.ofSeconds(60));
        m.refresh();
        assertThat(tries).hasValue(3);
        clock.advance(Duration.ofMinutes(4));
        m.refresh();
        assertThat(tries).hasValue(4);
        assertThat(m.people().contains("maint@example.org")).as("the tree's entries now").isTrue();
        clock.advance(Duration.ofHours(2));
        m.refresh();
        assertThat(tries).as("read once, kept").hasValue(4);
    }

    @Test
    void theBackOffStopsGrowingAtAnHour() throws Exception {
        TestClock clock = new TestClock(Instant.parse("2026-12-02T06:00:00Z"));
        AtomicInteger tries = new AtomicInteger();
        LiveMaintainers m = new LiveMaintainers(() -> {
            tries.incrementAndGet();
            throw new IOException("down");
        }, "t r", clock);
        for (int i = 0; i < 12; i++) {
            clock.advance(Duration.ofHours(1));
            m.refresh();
        }
        assertThat(tries).as("one try an hour once the wait is an hour").hasValueBetween(11, 13);
    }
}
