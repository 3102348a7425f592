package org.fsnbot.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.fsnbot.testing.BaseLockProbe.freeForAnotherProcess;
import static org.fsnbot.testing.BaseLockProbe.heldByThisProcess;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BaseLocksTest {

    private static final String BASE = "0123456789abcdef0123456789abcdef01234567";

    @Test
    void anotherProcessCannotTakeTheBaseWhileItIsHeldAndCanAfter(@TempDir Path home) throws Exception {
        BaseLocks locks = new BaseLocks(home);
        boolean inside = locks.holding(BASE, () -> freeForAnotherProcess(home, BASE));
        assertThat(inside).as("taken by another process while held").isFalse();
        assertThat(locks.holding(BASE, () -> heldByThisProcess(home, BASE))).as("held, as /proc/locks says").isTrue();
        assertThat(freeForAnotherProcess(home, BASE)).as("after").isTrue();
        assertThat(heldByThisProcess(home, BASE)).as("after, as /proc/locks says").isFalse();
        assertThat(locks.holding("fedcba9876543210fedcba9876543210fedcba98", () -> freeForAnotherProcess(home, BASE)))
                .as("another base's lock leaves this one free").isTrue();
    }

    @Test
    void aLockIsNamedByACommitIdAndNothingElse(@TempDir Path home) {
        assertThatThrownBy(() -> new BaseLocks(home).holding("../../etc/x", () -> 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aBoundedWaitTakesTheLockOnceItIsFreedAndGivesUpWhileItIsNot(@TempDir Path home) throws Exception {
        BaseLocks locks = new BaseLocks(home);
        CountDownLatch held = new CountDownLatch(1);
        Thread holder = new Thread(() -> {
            try {
                locks.holding(BASE, () -> {
                    held.countDown();
                    try {
                        Thread.sleep(1500);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return null;
                });
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        holder.start();
        held.await();

        assertThat(locks.tryHolding(BASE, Duration.ofMillis(200), () -> 1)).as("still held").isEmpty();
        assertThat(locks.tryHolding(BASE, Duration.ofSeconds(20), () -> freeForAnotherProcess(home, BASE)))
                .as("taken once freed, and held while the work runs").contains(false);
        holder.join();
    }
}
