package org.fsnbot.store;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.plan.RunOptions;

/**
 * Series and tree heads waiting to be measured, one row per unit of work,
 * keyed so the same series revision or tree range is queued once.
 */
public final class WorkQueue {

    private final Database db;
    private final Clock clock;
    private final Patience patience;

    WorkQueue(Database db, Clock clock, Patience patience) {
        this.db = db;
        this.clock = clock;
        this.patience = patience;
    }

    /** Queues work unless its key is known; returns its id when it was new. */
    public Optional<Long> enqueue(WorkItem item) {
        return enqueue(item, Asker.OWN);
    }

    /** Queues item for asker: it is taken by asker's standing, then by age. */
    public Optional<Long> enqueue(WorkItem item, Asker asker) {
        return insert(item, WorkState.QUEUED, null, asker);
    }

    /** This process is stopping: every call of the store waiting out an outage gives up now (Patience.stop). */
    public void stopWaiting() {
        patience.stop();
    }

    /** How many units asked for by address wait to run. */
    public int waitingFor(String address) {
        return db.call("counting units of " + address, c -> Jdbc.first(c, "SELECT COUNT(*) FROM work_queue WHERE"
                + " asked_by = ? AND state = 'queued'", rs -> rs.getInt(1), Jdbc.truncate(
                        address.trim().toLowerCase(java.util.Locale.ROOT), 320)).orElse(0));
    }

    /** Records a series that could not be completed, so it is reported once and not retried. */
    public Optional<Long> recordIncomplete(WorkItem item, String why) {
        return insert(item, WorkState.INCOMPLETE, why, Asker.OWN);
    }

    private Optional<Long> insert(WorkItem item, WorkState state, String detail, Asker asker) {
        return db.call("queueing " + item.key(), c -> {
            if (exists(c, item.key())) {
                return Optional.empty();
            }
            List<String> ids = List.of();
            List<String> prereqs = List.of();
            int revision = 1;
            String head = null;
            String lineage = null;
            if (item.target() instanceof WorkTarget.Series s) {
                ids = s.messageIds();
                prereqs = s.prerequisiteIds();
                revision = s.revision();
                lineage = Jdbc.truncate(s.lineage(), 2000);
            } else if (item.target() instanceof WorkTarget.Revision r) {
                head = r.head();
            } else if (item.target() instanceof WorkTarget.Bisect b) {
                head = b.bad();
            }
            Optional<Base> b = item.base();
            return Optional.of(Jdbc.insert(c, "INSERT INTO work_queue (kind, work_key, title, revision, message_ids,"
                    + " prerequisite_ids, tree, base_rev, base_reason, head_rev, state, detail, created_at, updated_at,"
                    + " options, answer_to, lineage, standing, asked_by) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    item.kind().name(),
                    Jdbc.truncate(item.key(), 1000), Jdbc.truncate(item.title(), 2000), revision,
                    String.join("\n", ids), String.join("\n", prereqs), b.map(Base::tree).orElse(null),
                    b.map(Base::rev).orElse(null), b.map(x -> Jdbc.truncate(x.reason().stored(), 2000)).orElse(null),
                    head, state.stored(), Jdbc.truncate(detail, 4000), clock.instant(), clock.instant(),
                    item.options().equals(RunOptions.DEFAULTS) ? null : item.options().toJson(),
                    item.answerTo().orElse(null), lineage, asker.standing().rank(),
                    asker.address().map(a -> Jdbc.truncate(a, 320)).orElse(null)));
        });
    }

    public boolean exists(String key) {
        return db.call("looking up " + key, c -> exists(c, key));
    }

    private static boolean exists(Connection c, String key) throws SQLException {
        return Jdbc.exists(c, "SELECT 1 FROM work_queue WHERE work_key = ?", Jdbc.truncate(key, 1000));
    }

    /** The newest revision of each series lineage, for one pass of intake (SeriesRevisions). */
    public SeriesRevisions revisions() {
        return SeriesRevisions.read(db);
    }

    /** Cancels queued (not yet running) older revisions of a lineage; returns how many. */
    public int supersede(String lineage, int revision) {
        return db.call("superseding " + lineage, c -> Jdbc.update(c, "UPDATE work_queue SET state = 'cancelled',"
                + " detail = ?, updated_at = ? WHERE kind = 'SERIES' AND lineage = ? AND revision < ? AND state ="
                + " 'queued'", "superseded by v" + revision, clock.instant(), Jdbc.truncate(lineage, 2000),
                revision));
    }

    /** Claims the queued unit that stands first (Asker), the oldest of those, marking it running. */
    public Optional<Work> claimNext() {
        return db.transaction("claiming work", c -> {
            Optional<Work> w = select(c, "SELECT * FROM work_queue WHERE state = 'queued' ORDER BY standing, id"
                    + " FETCH FIRST 1 ROWS ONLY FOR UPDATE").stream().findFirst();
            if (w.isPresent()) {
                Jdbc.update(c, "UPDATE work_queue SET state = 'running', attempts = attempts + 1, updated_at = ?"
                        + " WHERE id = ?", clock.instant(), w.get().id());
            }
            return w.map(x -> new Work(x.id(), x.item(), WorkState.RUNNING, x.detail()));
        });
    }

    /** finish for the single machine's queue, whose units run on no named runner. */
    public boolean finish(long id, WorkState state, Long jobId, String detail) {
        return finish(id, null, state, jobId, detail);
    }

