package org.fsnbot.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Series and tree heads waiting to be measured, one row per unit of work
 * keyed so the same series revision or tree range is queued once. States:
 * queued, running, done, failed, cancelled (superseded), incomplete.
 */
public final class WorkQueue {

    public enum Kind { SERIES, TREE }

    /**
     * One unit of work. For SERIES, messageIds are the series' own mails
     * (cover letter first, then the patches in order) and prerequisiteIds
     * the patches its prerequisite-patch-id lines named, applied first;
     * for TREE, headRev is compared with baseRev.
     */
    public record Work(long id, Kind kind, String key, String title, int revision, List<String> messageIds,
            List<String> prerequisiteIds, String tree, String baseRev, String baseReason, String headRev,
            String state, String detail, String options, String answerTo) {
        public Work {
            messageIds = List.copyOf(messageIds);
            prerequisiteIds = List.copyOf(prerequisiteIds);
        }
    }

    private final DataSource ds;

    WorkQueue(DataSource ds) {
        this.ds = ds;
    }

    /** Queues work unless its key is known; returns its id when it was new. */
    public Optional<Long> enqueueSeries(String key, String title, int revision, List<String> messageIds,
            List<String> prerequisiteIds, String tree, String baseRev, String baseReason) throws SQLException {
        return insert(Kind.SERIES, key, title, revision, messageIds, prerequisiteIds, tree, baseRev, baseReason,
                null, "queued", null, null, null);
    }

    /**
     * Queues work someone asked for by command: its run options (JSON)
     * and the command mail the result answers.
     */
    public Optional<Long> enqueueRequested(Kind kind, String key, String title, int revision,
            List<String> messageIds, List<String> prerequisiteIds, String tree, String baseRev, String baseReason,
            String headRev, String options, String answerTo) throws SQLException {
        return insert(kind, key, title, revision, messageIds, prerequisiteIds, tree, baseRev, baseReason, headRev,
                "queued", null, options, answerTo);
    }

    public Optional<Long> enqueueTree(String key, String title, String tree, String baseRev, String headRev,
            String reason) throws SQLException {
        return insert(Kind.TREE, key, title, 1, List.of(), List.of(), tree, baseRev, reason, headRev, "queued",
                null, null, null);
    }

    /** Records a series that could not be completed, so it is reported once and not retried. */
    public Optional<Long> recordIncomplete(String key, String title, int revision, List<String> messageIds,
            String detail) throws SQLException {
        return insert(Kind.SERIES, key, title, revision, messageIds, List.of(), null, null, null, null, "incomplete",
                detail, null, null);
    }

    private Optional<Long> insert(Kind kind, String key, String title, int revision, List<String> messageIds,
            List<String> prerequisiteIds, String tree, String baseRev, String baseReason, String headRev, String state,
            String detail, String options, String answerTo) throws SQLException {
        try (Connection c = ds.getConnection()) {
            if (exists(c, key)) {
                return Optional.empty();
            }
            Instant now = Instant.now();
            return Optional.of(Jdbc.insert(c, "INSERT INTO work_queue (kind, work_key, title, revision, message_ids,"
                    + " prerequisite_ids, tree, base_rev, base_reason, head_rev, state, detail, created_at, updated_at,"
                    + " options, answer_to) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", kind.name(),
                    Jdbc.truncate(key, 1000), Jdbc.truncate(title, 2000), revision, String.join("\n", messageIds),
                    String.join("\n", prerequisiteIds), tree, baseRev, Jdbc.truncate(baseReason, 2000), headRev, state,
                    Jdbc.truncate(detail, 4000), now, now, options, answerTo));
        }
    }

    public boolean exists(String key) throws SQLException {
        try (Connection c = ds.getConnection()) {
            return exists(c, key);
        }
    }

    private static boolean exists(Connection c, String key) throws SQLException {
        return Jdbc.exists(c, "SELECT 1 FROM work_queue WHERE work_key = ?", Jdbc.truncate(key, 1000));
    }

