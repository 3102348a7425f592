package org.fsnbot.fleet;

import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.IntSupplier;
import org.fsnbot.job.RunnerName;
import org.fsnbot.job.UnitLease;
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
 * that was only slow (a stalled host) still holds its name in the store
 * (RunnerNameLock). So before taking a unit over, the recovering runner
 * asks whether the other is alive: if it is, the unit stays its, and is
 * not measured (and answered) twice. The claim itself checks it again,
 * with this runner's own drain state and name, in its transaction.
 */
public final class FleetWorker {

    private static final Logger log = LoggerFactory.getLogger(FleetWorker.class);

    /** Whether a runner is alive (on the fleet's store: it holds its name). */
    @FunctionalInterface
    public interface Liveness {
        boolean alive(String runner);
    }

    private final FleetQueue fleet;
    private final Consumer<Work> measure;
    private final RunnerName me;
    private final Liveness liveness;
    private final IntSupplier session;
    private final Runnable refused;
    private final UnitLease lease;

    /**
     * measure runs a claimed unit to its end (QueueWorker::run; a simulation
     * in the fleet benchmark); session is the database session that holds
     * this runner's name now (0 where names are not held: a single store);
     * refused is told when this runner may claim nothing (drained, or its
     * name lost), so that it stops taking units before the next one fires
     * on it and is handed back too; lease is this process's hold on the
     * unit it measures, which the runner's watch loses when it has held no
     * name for too long.
     */
    public FleetWorker(FleetQueue fleet, Consumer<Work> measure, RunnerName me, Liveness liveness,
            IntSupplier session, Runnable refused, UnitLease lease) {
        this.lease = lease;
        this.fleet = fleet;
        this.measure = measure;
        this.me = me;
        this.liveness = liveness;
        this.session = session;
        this.refused = refused;
    }

    public void run(long workId, boolean recovering) {
        if (recovering) {
            Optional<String> on = fleet.runningOn(workId).filter(r -> !r.equals(me.name()));
            if (on.isPresent() && liveness.alive(on.get())) {
                log.warn("#{}: runner {} was taken for dead but is alive; the unit stays its", workId, on.get());
                return;
            }
        }
        FleetQueue.Claim c = fleet.claim(workId, new FleetQueue.Claimant(me.name(), session.getAsInt()), recovering,
                QueueWorker.MAX_CRASHES);
        if (c instanceof FleetQueue.Claim.Run r) {
            r.takenFrom().ifPresent(dead -> log.warn("#{}: runner {} died while measuring it; its boots are"
                    + " discarded and {} measures it again", workId, dead, me.name()));
            measureHeld(r.work());
        } else if (c instanceof FleetQueue.Claim.Skip s) {
            log.info("#{}: nothing to do here: {}", workId, s.why());
        } else if (c instanceof FleetQueue.Claim.Refused r) {
            log.info("#{}: {}; taking no units until that changes", workId, r.why());
            refused.run();
        } else if (c instanceof FleetQueue.Claim.DeadLetter d) {
            log.error("OPERATOR: work #{} ({} {}) was running each of the last {} times its runner died; it is now"
                    + " a dead letter and will not run again unless requeued by hand", workId, d.work().kind(),
                    d.work().title(), QueueWorker.MAX_CRASHES);
        }
    }

    /**
     * Measures w while the lease holds: lost meanwhile, the measuring was
     * stopped (its result dropped by the measure itself) and the unit is
     * handed back, unless another runner has it by now.
     */
    private void measureHeld(Work w) {
        lease.begin();
        try {
            measure.accept(w);
        } finally {
            if (!lease.settle()) {
                log.warn("#{}: stopped measuring it: {} lost its hold on it ({}); handing it back", w.id(),
                        me.name(), lease.lost().orElse(""));
                log.warn("{}", fleet.handBack(w.id(), me.name(), lease.lost().orElse("")));
            }
        }
    }
}
