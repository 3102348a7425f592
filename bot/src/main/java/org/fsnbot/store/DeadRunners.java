package org.fsnbot.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Units whose runner died (docs/fleet.md "When a part dies"): found by
 * their runner holding no name (RunnerNameLock), queued again ahead of
 * the rest; and what a takeover does with a dead runner's unfinished
 * jobs, for a recovering claim (FleetQueue.claim) and a coordinator's
 * sweep alike.
 */
public final class DeadRunners {

    /** A running unit as a takeover needs it: its runner and how many runners took it. */
    record Unit(String runner, int attempts) {
        Unit {
            Objects.requireNonNull(runner);
        }
    }

    private final Database db;
    private final Clock clock;

    DeadRunners(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /**
     * A running unit whose runner died: done when the runner's reply was
     * already sent, a dead letter after maxCrashes deaths, else empty (the
     * unit is the caller's to run or queue again). The dead runner's
     * unfinished jobs are abandoned: their boots count for nothing.
     */
    static Optional<FleetQueue.Claim> settle(Connection c, long id, Unit r, Instant now, String next, int maxCrashes)
            throws SQLException {
        String dead = r.runner();
        // Locked first, as MailLog.record locks a job before its reply: a reply committed before this sees it.
        Jdbc.rows(c, "SELECT id FROM jobs WHERE runner = ? AND state = 'running' FOR UPDATE", rs -> rs.getLong(1),
                dead);
        Optional<Long> replied = Jdbc.first(c, "SELECT j.id FROM jobs j JOIN outgoing_mail m ON m.job_id = j.id"
                + " WHERE j.runner = ? AND j.state = 'running'", rs -> rs.getLong(1), dead);
        if (replied.isPresent()) {
            Jdbc.update(c, "UPDATE jobs SET state = 'done', finished_at = ? WHERE id = ?", now, replied.get());
            Jdbc.update(c, "UPDATE work_queue SET state = 'done', job_id = ?, detail = ?, updated_at = ? WHERE"
                    + " id = ?", replied.get(), "replied by " + dead + ", which died before it recorded that",
                    now, id);
            return Optional.of(new FleetQueue.Claim.Skip("work #" + id + " was answered by " + dead + " before it died"));
        }
        abandonJobsOf(c, dead, "runner " + dead + " died; its boots are discarded and the unit " + next, now);
        if (r.attempts() >= maxCrashes) {
            Jdbc.update(c, "UPDATE work_queue SET state = ?, detail = ?, updated_at = ? WHERE id = ?",
                    WorkState.DEAD_LETTER.stored(), "its runner died " + r.attempts() + " times while running"
                            + " this; left for the operator", now, id);
            return Optional.of(new FleetQueue.Claim.DeadLetter(FleetQueue.read(c, id)));
        }
        return Optional.empty();
    }

    /**
     * Abandons runner's running jobs (a runner runs one at a time): their
     * boots count for nothing, and MailLog.record refuses their replies.
     */
    static void abandonJobsOf(Connection c, String runner, String why, Instant now) throws SQLException {
        Jdbc.update(c, "UPDATE jobs SET state = 'done', outcome = ?, detail = ?, finished_at = ? WHERE runner = ? AND"
                + " state = 'running'", JobStore.ABANDONED, Jdbc.truncate(why, 4000), now, runner);
    }

    /**
     * Units running on a runner that no longer holds its name (it died:
     * its process, or its host): the fleet's PostgreSQL only.
     */
    public List<Long> orphans() {
        return db.call("finding units of dead runners", c -> RunnerNameLock.postgres(c) ? orphansOn(c)
                : List.<Long>of());
    }

    static List<Long> orphansOn(Connection c) throws SQLException {
        return Jdbc.rows(c, "SELECT w.id FROM work_queue w WHERE w.state = 'running' AND w.runner IS NOT NULL AND NOT"
                + " EXISTS (SELECT 1 FROM pg_locks WHERE " + RunnerNameLock.heldBy("w.runner") + ") ORDER BY w.id",
                rs -> rs.getLong(1));
    }

    /**
     * Queues unit id again, ahead of the rest (Waiting.ranBefore), when its
     * runner still holds no name: the dead runner's jobs settled as a
     * takeover settles them. What became of it, for the log.
     */
    public String requeueOrphan(long id, int maxCrashes) {
        return requeue(id, maxCrashes, true);
    }

    /**
     * Units left running under runner's name, for a process of it that is
     * starting and holds the name: a process runs one unit at a time and a
     * starting one none, so these are an earlier process's that ended
     * without finishing them (killed, or stopped while the database was
     * away). Each is settled and queued again as a dead runner's is; what
     * became of each, for the log.
     */
    public List<String> requeueLeftBy(String runner, int maxCrashes) {
        List<Long> left = db.call("finding units left running by " + runner, c -> Jdbc.rows(c, "SELECT id FROM"
                + " work_queue WHERE state = 'running' AND runner = ? ORDER BY id", rs -> rs.getLong(1), runner));
        return left.stream().map(id -> requeue(id, maxCrashes, false)).toList();
    }

    private String requeue(long id, int maxCrashes, boolean onlyNameless) {
        return db.transaction("queueing work #" + id + " again", c -> {
            Optional<Unit> row = Jdbc.first(c, "SELECT runner, attempts FROM work_queue WHERE id = ? AND state ="
                    + " 'running' AND runner IS NOT NULL FOR UPDATE", rs -> new Unit(rs.getString(1), rs.getInt(2)), id);
            if (row.isEmpty() || onlyNameless && RunnerNameLock.held(c, row.get().runner(), 0)) {
                return "work #" + id + " is no longer running on a dead runner";
            }
            Instant now = clock.instant();
            Optional<FleetQueue.Claim> settled = settle(c, id, row.get(), now, "is queued again, first", maxCrashes);
            if (settled.isPresent()) {
                return settled.get() instanceof FleetQueue.Claim.Skip s ? s.why() : "work #" + id + " is a dead"
                        + " letter: its runner died " + row.get().attempts() + " times while running it";
            }
            String said = "runner " + row.get().runner() + (onlyNameless ? " died while running it"
                    : " ended while running it (found by its next process)") + "; queued again, ahead of the rest";
            Jdbc.update(c, "UPDATE work_queue SET state = 'queued', dispatched_at = NULL, detail = ?, updated_at = ?"
                    + " WHERE id = ?", said, now, id);
            return "work #" + id + ": " + said;
        });
    }

}
