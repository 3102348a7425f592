package org.fsnbot.fleet;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fsnbot.store.DeadRunners;
import org.fsnbot.work.QueueWorker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A coordinator's sweep (docs/fleet.md "When a part dies"): a unit running
 * on a runner that has held no name (RunnerNameLock) for a grace period
 * is queued again ahead of the rest, or finished with the reply its
 * runner already sent, or set aside after QueueWorker.MAX_CRASHES deaths;
 * then the queue is handed out. A name is freed the moment its process
 * dies, so a dead runner's unit is back within the grace and a sweep,
 * not after Quartz's own recovery fires it behind the units already
 * waiting. The grace is for a runner that is alive but lost its
 * connection (a database restart): it holds its name again within
 * seconds of the database's return and keeps its unit.
 */
public final class OrphanSweep implements Runnable {

    private static final Logger log = LoggerFactory.getLogger(OrphanSweep.class);

    private final DeadRunners dead;
    private final Runnable dispatch;
    private final Clock clock;
    private final Duration grace;
    /** When this coordinator first saw each unit without a live runner; a sweep on another starts afresh. */
    private final Map<Long, Instant> since = new HashMap<>();

    public OrphanSweep(DeadRunners dead, Runnable dispatch, Clock clock, Duration grace) {
        this.dead = dead;
        this.dispatch = dispatch;
        this.clock = clock;
        this.grace = grace;
    }

    @Override
    public synchronized void run() {
        Instant now = clock.instant();
        List<Long> orphans = dead.orphans();
        since.keySet().retainAll(orphans);
        for (long id : orphans) {
            Instant first = since.computeIfAbsent(id, k -> now);
            if (Duration.between(first, now).compareTo(grace) >= 0) {
                log.warn("{}", dead.requeueOrphan(id, QueueWorker.MAX_CRASHES));
                since.remove(id);
            }
        }
        dispatch.run();
    }
}
