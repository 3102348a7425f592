package org.fsnbot.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.hipparchus.distribution.continuous.TDistribution;

/**
 * fsnbot's change-point detector over one metric's history. A point is one
 * kernel measured in one job: its per-boot values. Binary segmentation:
 * the split of a segment that maximises Welch-like t between the mean log
 * values left and right of it is a change point when no more than alpha
 * of the scans over the same points shuffled find a larger t (Bonferroni
 * over the splits tried, for histories too short to shuffle), and the
 * change is at least the minimum effect; then both halves are searched
 * again.
 *
 * Unlike E-Divisive or a rolling t-test over one number per point, it
 * uses what each point knows about its own noise (its boots): the
 * variance of a point's mean is the larger of what its boots say
 * (within-point, divided by the boots) and what the spread of point means
 * around their side's mean says (between points), so a runner whose jobs
 * differ more than their boots do (environment drift) does not make it
 * cry wolf, and a short history of well-measured points can still show
 * a large change. docs/trends.md compares it with the published methods.
 */
public final class ChangePointDetector {

    /** One change: the index of the first point after it, the change of the mean (log), p after correction. */
    public record ChangePoint(int index, double logChange, double ciLowLog, double ciHighLog, double p) {

        public double changePct() {
            return Math.expm1(logChange) * 100;
        }

        public double ciLowPct() {
            return Math.expm1(ciLowLog) * 100;
        }

        public double ciHighPct() {
            return Math.expm1(ciHighLog) * 100;
        }
    }

    /** Points a side of a split needs: one point alone is one job, and one job can be unlucky. */
    public static final int MIN_POINTS = 2;

    /**
     * From this many points the largest t of a scan is judged against the
     * largest t of the same scan over the points shuffled (a permutation
     * test: exact for the maximum, where Bonferroni over correlated splits
     * is far too strict); below it there are too few orders for a small p,
     * and Bonferroni over the splits tried is used instead.
     */
    static final int PERMUTE_FROM = 10;

    static final int PERMUTATIONS = 199;

    private final double alpha;
    private final double minEffectPct;

    public ChangePointDetector(double alpha, double minEffectPct) {
        if (!(alpha > 0 && alpha < 0.5) || minEffectPct < 0) {
            throw new IllegalArgumentException("alpha must be in (0, 0.5) and the minimum effect >= 0");
        }
        this.alpha = alpha;
        this.minEffectPct = minEffectPct;
    }

    /** The defaults a weekly report uses: 1% per series, the verdicts' minimum effect. */
    public static ChangePointDetector standard() {
        return new ChangePointDetector(0.01, Significance.MIN_EFFECT_PCT);
    }

    /** Change points of a series of points (each its per-boot values, all > 0), in order. */
    public List<ChangePoint> find(List<double[]> points) {
        List<double[]> logs = new ArrayList<>();
        for (double[] p : points) {
            if (p.length == 0) {
                throw new IllegalArgumentException("a point without boots");
            }
            double[] l = new double[p.length];
            for (int i = 0; i < p.length; i++) {
                if (!(p[i] > 0) || !Double.isFinite(p[i])) {
                    throw new IllegalArgumentException("values must be finite and > 0: " + p[i]);
                }
                l[i] = Math.log(p[i]);
            }
            logs.add(l);
        }
        List<ChangePoint> out = new ArrayList<>();
        split(new Segment(logs), 0, logs.size(), out);
        out.sort(Comparator.comparingInt(ChangePoint::index));
        return out;
    }

    private void split(Segment s, int from, int to, List<ChangePoint> out) {
        int n = to - from;
        if (n < 2 * MIN_POINTS) {
            return;
        }
        Split best = s.best(from, to);
        if (best == null) {
            return;
        }
        int tries = n - 2 * MIN_POINTS + 1;
        double p = n >= PERMUTE_FROM ? s.permutationP(from, to, Math.abs(best.t))
                : Math.min(1, 2 * new TDistribution(best.df).cumulativeProbability(-Math.abs(best.t)) * tries);
        boolean bigEnough = Math.abs(Math.expm1(best.diff)) * 100 >= minEffectPct;
        if (p > alpha || !bigEnough) {
            return;
        }
        double tCrit = new TDistribution(best.df).inverseCumulativeProbability(1 - alpha / 2);
        out.add(new ChangePoint(best.tau, best.diff, best.diff - tCrit * best.se, best.diff + tCrit * best.se, p));
        split(s, from, best.tau, out);
        split(s, best.tau, to, out);
    }

