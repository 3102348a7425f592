package org.fsnbot.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.hipparchus.distribution.continuous.TDistribution;
import org.hipparchus.stat.descriptive.rank.Median;

/**
 * fsnbot's change-point detector over one metric's history. A point is one
 * kernel measured in one job; the detector sees it as one number, the
 * median of its boots' log values: jobs are the unit, so a runner whose
 * jobs differ more than their boots do (layout, drift) does not make it
 * cry wolf, and one wild boot does not move a point.
 *
 * Binary segmentation over a windowed search (WindowScan: a robust t
 * between the points either side of a split, over windows of 4, 8 and 16
 * points, the largest, its p from random orders of the same points). A split is a change point when its p is at most the
 * level it is tested at and its Hodges-Lehmann shift is at least the
 * minimum effect; then both sides are searched again, each at half the
 * level, so that the segments a change leaves cannot add more than its
 * level of false alarms again.
 * A segment of fewer than PERMUTE_FROM points has too few orders for a
 * small p: there Welch's t between the two sides' point medians is used,
 * Bonferroni over the splits tried.
 *
 * The level is the caller's: ReportChangePoints spends a weekly report's
 * alpha over its series (Holm), so that the report, not each series, has
 * the stated false-alarm rate. docs/trends.md compares it with the
 * published methods at matched false-alarm rates.
 */
public final class ChangePointDetector {

    /**
     * One change: the index of the first point after it, the Hodges-Lehmann
     * shift between the windows either side (log), its interval (Welch over
     * the windows' point medians, simultaneous over every split and window
     * the search looked at, so that choosing the split does not narrow it),
     * and p.
     */
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

    /** From this many points a segment's p comes from random orders of its points (WindowScan). */
    static final int PERMUTE_FROM = 10;

    /** A weekly report's false-alarm rate: the share of reports on unchanged series that name any change. */
    public static final double REPORT_ALPHA = 0.05;

    /**
     * The most one series is tested at in one week's report, whatever the
     * report's size. Weekly windows overlap by 11 weeks, but a year is
     * still many tests: a quiet series (CV 2%, two points a week) gained
     * 0.80 new false change points a year at 5%, 0.18 at 1%, 0.065 at
     * 0.3% and 0.048 at 0.2% (QuietYears, 100-400 series-years each).
     */
    public static final double SERIES_WEEK_ALPHA = 0.002;

    /**
     * Random orders a p is judged on at most: its least value is 1/5000,
     * so Holm can still name a change in a report of 250 series.
     */
    public static final int ORDERS = 4999;

    private final double minEffectPct;
    private final WindowScan scan;

    /** orders: as ORDERS (fewer where only larger levels are used: simulations). */
    public ChangePointDetector(double minEffectPct, int orders) {
        if (!(minEffectPct >= 0)) {
            throw new IllegalArgumentException("the minimum effect is >= 0");
        }
        this.minEffectPct = minEffectPct;
        this.scan = new WindowScan(MIN_POINTS, orders);
    }

    /** The verdicts' minimum effect. */
    public static ChangePointDetector standard() {
        return new ChangePointDetector(Significance.MIN_EFFECT_PCT, ORDERS);
    }

    /** One series searched: the p of its strongest split, and its change points at any level. */
    public final class Series {
        private final double[] x;
        private final Candidate first;

        private Series(double[] x) {
            this.x = x;
            this.first = candidate(0, x.length);
        }

        /** The p of the whole series' strongest split (1 when none can be tested). */
        public double p() {
            return first == null ? 1 : first.p;
        }

        /** The least level at which the series names a change: p, or infinity when its step is too small. */
        public double levelToName() {
            return first == null || first.below(minEffectPct)
                    ? Double.POSITIVE_INFINITY : first.p;
        }

        /** The change points at level (none at 0), in order. */
        public List<ChangePoint> changes(double level) {
            List<ChangePoint> out = new ArrayList<>();
            if (level > 0) {
                split(first, level, out);
            }
            out.sort(Comparator.comparingInt(ChangePoint::index));
            return out;
        }

        private void split(Candidate c, double level, List<ChangePoint> out) {
            if (c == null || c.p > level || c.below(minEffectPct)) {
                return;
            }
            double[] ci = c.interval(level);
            out.add(new ChangePoint(c.tau, c.shift, ci[0], ci[1], c.p));
            // Each side at half the level: what the two can still name falsely is at most the level again.
            split(candidate(c.from, c.tau), level / 2, out);
            split(candidate(c.tau, c.to), level / 2, out);
        }

