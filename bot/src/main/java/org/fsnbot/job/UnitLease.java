package org.fsnbot.job;

import java.util.Optional;

/**
 * This process's hold on the unit it is measuring (docs/fleet.md "Who
 * owns a unit"). A fleet runner owns its unit while it holds its name;
 * once it has held none for its limit, the unit may already be queued
 * again for another runner, so the measuring stops at once: its thread is
 * interrupted (the running build or boot is killed with it,
 * exec.CommandRunner), and nothing it measured is finished, answered or
 * mailed. Once the measuring is over (settle), a lost lease no longer
 * stops anything: the finish and the reply are fenced in the store
 * instead. On a single machine nobody loses it.
 *
 * One per process; a runner measures one unit at a time.
 */
public final class UnitLease {

    private Thread measuring;
    private String lostWhy;

    /** The calling thread starts measuring a unit it was given: the lease is held. */
    public synchronized void begin() {
        measuring = Thread.currentThread();
        lostWhy = null;
    }

    /**
     * The lease is lost (why, for the log): the unit being measured, if
     * any, stops now. A unit whose measuring is over is left to fencing.
     * Whether this call stopped a measuring.
     */
    public synchronized boolean lose(String why) {
        if (measuring != null && lostWhy == null) {
            lostWhy = why;
            measuring.interrupt();
            return true;
        }
        return false;
    }

    /**
     * The measuring is over: whether the lease was held to its end (so its
     * result may be finished and answered). After this a lost lease
     * interrupts nothing. The calling thread's interrupt, if the loss made
     * it, is cleared: the thread goes on to hand the unit back.
     */
    public synchronized boolean settle() {
        if (measuring == Thread.currentThread()) {
            measuring = null;
            if (lostWhy != null) {
                Thread.interrupted();
            }
        }
        return lostWhy == null;
    }

    /** Why the lease of the last unit begun was lost while it was measured; empty if it was not. */
    public synchronized Optional<String> lost() {
        return Optional.ofNullable(lostWhy);
    }
}
