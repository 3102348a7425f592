package org.fsnbot.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.fsnbot.testing.BaseLockProbe.freeForAnotherProcess;
import static org.fsnbot.testing.BaseLockProbe.heldByThisProcess;

import java.nio.file.Path;
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
}
