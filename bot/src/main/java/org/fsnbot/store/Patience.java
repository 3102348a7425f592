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

    public Patience(Pause pause) {
        this.pause = java.util.Objects.requireNonNull(pause);
    }

    /** Patience that sleeps the thread. */
    public static Patience sleeping() {
        return new Patience(d -> Thread.sleep(d.toMillis()));
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
