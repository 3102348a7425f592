package org.fsnbot.stats;

import java.util.List;
import org.hipparchus.distribution.continuous.TDistribution;
import org.hipparchus.stat.StatUtils;

/**
 * mmtests' significance marks: a change is marked when the two sides'
 * confidence intervals of the mean (t, at alpha) do not overlap. Each
 * metric is judged alone.
 */
public record MmtestsRule(double alpha) implements ComparisonRule {

    @Override
    public String name() {
        return "mmtests (CIs apart, a=" + alpha + ")";
    }

    @Override
    public int[] flags(List<double[]> base, List<double[]> patched) {
        int[] out = new int[base.size()];
        for (int i = 0; i < out.length; i++) {
            double[] b = interval(base.get(i));
            double[] p = interval(patched.get(i));
            if (p[1] < b[0]) {
                out[i] = -1;
            } else if (p[0] > b[1]) {
                out[i] = 1;
            }
        }
        return out;
    }

    private double[] interval(double[] v) {
        double m = StatUtils.mean(v);
        double half = new TDistribution(v.length - 1).inverseCumulativeProbability(1 - alpha / 2)
                * Math.sqrt(StatUtils.variance(v) / v.length);
        return new double[] {m - half, m + half};
    }
}
