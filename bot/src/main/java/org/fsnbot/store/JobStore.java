package org.fsnbot.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.OptionalDouble;
import org.fsnbot.build.BuildResult;
import org.fsnbot.intake.PatchSeries;
import org.fsnbot.mail.ReplyKind;
import org.fsnbot.run.BootRecord;
import org.fsnbot.run.Sample;
import org.fsnbot.stats.Comparison;
import org.fsnbot.stats.MetricComparison;

/**
 * Series, jobs and what each job measured: builds, boots with their
 * samples (and the console tail of failed ones), and verdicts. A job is
 * running until it ends with a reply kind, with ERROR when it could not
 * go on, or ABANDONED when its runner died.
 */
public final class JobStore {

    /** What the jobs table keeps for a job that ended without a reply (an exception, a bug, a bad tree). */
    public static final String ERROR = "ERROR";

    /** A job whose runner died under it (fleet mode): no reply, its boots discarded, its unit run again elsewhere. */
    public static final String ABANDONED = "ABANDONED";

    /** A job measured for a bisection: its boots are its result, judged by the bisection. */
    public static final String MEASURED = "MEASURED";

    private final Database db;
    private final Clock clock;

    JobStore(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /** The series' row, made on first sight. */
    public long saveSeries(PatchSeries s) {
        String mid = s.replyTarget().messageId();
        return db.call("saving series " + mid, c -> {
            var known = Jdbc.first(c, "SELECT id FROM series WHERE message_id = ?", rs -> rs.getLong(1), mid);
            if (known.isPresent()) {
                return known.get();
            }
            return Jdbc.insert(c, "INSERT INTO series (message_id, subject, author, patch_count, received_at)"
                    + " VALUES (?,?,?,?,?)", mid, s.replyTarget().subject(), s.replyTarget().from(),
                    s.patches().size(), clock.instant());
        });
    }

    /** A running job; seriesId is null when two commits of a tree are compared. */
    public long createJob(Long seriesId, String tree, String baseRev, String profile, String topology) {
        return db.call("creating a job", c -> Jdbc.insert(c, "INSERT INTO jobs (series_id, tree, base_rev, profile,"
                + " topology, state, created_at) VALUES (?,?,?,?,?,?,?)", seriesId, tree, baseRev, profile, topology,
                "running", clock.instant()));
    }

    /** What the job's results came from: the applied series' patchset hash ('' for none) and the versions. */
    public void setProvenance(long jobId, String patchsetHash, String fsnbotVersion, String workloadsVersion) {
        db.run("recording job " + jobId + "'s provenance", c -> Jdbc.update(c,
                "UPDATE jobs SET patchset_hash = ?, fsnbot_version = ?, workloads_version = ? WHERE id = ?",
                patchsetHash, fsnbotVersion, workloadsVersion, jobId));
    }

    public void setCommits(long jobId, String base, String patched) {
        db.run("recording job " + jobId + "'s commits", c -> Jdbc.update(c,
                "UPDATE jobs SET base_commit = ?, patched_commit = ? WHERE id = ?", base, patched, jobId));
    }

    /** The accelerator the job's boots use, why, their clock ("wall", "instructions"), and their runner. */
    public void setAccelerator(long jobId, String accel, String reason, String clock, String runner) {
        db.run("recording job " + jobId + "'s accelerator", c -> Jdbc.update(c,
                "UPDATE jobs SET accelerator = ?, accel_reason = ?, clock = ?, runner = ? WHERE id = ?", accel, reason,
                clock, runner, jobId));
    }

    public void setTopologyVerified(long jobId, boolean verified) {
        db.run("recording job " + jobId + "'s topology check", c -> Jdbc.update(c, "UPDATE jobs SET topology_verified"
                + " = ? WHERE id = ?", verified, jobId));
    }

    public void setRunner(long jobId, String runner) {
        db.run("recording job " + jobId + "'s runner", c -> Jdbc.update(c, "UPDATE jobs SET runner = ? WHERE id = ?",
                runner, jobId));
    }

    /** The job ended with a reply of this kind. */
    public void finish(long jobId, ReplyKind kind, String detail) {
        end(jobId, kind.name(), detail);
    }

    /** The job was measured for a caller that judges it itself (a bisection step): no verdict, no reply. */
    public void measured(long jobId) {
        end(jobId, MEASURED, "measured only");
    }

    /** The job could not go on and has no reply. */
    public void fail(long jobId, String error) {
        end(jobId, ERROR, error);
    }

    /** Ends a job, unless a takeover abandoned it (its runner held no name too long): that stays the record. */
    private void end(long jobId, String outcome, String detail) {
        db.run("finishing job " + jobId, c -> Jdbc.update(c, "UPDATE jobs SET state = 'done', outcome = ?,"
                + " detail = ?, finished_at = ? WHERE id = ? AND (outcome IS NULL OR outcome <> ?)", outcome,
                Jdbc.truncate(detail, 4000), clock.instant(), jobId, ABANDONED));
    }

    public void saveBuild(long jobId, BuildResult b) {
        db.run("recording job " + jobId + "'s " + b.label() + " build", c -> Jdbc.insert(c, "INSERT INTO builds"
                + " (job_id, label, commit_id, ok, reused, seconds, objects_compiled, error_lines, log_path)"
                + " VALUES (?,?,?,?,?,?,?,?,?)", jobId, b.label(), b.commit(), b.ok(), b.cost().reused(),
                b.cost().seconds(), b.cost().objectsCompiled(), String.join("\n", b.errorLines()),
                b.log().toString()));
    }

    /** A boot and its samples, together. */
    public void saveBoot(long jobId, BootRecord b) {
        db.inTransaction("recording boot " + b.outcome().bootId(), c -> {
            long bootRow = Jdbc.insert(c, "INSERT INTO boots (job_id, boot_id, side, boot_index, attempt, status,"
                    + " accelerator, seconds, detail, guest_info, console_tail, console_path, cpu_pressure_pct,"
                    + " placement) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", jobId, b.outcome().bootId(), b.side().name(), b.index(),
                    b.attempt(), b.outcome().status().name(), b.outcome().accelerator(), b.outcome().seconds(),
                    Jdbc.truncate(b.outcome().evidence(), 4000), Jdbc.truncate(b.guestInfo(), 4000),
                    String.join("\n", b.outcome().consoleTail()), b.outcome().consoleLog().toString(),
                    b.pressure().measured() ? b.pressure().pct() : null, Jdbc.truncate(b.placement(), 4000));
            saveSamples(c, bootRow, b.samples());
        });
    }

    private static void saveSamples(Connection c, long bootRow, List<Sample> samples) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO samples (boot_id, workload, variant, metric,"
                + " rep, val, unit, lower_is_better, label) VALUES (?,?,?,?,?,?,?,?,?)")) {
            for (Sample s : samples) {
                Jdbc.bind(ps, bootRow, s.workload(), s.variant(), s.metric(), s.rep(), s.value(), s.info().unit(),
                        s.info().lowerIsBetter(), Jdbc.truncate(s.info().label(), 64));
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    /** Every verdict metric's figures and verdict, then the overall verdict, together. */
    public void saveVerdicts(long jobId, Comparison comparison) {
        db.inTransaction("recording job " + jobId + "'s verdicts", c -> {
            for (MetricComparison m : comparison.metrics()) {
                if (m.verdict().isEmpty()) {
                    continue;
                }
                Jdbc.insert(c, "INSERT INTO verdicts (job_id, workload, variant, metric, n_base, n_patched, mean_base,"
                        + " mean_patched, change_pct, ci_low_pct, ci_high_pct, p_value, verdict, overall)"
                        + " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", jobId, m.key().workload(), m.key().variant(),
                        m.key().metric(), m.base().n(), m.patched().n(), m.base().mean(), m.patched().mean(),
                        m.changePct(), finite(m.change().ciLowPct()), finite(m.change().ciHighPct()),
                        m.change().pValue(), m.verdict().get().name(), false);
            }
            Jdbc.insert(c, "INSERT INTO verdicts (job_id, verdict, overall) VALUES (?,?,?)", jobId,
                    comparison.overall().name(), true);
        });
    }

    /** Median minutes from a job's creation to its end, over the last 20 finished jobs; empty when none. */
    public OptionalDouble medianJobMinutes() {
        List<Double> mins = new ArrayList<>(db.call("reading job times", c -> Jdbc.rows(c,
                "SELECT created_at, finished_at FROM jobs WHERE finished_at IS NOT NULL ORDER BY id DESC"
                        + " FETCH FIRST 20 ROWS ONLY",
                rs -> (rs.getTimestamp(2).getTime() - rs.getTimestamp(1).getTime()) / 60000.0)));
        if (mins.isEmpty()) {
            return OptionalDouble.empty();
        }
        Collections.sort(mins);
        return OptionalDouble.of(mins.get(mins.size() / 2));
    }

    private static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }
}
