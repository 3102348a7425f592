package org.fsnbot.stats;

import java.util.ArrayList;
import java.util.List;

/**
 * A Perfherder-style alert: at every index, Welch's t between up to
 * backMax previous values (at least backMin) and the next fore values; an
 * index is a change where t exceeds the threshold and is the largest t
 * within a fore window either side. Perfherder's defaults: 12/24 back, 12
 * ahead, t > 7. A baseline for docs/trends.md only.
 */
final class RollingTTestBaseline {

    private final int backMin;
    private final int backMax;
    private final int fore;
    private final double threshold;

    RollingTTestBaseline(int backMin, int backMax, int fore, double threshold) {
        this.backMin = backMin;
        this.backMax = backMax;
        this.fore = fore;
        this.threshold = threshold;
    }

    static RollingTTestBaseline perfherder() {
        return new RollingTTestBaseline(12, 24, 12, 7);
    }

    /** The largest t of the series: the least threshold at which it names nothing. */
    double maxT(double[] x) {
        double most = 0;
        for (double v : ts(x)) {
            most = Math.max(most, v);
        }
        return most;
    }

    private double[] ts(double[] x) {
        double[] t = new double[x.length];
        for (int i = backMin; i + fore <= x.length; i++) {
            int from = Math.max(0, i - backMax);
            t[i] = welch(x, from, i, i, i + fore);
        }
        return t;
    }

    List<Integer> find(double[] x) {
        double[] t = ts(x);
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < x.length; i++) {
            if (t[i] <= threshold) {
                continue;
            }
            boolean peak = true;
            for (int j = Math.max(0, i - fore); j <= Math.min(x.length - 1, i + fore) && peak; j++) {
                peak = t[j] < t[i] || (t[j] == t[i] && j >= i);
            }
            if (peak) {
                out.add(i);
            }
        }
        return out;
    }

    private static double welch(double[] x, int a0, int a1, int b0, int b1) {
        double ma = mean(x, a0, a1);
        double mb = mean(x, b0, b1);
        double va = var(x, a0, a1, ma);
        double vb = var(x, b0, b1, mb);
        double se = Math.sqrt(va / (a1 - a0) + vb / (b1 - b0));
        return se > 0 ? Math.abs(mb - ma) / se : 0;
    }

    private static double mean(double[] x, int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) {
            s += x[i];
        }
        return s / (to - from);
    }

    private static double var(double[] x, int from, int to, double m) {
        double s = 0;
        for (int i = from; i < to; i++) {
            s += (x[i] - m) * (x[i] - m);
        }
        return s / (to - from - 1);
    }
}