        private Candidate candidate(int from, int to) {
            int n = to - from;
            if (n < 2 * MIN_POINTS) {
                return null;
            }
            if (n < PERMUTE_FROM) {
                return welch(from, to);
            }
            WindowScan.Best b = scan.best(x, from, to);
            if (b == null || b.z() == 0) {
                return null;
            }
            double p = scan.p(x, from, to, b.z());
            b = scan.locate(x, b);
            // The step's size from the window at the split that shows it largest: a wide window
            // that also holds the next change (a fix after a regression) dilutes it.
            int[] w = scan.widest(x, from, to, b);
            return new Candidate(x, new Span(from, to), b.tau(), new Span(w[0], w[1]), p, scan.looks(n));
        }

        /** The short segment's split with the largest Welch t between its whole sides. */
        private Candidate welch(int from, int to) {
            Candidate best = null;
            double bestT = 0;
            int tries = to - from - 2 * MIN_POINTS + 1;
            for (int tau = from + MIN_POINTS; tau <= to - MIN_POINTS; tau++) {
                double[] w = ShiftEstimates.welch(x, from, tau, to);
                // Jobs that all gave one value (a count, say) and changed it: nothing else explains that.
                double t = w == null ? (ShiftEstimates.hodgesLehmann(Arrays.copyOfRange(x, from, tau),
                        Arrays.copyOfRange(x, tau, to)) == 0 ? 0 : Double.POSITIVE_INFINITY) : Math.abs(w[0]);
                if (t > bestT) {
                    bestT = t;
                    double p = w == null ? 0
                            : Math.min(1, 2 * new TDistribution(w[1]).cumulativeProbability(-bestT) * tries);
                    best = new Candidate(x, new Span(from, to), tau, new Span(from, to), p, tries);
                }
            }
            return best;
        }
    }

    /** Searches points (each its per-boot values, all finite and > 0, in order). */
    public Series scan(List<double[]> points) {
        double[] x = new double[points.size()];
        Median median = new Median();
        for (int i = 0; i < x.length; i++) {
            double[] p = points.get(i);
            if (p.length == 0) {
                throw new IllegalArgumentException("a point without boots");
            }
            double[] l = new double[p.length];
            for (int k = 0; k < p.length; k++) {
                if (!(p[k] > 0) || !Double.isFinite(p[k])) {
                    throw new IllegalArgumentException("values must be finite and > 0: " + p[k]);
                }
                l[k] = Math.log(p[k]);
            }
            x[i] = median.evaluate(l);
        }
        return new Series(x);
    }

    /** One series' change points with the whole report alpha spent on it (a report of one series). */
    public List<ChangePoint> find(List<double[]> points) {
        return scan(points).changes(REPORT_ALPHA);
    }

    /** Points [from, to) of a series. */
    private record Span(int from, int to) {
    }

    /** A split of a segment at tau, seen over a window, with its p and the size of the family it was chosen from. */
    private static final class Candidate {
        final int from;
        final int to;
        final int tau;
        final double p;
        final double shift;
        private final double[] left;
        private final double[] right;
        private final int looks;

        Candidate(double[] x, Span segment, int tau, Span window, double p, int looks) {
            this.from = segment.from();
            this.to = segment.to();
            this.tau = tau;
            this.p = p;
            this.looks = looks;
            this.left = Arrays.copyOfRange(x, window.from(), tau);
            this.right = Arrays.copyOfRange(x, tau, window.to());
            this.shift = ShiftEstimates.hodgesLehmann(left, right);
        }

        /** Whether its step is smaller than the minimum effect: then it is never named, whatever its p. */
        boolean below(double minEffectPct) {
            return Math.abs(Math.expm1(shift)) * 100 < minEffectPct;
        }

        /** The shift's interval at level, simultaneous over the looks (Bonferroni), centred on the shift. */
        double[] interval(double level) {
            double[] w = ShiftEstimates.welch(right, left);
            if (w == null) {
                return new double[] {shift, shift};
            }
            double half = new TDistribution(w[1]).inverseCumulativeProbability(1 - level / (2.0 * looks)) * w[2];
            return new double[] {shift - half, shift + half};
        }
    }
}
