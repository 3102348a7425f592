package org.fsnbot.stats;

import java.util.Arrays;
import org.hipparchus.stat.StatUtils;
import org.hipparchus.stat.descriptive.rank.Median;

/**
 * Two-sample figures over windows of point summaries, for
 * ChangePointDetector: the Hodges-Lehmann shift (Hipparchus has the
 * one-sample kind only, inside its Wilcoxon test) and Welch's t.
 */
final class ShiftEstimates {

    private ShiftEstimates() {
    }

    /** The median of every difference right - left: a shift one outlier point cannot drag. */
    static double hodgesLehmann(double[] left, double[] right) {
        double[] d = new double[left.length * right.length];
        int k = 0;
        for (double l : left) {
            for (double r : right) {
                d[k++] = r - l;
            }
        }
        return new Median().evaluate(d);
    }

    /** Welch's t of [tau, to) over [from, tau) as {t, df, se}, or null when neither side varies. */
    static double[] welch(double[] x, int from, int tau, int to) {
        return welch(Arrays.copyOfRange(x, tau, to), Arrays.copyOfRange(x, from, tau));
    }

    /** Welch's t of mean(a) - mean(b) as {t, df, se}, or null when neither side varies. */
    static double[] welch(double[] a, double[] b) {
        double va = StatUtils.variance(a) / a.length;
        double vb = StatUtils.variance(b) / b.length;
        double v = va + vb;
        if (!(v > 0)) {
            return null;
        }
        double df = v * v / (va * va / (a.length - 1) + vb * vb / (b.length - 1));
        double se = Math.sqrt(v);
        return new double[] {(StatUtils.mean(a) - StatUtils.mean(b)) / se, df, se};
    }
}
