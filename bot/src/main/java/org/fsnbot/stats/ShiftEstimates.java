package org.fsnbot.stats;

import java.util.Arrays;
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
        double va = variance(a) / a.length;
        double vb = variance(b) / b.length;
        double v = va + vb;
        if (!(v > 0)) {
            return null;
        }
        double df = v * v / (va * va / (a.length - 1) + vb * vb / (b.length - 1));
        double se = Math.sqrt(v);
        return new double[] {(mean(a) - mean(b)) / se, df, se};
    }

    private static double mean(double[] a) {
        double s = 0;
        for (double v : a) {
            s += v;
        }
        return s / a.length;
    }

    private static double variance(double[] a) {
        double m = mean(a);
        double ss = 0;
        for (double v : a) {
            ss += (v - m) * (v - m);
        }
        return ss / (a.length - 1);
    }
}
