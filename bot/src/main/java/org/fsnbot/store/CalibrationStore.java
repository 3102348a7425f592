package org.fsnbot.store;

import java.util.List;
import org.fsnbot.run.MetricKey;
import org.fsnbot.stats.Comparison;
import org.fsnbot.stats.MetricComparison;
import org.fsnbot.stats.MetricNoise;

/**
 * A/A calibrations: each metric's boot-to-boot noise per runner setup,
 * filed by `fsnbot calibrate` and quoted under later verdicts.
 */
public final class CalibrationStore {

    private final Database db;

    CalibrationStore(Database db) {
        this.db = db;
    }

    /** Files one calibration of base: each metric's noise with its A/A change and verdict. */
    public void save(CalibrationKey key, String base, List<MetricNoise> noise, Comparison aa) {
        db.inTransaction("filing a calibration of " + base, c -> {
            for (MetricNoise n : noise) {
                MetricComparison m = aa.find(n.key()).orElseThrow();
                Jdbc.insert(c, "INSERT INTO calibrations (runner, accelerator, clock, topology, profile, base_commit,"
                        + " workload, variant, metric, boots, cv_pct, aa_change_pct, aa_verdict, created_at)"
                        + " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", key.runner(), key.accelerator(), key.clock(),
                        key.topology(),
                        key.profile(), base, n.key().workload(), n.key().variant(), n.key().metric(), n.boots(),
                        n.cvPct(), m.changePct(), m.verdict().map(Enum::name).orElse("REPORTED_ONLY"), n.when());
            }
        });
    }

    /** The latest calibration of each metric for this runner setup. */
    public List<MetricNoise> noiseFor(CalibrationKey key) {
        return db.call("reading calibrations", c -> Jdbc.rows(c,
                "SELECT workload, variant, metric, boots, cv_pct, created_at FROM calibrations c WHERE runner = ?"
                        + " AND accelerator = ? AND clock = ? AND topology = ? AND profile = ? AND created_at = (SELECT"
                        + " MAX(created_at) FROM calibrations d WHERE d.runner = c.runner AND d.accelerator ="
                        + " c.accelerator AND d.clock = c.clock AND d.topology = c.topology AND d.profile = c.profile)",
                rs -> new MetricNoise(new MetricKey(rs.getString(1), rs.getString(2), rs.getString(3)), rs.getInt(4),
                        rs.getDouble(5), rs.getTimestamp(6).toInstant()),
                key.runner(), key.accelerator(), key.clock(), key.topology(), key.profile()));
    }

    /** Every metric of runner's latest calibration of each setup, for `fsnbot runners`. */
    public List<MetricNoise> noiseOf(String runner) {
        return db.call("reading " + runner + "'s calibrations", c -> Jdbc.rows(c,
                "SELECT workload, variant, metric, boots, cv_pct, created_at FROM calibrations c WHERE runner = ?"
                        + " AND created_at = (SELECT MAX(created_at) FROM calibrations d WHERE d.runner = c.runner"
                        + " AND d.accelerator = c.accelerator AND d.clock = c.clock AND d.topology = c.topology"
                        + " AND d.profile = c.profile)",
                rs -> new MetricNoise(new MetricKey(rs.getString(1), rs.getString(2), rs.getString(3)), rs.getInt(4),
                        rs.getDouble(5), rs.getTimestamp(6).toInstant()), runner));
    }
}