    /**
     * The work ended in a reply (jobId) or as a record of why it could not
     * run (no job), if it is still runner's: running on it (or, runner
     * null, on no named runner). Waits out a database outage (Patience):
     * a measured unit's boots are minutes of work and its result exists
     * nowhere else. False when the unit is no longer runner's (queued
     * again after runner held no name past the grace, taken over, failed
     * by an operator): the caller's result counts for nothing. A finish
     * whose commit was lost with its connection, tried again, finds the
     * unit already in state on runner and is true.
     */
    public boolean finish(long id, String runner, WorkState state, Long jobId, String detail) {
        return patience.until("finishing work #" + id, () -> db.call("finishing work #" + id, c -> {
            int n = Jdbc.update(c, "UPDATE work_queue SET state = ?, job_id = ?, detail = ?, updated_at = ? WHERE"
                    + " id = ? AND state = 'running' AND (runner IS NULL OR runner = ?)", state.stored(), jobId,
                    Jdbc.truncate(detail, 4000), clock.instant(), id, runner);
            return n == 1 || Jdbc.exists(c, "SELECT 1 FROM work_queue WHERE id = ? AND state = ? AND"
                    + " (runner IS NULL OR runner = ?) AND job_id IS NOT DISTINCT FROM ?", id, state.stored(),
                    runner, jobId);
        }));
    }

    /** What a restart found left running: requeued, and dead letters. */
    public record Recovered(int requeued, List<Work> deadLetters) {
        public Recovered {
            deadLetters = List.copyOf(deadLetters);
        }
    }

    /**
     * Work a killed process left running goes back to the queue: a
     * measurement is never half-kept. A unit that was running every one of
     * the last maxCrashes times the process died is taken to be the cause:
     * it becomes a dead letter for the operator instead of killing the
     * next process too.
     */
    public Recovered recoverRunning(int maxCrashes) {
        if (maxCrashes < 1) {
            throw new IllegalArgumentException("maxCrashes must be at least 1: " + maxCrashes);
        }
        return db.transaction("recovering running work", c -> {
            List<Work> dead = select(c, "SELECT * FROM work_queue WHERE state = 'running' AND attempts >= ?",
                    maxCrashes);
            for (Work w : dead) {
                Jdbc.update(c, "UPDATE work_queue SET state = ?, detail = ?, updated_at = ? WHERE id = ?",
                        WorkState.DEAD_LETTER.stored(), "fsnbot died " + maxCrashes + " times while running this;"
                                + " left for the operator", clock.instant(), w.id());
            }
            int requeued = Jdbc.update(c, "UPDATE work_queue SET state = 'queued', detail = 'requeued after restart',"
                    + " updated_at = ? WHERE state = 'running'", clock.instant());
            return new Recovered(requeued, dead);
        });
    }

    public List<Work> list(WorkState state) {
        return db.call("listing work", c -> select(c, "SELECT * FROM work_queue WHERE state = ? ORDER BY id",
                state.stored()));
    }

    /** Work that involves any of these mails (the series a thread is about, and its reruns). */
    public List<Work> touching(List<String> messageIds) {
        return all().stream().filter(w -> w.touches(messageIds)).toList();
    }

    /** The work that produced a job. */
    public Optional<Work> byJob(long jobId) {
        return db.call("looking up job " + jobId, c -> select(c, "SELECT * FROM work_queue WHERE job_id = ?", jobId)
                .stream().findFirst());
    }

    /** How many queued units are ahead of this one (0: next). */
    public int position(long id) {
        return db.call("reading the queue", c -> Jdbc.first(c, "SELECT COUNT(*) FROM work_queue WHERE state IN"
                + " ('queued', 'running') AND id < ?", rs -> rs.getInt(1), id).orElse(0));
    }

    /** Cancels queued units; returns how many. */
    public int cancel(List<Long> ids, String why) {
        return db.call("cancelling work", c -> {
            int n = 0;
            for (long id : ids) {
                n += Jdbc.update(c, "UPDATE work_queue SET state = 'cancelled', detail = ?, updated_at = ? WHERE"
                        + " id = ? AND state = 'queued'", Jdbc.truncate(why, 4000), clock.instant(), id);
            }
            return n;
        });
    }

    public List<Work> all() {
        return db.call("reading the queue", c -> select(c, "SELECT * FROM work_queue ORDER BY id"));
    }

    private static List<String> lines(String s) {
        return s == null || s.isEmpty() ? List.of() : Arrays.asList(s.split("\n"));
    }

    private static List<Work> select(Connection c, String sql, Object... args) throws SQLException {
        return Jdbc.rows(c, sql, WorkQueue::work, args);
    }

    static Work work(ResultSet rs) throws SQLException {
        WorkKind kind = WorkKind.valueOf(rs.getString("kind"));
        WorkTarget target = kind == WorkKind.SERIES
                ? new WorkTarget.Series(rs.getInt("revision"), lines(rs.getString("message_ids")),
                        lines(rs.getString("prerequisite_ids")), Objects.requireNonNullElse(rs.getString("lineage"),
                                ""))
                : kind == WorkKind.BISECT ? new WorkTarget.Bisect(rs.getString("head_rev"))
                : new WorkTarget.Revision(rs.getString("head_rev"));
        Optional<Base> base = rs.getString("tree") == null ? Optional.empty()
                : Optional.of(new Base(rs.getString("tree"), rs.getString("base_rev"), BaseReason.fromStored(
                        rs.getString("base_reason") == null ? "" : rs.getString("base_reason"))));
        WorkItem item = new WorkItem(rs.getString("work_key"), rs.getString("title"), target, base,
                RunOptions.fromJson(rs.getString("options")), Optional.ofNullable(rs.getString("answer_to")));
        return new Work(rs.getLong("id"), item, StoredName.parse(WorkState.class, rs.getString("state")),
                rs.getString("detail"));
    }
}
