package org.fsnbot.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Values clipped at their median +- k MADn (the median absolute deviation
 * scaled to a normal's sd): a wild value counts as a value at the edge,
 * not as its size, and values within the edges are kept as they are.
 * Hipparchus has medians but no MAD-based winsorizing, and its
 * percentile-based winsorizing clips a fixed share of every sample, which
 * moves the mean of a bimodal sample with how many of each mode it keeps.
 */
public final class Winsorizing {

    /** MADn per MAD: a normal's sd is 1.4826 of its median absolute deviation. */
    private static final double MADN = 1.4826;

    private Winsorizing() {
    }

    /** y clipped at its median +- k MADn; y itself when MADn is 0 (values that mostly tie). */
    public static double[] atMadn(double[] y, double k) {
        if (!(k > 0)) {
            throw new IllegalArgumentException("winsorizing needs a positive width: " + k);
        }
        if (y.length == 0) {
            return y;
        }
        double m = median(y.clone());
        double[] d = new double[y.length];
        for (int i = 0; i < y.length; i++) {
            d[i] = Math.abs(y[i] - m);
        }
        double width = k * MADN * median(d);
        if (!(width > 0)) {
            return y;
        }
        double[] out = new double[y.length];
        for (int i = 0; i < y.length; i++) {
            out[i] = Math.max(m - width, Math.min(m + width, y[i]));
        }
        return out;
    }

    /**
     * Samples with their wild values clipped, each at its own median +- k
     * MADn, where the values past an edge are few: past the upper edges
     * (or the lower) of all the samples together, at most maxShare of
     * their values, and at least one may be. Many values past an edge are
     * a second mode, not wild ones, and are kept: a high-breakdown scale
     * such as the MAD takes the smaller of two modes for contamination,
     * and clipping it would make each sample's mean move with how many of
     * each mode it drew. The samples are judged together (a base and a
     * patched side) so that both are treated alike.
     */
    public static List<double[]> fewAtMadn(List<double[]> samples, double k, double maxShare) {
        if (!(maxShare > 0 && maxShare < 0.5)) {
            throw new IllegalArgumentException("a share of wild values in (0, 0.5): " + maxShare);
        }
        List<double[]> clipped = new ArrayList<>();
        int n = 0;
        int low = 0;
        int high = 0;
        for (double[] y : samples) {
            double[] c = atMadn(y, k);
            clipped.add(c);
            n += y.length;
            for (int i = 0; i < y.length; i++) {
                low += c[i] > y[i] ? 1 : 0;
                high += c[i] < y[i] ? 1 : 0;
            }
        }
        int most = Math.max(1, (int) Math.floor(maxShare * n));
        List<double[]> out = new ArrayList<>();
        for (int s = 0; s < samples.size(); s++) {
            double[] y = samples.get(s);
            double[] c = clipped.get(s);
            double[] o = y.clone();
            for (int i = 0; i < y.length; i++) {
                if (c[i] > y[i] && low <= most || c[i] < y[i] && high <= most) {
                    o[i] = c[i];
                }
            }
            out.add(o);
        }
        return out;
    }

    /** The median of a, which it sorts. */
    static double median(double[] a) {
        Arrays.sort(a);
        int n = a.length;
        return n % 2 == 1 ? a[n / 2] : (a[n / 2 - 1] + a[n / 2]) / 2;
    }
}
