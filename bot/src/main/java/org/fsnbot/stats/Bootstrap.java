package org.fsnbot.stats;

import java.util.SplittableRandom;
import org.hipparchus.util.KthSelector;
import org.hipparchus.util.PivotingStrategy;

/**
 * Percentile bootstrap of the difference of mean log values, resampling
 * boots within each side. A cross-check for the Welch interval when boots
 * are few: with 3 boots a side the t interval rests on a normality it
 * cannot check, and the bootstrap rests on none (but is too narrow, so it
 * only ever vetoes a decision, never makes one). Seeded, so the same
 * samples always give the same interval.
 */
public final class Bootstrap {

    public static final int RESAMPLES = 4000;

    private Bootstrap() {
    }

    /** [low, high] of the log ratio at the given two-sided alpha. */
    public static double[] logRatioInterval(double[] baseLogs, double[] patchedLogs, double alpha, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] diffs = new double[RESAMPLES];
        for (int i = 0; i < RESAMPLES; i++) {
            diffs[i] = resampledMean(patchedLogs, rnd) - resampledMean(baseLogs, rnd);
        }
        int lo = (int) Math.floor(alpha / 2 * (RESAMPLES - 1));
        int hi = (int) Math.ceil((1 - alpha / 2) * (RESAMPLES - 1));
        // Two order statistics, not a sort: a simulation of the rule asks for thousands of these.
        KthSelector select = new KthSelector(PivotingStrategy.MEDIAN_OF_3);
        return new double[] {select.select(diffs, null, lo), select.select(diffs, null, hi)};
    }

    private static double resampledMean(double[] v, SplittableRandom rnd) {
        double s = 0;
        for (int i = 0; i < v.length; i++) {
            s += v[rnd.nextInt(v.length)];
        }
        return s / v.length;
    }
}
