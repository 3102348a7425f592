package org.fsnbot.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class PatienceTest {

    private static StoreException failure(String sqlState) {
        return new StoreException("claiming work #1", new SQLException("boom " + sqlState, sqlState));
    }

    @Test
    void pausesDoubleFromOneSecondUpToTheCap() {
        assertThat(List.of(1, 2, 3, 4, 5, 6, 7, 40).stream().map(Patience::pauseAfter).map(Duration::toSeconds))
                .containsExactly(1L, 2L, 4L, 8L, 16L, 30L, 30L, 30L);
        assertThatThrownBy(() -> Patience.pauseAfter(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anOutageIsWaitedOutWithGrowingPausesAndTheResultReturned() {
        List<Duration> slept = new ArrayList<>();
        AtomicInteger tries = new AtomicInteger();
        String got = new Patience(slept::add).until("claiming work #1", () -> {
            if (tries.incrementAndGet() <= 7) {
                throw failure(tries.get() % 2 == 0 ? "08006" : "57P01");
            }
            return "claimed";
        });
        assertThat(got).isEqualTo("claimed");
        assertThat(slept).extracting(Duration::toSeconds).containsExactly(1L, 2L, 4L, 8L, 16L, 30L, 30L);
    }

    @Test
    void aStatementTheDatabaseRefusedIsThrownAtOnce() {
        List<Duration> slept = new ArrayList<>();
        assertThatThrownBy(() -> new Patience(slept::add).until("finishing work #2", () -> {
            throw failure("23505");
        })).isInstanceOf(StoreException.class);
        assertThat(slept).isEmpty();
    }

    @Test
    void interruptedWhileWaitingItGivesUpWithTheLastFailureAndKeepsTheInterrupt() {
        try {
            assertThatThrownBy(() -> new Patience(d -> {
                throw new InterruptedException();
            }).until("finishing work #3", () -> {
                throw failure("08001");
            })).isInstanceOf(StoreException.class).hasMessageContaining("08001").hasMessageContaining("boom");
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void aStopEndsAWaitAtOnceAndNoNewOneStarts() throws Exception {
        Patience p = Patience.sleeping();
        AtomicInteger tries = new AtomicInteger();
        java.util.concurrent.CompletableFuture<Throwable> waiting = java.util.concurrent.CompletableFuture.supplyAsync(
                () -> {
                    try {
                        p.until("finishing work #4", () -> {
                            tries.incrementAndGet();
                            throw failure("08006");
                        });
                        return null;
                    } catch (StoreException e) {
                        return e;
                    }
                });
        while (tries.get() < 3) {
            Thread.sleep(50);
        }
        long stopAt = System.nanoTime();
        p.stop();
        Throwable ended = waiting.get(10, java.util.concurrent.TimeUnit.SECONDS);
        double took = (System.nanoTime() - stopAt) / 1e9;
        assertThat(ended).as("gave up with the outage's failure").isInstanceOf(StoreException.class);
        assertThat(took).as("seconds from the stop to the end of the wait (the pause then was 4 s)").isLessThan(2);
        assertThatThrownBy(() -> p.until("claiming work #5", () -> {
            throw failure("08001");
        })).as("after the stop no wait starts").isInstanceOf(StoreException.class);
        assertThat(p.until("reading", () -> "up")).as("a database that answers still does").isEqualTo("up");
    }

    @Test
    void connectionFailuresAndServerShutdownsAreOutagesOthersAreNot() {
        assertThat(Patience.outage(failure("08006"))).isTrue();
        assertThat(Patience.outage(failure("57P03"))).isTrue();
        assertThat(Patience.outage(new StoreException("x", new java.sql.SQLTransientConnectionException("pool"))))
                .isTrue();
        assertThat(Patience.outage(failure("57014"))).as("a cancelled statement").isFalse();
        assertThat(Patience.outage(failure("40001"))).isFalse();
        assertThat(Patience.outage(failure(null))).isFalse();
    }
}
