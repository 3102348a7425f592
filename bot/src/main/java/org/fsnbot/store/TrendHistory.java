package org.fsnbot.store;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.fsnbot.run.MetricInfo;
import org.fsnbot.run.MetricKey;
import org.fsnbot.run.Sample;
import org.fsnbot.run.Side;

/**
 * The performance history: which sides of finished jobs are points of
 * which line (a watched branch "tree branch", or a named base of patch
 * tests), read back with their boots' samples so any series can be
 * rebuilt. Only jobs that ended with a report count: a failed or
 * incomplete measurement is never a point.
 */
public final class TrendHistory {

    private final Database db;
    private final Clock clock;

    TrendHistory(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /** Files the job's sides as points of line, measured now by runner; a side filed before is kept as it was. */
    public void record(long jobId, String line, String runner, List<Side> sides) {
        Instant now = clock.instant();
        db.inTransaction("filing job " + jobId + " in the history of " + line, c -> {
            for (Side s : sides) {
                if (!Jdbc.exists(c, "SELECT 1 FROM trend_points WHERE job_id = ? AND side = ?", jobId, s.name())) {
                    Jdbc.insert(c, "INSERT INTO trend_points (job_id, side, line, runner, measured_at)"
                            + " VALUES (?,?,?,?,?)", jobId, s.name(), line, runner, now);
                }
            }
        });
    }

    /** When line was last measured, if ever. */
    public Optional<Instant> lastMeasured(String line) {
        return db.call("reading the history of " + line, c -> Jdbc.first(c,
                "SELECT MAX(measured_at) FROM trend_points WHERE line = ?", rs -> {
                    var t = rs.getTimestamp(1);
                    return t == null ? null : t.toInstant();
                }, line));
    }

    /** When the history begins, if it has begun. */
    public Optional<Instant> firstMeasured() {
        return db.call("reading the history's start", c -> Jdbc.first(c,
                "SELECT MIN(measured_at) FROM trend_points", rs -> {
                    var t = rs.getTimestamp(1);
                    return t == null ? null : t.toInstant();
                }));
    }

    /** Every line with a point in [from, to), in order of name. */
    public List<String> lines(Instant from, Instant to) {
        return db.call("reading history lines", c -> Jdbc.rows(c, "SELECT DISTINCT line FROM trend_points"
                + " WHERE measured_at >= ? AND measured_at < ? ORDER BY line", rs -> rs.getString(1), from, to));
    }

    /** The points of line measured in [from, to), oldest first, each with its good boots' samples. */
    public List<TrendPoint> points(String line, Instant from, Instant to) {
        return db.call("reading the history of " + line, c -> {
            List<Object[]> heads = Jdbc.rows(c, "SELECT t.job_id, t.side, t.measured_at, t.runner, j.accelerator,"
                    + " j.profile, j.topology, CASE WHEN t.side = 'BASE' THEN j.base_commit ELSE j.patched_commit END,"
                    + " j.clock"
                    + " FROM trend_points t JOIN jobs j ON j.id = t.job_id WHERE t.line = ? AND t.measured_at >= ?"
                    + " AND t.measured_at < ? AND j.outcome = 'REPORT' ORDER BY t.measured_at, t.id",
                    rs -> new Object[] {rs.getLong(1), rs.getString(2), rs.getTimestamp(3).toInstant(),
                        new TrendPoint.Setup(rs.getString(4), String.valueOf(rs.getString(5)), rs.getString(9),
                                rs.getString(6), rs.getString(7)), rs.getString(8)}, line, from, to);
            List<TrendPoint> out = new ArrayList<>();
            for (Object[] h : heads) {
                long job = (Long) h[0];
                Side side = Side.valueOf((String) h[1]);
                List<Sample> samples = Jdbc.rows(c, "SELECT b.boot_index, s.rep, s.workload, s.variant, s.metric,"
                        + " s.unit, s.lower_is_better, s.val, s.label FROM boots b JOIN samples s ON s.boot_id = b.id"
                        + " WHERE b.job_id = ? AND b.side = ? AND b.status = 'OK' ORDER BY b.boot_index, s.id",
                        rs -> new Sample(side, rs.getInt(1), rs.getInt(2), new MetricKey(rs.getString(3),
                                rs.getString(4), rs.getString(5)), new MetricInfo(rs.getString(9), rs.getString(6),
                                rs.getBoolean(7)), rs.getDouble(8)), job, side.name());
                out.add(new TrendPoint(job, side, (String) h[4], (Instant) h[2], (TrendPoint.Setup) h[3], samples));
            }
            return out;
        });
    }
}
