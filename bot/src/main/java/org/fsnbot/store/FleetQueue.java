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
    private final Patience patience;

    FleetQueue(Database db, Clock clock, Patience patience) {
        this.db = db;
        this.clock = clock;
        this.patience = patience;
    }

    /** Queued units not yet handed to a runner class, oldest first. */
    public List<Work> undispatched() {
        return waiting().stream().map(Waiting::work).toList();
    }

    /**
     * A unit waiting to be handed out: when it was queued, and whether a
     * runner had it before (it died, or gave it back): such a unit goes
     * to the front of its class's queue.
     */
    public record Waiting(Work work, Instant queuedAt, boolean ranBefore, Asker.Standing standing) {
        public Waiting {
            Objects.requireNonNull(work);
            Objects.requireNonNull(queuedAt);
            Objects.requireNonNull(standing);
        }
    }

    /** Queued units not yet handed to a runner class, by standing (Asker), then oldest first. */
    public List<Waiting> waiting() {
        return db.call("reading undispatched work", c -> Jdbc.rows(c, "SELECT * FROM work_queue WHERE state ="
                + " 'queued' AND dispatched_at IS NULL ORDER BY standing, id", rs -> new Waiting(WorkQueue.work(rs),
                        rs.getTimestamp("created_at").toInstant(), rs.getString("runner") != null
                                || rs.getInt("attempts") > 0, Asker.Standing.ofRank(rs.getInt("standing")))));
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
        return patience.until("reading work #" + id, () -> db.call("reading work #" + id, c -> Jdbc.first(c,
                "SELECT runner FROM work_queue WHERE id = ? AND state = 'running'", rs -> rs.getString(1), id)));
    }

    /** What a runner may do with the unit it was handed. */
    public sealed interface Claim {
        /** Measure it: it is this runner's now (taken from a dead runner, when takenFrom is set). */
        record Run(Work work, Optional<String> takenFrom) implements Claim {
        }

        /** Nothing to do: it is done, cancelled, or running on a live runner; why says which. */
        record Skip(String why) implements Claim {
        }

        /**
         * This runner may claim nothing now (drained, stopped, or its name
         * not its session's): the unit was handed back; the runner should
         * stop taking units until that changes.
         */
        record Refused(String why) implements Claim {
        }

        /** It was running each of the last maxCrashes times its runner died: set aside for the operator. */
        record DeadLetter(Work work) implements Claim {
        }
    }

    /**
     * Who claims: a runner, and the database session that holds its name
     * (RunnerNameLock.session; negative while it holds none), 0 where none
     * is checked (a single store).
     */
    public record Claimant(String runner, int session) {
        public Claimant {
            Objects.requireNonNull(runner);
        }
    }

    /** Claims unit id for runner, without a name lock to check. */
    public Claim claim(long id, String runner, boolean recovering, int maxCrashes) {
        return claim(id, new Claimant(runner, 0), recovering, maxCrashes);
    }

    /**
     * Claims unit id for who. A queued unit is taken, unless the runner is
     * drained or stopped in the registry, or no longer holds its name:
     * both are read in the claim's transaction (the registry row locked),
     * so a drain that committed is never followed by a claim, and the
     * unit goes back to be handed out again. A running one is taken over
     * only when recovering (Quartz found its runner dead) and, on
     * PostgreSQL, when its runner no longer holds its name: the dead
     * runner's unfinished jobs are abandoned, or, when one of them already
     * has its reply in the mail log, the unit is finished with it.
     *
     * A claim waits out a database outage (Patience): the fired trigger
     * that carries it is the unit's only way to a runner. A unit found
     * running on this very runner is its to run: a runner runs one unit
     * at a time, so that is this claim's own commit, whose answer was lost
     * with its connection and is tried again.
     */
    public Claim claim(long id, Claimant who, boolean recovering, int maxCrashes) {
        return patience.until("claiming work #" + id, () -> claimOnce(id, who, recovering, maxCrashes));
    }

    private Claim claimOnce(long id, Claimant who, boolean recovering, int maxCrashes) {
        String runner = who.runner();
        return db.transaction("claiming work #" + id, c -> {
            Optional<Row> row = Jdbc.first(c, "SELECT state, runner, attempts FROM work_queue WHERE id = ? FOR UPDATE",
                    rs -> new Row(rs.getString(1), rs.getString(2), rs.getInt(3)), id);
            if (row.isEmpty()) {
                return new Claim.Skip("no work #" + id);
            }
            Row r = row.get();
            Optional<String> refused = refusal(c, who);
            if (refused.isPresent()) {
                if (r.state().equals(WorkState.QUEUED.stored())) {
                    Jdbc.update(c, "UPDATE work_queue SET dispatched_at = NULL, updated_at = ? WHERE id = ?",
                            clock.instant(), id);
                }
                return new Claim.Refused(refused.get() + ": work #" + id + " is handed out again");
            }
            Instant now = clock.instant();
            if (r.state().equals(WorkState.QUEUED.stored())) {
                Jdbc.update(c, "UPDATE work_queue SET state = 'running', runner = ?, attempts = attempts + 1,"
                        + " started_at = ?, updated_at = ? WHERE id = ?", runner, now, now, id);
                return new Claim.Run(read(c, id), Optional.empty());
            }
            if (r.state().equals(WorkState.RUNNING.stored()) && runner.equals(r.runner())) {
                return new Claim.Run(read(c, id), Optional.empty());
            }
            if (!r.state().equals(WorkState.RUNNING.stored()) || !recovering) {
                return new Claim.Skip("work #" + id + " is " + r.state() + (r.runner() == null ? ""
                        : " on " + r.runner()));
            }
            String dead = Objects.requireNonNullElse(r.runner(), "an unknown runner");
            if (r.runner() != null && RunnerNameLock.held(c, r.runner(), 0)) {
                return new Claim.Skip("work #" + id + " is running on " + dead + ", which still holds its name");
            }
            Optional<Claim> settled = DeadRunners.settle(c, id, new DeadRunners.Unit(dead, r.attempts()), now,
                    "runs again on " + runner, maxCrashes);
            if (settled.isPresent()) {
                return settled.get();
            }
            Jdbc.update(c, "UPDATE work_queue SET runner = ?, attempts = attempts + 1, started_at = ?, detail = ?,"
                    + " updated_at = ? WHERE id = ?", runner, now, "taken over from " + dead, now, id);
            return new Claim.Run(read(c, id), Optional.of(dead));
        });
    }

    /** Why who may not claim now, if it may not: drained or stopped, or its name is not its session's. */
    private static Optional<String> refusal(Connection c, Claimant who) throws SQLException {
        Optional<String> state = Jdbc.first(c, "SELECT state FROM runners WHERE name = ? FOR UPDATE",
                rs -> rs.getString(1), who.runner());
        if (state.isPresent() && !state.get().equals(RunnerRegistry.State.ACTIVE.stored())) {
            return Optional.of("runner " + who.runner() + " is " + state.get());
        }
        if (who.session() != 0 && !RunnerNameLock.held(c, who.runner(), who.session())) {
            return Optional.of("runner " + who.runner() + " no longer holds its name (its database session "
                    + who.session() + " ended)");
        }
        return Optional.empty();
    }

    private record Row(String state, String runner, int attempts) {
    }

    static Work read(Connection c, long id) throws SQLException {
        return Jdbc.first(c, "SELECT * FROM work_queue WHERE id = ?", WorkQueue::work, id).orElseThrow();
    }

    /** What waits (queued, oldest first) and what runs where, ages at now. */
    public List<QueueEntry> open() {
        Instant now = clock.instant();
        return db.call("reading the queue", c -> {
            java.util.Set<Long> gone = RunnerNameLock.postgres(c) ? new java.util.HashSet<>(DeadRunners.orphansOn(c))
                    : java.util.Set.of();
            return Jdbc.rows(c, "SELECT id, kind, title, state, runner_class, runner, created_at, started_at FROM"
                    + " work_queue WHERE state IN ('queued', 'running') ORDER BY id", rs -> {
                        Instant since = (rs.getTimestamp(8) != null ? rs.getTimestamp(8) : rs.getTimestamp(7))
                                .toInstant();
                        return new QueueEntry(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4),
                                new QueueEntry.Placement(Objects.requireNonNullElse(rs.getString(5), ""),
                                        Objects.requireNonNullElse(rs.getString(6), ""), gone.contains(rs.getLong(1))),
                                Duration.between(since, now));
                    });
        });
    }

    /**
     * A runner that lost its hold on unit id while it measured it
     * (job.UnitLease) gives it back: if it is still running on runner, its
     * unfinished jobs are abandoned (their boots count for nothing) and
     * the unit is queued again ahead of the rest, the try not counted as a
     * crash. Else it was queued again or taken over while the runner was
     * cut off, and is left alone. Waits out a database outage (Patience):
     * a unit left running under a live runner's name is taken back by
     * nobody. What became of it, for the log.
     */
    public String handBack(long id, String runner, String why) {
        return patience.until("handing work #" + id + " back", () -> db.transaction("handing work #" + id
                + " back", c -> {
                    if (!Jdbc.exists(c, "SELECT 1 FROM work_queue WHERE id = ? AND state = 'running' AND runner = ?"
                            + " FOR UPDATE", id, runner)) {
                        return "work #" + id + " is no longer " + runner + "'s (queued again or taken over while it"
                                + " was cut off): nothing to hand back";
                    }
                    Instant now = clock.instant();
                    DeadRunners.abandonJobsOf(c, runner, runner + " lost its hold on the unit (" + why + "); its"
                            + " boots are discarded and the unit is queued again", now);
                    Jdbc.update(c, "UPDATE work_queue SET state = 'queued', dispatched_at = NULL, attempts ="
                            + " GREATEST(attempts - 1, 0), detail = ?, updated_at = ? WHERE id = ?", Jdbc.truncate(
                                    "handed back by " + runner + ": " + why, 4000), now, id);
                    return "work #" + id + " handed back by " + runner + ": queued again, ahead of the rest";
                }));
    }

    /** Units a runner finished (done or failed). */
    public long doneBy(String runner) {
        return db.call("counting " + runner + "'s work", c -> Jdbc.first(c, "SELECT COUNT(*) FROM work_queue WHERE"
                + " runner = ? AND state IN ('done', 'failed')", rs -> rs.getLong(1), runner).orElse(0L));
    }
}
