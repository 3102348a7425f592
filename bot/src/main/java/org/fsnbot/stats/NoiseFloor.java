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
 *
 * <p>assumedCvPct is the noise an uncalibrated metric is taken to have
 * while its boots are too few to show their own (ChangeEstimator.SMALL):
 * three boots that all fell in one of two modes a few percent apart look
 * quiet, and against three from the other mode they would be a change.
 */
public record NoiseFloor(double defaultCvPct, Map<MetricKey, Double> cvPct, double assumedCvPct,
        Map<MetricKey, Integer> df) {

    /**
     * The noise a job takes an uncalibrated metric to have while its boots
     * are few: the noisiest instruction-clock metric measured here (a
     * reader thread's, 1.3-2.2% between boots) and a quiet machine's wall
     * clock, enough that two modes a few percent apart do not make a change
     * of three boots against three.
     */
    public static final double ASSUMED_CV_PCT = 2.0;

    /** Where nothing better is known: well below any real runner's noise, so it binds only on degenerate boots. */
    public static final NoiseFloor MINIMAL = new NoiseFloor(0.01, Map.of(), 0);

    public NoiseFloor {
        cvPct = Map.copyOf(cvPct);
        df = Map.copyOf(df);
        if (!(defaultCvPct > 0) || cvPct.values().stream().anyMatch(v -> !(v >= 0)) || !(assumedCvPct >= 0)) {
            throw new IllegalArgumentException("a noise floor needs a positive default CV and no negative ones");
        }
        if (df.values().stream().anyMatch(d -> d < 1) || !cvPct.keySet().containsAll(df.keySet())) {
            throw new IllegalArgumentException("degrees of freedom are positive, and only for measured floors");
        }
    }

    /** Measured floors whose degrees of freedom are unknown. */
    public NoiseFloor(double defaultCvPct, Map<MetricKey, Double> cvPct, double assumedCvPct) {
        this(defaultCvPct, cvPct, assumedCvPct, Map.of());
    }

    /** Calibrated CVs over the minimal default, nothing assumed for uncalibrated metrics. */
    public NoiseFloor(double defaultCvPct, Map<MetricKey, Double> cvPct) {
        this(defaultCvPct, cvPct, 0, Map.of());
    }

    /**
     * The degrees of freedom of key's measured floor (the boots it rests
     * on, less one per kernel build), 0 when unknown or not measured. Where
     * the floor stands in for a side's own spread, the test takes these:
     * 24 earlier boots know the noise better than the side's three.
     */
    public int dfOf(MetricKey key) {
        return df.getOrDefault(key, 0);
    }

    /** A job's floor before any calibration: the clock's least CV, ASSUMED_CV_PCT while boots are few. */
    public static NoiseFloor uncalibrated(double defaultCvPct) {
        return new NoiseFloor(defaultCvPct, Map.of(), ASSUMED_CV_PCT);
    }

    /** Whether key's floor was measured (a calibration), not only its clock's default. */
    public boolean calibrated(MetricKey key) {
        return cvPct.containsKey(key);
    }

    /** The floor as a standard deviation of log per-boot values; never below the default's. */
    public double logSd(MetricKey key) {
        return Math.log1p(Math.max(defaultCvPct, cvPct.getOrDefault(key, 0.0)) / 100);
    }

    /** The floor for a side of few boots: an uncalibrated metric's is at least the assumed noise. */
    public double smallSampleLogSd(MetricKey key) {
        return calibrated(key) ? logSd(key) : Math.max(logSd(key), Math.log1p(assumedCvPct / 100));
    }
}