    /** The highest revision of a series title already queued or measured, if any. */
    public Optional<Integer> newestRevision(String title) throws SQLException {
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(
                "SELECT MAX(revision) FROM work_queue WHERE kind = 'SERIES' AND title = ? AND state <> 'incomplete'")) {
            Jdbc.bind(ps, Jdbc.truncate(title, 2000));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                int r = rs.getInt(1);
                return rs.wasNull() ? Optional.empty() : Optional.of(r);
            }
        }
    }

    /** Cancels queued (not yet running) older revisions of a title; returns how many. */
    public int supersede(String title, int revision) throws SQLException {
        return Jdbc.update(ds, "UPDATE work_queue SET state = 'cancelled', detail = ?, updated_at = ? WHERE kind ="
                + " 'SERIES' AND title = ? AND revision < ? AND state = 'queued'", "superseded by v" + revision,
                Instant.now(), Jdbc.truncate(title, 2000), revision);
    }

    /** Claims the oldest queued work, marking it running. */
    public Optional<Work> claimNext() throws SQLException {
        try (Connection c = ds.getConnection()) {
            c.setAutoCommit(false);
            Optional<Work> w = select(c, "SELECT * FROM work_queue WHERE state = 'queued' ORDER BY id FETCH FIRST 1"
                    + " ROWS ONLY FOR UPDATE").stream().findFirst();
            if (w.isPresent()) {
                Jdbc.update(c, "UPDATE work_queue SET state = 'running', updated_at = ? WHERE id = ?", Instant.now(),
                        w.get().id());
            }
            c.commit();
            return w;
        }
    }

    public void finish(long id, String state, Long jobId, String detail) throws SQLException {
        Jdbc.update(ds, "UPDATE work_queue SET state = ?, job_id = ?, detail = ?, updated_at = ? WHERE id = ?", state,
                jobId, Jdbc.truncate(detail, 4000), Instant.now(), id);
    }

    /** Work a killed process left running goes back to the queue: a measurement is never half-kept. */
    public int requeueRunning() throws SQLException {
        return Jdbc.update(ds, "UPDATE work_queue SET state = 'queued', detail = 'requeued after restart',"
                + " updated_at = ? WHERE state = 'running'", Instant.now());
    }

    public List<Work> list(String state) throws SQLException {
        try (Connection c = ds.getConnection()) {
            return select(c, "SELECT * FROM work_queue WHERE state = ? ORDER BY id", state);
        }
    }

    /** Work that involves any of these mails (the series a thread is about, and its reruns). */
    public List<Work> touching(List<String> messageIds) throws SQLException {
        return all().stream().filter(w -> touches(w, messageIds)).toList();
    }

    /** Whether a unit is about any of these mails (they are its series, or it answers one of them). */
    public static boolean touches(Work w, List<String> messageIds) {
        return w.messageIds().stream().anyMatch(messageIds::contains) || messageIds.contains(w.answerTo());
    }

    /** The work that produced a job. */
    public Optional<Work> byJob(long jobId) throws SQLException {
        try (Connection c = ds.getConnection()) {
            return select(c, "SELECT * FROM work_queue WHERE job_id = ?", jobId).stream().findFirst();
        }
    }

    /** How many queued units are ahead of this one (0: next). */
    public int position(long id) throws SQLException {
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(
                "SELECT COUNT(*) FROM work_queue WHERE state IN ('queued', 'running') AND id < ?")) {
            Jdbc.bind(ps, id);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /** Cancels queued units; returns how many. */
    public int cancel(List<Long> ids, String why) throws SQLException {
        int n = 0;
        for (long id : ids) {
            n += Jdbc.update(ds, "UPDATE work_queue SET state = 'cancelled', detail = ?, updated_at = ? WHERE id = ?"
                    + " AND state = 'queued'", Jdbc.truncate(why, 4000), Instant.now(), id);
        }
        return n;
    }

    public List<Work> all() throws SQLException {
        try (Connection c = ds.getConnection()) {
            return select(c, "SELECT * FROM work_queue ORDER BY id");
        }
    }

    private static List<String> lines(String s) {
        return s == null || s.isEmpty() ? List.of() : Arrays.asList(s.split("\n"));
    }

    private static List<Work> select(Connection c, String sql, Object... args) throws SQLException {
        List<Work> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            Jdbc.bind(ps, args);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Work(rs.getLong("id"), Kind.valueOf(rs.getString("kind")), rs.getString("work_key"),
                            rs.getString("title"), rs.getInt("revision"), lines(rs.getString("message_ids")),
                            lines(rs.getString("prerequisite_ids")),
                            rs.getString("tree"), rs.getString("base_rev"), rs.getString("base_reason"),
                            rs.getString("head_rev"), rs.getString("state"), rs.getString("detail"),
                            rs.getString("options"), rs.getString("answer_to")));
                }
            }
        }
        return out;
    }
}
