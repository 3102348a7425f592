package org.fsnbot.app;

import java.util.Optional;
import org.fsnbot.store.RunnerNameLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The runner's name as this process holds it, taken again after the
 * database was away (its connection, and with it the name, was lost):
 * until then claims find the session gone and hand their units back.
 */
final class RunnerNameHolder {

    private static final Logger log = LoggerFactory.getLogger(RunnerNameHolder.class);

    private final Application app;
    private RunnerNameLock lock;

    RunnerNameHolder(Application app, RunnerNameLock lock) {
        this.app = app;
        this.lock = lock;
    }

    synchronized int session() {
        return lock == null ? -1 : lock.session();
    }

    /** Holds the name again if its connection died; whether it is held now. */
    synchronized boolean keep() {
        if (lock != null && lock.alive()) {
            return true;
        }
        if (lock != null) {
            lock.close();
            lock = null;
            log.warn("runner {}: the database session holding its name ended; it claims nothing until it"
                    + " holds the name again", app.runnerName().name());
        }
        Optional<RunnerNameLock> again = app.store().holdRunnerName(app.runnerName().name());
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
