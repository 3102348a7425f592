package org.fsnbot.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The work queue as the fleet hands it out (docs/fleet.md). The
 * coordinator dispatches each queued unit once to a runner class (Quartz
 * then carries it to one runner of that class); a runner claims the unit
 * it was given, and a runner that recovers a dead runner's unit takes it
 * over: the dead runner's unfinished job is abandoned (its boots count
 * for nothing) unless its reply was already written, in which case the
 * unit is done and is not measured twice.
 */
public final class FleetQueue {

    private final Database db;
    private final Clock clock;

    FleetQueue(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /** Queued units not yet handed to a runner class, oldest first. */
    public List<Work> undispatched() {
        return db.call("reading undispatched work", c -> Jdbc.rows(c, "SELECT * FROM work_queue WHERE state ="
                + " 'queued' AND dispatched_at IS NULL ORDER BY id", WorkQueue::work));
    }

    /** Records that units ids went to runnerClass. */
    public void dispatched(List<Long> ids, String runnerClass) {
        Instant now = clock.instant();
        db.inTransaction("dispatching " + ids.size() + " unit(s)", c -> {
            for (long id : ids) {
                Jdbc.update(c, "UPDATE work_queue SET runner_class = ?, dispatched_at = ?, updated_at = ? WHERE id = ?",
                        runnerClass, now, now, id);
            }
        });
    }

    /** The runner a unit is running on, if it is running. */
    public Optional<String> runningOn(long id) {
        return db.call("reading work #" + id, c -> Jdbc.first(c, "SELECT runner FROM work_queue WHERE id = ? AND state"
                + " = 'running'", rs -> rs.getString(1), id));
    }

    /** What a runner may do with the unit it was handed. */
    public sealed interface Claim {
        /** Measure it: it is this runner's now (taken from a dead runner, when takenFrom is set). */
        record Run(Work work, Optional<String> takenFrom) implements Claim {
        }

        /** Nothing to do: it is done, cancelled, or running on a live runner; why says which. */
        record Skip(String why) implements Claim {
        }

        /** It was running each of the last maxCrashes times its runner died: set aside for the operator. */
        record DeadLetter(Work work) implements Claim {
        }
    }

    /**
     * Claims unit id for runner. A queued unit is taken. A running one is
     * taken over only when recovering (Quartz found its runner dead): the
     * dead runner's unfinished jobs are abandoned, or, when one of them
     * already has its reply in the mail log, the unit is finished with it.
     */
    public Claim claim(long id, String runner, boolean recovering, int maxCrashes) {
        return db.transaction("claiming work #" + id, c -> {
            Optional<Row> row = Jdbc.first(c, "SELECT state, runner, attempts FROM work_queue WHERE id = ? FOR UPDATE",
                    rs -> new Row(rs.getString(1), rs.getString(2), rs.getInt(3)), id);
            if (row.isEmpty()) {
                return new Claim.Skip("no work #" + id);
            }
            Row r = row.get();
            Instant now = clock.instant();
            if (r.state().equals(WorkState.QUEUED.stored())) {
                Jdbc.update(c, "UPDATE work_queue SET state = 'running', runner = ?, attempts = attempts + 1,"
                        + " started_at = ?, updated_at = ? WHERE id = ?", runner, now, now, id);
                return new Claim.Run(read(c, id), Optional.empty());
            }
            if (!r.state().equals(WorkState.RUNNING.stored()) || !recovering) {
                return new Claim.Skip("work #" + id + " is " + r.state() + (r.runner() == null ? ""
                        : " on " + r.runner()));
            }
            String dead = Objects.requireNonNullElse(r.runner(), "an unknown runner");
            Optional<Long> replied = Jdbc.first(c, "SELECT j.id FROM jobs j JOIN outgoing_mail m ON m.job_id = j.id"
                    + " WHERE j.runner = ? AND j.state = 'running'", rs -> rs.getLong(1), dead);
            if (replied.isPresent()) {
                Jdbc.update(c, "UPDATE jobs SET state = 'done', finished_at = ? WHERE id = ?", now, replied.get());
                Jdbc.update(c, "UPDATE work_queue SET state = 'done', job_id = ?, detail = ?, updated_at = ? WHERE"
                        + " id = ?", replied.get(), "replied by " + dead + ", which died before it recorded that",
                        now, id);
                return new Claim.Skip("work #" + id + " was answered by " + dead + " before it died");
            }
            Jdbc.update(c, "UPDATE jobs SET state = 'done', outcome = ?, detail = ?, finished_at = ? WHERE runner = ?"
                    + " AND state = 'running'", JobStore.ABANDONED, "runner " + dead + " died; its boots are"
                    + " discarded and the unit runs again on " + runner, now, dead);
            if (r.attempts() >= maxCrashes) {
                Jdbc.update(c, "UPDATE work_queue SET state = ?, detail = ?, updated_at = ? WHERE id = ?",
                        WorkState.DEAD_LETTER.stored(), "its runner died " + r.attempts() + " times while running"
                                + " this; left for the operator", now, id);
                return new Claim.DeadLetter(read(c, id));
            }
            Jdbc.update(c, "UPDATE work_queue SET runner = ?, attempts = attempts + 1, started_at = ?, detail = ?,"
                    + " updated_at = ? WHERE id = ?", runner, now, "taken over from " + dead, now, id);
            return new Claim.Run(read(c, id), Optional.of(dead));
        });
    }

    private record Row(String state, String runner, int attempts) {
    }

    private static Work read(Connection c, long id) throws SQLException {
        return Jdbc.first(c, "SELECT * FROM work_queue WHERE id = ?", WorkQueue::work, id).orElseThrow();
    }

    /** One line of `fsnbot queue`: a unit waiting or running, where, and for how long. */
    public record Entry(long id, String kind, String title, String state, String runnerClass, String runner,
            Duration age) {
    }

    /** What waits (queued, oldest first) and what runs where, ages at now. */
    public List<Entry> open() {
        Instant now = clock.instant();
        return db.call("reading the queue", c -> Jdbc.rows(c, "SELECT id, kind, title, state, runner_class, runner,"
                + " created_at, started_at FROM work_queue WHERE state IN ('queued', 'running') ORDER BY id",
                rs -> {
                    Instant since = (rs.getTimestamp(8) != null ? rs.getTimestamp(8) : rs.getTimestamp(7))
                            .toInstant();
                    return new Entry(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4),
                            Objects.requireNonNullElse(rs.getString(5), ""),
                            Objects.requireNonNullElse(rs.getString(6), ""), Duration.between(since, now));
                }));
    }

    /** Units a runner finished (done or failed). */
    public long doneBy(String runner) {
        return db.call("counting " + runner + "'s work", c -> Jdbc.first(c, "SELECT COUNT(*) FROM work_queue WHERE"
                + " runner = ? AND state IN ('done', 'failed')", rs -> rs.getLong(1), runner).orElse(0L));
    }
}
