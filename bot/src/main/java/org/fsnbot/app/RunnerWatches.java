package org.fsnbot.app;

import java.time.Duration;
import org.fsnbot.disk.DiskKeeper;
import org.fsnbot.job.UnitLease;
import org.fsnbot.store.RunnerRegistry;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A running runner's four watches, each a daemon thread of its own so
 * that one hanging on a silent connection holds up no other: the name
 * keeper (holds the runner's name, again after the database was away),
 * the hold watch (a runner without its name for too long stops measuring
 * its unit: job.UnitLease), the drain watch (resumes a paused runner;
 * stops a drained one after its unit), and the disk watch (keeps the
 * home: retention, and no units while it is below its floor of free
 * space; a unit in hand is finished).
 */
final class RunnerWatches {

    private static final Logger log = LoggerFactory.getLogger(RunnerWatches.class);

    /** The runner they watch: its registry row, its name, its scheduler and its stop. */
    record Watched(RunnerRegistry registry, String name, Scheduler scheduler, FleetNode.Running running,
            DiskKeeper disk) {
    }

    private RunnerWatches() {
    }

    /** Starts the watches of w; its hold on a unit ends once the name was not seen held for limit. */
    static void start(Watched w, RunnerNameHolder held, UnitLease lease, Duration limit) {
        daemon("fsnbot-runner-watch", () -> watch(w, held));
        daemon("fsnbot-runner-disk", () -> keepDisk(w.scheduler(), w.disk()));
        daemon("fsnbot-runner-name", () -> keepName(w.scheduler(), held));
        daemon("fsnbot-runner-hold", () -> weighHold(w.scheduler(), held, lease, limit));
    }

    /** How often a runner looks whether an operator drained it. */
    private static final Duration DRAIN_LOOK = Duration.ofSeconds(2);

    /** How often a runner looks that it still holds its name (a round trip on the name's own connection). */
    private static final Duration NAME_LOOK = Duration.ofSeconds(1);

    /** How often a runner weighs how long it has been without its name. */
    private static final Duration HOLD_LOOK = Duration.ofMillis(500);

    /** How often a runner keeps its home's disk (a sweep itself runs at most hourly: DiskKeeper). */
    private static final Duration DISK_LOOK = Duration.ofSeconds(30);

    private static void daemon(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        t.start();
    }

    /** Every NAME_LOOK until the node stops: holds the name, again after the database was away. */
    private static void keepName(Scheduler s, RunnerNameHolder held) {
        try {
            while (!s.isShutdown()) {
                held.keep();
                Thread.sleep(NAME_LOOK.toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (SchedulerException | RuntimeException e) {
            log.error("OPERATOR: the runner's name keeper stopped: {}", e.toString(), e);
        }
    }

    /**
     * Every HOLD_LOOK: once the name has not been seen held for limit, the
     * unit being measured is no longer surely this runner's: its measuring
     * stops (UnitLease.lose). Apart from the name keeper, whose look can
     * hang for seconds on a connection that went silent, so the limit is
     * kept to within HOLD_LOOK.
     */
    private static void weighHold(Scheduler s, RunnerNameHolder held, UnitLease lease, Duration limit) {
        try {
            while (!s.isShutdown()) {
                Duration without = held.unheldFor();
                if (without.compareTo(limit) >= 0 && lease.lose("it has held no name for " + without.toSeconds()
                        + " s, past its limit of " + limit.toSeconds() + " s: the unit may be queued again for"
                        + " another runner")) {
                    log.warn("runner lost its hold on the unit it measures (no name for {} s): stopping that"
                            + " measuring now; its build and boots are killed and its results dropped",
                            without.toSeconds());
                }
                Thread.sleep(HOLD_LOOK.toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (SchedulerException | RuntimeException e) {
            log.error("OPERATOR: the runner's hold watch stopped: {}", e.toString(), e);
        }
    }

    /**
     * Every DISK_LOOK: retention, and below the floor of free space the
     * runner takes no more units (standby); the drain watch resumes it once
     * there is room.
     */
    private static void keepDisk(Scheduler s, DiskKeeper disk) {
        try {
            while (!s.isShutdown()) {
                if (disk.tidy().isPresent()) {
                    pause(s);
                }
                Thread.sleep(DISK_LOOK.toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (SchedulerException | RuntimeException e) {
            log.error("OPERATOR: the runner's disk watch stopped: {}", e.toString(), e);
        }
    }

    /** Takes no more units (Quartz standby) until the watch resumes it: a claim was refused. */
    static void pause(Scheduler s) {
        try {
            if (s != null && !s.isInStandbyMode()) {
                s.standby();
            }
        } catch (SchedulerException e) {
            log.warn("pausing the runner: {}", e.toString());
        }
    }

    /**
     * Every DRAIN_LOOK: resumes a runner a refused claim paused once it is
     * active and named again (the name keeper's last look); and once an
     * operator drained the runner, takes nothing new (claims refuse
     * already), finishes the job at hand, then stops. A database error is logged and looked at
     * again at the next look: the watch outlives an outage.
     */
    private static void watch(Watched w, RunnerNameHolder held) {
        RunnerRegistry registry = w.registry();
        String name = w.name();
        Scheduler s = w.scheduler();
        while (true) {
            try {
                if (s.isShutdown()) {
                    return;
                }
                Thread.sleep(DRAIN_LOOK.toMillis());
                boolean named = held.held();
                RunnerRegistry.State state = registry.get(name).map(RunnerRegistry.Entry::state)
                        .orElse(RunnerRegistry.State.ACTIVE);
                if (state == RunnerRegistry.State.ACTIVE && named && s.isInStandbyMode()
                        && w.disk().shortOf().isEmpty()) {
                    log.info("runner {} holds its name and is active: taking units again", name);
                    s.start();
                }
                if (state == RunnerRegistry.State.DRAINING) {
                    log.info("runner {} is drained: finishing the job at hand, taking no more", name);
                    s.standby();
                    while (!s.getCurrentlyExecutingJobs().isEmpty()) {
                        Thread.sleep(DRAIN_LOOK.toMillis());
                    }
                    w.running().stop();
                    return;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (SchedulerException | RuntimeException e) {
                log.warn("runner {}: {}; looking again in {} s", name, e.toString(), DRAIN_LOOK.toSeconds());
            }
        }
    }
}
