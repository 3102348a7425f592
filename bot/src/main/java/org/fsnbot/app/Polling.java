package org.fsnbot.app;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/** Looking for something until it is there or a limit passes: a runner's name freed, another runner's name held. */
final class Polling {

    private Polling() {
    }

    /**
     * look's first answer, looking now and every `every` until limit has
     * passed; empty if it never answered (or the thread was interrupted,
     * the interrupt kept).
     */
    static <T> Optional<T> within(Duration limit, Duration every, Supplier<Optional<T>> look) {
        long end = System.nanoTime() + limit.toNanos();
        while (true) {
            Optional<T> got = look.get();
            if (got.isPresent() || System.nanoTime() >= end) {
                return got;
            }
            try {
                Thread.sleep(every.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        }
    }
}
