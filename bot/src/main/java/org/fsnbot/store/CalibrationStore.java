package org.fsnbot.store;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.fsnbot.run.MetricInfo;
import org.fsnbot.run.MetricKey;
import org.fsnbot.stats.BootSummary;
import org.fsnbot.stats.Comparison;
import org.fsnbot.stats.MetricComparison;
import org.fsnbot.stats.MetricNoise;
import org.fsnbot.stats.PooledNoise;

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

    /**
     * How an A/A calibration's job row ends (`fsnbot calibrate`, and a
     * calibration at first use after it): its boots are filed as its
     * calibration, so base-boot noise leaves such rows out, not counting
     * their boots twice.
     */
    public static final String AA_JOB = "A/A calibration";

    /** How many of a runner's latest jobs of one setup its base-boot noise reads: recent, and bounded. */
    static final int BASE_BOOT_JOBS = 40;

    /**
     * Each metric's noise from the base boots of this runner's latest jobs
     * of this setup (PooledNoise): every job's base boots are boots of one
     * kernel build, an A/A sample the job made anyway. Only boots that
     * counted (status OK) enter; jobs of other runners never do.
     */
    public List<MetricNoise> baseBootNoise(CalibrationKey key) {
        return db.call("reading earlier base boots", c -> {
            // One query for the latest jobs' base boots, newest job first: a pool is read on every job.
            Map<MetricKey, Map<Long, SortedMap<Long, List<Double>>>> reps = new LinkedHashMap<>();
            Map<MetricKey, Boolean> rates = new HashMap<>();
            Instant[] last = {Instant.EPOCH};
            Jdbc.rows(c, "SELECT b.job_id, b.id, s.workload, s.variant, s.metric, s.val, s.unit, j.created_at FROM"
                    + " samples s JOIN boots b ON s.boot_id = b.id JOIN jobs j ON b.job_id = j.id WHERE b.job_id IN"
                    + " (SELECT id FROM jobs WHERE runner = ? AND accelerator = ? AND clock = ? AND topology = ?"
                    + " AND profile = ? AND (detail IS NULL OR detail NOT LIKE '" + AA_JOB + "%')"
                    + " AND EXISTS (SELECT 1 FROM boots o WHERE o.job_id = jobs.id"
                    + " AND o.side = 'BASE' AND o.status = 'OK') ORDER BY id DESC LIMIT " + BASE_BOOT_JOBS + ")"
                    + " AND b.side = 'BASE' AND b.status = 'OK' ORDER BY b.job_id DESC, b.id, s.rep", rs -> {
                        long job = rs.getLong(1);
                        MetricKey k = new MetricKey(rs.getString(3), rs.getString(4), rs.getString(5));
                        rates.put(k, MetricInfo.isRate(rs.getString(7)));
                        reps.computeIfAbsent(k, x -> new LinkedHashMap<>()).computeIfAbsent(job, x -> new TreeMap<>())
                                .computeIfAbsent(rs.getLong(2), x -> new ArrayList<>()).add(rs.getDouble(6));
                        Instant when = rs.getTimestamp(8).toInstant();
                        last[0] = when.isAfter(last[0]) ? when : last[0];
                        return k;
                    }, key.runner(), key.accelerator(), key.clock(), key.topology(), key.profile());
            Map<MetricKey, List<double[]>> perBoot = new LinkedHashMap<>();
            reps.forEach((k, byJob) -> perBoot.put(k, byJob.values().stream().map(boots -> boots.values().stream()
                    .mapToDouble(r -> BootSummary.of(r.stream().mapToDouble(Double::doubleValue).toArray(),
                            rates.get(k))).toArray()).toList()));
            return PooledNoise.of(perBoot, last[0], "earlier base boots");
        });
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
