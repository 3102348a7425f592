package org.fsnbot.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.hipparchus.distribution.continuous.TDistribution;

/**
 * fsnbot's change-point detector over one metric's history. A point is one
 * kernel measured in one job; the detector sees it as one number
 * (PointSummaries: the mean or the median of its boots' log values): jobs
 * are the unit, so a runner whose jobs differ more than their boots do
 * (layout, drift) does not make it cry wolf.
 *
 * Binary segmentation over an interval search (IntervalScan: every split
 * against the whole segment, and every interval inside it against the
 * rest, over winsorized points, its p from random orders of the same
 * points). A cut is a change point when the scan's p is at most the level
 * it is tested at and the Hodges-Lehmann shift at the cut, over the
 * window of 4, 8 or 16 points either side that shows it largest, is at
 * least the minimum effect; then each piece the cuts leave is searched
 * again at the level divided by the pieces, so that what they can name
 * falsely adds at most the level again.
 * A segment of fewer than PERMUTE_FROM points has too few orders for a
 * small p: there Welch's t between the two sides' points is used,
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
     * the windows' points, simultaneous over every split, interval and window
     * the search looked at, so that choosing the cut does not narrow it),
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

    /** From this many points a segment's p comes from random orders of its points (IntervalScan). */
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

    /** The windows, in points either side, a cut's shift is measured over: the one that shows it largest. */
    static final int[] WIDTHS = {4, 8, 16};

    private final double minEffectPct;
    private final IntervalScan scan;

    /** orders: as ORDERS (fewer where only larger levels are used: simulations). */
    public ChangePointDetector(double minEffectPct, int orders) {
        if (!(minEffectPct >= 0)) {
            throw new IllegalArgumentException("the minimum effect is >= 0");
        }
        this.minEffectPct = minEffectPct;
        this.scan = new IntervalScan(MIN_POINTS, orders);
    }

    /** The verdicts' minimum effect. */
    public static ChangePointDetector standard() {
        return new ChangePointDetector(Significance.MIN_EFFECT_PCT, ORDERS);
    }

    /** One series searched: the p of its strongest split or interval, and its change points at any level. */
    public final class Series {
        private final double[] x;
        private final Candidate first;

        private Series(double[] x) {
            this.x = x;
            this.first = candidate(0, x.length);
        }

        /** The p of the whole series' strongest split or interval (1 when none can be tested). */
        public double p() {
            return first == null ? 1 : first.p;
        }

        /** The least level at which the series names a change: p, or infinity when its steps are too small. */
        public double levelToName() {
            return first == null || first.named.isEmpty() ? Double.POSITIVE_INFINITY : first.p;
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
            if (c == null || c.p > level || c.named.isEmpty()) {
                return;
            }
            List<Integer> bounds = new ArrayList<>();
            bounds.add(c.from);
            for (Cut k : c.named) {
                out.add(k.changePoint(level, c.p, c.looks));
                bounds.add(k.tau);
            }
            bounds.add(c.to);
            // Each piece at the level over the pieces: what they can still name falsely is at most the level again.
            double each = level / (bounds.size() - 1);
            for (int i = 0; i + 1 < bounds.size(); i++) {
                split(candidate(bounds.get(i), bounds.get(i + 1)), each, out);
            }
        }

        private Candidate candidate(int from, int to) {
            int n = to - from;
            if (n < 2 * MIN_POINTS) {
                return null;
            }
            if (n < PERMUTE_FROM) {
                return welch(from, to);
            }
            IntervalScan.Found f = scan.scan(x, from, to);
            if (f == null) {
                return null;
            }
            int[] k = f.cuts();
            List<Cut> cuts = k.length == 1 ? List.of(cut(from, k[0], to))
                    : List.of(cut(from, k[0], k[1]), cut(k[0], k[1], to));
            return new Candidate(from, to, f.p(), scan.looks(n) * WIDTHS.length, named(cuts));
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
                    best = new Candidate(from, to, p, tries * WIDTHS.length, named(List.of(cut(from, tau, to))));
                }
            }
            return best;
        }

        /**
         * The cut at tau, its shift over the window at it, within [lo, hi), whose
         * Hodges-Lehmann shift is largest: a wide window that also holds the next
         * change (a fix after a regression) dilutes it.
         */
        private Cut cut(int lo, int tau, int hi) {
            Cut best = null;
            for (int w : WIDTHS) {
                double[] left = Arrays.copyOfRange(x, tau - Math.min(w, tau - lo), tau);
                double[] right = Arrays.copyOfRange(x, tau, tau + Math.min(w, hi - tau));
                Cut c = new Cut(tau, left, right, ShiftEstimates.hodgesLehmann(left, right));
                if (best == null || Math.abs(c.shift) > Math.abs(best.shift)) {
                    best = c;
                }
            }
            return best;
        }

        private List<Cut> named(List<Cut> cuts) {
            return cuts.stream().filter(c -> Math.abs(Math.expm1(c.shift)) * 100 >= minEffectPct).toList();
        }
    }

    /** Searches points (each its per-boot values, all finite and > 0, in order). */
    public Series scan(List<double[]> points) {
        return new Series(PointSummaries.of(points));
    }

    /** One series' change points with the whole report alpha spent on it (a report of one series). */
    public List<ChangePoint> find(List<double[]> points) {
        return scan(points).changes(REPORT_ALPHA);
    }

    /**
     * A segment [from, to)'s search: its p, the size of the family its cuts
     * were chosen from, and the cuts past the minimum effect.
     */
    private record Candidate(int from, int to, double p, int looks, List<Cut> named) {
    }

    /** A cut before point tau, seen over the windows left and right of it, with their Hodges-Lehmann shift. */
    private record Cut(int tau, double[] left, double[] right, double shift) {

        /** The change point at level, its interval simultaneous over the looks (Bonferroni), centred on the shift. */
        ChangePoint changePoint(double level, double p, int looks) {
            double[] w = ShiftEstimates.welch(right, left);
            if (w == null) {
                return new ChangePoint(tau, shift, shift, shift, p);
            }
            double half = new TDistribution(w[1]).inverseCumulativeProbability(1 - level / (2.0 * looks)) * w[2];
            return new ChangePoint(tau, shift, shift - half, shift + half, p);
        }
    }
}
