package org.fsnbot.stats;

import java.util.Arrays;
import org.hipparchus.stat.StatUtils;

/**
 * One boot's value of a metric from its repetitions: the arithmetic mean
 * for times and sizes, the harmonic mean for rates (as mmtests does), so
 * that the summary of a rate is the rate of the summed work.
 */
public final class BootSummary {

    private BootSummary() {
    }

    public static double of(double[] reps, boolean rate) {
        if (reps.length == 0) {
            throw new IllegalArgumentException("no repetitions");
        }
        return rate ? reps.length / Arrays.stream(reps).map(x -> 1 / x).sum() : StatUtils.mean(reps);
    }
}
