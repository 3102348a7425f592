package org.fsnbot.stats;

import java.util.List;

/**
 * The 0-day (LKP) robot's heuristic as its reports and documentation state
 * it: at least 3 samples on each side, the two sides' ranges do not
 * overlap, and the change of the means is at least the threshold (1%; 5%
 * for noisy metrics). Each metric is judged alone.
 */
public record ZeroDayRule(double thresholdPct) implements ComparisonRule {

    @Override
    public String name() {
        return "0-day (ranges apart, >=" + (int) thresholdPct + "%)";
    }

    @Override
    public int[] flags(List<double[]> base, List<double[]> patched) {
        int[] out = new int[base.size()];
        for (int i = 0; i < out.length; i++) {
            double[] b = base.get(i);
            double[] p = patched.get(i);
            if (b.length < 3 || p.length < 3) {
                continue;
            }
            double change = 100 * (mean(p) / mean(b) - 1);
            boolean apart = max(p) < min(b) || min(p) > max(b);
            if (apart && Math.abs(change) >= thresholdPct) {
                out[i] = change > 0 ? 1 : -1;
            }
        }
        return out;
    }

    static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    private static double max(double[] v) {
        double m = Double.NEGATIVE_INFINITY;
        for (double x : v) {
            m = Math.max(m, x);
        }
        return m;
    }

    private static double min(double[] v) {
        double m = Double.POSITIVE_INFINITY;
        for (double x : v) {
            m = Math.min(m, x);
        }
        return m;
    }
}
