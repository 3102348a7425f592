package org.fsnbot.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.List;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.fsnbot.build.BuildResult;
import org.fsnbot.intake.PatchSeries;
import org.fsnbot.run.BootRecord;
import org.fsnbot.run.Sample;
import org.fsnbot.stats.Comparison;
import org.fsnbot.stats.MetricComparison;
import org.fsnbot.stats.MetricKey;
import org.h2.jdbcx.JdbcConnectionPool;
import org.h2.jdbcx.JdbcDataSource;

/**
 * fsnbot's durable state over JDBC, schema managed by Flyway. The
 * embedded default is an H2 file database under the cache directory.
 */
public final class Store {

    private final DataSource ds;

    public Store(DataSource ds) {
        this.ds = ds;
        Flyway.configure().dataSource(ds).locations("classpath:db/migration").load().migrate();
    }

    /** The follower's cursors, seen Message-IDs and waiting patch mails. */
    public IntakeLedger intake() {
        return new IntakeLedger(ds);
    }

    /** Mails holding #fsnbot commands, the command log and the IMAP cursor. */
    public CommandStore commands() {
        return new CommandStore(ds);
    }

    /** Every outgoing mail and its delivery state. */
    public MailLog mail() {
        return new MailLog(ds);
    }

    /** The queue of series and tree heads waiting to be measured. */
    public WorkQueue queue() {
        return new WorkQueue(ds);
    }

    public static Store h2(Path file) {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:file:" + file.toAbsolutePath() + ";AUTO_SERVER=TRUE");
        h2.setUser("fsnbot");
        h2.setPassword("");
        // H2's own small pool: opening a connection per query cost most of an empty poll.
        return new Store(JdbcConnectionPool.create(h2));
    }

    public long saveSeries(PatchSeries s) throws SQLException {
        try (Connection c = ds.getConnection()) {
            String mid = s.replyTarget().messageId();
            try (PreparedStatement q = c.prepareStatement("SELECT id FROM series WHERE message_id = ?")) {
                q.setString(1, mid);
                try (ResultSet rs = q.executeQuery()) {
                    if (rs.next()) {
                        return rs.getLong(1);
                    }
                }
            }
            return Jdbc.insert(c, "INSERT INTO series (message_id, subject, author, patch_count, received_at) VALUES (?,?,?,?,?)",
                    mid, s.replyTarget().subject(), s.replyTarget().from(), s.patches().size(), now());
        }
    }

    /** A job; seriesId is null when two commits of a tree are compared. */
    public long createJob(Long seriesId, String tree, String baseRev, String profile, String topology)
            throws SQLException {
        try (Connection c = ds.getConnection()) {
            return Jdbc.insert(c, "INSERT INTO jobs (series_id, tree, base_rev, profile, topology, state, created_at)"
                    + " VALUES (?,?,?,?,?,?,?)", seriesId, tree, baseRev, profile, topology, "running", now());
        }
    }

    public void setCommits(long jobId, String base, String patched) throws SQLException {
        Jdbc.update(ds, "UPDATE jobs SET base_commit = ?, patched_commit = ? WHERE id = ?", base, patched, jobId);
    }

    public void setAccelerator(long jobId, String accel, String reason) throws SQLException {
        Jdbc.update(ds, "UPDATE jobs SET accelerator = ?, accel_reason = ? WHERE id = ?", accel, reason, jobId);
    }

    public void finishJob(long jobId, String outcome, String detail) throws SQLException {
        Jdbc.update(ds, "UPDATE jobs SET state = 'done', outcome = ?, detail = ?, finished_at = ? WHERE id = ?",
                outcome, truncate(detail, 4000), now(), jobId);
    }

    public void saveBuild(long jobId, BuildResult b) throws SQLException {
        try (Connection c = ds.getConnection()) {
            Jdbc.insert(c, "INSERT INTO builds (job_id, label, commit_id, ok, reused, seconds, objects_compiled, error_lines,"
                    + " log_path) VALUES (?,?,?,?,?,?,?,?,?)", jobId, b.label(), b.commit(), b.ok(), b.reused(),
                    b.seconds(), b.objectsCompiled(), String.join("\n", b.errorLines()), b.log().toString());
        }
    }

