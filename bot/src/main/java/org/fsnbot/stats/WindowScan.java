package org.fsnbot.stats;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The statistic ChangePointDetector searches with: over one segment of
 * point summaries (a job's median log value each), every split tau
 * compared by a robust t (the difference of trimmed means over a robust
 * scale of the segment) between the WIDTHS points before it and after it
 * (fewer at the segment's ends), and the largest |t| over splits and
 * widths. A multiscale moving window in the
 * manner of MOSUM (Eichinger and Kirch, 2018; Cho and Kirch, 2022): a
 * narrow window sees a regression and its fix a few points apart, which
 * one split against the whole segment averages away; a wide one has the
 * power for a lone step. One outlier point moves neither a window's
 * trimmed mean nor the scale much. (Ranks, tried first, cap the evidence
 * at a perfect separation: a 5-point bump 5 sd high among 20 points was
 * not found at 5%.)
 *
 * Its p is the share of random orders of the same summaries whose largest
 * |z| is at least as large: exact for the maximum over splits and widths,
 * whatever they are, sequential (Besag and Clifford, 1991) so that a clear
 * null stops after a few hundred orders.
 */
final class WindowScan {

    /** The window half-widths, in points: a segment's splits are compared over each one that fits. */
    static final int[] WIDTHS = {4, 8, 16};


    /** Orders at least as extreme as the data after which a p is known well enough to stop. */
    private static final int ENOUGH_EXCEEDING = 12;

    /** A split with the window it was seen in: [tau - left, tau) against [tau, tau + right). */
    record Best(int tau, int left, int right, double z) {

        /**
         * How far apart the windows' means are, in the units of a least-squares
         * split (CUSUM): medians tie (adjacent splits of a clear step can share
         * both), and the step's size says where it is.
         */
        double step(double[] x) {
            double l = 0;
            double r = 0;
            for (int i = tau - left; i < tau; i++) {
                l += x[i];
            }
            for (int i = tau; i < tau + right; i++) {
                r += x[i];
            }
            return Math.abs(r / right - l / left) * Math.sqrt((double) left * right / (left + right));
        }
    }

    /** Statistics closer than this are one: a tie. */
    private static final double TIE = 1e-9;

    private final int minPoints;
    private final int orders;

    /** orders: the random orders a p is judged on at most, so its least value is 1 / (orders + 1). */
    WindowScan(int minPoints, int orders) {
        if (minPoints < 2) {
            throw new IllegalArgumentException("a side of a split needs at least 2 points to have a spread");
        }
        if (orders < 99) {
            throw new IllegalArgumentException("fewer than 99 orders cannot give a p below 1%: " + orders);
        }
        this.minPoints = minPoints;
        this.orders = orders;
    }

    /** The split and window of [from, to) with the largest |z|, or null when the segment is too short. */
    Best best(double[] x, int from, int to) {
        double sigma = sigma(x, from, to);
        Best best = null;
        for (int tau = from + minPoints; tau <= to - minPoints; tau++) {
            int lastLeft = -1;
            int lastRight = -1;
            for (int w : WIDTHS) {
                int left = Math.min(w, tau - from);
                int right = Math.min(w, to - tau);
                if (left == lastLeft && right == lastRight) {
                    continue;
                }
                lastLeft = left;
                lastRight = right;
                double z = z(x, tau, left, right, sigma);
                Best c = new Best(tau, left, right, z);
                if (best == null || Math.abs(z) > Math.abs(best.z) + TIE
                        || Math.abs(z) > Math.abs(best.z) - TIE && c.step(x) > best.step(x)) {
                    best = c;
                }
            }
        }
        return best;
    }

    /**
     * The window [lo, hi) at b's split, among the widths that fit [from, to),
     * whose Hodges-Lehmann shift is largest in b's direction.
     */
    int[] widest(double[] x, int from, int to, Best b) {
        int[] out = {b.tau - b.left, b.tau + b.right};
        double most = Double.NEGATIVE_INFINITY;
        for (int w : WIDTHS) {
            int lo = b.tau - Math.min(w, b.tau - from);
            int hi = b.tau + Math.min(w, to - b.tau);
            double shift = Math.signum(b.z) * ShiftEstimates.hodgesLehmann(Arrays.copyOfRange(x, lo, b.tau),
                    Arrays.copyOfRange(x, b.tau, hi));
            if (shift > most) {
                most = shift;
                out = new int[] {lo, hi};
            }
        }
        return out;
    }

    /**
     * b's split placed where it fits its window best: the least sum of
     * absolute deviations from each side's median (a split by medians is
     * as good a point or two either side of a step, a sum of deviations is
     * not), the nearer to b's split on a tie.
     */
    Best locate(double[] x, Best b) {
        int lo = b.tau - b.left;
        int hi = b.tau + b.right;
        int at = b.tau;
        double least = Double.POSITIVE_INFINITY;
        for (int t = lo + minPoints; t <= hi - minPoints; t++) {
            double cost = deviations(x, lo, t) + deviations(x, t, hi);
            if (cost < least - TIE || cost < least + TIE && Math.abs(t - b.tau) < Math.abs(at - b.tau)) {
                least = cost;
                at = t;
            }
        }
        return new Best(at, at - lo, hi - at, b.z);
    }

    private static double deviations(double[] x, int from, int to) {
        double m = median(Arrays.copyOfRange(x, from, to));
        double s = 0;
        for (int i = from; i < to; i++) {
            s += Math.abs(x[i] - m);
        }
        return s;
    }

    /** How many (split, window) pairs best looks at in a segment of n points: the family a selected split is from. */
    int looks(int n) {
        int looks = 0;
        for (int tau = minPoints; tau <= n - minPoints; tau++) {
            int lastLeft = -1;
            int lastRight = -1;
            for (int w : WIDTHS) {
                int left = Math.min(w, tau);
                int right = Math.min(w, n - tau);
                if (left != lastLeft || right != lastRight) {
                    looks++;
                }
                lastLeft = left;
                lastRight = right;
            }
        }
        return looks;
    }

    /** The sequential permutation p of a largest |z| of zMax in [from, to). */
    double p(double[] x, int from, int to, double zMax) {
        double[] shuffled = x.clone();
        SplittableRandom rnd = new SplittableRandom(Double.doubleToLongBits(zMax)
                ^ Arrays.hashCode(Arrays.copyOfRange(x, from, to)));
        int exceeding = 0;
        for (int k = 1; k <= orders; k++) {
            for (int i = to - 1; i > from; i--) {
                int j = from + rnd.nextInt(i - from + 1);
                double t = shuffled[i];
                shuffled[i] = shuffled[j];
                shuffled[j] = t;
            }
            Best b = best(shuffled, from, to);
            // A hair below zMax still counts: the same order found again must not round to a smaller z.
            if (b != null && Math.abs(b.z) >= Math.abs(zMax) - 1e-12) {
                exceeding++;
                if (exceeding == ENOUGH_EXCEEDING) {
                    return (double) exceeding / k;
                }
            }
        }
        return (exceeding + 1.0) / (orders + 1);
    }

    /**
     * The robust t of the right window over the left: the difference of
     * their levels (trimmed means) over sigma, the segment's noise, scaled
     * as a difference of means would be.
     */
    static double z(double[] x, int tau, int left, int right, double sigma) {
        double diff = level(Arrays.copyOfRange(x, tau, tau + right)) - level(Arrays.copyOfRange(x, tau - left, tau));
        if (!(sigma > 0)) {
            return diff == 0 ? 0 : Math.copySign(UNBOUNDED, diff);
        }
        return diff / (sigma * Math.sqrt(1.0 / left + 1.0 / right));
    }

    /**
     * A segment's noise, in the units of one absolute difference of
     * neighbouring points: the mean of those differences without their
     * largest sixth. A step changes one difference and an outlier two, so
     * neither moves it much, where every window's own spread would (and a
     * window of 4 points' spread is too often tiny: its t then wins the
     * maximum by chance). Only its ratio to the windows' shifts matters
     * (a p comes from random orders of the same points), so it needs no
     * factor to be an sd. Their median, used first, is less than half
     * as efficient as their mean (on normal noise): on 12-20 points its own noise hid steps
     * (bench-trends, at matched false alarms: 39% of 5% steps found with
     * 1-5 boots a point, 53% with this; F1 up in 13 of 20 noise models, down
     * in 3: outlier points, AR(1) drift, TCG pipe-messaging).
     */
    static double sigma(double[] x, int from, int to) {
        double[] d = new double[to - from - 1];
        for (int i = from; i < to - 1; i++) {
            d[i - from] = Math.abs(x[i + 1] - x[i]);
        }
        if (d.length == 0) {
            return 0;
        }
        Arrays.sort(d);
        int keep = d.length - d.length / 6;
        double s = 0;
        for (int i = 0; i < keep; i++) {
            s += d[i];
        }
        return s / keep;
    }

    /** The statistic of two windows that differ without varying: larger than any that vary. */
    private static final double UNBOUNDED = 1e12;

    /**
     * A window's level: its mean without its highest and lowest sixth (none
     * of 4 or 5 points, one each end of 6 to 11, two of 12 to 17): nearly a
     * mean's power on normal noise, and a wild point among 6 moves it not at
     * all. (With the windows' medians, bench-trends found 56% of 5% steps
     * with jobs differing by 2%, against 68-72% with these.)
     */
    static double level(double[] a) {
        Arrays.sort(a);
        int trim = a.length / 6;
        double s = 0;
        for (int i = trim; i < a.length - trim; i++) {
            s += a[i];
        }
        return s / (a.length - 2 * trim);
    }

    /** The median of a, which it sorts. */
    private static double median(double[] a) {
        Arrays.sort(a);
        int n = a.length;
        return n % 2 == 1 ? a[n / 2] : (a[n / 2 - 1] + a[n / 2]) / 2;
    }
}
