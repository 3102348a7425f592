package org.fsnbot.fleet;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Consumer;
import org.fsnbot.job.RunnerName;
import org.fsnbot.store.FleetQueue;
import org.fsnbot.store.Work;
import org.fsnbot.work.QueueWorker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A runner's side of a unit the fleet handed it: claim it (or take it
 * over from a runner that died: that runner's boots are discarded, never
 * merged), then measure it like the single-machine queue does. A unit
 * that is done, cancelled or running on a live runner is left alone.
 *
 * Quartz takes a runner for dead when it misses its check-ins; a runner
 * that was only slow (a stalled host) checks in again and goes on with
 * its job. So before taking a unit over, the recovering runner waits for
 * the other to check in: if it does, the unit stays its, and is not
 * measured (and answered) twice.
 */
public final class FleetWorker {

    private static final Logger log = LoggerFactory.getLogger(FleetWorker.class);

    /** Whether a runner checked in after a moment (it is alive), waiting for it a bounded time. */
    @FunctionalInterface
    public interface Liveness {
        boolean checksInAfter(String runner, Instant since);
    }

    private final FleetQueue fleet;
    private final Consumer<Work> measure;
    private final RunnerName me;
    private final Liveness liveness;
    private final Clock clock;

    /**
     * measure runs a claimed unit to its end (QueueWorker::run; a simulation
     * in the fleet benchmark); clock is the one check-ins are stamped by.
     */
    public FleetWorker(FleetQueue fleet, Consumer<Work> measure, RunnerName me, Liveness liveness, Clock clock) {
        this.fleet = fleet;
        this.measure = measure;
        this.me = me;
        this.liveness = liveness;
        this.clock = clock;
    }

    public void run(long workId, boolean recovering) {
        if (recovering) {
            Instant now = clock.instant();
            Optional<String> on = fleet.runningOn(workId).filter(r -> !r.equals(me.name()));
            if (on.isPresent() && liveness.checksInAfter(on.get(), now)) {
                log.warn("#{}: runner {} was taken for dead but checked in again; the unit stays its", workId,
                        on.get());
                return;
            }
        }
        FleetQueue.Claim c = fleet.claim(workId, me.name(), recovering, QueueWorker.MAX_CRASHES);
        if (c instanceof FleetQueue.Claim.Run r) {
            r.takenFrom().ifPresent(dead -> log.warn("#{}: runner {} died while measuring it; its boots are"
                    + " discarded and {} measures it again", workId, dead, me.name()));
            measure.accept(r.work());
        } else if (c instanceof FleetQueue.Claim.Skip s) {
            log.info("#{}: nothing to do here: {}", workId, s.why());
        } else if (c instanceof FleetQueue.Claim.DeadLetter d) {
            log.error("OPERATOR: work #{} ({} {}) was running each of the last {} times its runner died; it is now"
                    + " a dead letter and will not run again unless requeued by hand", workId, d.work().kind(),
                    d.work().title(), QueueWorker.MAX_CRASHES);
        }
    }
}
