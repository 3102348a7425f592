package org.fsnbot.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * What an operator does to one unit by hand (`fsnbot requeue`, `fsnbot
 * fail`; docs/fleet.md "Operator commands"), each in one transaction with
 * the unit's row locked, so a runner's claim or finish sees it whole. A
 * running unit's runner keeps running its job until it ends, but its
 * finish and its reply are fenced off (WorkQueue.finish, MailLog.record):
 * the operator's word stands, and nothing is answered twice.
 */
public final class UnitOverrides {

    /** What came of an override: done, or refused (nothing changed) and why, in one sentence. */
    public record Result(boolean done, String said) {
        public Result {
            Objects.requireNonNull(said);
        }
    }

    private final Database db;
    private final Clock clock;

    UnitOverrides(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    private record Row(String state, String runner) {
    }

    private static Optional<Row> lock(Connection c, long id) throws SQLException {
        return Jdbc.first(c, "SELECT state, runner FROM work_queue WHERE id = ? FOR UPDATE", rs -> new Row(
                rs.getString(1), rs.getString(2)), id);
    }

    /**
     * Queues unit id again with its crash count reset (on the fleet, ahead
     * of the units that never ran, as a unit a runner had goes):
     * a failed, cancelled or dead-letter unit, or a running one whose
     * runner is gone (holds no name). A unit running on a live runner is
     * refused (fail it first, or drain the runner), as is a done one (its
     * reply went out: a rerun is asked for by mail or `fsnbot submit`) and
     * an incomplete series (its parts never arrived).
     */
    public Result requeue(long id) {
        return db.transaction("queueing work #" + id + " again", c -> {
            Optional<Row> row = lock(c, id);
            if (row.isEmpty()) {
                return new Result(false, "no unit #" + id + " (fsnbot queue lists the open ones)");
            }
            Row r = row.get();
            String state = r.state();
            if (state.equals(WorkState.RUNNING.stored())) {
                if (!RunnerNameLock.postgres(c) || r.runner() == null || RunnerNameLock.held(c, r.runner(), 0)) {
                    return new Result(false, "#" + id + " is running" + (r.runner() == null ? "" : " on " + r.runner()
                            + ", which is alive") + ": fail it first (fsnbot fail " + id + " --why ...), or drain"
                            + " its runner");
                }
                DeadRunners.abandonJobsOf(c, r.runner(), "the operator queued its unit #" + id + " again",
                        clock.instant());
            } else if (state.equals(WorkState.QUEUED.stored())) {
                return new Result(false, "#" + id + " is queued already");
            } else if (state.equals(WorkState.DONE.stored()) || state.equals(WorkState.INCOMPLETE.stored())) {
                return new Result(false, "#" + id + " is " + state + (state.equals(WorkState.DONE.stored())
                        ? " (its reply went out): ask for a rerun by mail, or fsnbot submit it anew"
                        : ": its series never arrived whole, so there is nothing to run"));
            }
            Instant now = clock.instant();
            Jdbc.update(c, "UPDATE work_queue SET state = 'queued', dispatched_at = NULL, attempts = 0, detail = ?,"
                    + " updated_at = ? WHERE id = ?", "queued again by the operator (was " + state + ")", now, id);
            return new Result(true, "#" + id + " (" + state + ") is queued again" + (r.runner() == null ? ""
                    : ", ahead of the units that never ran"));
        });
    }

    /**
     * Fails unit id for why: a queued one is not run; a running one's job
     * is abandoned (its runner's result and reply are discarded when it
     * ends). On the single machine a running unit names no runner and its
     * job is not known until it ends: the result is discarded, the reply
     * is not stopped, and the sentence says so. Nobody is mailed: the
     * operator answers by hand if someone asked for it.
     */
    public Result fail(long id, String why) {
        return db.transaction("failing work #" + id, c -> {
            Optional<Row> row = lock(c, id);
            if (row.isEmpty()) {
                return new Result(false, "no unit #" + id + " (fsnbot queue lists the open ones)");
            }
            Row r = row.get();
            boolean running = r.state().equals(WorkState.RUNNING.stored());
            if (!running && !r.state().equals(WorkState.QUEUED.stored())) {
                return new Result(false, "#" + id + " is " + r.state() + ": only a queued or running unit can be"
                        + " failed");
            }
            if (running && r.runner() != null) {
                DeadRunners.abandonJobsOf(c, r.runner(), "the operator failed its unit #" + id + ": " + why,
                        clock.instant());
            }
            Jdbc.update(c, "UPDATE work_queue SET state = ?, detail = ?, updated_at = ? WHERE id = ?",
                    WorkState.FAILED.stored(), Jdbc.truncate("failed by the operator: " + why, 4000), clock.instant(),
                    id);
            String also = !running ? "" : r.runner() != null ? "; " + r.runner() + "'s job on it is abandoned (its"
                    + " result and reply are discarded)" : "; if fsnbot run is measuring it now, its result is discarded"
                    + " but its reply may still go out (stop fsnbot run first to be sure)";
            return new Result(true, "#" + id + " failed" + also + ": " + why);
        });
    }

}
