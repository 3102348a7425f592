package org.fsnbot.stats;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The statistic ChangePointDetector searches a segment of point summaries
 * with, and its p. Two families, each over the segment's values winsorized
 * at their median +- WINSOR MADn (so that one wild job moves a level by a
 * bounded amount; the clip depends on the segment's values only, not on
 * their order, so random orders still give an exact p):
 *
 * - every split tau against the whole segment, by the CUSUM statistic
 *   |mean(right) - mean(left)| * sqrt(l * r / n): the power for a lone step;
 * - every interior interval [a, b) of at least MIN_INSIDE points against
 *   the rest, by the same statistic (the epidemic alternative; wild binary
 *   segmentation's point, Fryzlewicz 2014): a regression and its fix a few
 *   points apart, which one split against the whole segment averages away.
 *
 * The two are combined by their smaller p, judged again on the same random
 * orders (min-p: the combination's own null, so its p is exact whatever
 * the families' dependence). An interval that wins names both its ends.
 *
 * Tried before it and measured worse at matched false alarms
 * (bench-trends): windows of 4/8/16 points either side of a split with
 * trimmed means over the neighbour-difference scale (lower F1 than
 * E-Divisive in 6 of 20 noise models); E-Divisive's energy statistic;
 * ranks (which cap the evidence at a perfect separation); a Qn scale or a
 * running-median clip in place of the MADn winsorizing; per-set Huber
 * levels.
 */
final class IntervalScan {

    /** The clip, in MADn of the segment: nearly a mean's power on normal noise; an outlier job counts as 2.5 sd. */
    static final double WINSOR = 2.5;

    /** The fewest points an interval holds: one point alone is one job, and one job can be unlucky. */
    static final int MIN_INSIDE = 2;

    /** Orders seen first; a p past SCREEN_P on them is final (a clear null need not pay for 4999). */
    private static final int SCREEN_ORDERS = 199;

    /**
     * Past this p on the first orders the rest cannot bring it under any
     * level a report uses (at most 5%). Stopping there keeps p valid: the
     * p reported is then the first orders' own permutation p, and below
     * SCREEN_P it is the full one's, each exact on its own.
     */
    private static final double SCREEN_P = 0.2;

    /** Statistics closer than this are one: a tie. */
    private static final double TIE = 1e-12;

    /** The winning family's cut(s) in [from, to): one split, or an interval's two ends. */
    record Found(int from, int to, double p, int[] cuts) {
    }

    private final int minPoints;
    private final int orders;

    /** minPoints: the fewest points either side of a split or outside an interval; orders: at most. */
    IntervalScan(int minPoints, int orders) {
        if (minPoints < 2) {
            throw new IllegalArgumentException("a side of a split needs at least 2 points to have a spread");
        }
        if (orders < 99) {
            throw new IllegalArgumentException("fewer than 99 orders cannot give a p below 1%: " + orders);
        }
        this.minPoints = minPoints;
        this.orders = orders;
    }

    /** How many splits and intervals a segment of n points is searched over: the family a cut is chosen from. */
    int looks(int n) {
        int looks = Math.max(0, n - 2 * minPoints + 1);
        for (int a = minPoints; a < n - minPoints; a++) {
            looks += Math.max(0, n - minPoints - (a + MIN_INSIDE) + 1);
        }
        return looks;
    }

    /** The segment [from, to)'s strongest split or interval and its p, or null when nothing in it varies. */
    Found scan(double[] x, int from, int to) {
        double[] y = winsorized(Arrays.copyOfRange(x, from, to));
        double[] observed = new double[3];
        double[] found = statistics(y, observed);
        if (found[0] == 0 && found[1] == 0) {
            return null;
        }
        int[] cut = {(int) observed[0], (int) observed[1], (int) observed[2]};
        double[] split = new double[orders];
        double[] interval = new double[orders];
        double[] shuffled = y.clone();
        SplittableRandom rnd = new SplittableRandom(Arrays.hashCode(y));
        double p = 1;
        int done = 0;
        while (done < orders) {
            int upTo = done == 0 ? Math.min(SCREEN_ORDERS, orders) : orders;
            for (; done < upTo; done++) {
                shuffle(shuffled, rnd);
                double[] s = statistics(shuffled, null);
                split[done] = s[0];
                interval[done] = s[1];
            }
            p = minP(found, split, interval, done);
            if (p > SCREEN_P) {
                break;
            }
        }
        boolean bySplit = rank(sorted(split, done), found[0]) <= rank(sorted(interval, done), found[1]);
        int[] cuts = bySplit ? new int[] {from + cut[0]} : new int[] {from + cut[1], from + cut[2]};
        return new Found(from, to, p, cuts);
    }

    /** The p of the smaller of the two families' p, over the first k orders. */
    private static double minP(double[] found, double[] split, double[] interval, int k) {
        double[] s1 = sorted(split, k);
        double[] s2 = sorted(interval, k);
        double least = Math.min(pOf(s1, found[0]), pOf(s2, found[1]));
        int asSmall = 0;
        for (int i = 0; i < k; i++) {
            if (Math.min(pOf(s1, split[i]), pOf(s2, interval[i])) <= least + TIE) {
                asSmall++;
            }
        }
        return (asSmall + 1.0) / (k + 1);
    }

    private static double pOf(double[] sorted, double t) {
        return (rank(sorted, t) + 1.0) / (sorted.length + 1);
    }

    /** How many of sorted are at least t (a hair below counts: the same order found again must tie). */
    private static int rank(double[] sorted, double t) {
        int lo = 0;
        int hi = sorted.length;
        double key = t - TIE;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return sorted.length - lo;
    }

    private static double[] sorted(double[] a, int k) {
        double[] s = Arrays.copyOf(a, k);
        Arrays.sort(s);
        return s;
    }

    private static void shuffle(double[] a, SplittableRandom rnd) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            double t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    /**
     * {largest split statistic, largest interval statistic}; where is given,
     * the split and the interval's ends that reach them ({tau, a, b}).
     */
    private double[] statistics(double[] y, double[] where) {
        int n = y.length;
        double[] sum = new double[n + 1];
        for (int i = 0; i < n; i++) {
            sum[i + 1] = sum[i] + y[i];
        }
        double bestSplit = 0;
        for (int tau = minPoints; tau <= n - minPoints; tau++) {
            double z = cusum(tau, n - tau, (sum[n] - sum[tau]) / (n - tau) - sum[tau] / tau);
            if (z > bestSplit + TIE) {
                bestSplit = z;
                if (where != null) {
                    where[0] = tau;
                }
            }
        }
        double bestInterval = 0;
        for (int a = minPoints; a < n - minPoints; a++) {
            for (int b = a + MIN_INSIDE; b <= n - minPoints; b++) {
                int inside = b - a;
                double diff = (sum[b] - sum[a]) / inside - (sum[n] - sum[b] + sum[a]) / (n - inside);
                double z = cusum(inside, n - inside, diff);
                if (z > bestInterval + TIE) {
                    bestInterval = z;
                    if (where != null) {
                        where[1] = a;
                        where[2] = b;
                    }
                }
            }
        }
        return new double[] {bestSplit, bestInterval};
    }

    private static double cusum(int l, int r, double diff) {
        return Math.abs(diff) * Math.sqrt((double) l * r / (l + r));
    }

    /** y clipped at its median +- WINSOR MADn (unchanged when MADn is 0: values that mostly tie). */
    static double[] winsorized(double[] y) {
        return Winsorizing.atMadn(y, WINSOR);
    }
}