    public void saveBoot(long jobId, BootRecord b) throws SQLException {
        try (Connection c = ds.getConnection()) {
            c.setAutoCommit(false);
            long bootRow = Jdbc.insert(c, "INSERT INTO boots (job_id, boot_id, side, boot_index, attempt, status, accelerator,"
                    + " seconds, detail, guest_info, console_tail, console_path) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                    jobId, b.outcome().bootId(), b.side().name(), b.index(), b.attempt(), b.outcome().status().name(),
                    b.outcome().accel().name(), b.outcome().seconds(), truncate(b.outcome().detail(), 4000),
                    truncate(b.guestInfo(), 4000), String.join("\n", b.outcome().consoleTail()),
                    b.outcome().consoleLog().toString());
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO samples (boot_id, workload, variant, metric, rep,"
                    + " val, unit, lower_is_better) VALUES (?,?,?,?,?,?,?,?)")) {
                for (Sample s : b.samples()) {
                    Jdbc.bind(ps, bootRow, s.workload(), s.variant(), s.metric(), s.rep(), s.value(), s.unit(),
                            s.lowerIsBetter());
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            c.commit();
        }
    }

    public void saveVerdicts(long jobId, Comparison comparison) throws SQLException {
        try (Connection c = ds.getConnection()) {
            c.setAutoCommit(false);
            for (MetricComparison m : comparison.metrics()) {
                if (m.verdict().isEmpty()) {
                    continue;
                }
                Jdbc.insert(c, "INSERT INTO verdicts (job_id, workload, variant, metric, n_base, n_patched, mean_base,"
                        + " mean_patched, change_pct, ci_low_pct, ci_high_pct, p_value, verdict, overall)"
                        + " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", jobId, m.key().workload(), m.key().variant(),
                        m.key().metric(), m.nBase(), m.nPatched(), m.meanBase(), m.meanPatched(), m.changePct(),
                        finite(m.ciLowPct()), finite(m.ciHighPct()), m.pValue(), m.verdict().get().name(), false);
            }
            Jdbc.insert(c, "INSERT INTO verdicts (job_id, verdict, overall) VALUES (?,?,?)", jobId,
                    comparison.overall().name(), true);
            c.commit();
        }
    }

    /** One metric's A/A noise on a runner, as calibrate measured it. */
    public record Noise(String workload, String variant, String metric, int boots, double cvPct, Instant when) {
        public MetricKey key() {
            return new MetricKey(workload, variant, metric);
        }
    }

    public void saveCalibration(String runner, String accelerator, String topology, String profile, String base,
            List<Noise> noise, Comparison aa) throws SQLException {
        try (Connection c = ds.getConnection()) {
            c.setAutoCommit(false);
            for (Noise n : noise) {
                MetricComparison m = aa.find(n.key()).orElseThrow();
                Jdbc.insert(c, "INSERT INTO calibrations (runner, accelerator, topology, profile, base_commit, workload,"
                        + " variant, metric, boots, cv_pct, aa_change_pct, aa_verdict, created_at)"
                        + " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", runner, accelerator, topology, profile, base,
                        n.workload(), n.variant(), n.metric(), n.boots(), n.cvPct(), m.changePct(),
                        m.verdict().map(Enum::name).orElse("REPORTED_ONLY"), n.when());
            }
            c.commit();
        }
    }

    /** The latest calibration of each metric for this runner, accelerator, topology and profile. */
    public List<Noise> noiseFor(String runner, String accelerator, String topology, String profile)
            throws SQLException {
        List<Noise> out = new java.util.ArrayList<>();
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(
                "SELECT workload, variant, metric, boots, cv_pct, created_at FROM calibrations c WHERE runner = ?"
                        + " AND accelerator = ? AND topology = ? AND profile = ? AND created_at = (SELECT"
                        + " MAX(created_at) FROM calibrations d WHERE d.runner = c.runner AND d.accelerator ="
                        + " c.accelerator AND d.topology = c.topology AND d.profile = c.profile)")) {
            Jdbc.bind(ps, runner, accelerator, topology, profile);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Noise(rs.getString(1), rs.getString(2), rs.getString(3), rs.getInt(4), rs.getDouble(5),
                            rs.getTimestamp(6).toInstant()));
                }
            }
        }
        return out;
    }

    /** Runs a read-only query returning one long; for tests and status output. */
    public long count(String table, String where, Object... args) throws SQLException {
        if (!table.matches("[a-z_]+")) {
            throw new IllegalArgumentException("bad table " + table);
        }
        try (Connection c = ds.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM " + table
                        + (where.isEmpty() ? "" : " WHERE " + where))) {
            Jdbc.bind(ps, args);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    public String text(String sql, Object... args) throws SQLException {
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            Jdbc.bind(ps, args);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    /** Median minutes from a job's creation to its end, over the last 20 finished jobs; empty when none. */
    public java.util.OptionalDouble medianJobMinutes() throws SQLException {
        List<Double> mins = new java.util.ArrayList<>();
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(
                "SELECT created_at, finished_at FROM jobs WHERE finished_at IS NOT NULL ORDER BY id DESC"
                        + " FETCH FIRST 20 ROWS ONLY")) {
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    mins.add((rs.getTimestamp(2).getTime() - rs.getTimestamp(1).getTime()) / 60000.0);
                }
            }
        }
        if (mins.isEmpty()) {
            return java.util.OptionalDouble.empty();
        }
        java.util.Collections.sort(mins);
        return java.util.OptionalDouble.of(mins.get(mins.size() / 2));
    }

    /** The first column of every row; for tests and status output. */
    public List<String> texts(String sql, Object... args) throws SQLException {
        List<String> out = new java.util.ArrayList<>();
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            Jdbc.bind(ps, args);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        }
        return out;
    }

    private static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }

    private static String truncate(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max);
    }

    private static Instant now() {
        return Instant.now();
    }
}
