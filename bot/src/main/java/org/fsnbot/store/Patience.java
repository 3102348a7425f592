package org.fsnbot.store;

import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How the store waits out a database that went away (stopped, restarting,
 * cut off; docs/fleet.md "Database outages"). The calls whose failure
 * would lose work, a claim a fired trigger carries and a measured unit's
 * finish, try again with pauses that double up to CAP, saying so, for as
 * long as the outage lasts. Any other failure (a statement the database
 * refused) is not an outage and is thrown at once: waiting cannot cure it.
 */
public final class Patience {

    private static final Logger log = LoggerFactory.getLogger(Patience.class);

    /** The first pause; each next one doubles, up to CAP. */
    public static final Duration FIRST = Duration.ofSeconds(1);

    /** The longest pause between tries: an outage's end is seen within it. */
    public static final Duration CAP = Duration.ofSeconds(30);

    /** Sleeps between tries (Thread::sleep; a recording one in tests). */
    @FunctionalInterface
    public interface Pause {
        void sleep(Duration d) throws InterruptedException;
    }

    private final Pause pause;
    /** Counted down when the process stops: every wait ends at once (stop). */
    private final java.util.concurrent.CountDownLatch stopped;

    public Patience(Pause pause) {
        this(pause, new java.util.concurrent.CountDownLatch(1));
    }

    private Patience(Pause pause, java.util.concurrent.CountDownLatch stopped) {
        this.pause = java.util.Objects.requireNonNull(pause);
        this.stopped = stopped;
    }

    /** Patience that waits on the thread, and wakes at once when the process stops. */
    public static Patience sleeping() {
        java.util.concurrent.CountDownLatch stopped = new java.util.concurrent.CountDownLatch(1);
        return new Patience(d -> stopped.await(d.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS), stopped);
    }

    /**
     * The process is stopping: every wait on the database ends now, and no
     * new one starts. What was being done stays undone in the store (a
     * claim not made, a unit still running under this runner's name, which
     * its next start queues again first): a stop during an outage takes
     * seconds, not the outage's length.
     */
    public void stop() {
        stopped.countDown();
    }

    /** The pause after the nth failed try in a row (n from 1). */
    public static Duration pauseAfter(int failures) {
        if (failures < 1) {
            throw new IllegalArgumentException("failures count from 1: " + failures);
        }
        int doublings = Math.min(failures - 1, 10);
        Duration d = FIRST.multipliedBy(1L << doublings);
        return d.compareTo(CAP) > 0 ? CAP : d;
    }

    /**
     * attempt's result, tried again while it fails because the database is
     * away. Interrupted while pausing, the last failure is thrown (the
     * interrupt kept).
     */
    public <T> T until(String what, Supplier<T> attempt) {
        Duration away = Duration.ZERO;
        for (int failures = 1;; failures++) {
            try {
                T t = attempt.get();
                if (failures > 1) {
                    log.info("the database is back after at least {} s: {} done", away.toSeconds(), what);
                }
                return t;
            } catch (StoreException e) {
                if (!outage(e)) {
                    throw e;
                }
                Duration next = pauseAfter(failures);
                log.warn("the database is unreachable while {} ({}); away at least {} s, trying again in {} s",
                        what, rootMessage(e), away.toSeconds(), next.toSeconds());
                try {
                    pause.sleep(next);
                } catch (InterruptedException stop) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
                // A stopped process's pause returns at once: it gives up here, said, the work left undone in the store.
                if (stopped.getCount() == 0) {
                    log.warn("stopping while {}: no longer waiting for the database (away at least {} s; the store"
                            + " keeps it undone, a restart takes it up again)", what, away.toSeconds());
                    throw e;
                }
                away = away.plus(next);
            }
        }
    }

    /**
     * Whether e is the database being away rather than refusing a
     * statement: a connection that failed or could not be had (SQLState
     * class 08, the pool's timeout), or a server shutting down or starting
     * (57P01-57P03); not a login the server or driver rejected (08004).
     */
    public static boolean outage(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLTransientConnectionException || t instanceof SQLRecoverableException
                    || t instanceof java.net.ConnectException) {
                return true;
            }
            if (t instanceof SQLException s && s.getSQLState() != null && (s.getSQLState().startsWith("08")
                    && !s.getSQLState().equals(StoreLoginRefused.REJECTED) || s.getSQLState().matches("57P0[123]"))) {
                return true;
            }
        }
        return false;
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null) {
            t = t.getCause();
        }
        return t.getClass().getSimpleName() + ": " + t.getMessage();
    }
}
