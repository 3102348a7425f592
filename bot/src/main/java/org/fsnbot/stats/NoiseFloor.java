package org.fsnbot.stats;

import java.util.Map;
import org.fsnbot.run.MetricKey;

/**
 * The least boot-to-boot spread (CV, in percent) each metric is taken to
 * have, whatever its boots show: a metric's own from its runner's A/A
 * calibration on the same clock, else the clock's default. Three identical
 * boots against three other identical ones have a sample variance of 0,
 * which would make a zero-width interval and p = 0 (an instruction clock
 * gives such boots; so does a workload that prints a constant); with the
 * floor their interval is as wide as the noise that runner is known to
 * have.
 */
public record NoiseFloor(double defaultCvPct, Map<MetricKey, Double> cvPct) {

    /** Where nothing better is known: well below any real runner's noise, so it binds only on degenerate boots. */
    public static final NoiseFloor MINIMAL = new NoiseFloor(0.01, Map.of());

    public NoiseFloor {
        cvPct = Map.copyOf(cvPct);
        if (!(defaultCvPct > 0) || cvPct.values().stream().anyMatch(v -> !(v >= 0))) {
            throw new IllegalArgumentException("a noise floor needs a positive default CV and no negative ones");
        }
    }

    /** Whether key's floor was measured (a calibration), not only its clock's default. */
    public boolean calibrated(MetricKey key) {
        return cvPct.containsKey(key);
    }

    /** The floor as a standard deviation of log per-boot values; never below the default's. */
    public double logSd(MetricKey key) {
        return Math.log1p(Math.max(defaultCvPct, cvPct.getOrDefault(key, 0.0)) / 100);
    }
}
