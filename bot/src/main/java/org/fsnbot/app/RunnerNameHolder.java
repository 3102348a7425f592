package org.fsnbot.app;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.fsnbot.store.RunnerNameLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The runner's name as this process holds it, taken again after the
 * database was away (its connection, and with it the name, was lost):
 * until then claims find the session gone and hand their units back.
 * Remembers when the name was last seen held, so the runner's watch can
 * tell how long it has been without it (its hold on a unit ends then).
 */
final class RunnerNameHolder {

    private static final Logger log = LoggerFactory.getLogger(RunnerNameHolder.class);

    private final Application app;
    private final Clock clock;
    private RunnerNameLock lock;
    private volatile Instant lastHeld;
    private volatile boolean held = true;

    RunnerNameHolder(Application app, RunnerNameLock lock) {
        this.app = app;
        this.clock = app.clock();
        this.lock = lock;
        this.lastHeld = clock.instant();
    }

    synchronized int session() {
        return lock == null ? -1 : lock.session();
    }

    /** Whether the name was held at the last look (keep). */
    boolean held() {
        return held;
    }

    /** How long since the name was last seen held (zero while it is). */
    Duration unheldFor() {
        return Duration.between(lastHeld, clock.instant());
    }

    /** Holds the name again if its connection died; whether it is held now. */
    synchronized boolean keep() {
        held = look();
        if (held) {
            lastHeld = clock.instant();
        }
        return held;
    }

    private boolean look() {
        if (lock != null && lock.alive()) {
            return true;
        }
        if (lock != null) {
            lock.close();
            lock = null;
            log.warn("runner {}: the database session holding its name ended; it claims nothing until it"
                    + " holds the name again", app.runnerName().name());
        }
        Optional<RunnerNameLock> again;
        try {
            again = app.store().holdRunnerName(app.runnerName().name());
        } catch (RuntimeException e) {
            log.debug("runner {}: cannot hold its name yet: {}", app.runnerName().name(), e.toString());
            return false;
        }
        if (again.isEmpty()) {
            log.error("OPERATOR: runner {} lost its name and another process holds it now: this one claims"
                    + " nothing; stop one of them", app.runnerName().name());
            return false;
        }
        lock = again.get();
        log.info("runner {} holds its name again (session {})", app.runnerName().name(), lock.session());
        return true;
    }

    synchronized void close() {
        if (lock != null) {
            lock.close();
            lock = null;
        }
    }
}
