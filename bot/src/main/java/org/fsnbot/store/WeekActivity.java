package org.fsnbot.store;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/** What fsnbot did in a week besides the history: the patches it tested, reruns, runs that failed. */
public final class WeekActivity {

    /** One patch test: the series, how its job ended, its overall verdict (empty without a report). */
    public record PatchTest(long jobId, String subject, String messageId, String outcome, String verdict) {
        public PatchTest {
            Objects.requireNonNull(subject);
            Objects.requireNonNull(messageId);
            outcome = Objects.requireNonNullElse(outcome, "RUNNING");
            verdict = Objects.requireNonNullElse(verdict, "");
        }
    }

    /** A job that ended without a verdict for a reason that is ours, not the patch's. */
    public record Failure(long jobId, String what, String detail) {
        public Failure {
            Objects.requireNonNull(what);
            detail = Objects.requireNonNullElse(detail, "");
        }
    }

    private final Database db;

    WeekActivity(Database db) {
        this.db = db;
    }

    public List<PatchTest> patchTests(Instant from, Instant to) {
        return db.call("reading the week's patch tests", c -> Jdbc.rows(c, "SELECT j.id, s.subject, s.message_id,"
                + " j.outcome, v.verdict FROM jobs j JOIN series s ON s.id = j.series_id LEFT JOIN verdicts v"
                + " ON v.job_id = j.id AND v.overall = TRUE WHERE j.finished_at >= ? AND j.finished_at < ?"
                + " ORDER BY j.id", rs -> new PatchTest(rs.getLong(1), rs.getString(2), rs.getString(3),
                        rs.getString(4), rs.getString(5)), from, to));
    }

    /** Reruns that #fsnbot commands asked for and fsnbot accepted. */
    public long reruns(Instant from, Instant to) {
        return db.call("counting the week's reruns", c -> Jdbc.first(c, "SELECT COUNT(*) FROM command_log"
                + " WHERE command LIKE 'rerun%' AND outcome IN (?, ?) AND at >= ? AND at < ?", rs -> rs.getLong(1),
                CommandOutcome.ACCEPTED.stored(), CommandOutcome.ACCEPTED_AUTHOR.stored(), from, to).orElse(0L));
    }

    /** Jobs that ended in an infrastructure or gate failure, or in an error of fsnbot's own. */
    public List<Failure> failures(Instant from, Instant to) {
        return db.call("reading the week's failures", c -> Jdbc.rows(c, "SELECT id, outcome, detail FROM jobs"
                + " WHERE outcome IN ('INFRASTRUCTURE_FAILURE', 'GATE_FAILURE', ?) AND finished_at >= ?"
                + " AND finished_at < ? ORDER BY id", rs -> new Failure(rs.getLong(1), rs.getString(2),
                        rs.getString(3)), JobStore.ERROR, from, to));
    }
}