    private record Split(int tau, double diff, double se, double t, double df) {
    }

    /** The points' means, boots and within-point sums of squares, for O(1) tests of a split. */
    private static final class Segment {
        private final double[] mean;
        private final double[] ssWithin;
        private final int[] boots;

        Segment(List<double[]> logs) {
            int n = logs.size();
            mean = new double[n];
            ssWithin = new double[n];
            boots = new int[n];
            for (int i = 0; i < n; i++) {
                double[] l = logs.get(i);
                double m = 0;
                for (double v : l) {
                    m += v;
                }
                m /= l.length;
                double ss = 0;
                for (double v : l) {
                    ss += (v - m) * (v - m);
                }
                mean[i] = m;
                ssWithin[i] = ss;
                boots[i] = l.length;
            }
        }

        Split best(int from, int to) {
            Split best = null;
            for (int tau = from + MIN_POINTS; tau <= to - MIN_POINTS; tau++) {
                Split c = test(from, tau, to);
                if (c != null && (best == null || Math.abs(c.t) > Math.abs(best.t))) {
                    best = c;
                }
            }
            return best;
        }

        /** The share of shuffles of the points in [from, to) whose best split has |t| at least tMax. */
        double permutationP(int from, int to, double tMax) {
            Segment shuffled = new Segment(this);
            SplittableRandom rnd = new SplittableRandom(Double.doubleToLongBits(tMax) ^ Arrays.hashCode(mean));
            int atLeast = 0;
            for (int r = 0; r < PERMUTATIONS; r++) {
                for (int i = to - 1; i > from; i--) {
                    shuffled.swap(i, from + rnd.nextInt(i - from + 1));
                }
                Split b = shuffled.best(from, to);
                if (b != null && Math.abs(b.t) >= tMax) {
                    atLeast++;
                }
            }
            return (atLeast + 1.0) / (PERMUTATIONS + 1);
        }

        private Segment(Segment other) {
            mean = other.mean.clone();
            ssWithin = other.ssWithin.clone();
            boots = other.boots.clone();
        }

        private void swap(int i, int j) {
            double m = mean[i];
            mean[i] = mean[j];
            mean[j] = m;
            double ss = ssWithin[i];
            ssWithin[i] = ssWithin[j];
            ssWithin[j] = ss;
            int b = boots[i];
            boots[i] = boots[j];
            boots[j] = b;
        }

        Split test(int from, int tau, int to) {
            int nl = tau - from;
            int nr = to - tau;
            double ml = avg(from, tau);
            double mr = avg(tau, to);
            double between = 0;
            double within = 0;
            int withinDf = 0;
            double bootsSum = 0;
            for (int i = from; i < to; i++) {
                double d = mean[i] - (i < tau ? ml : mr);
                between += d * d;
                within += ssWithin[i];
                withinDf += boots[i] - 1;
                bootsSum += boots[i];
            }
            double betweenVar = between / (nl + nr - 2);
            double withinVar = withinDf > 0 ? within / withinDf / (bootsSum / (nl + nr)) : 0;
            boolean fromBoots = withinVar > betweenVar && withinDf > nl + nr - 2;
            double v = Math.max(betweenVar, withinVar);
            if (!(v > 0)) {
                return null;
            }
            double se = Math.sqrt(v * (1.0 / nl + 1.0 / nr));
            double diff = mr - ml;
            return new Split(tau, diff, se, diff / se, fromBoots ? withinDf : nl + nr - 2);
        }

        private double avg(int from, int to) {
            double s = 0;
            for (int i = from; i < to; i++) {
                s += mean[i];
            }
            return s / (to - from);
        }
    }
}
