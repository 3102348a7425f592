package org.fsnbot.store;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.List;
import java.util.Optional;

/** Finished jobs read back whole (JobRecord), for exports such as KCIDB. */
public final class JobRecords {

    private final Database db;

    JobRecords(Database db) {
        this.db = db;
    }

    /** The job with this id, or empty when there is none. */
    public Optional<JobRecord> find(long id) {
        return db.call("reading job " + id, c -> {
            Optional<JobRecord.Head> head = Jdbc.first(c, "SELECT j.id, j.tree, j.base_rev, j.base_commit,"
                    + " j.patched_commit, s.message_id, s.subject, s.patch_count, j.created_at, j.finished_at,"
                    + " j.outcome, j.accelerator, j.clock, j.runner FROM jobs j LEFT JOIN series s ON s.id = j.series_id"
                    + " WHERE j.id = ?",
                    JobRecords::head, id);
            if (head.isEmpty()) {
                return Optional.empty();
            }
            JobRecord.Provenance provenance = Jdbc.first(c, "SELECT patchset_hash, fsnbot_version, workloads_version"
                    + " FROM jobs WHERE id = ?", rs -> new JobRecord.Provenance(rs.getString(1), rs.getString(2),
                            rs.getString(3)), id).orElseThrow();
            return Optional.of(new JobRecord(head.get(), builds(c, id), verdicts(c, id), provenance));
        });
    }

    /** The most recent jobs, newest first, at most limit of them. */
    public List<JobRecord.Summary> recent(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("a list of jobs holds at least one: " + limit);
        }
        return db.call("listing jobs", c -> Jdbc.rows(c, SUMMARY + " ORDER BY j.id DESC LIMIT ?", JobRecords::summary,
                limit));
    }

    /** Every job of the series with this message-id (its test, its reruns), oldest first. */
    public List<JobRecord.Summary> ofSeries(String messageId) {
        return db.call("listing the jobs of " + messageId, c -> Jdbc.rows(c, SUMMARY + " WHERE s.message_id = ?"
                + " ORDER BY j.id", JobRecords::summary, messageId));
    }

    /** A job's summary, or empty when there is none. */
    public Optional<JobRecord.Summary> summary(long id) {
        return db.call("reading job " + id, c -> Jdbc.first(c, SUMMARY + " WHERE j.id = ?", JobRecords::summary, id));
    }

    private static final String SUMMARY = "SELECT j.id, j.created_at, j.finished_at, j.outcome, j.accelerator, j.clock,"
            + " j.state, (SELECT v.verdict FROM verdicts v WHERE v.job_id = j.id AND v.overall), s.subject,"
            + " s.message_id, j.tree, j.base_rev, j.base_commit, j.patched_commit, j.runner FROM jobs j LEFT JOIN series s"
            + " ON s.id = j.series_id";

    private static JobRecord.Summary summary(ResultSet rs) throws SQLException {
        Timestamp finished = rs.getTimestamp(3);
        String subject = rs.getString(9);
        if (subject == null) {
            String patched = orEmpty(rs.getString(14));
            subject = "[fsnbot] " + (patched.isEmpty() ? rs.getString(12) : patched.substring(0, Math.min(12,
                    patched.length()))) + " on " + orEmpty(rs.getString(12));
        }
        return new JobRecord.Summary(rs.getLong(1), new JobRecord.Times(rs.getTimestamp(2).toInstant(),
                Optional.ofNullable(finished).map(Timestamp::toInstant), orEmpty(rs.getString(4)),
                orEmpty(rs.getString(5)), orEmpty(rs.getString(6)), orEmpty(rs.getString(15))), orEmpty(rs.getString(7)),
                orEmpty(rs.getString(8)), subject, orEmpty(rs.getString(10)), rs.getString(11));
    }

    private static JobRecord.Head head(ResultSet rs) throws SQLException {
        Optional<JobRecord.Series> series = rs.getString(6) == null ? Optional.empty()
                : Optional.of(new JobRecord.Series(rs.getString(6), rs.getString(7), rs.getInt(8)));
        Timestamp finished = rs.getTimestamp(10);
        return new JobRecord.Head(rs.getLong(1), rs.getString(2), rs.getString(3), orEmpty(rs.getString(4)),
                orEmpty(rs.getString(5)), series, new JobRecord.Times(rs.getTimestamp(9).toInstant(),
                        Optional.ofNullable(finished).map(Timestamp::toInstant), orEmpty(rs.getString(11)),
                        orEmpty(rs.getString(12)), orEmpty(rs.getString(13)), orEmpty(rs.getString(14))));
    }

    private static List<JobRecord.Build> builds(Connection c, long id) throws SQLException {
        return Jdbc.rows(c, "SELECT label, commit_id, ok, seconds, objects_compiled, error_lines FROM builds"
                + " WHERE job_id = ? ORDER BY id", rs -> new JobRecord.Build(rs.getString(1), rs.getString(2),
                        rs.getBoolean(3), rs.getDouble(4), rs.getInt(5), rs.getString(6) == null
                                || rs.getString(6).isEmpty() ? List.of() : List.of(rs.getString(6).split("\n"))), id);
    }

    private static List<JobRecord.Verdict> verdicts(Connection c, long id) throws SQLException {
        return Jdbc.rows(c, "SELECT workload, variant, metric, mean_base, mean_patched, change_pct, ci_low_pct,"
                + " ci_high_pct, p_value, n_base, n_patched, verdict FROM verdicts WHERE job_id = ? AND NOT overall"
                + " ORDER BY id", rs -> new JobRecord.Verdict(rs.getString(1), rs.getString(2), rs.getString(3),
                        rs.getDouble(4), rs.getDouble(5), new JobRecord.Change(rs.getDouble(6), nullable(rs, 7),
                                nullable(rs, 8), rs.getDouble(9), rs.getInt(10), rs.getInt(11)),
                        rs.getString(12)), id);
    }

    private static Double nullable(ResultSet rs, int column) throws SQLException {
        double v = rs.getDouble(column);
        return rs.wasNull() ? null : v;
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }
}
