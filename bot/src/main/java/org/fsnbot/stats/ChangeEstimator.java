package org.fsnbot.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.fsnbot.run.MetricInfo;
import org.fsnbot.run.MetricKey;
import org.fsnbot.run.Sample;
import org.fsnbot.run.Side;
import org.hipparchus.distribution.continuous.TDistribution;
import org.hipparchus.stat.StatUtils;

/**
 * Compares base and patched samples. Repetitions inside a boot are first
 * summarised per boot (arithmetic mean for times, harmonic mean for rates)
 * because they are not independent; the boots then enter a Welch t-test
 * on log values, each side's variance at least the policy's noise floor,
 * whose interval, exponentiated, is an interval for the patched/base ratio. Holm's step-down procedure across the verdict
 * metrics keeps the chance of any false alarm in a report at alpha (Holm
 * rather than Benjamini-Hochberg: a maintainer reads one report and acts
 * on any regression in it, so the report-wide error is what must be
 * bounded, not the expected share of false ones). With fewer than
 * BOOTSTRAP_BELOW boots a side a bootstrap over boots must also exclude
 * no change.
 */
public final class ChangeEstimator {

    /** Below this many boots on either side the bootstrap must agree before we call a change. */
    public static final int BOOTSTRAP_BELOW = 5;

    /** Two boots give one degree of freedom for the noise: too few to call anything. */
    public static final int MIN_BOOTS = 3;

    private final MetricPolicy policy;

    public ChangeEstimator(MetricPolicy policy) {
        this.policy = policy;
    }

    public static String method(double alpha) {
        return "Welch t on log per-boot means, " + Significance.confidenceLabel(alpha)
                + " CI; Holm over verdict metrics";
    }

    public Comparison compare(List<Sample> samples) {
        List<Raw> raws = new ArrayList<>();
        for (MetricSamples m : MetricSamples.group(samples)) {
            if (m.has(Side.BASE) && m.has(Side.PATCHED)) {
                raws.add(raw(m));
            }
        }
        double[] level = holmLevels(raws);
        List<MetricComparison> out = new ArrayList<>();
        for (int i = 0; i < raws.size(); i++) {
            out.add(finish(raws.get(i), level[i]));
        }
        return new Comparison(out, overall(out), method(policy.alpha()));
    }

    /** The Welch test of the log per-boot values: difference of means, interval half-width, p. */
    private record Welch(double logDiff, double ciHalf, double p) {
    }

    private record Raw(MetricKey key, MetricInfo info, boolean inVerdict, double[] base, double[] patched,
            Welch welch, double[] boot) {

        /**
         * A side of two boots or more whose values are all equal: a run
         * repeated, a constant, or a clock that counted the same. No
         * noise to judge a change by unless a calibration measured it.
         */
        boolean flat() {
            return equalValues(base) || equalValues(patched);
        }

        private static boolean equalValues(double[] v) {
            return v.length > 1 && Arrays.stream(v).allMatch(x -> x == v[0]);
        }
    }

    private Raw raw(MetricSamples m) {
        double[] b = m.perBoot(Side.BASE);
        double[] p = m.perBoot(Side.PATCHED);
        double[] lb = logs(b);
        double[] lp = logs(p);
        double[] boot = Math.min(b.length, p.length) < BOOTSTRAP_BELOW && b.length > 1 && p.length > 1
                ? Bootstrap.logRatioInterval(lb, lp, policy.alpha(), m.key().toString().hashCode())
                : new double[] {Double.NaN, Double.NaN};
        Raw r = new Raw(m.key(), m.info(), policy.inVerdict(m.key()), b, p,
                welch(lb, lp, policy.floor().logSd(m.key())), boot);
        if (r.flat() && !policy.floor().calibrated(m.key())) {
            // The floor's default would make an interval of a noise nobody measured: no interval, no call.
            return new Raw(r.key(), r.info(), r.inVerdict(), b, p, new Welch(r.welch().logDiff(),
                    Double.POSITIVE_INFINITY, 1), new double[] {Double.NaN, Double.NaN});
        }
        return r;
    }

    /** Welch's test with each side's variance at least the floor's: no zero-width interval from identical boots. */
    private Welch welch(double[] lb, double[] lp, double floorSd) {
        double diff = StatUtils.mean(lp) - StatUtils.mean(lb);
        double least = floorSd * floorSd;
        double vb = lb.length > 1 ? Math.max(least, StatUtils.variance(lb)) / lb.length : Double.NaN;
        double vp = lp.length > 1 ? Math.max(least, StatUtils.variance(lp)) / lp.length : Double.NaN;
        double se = Math.sqrt(vb + vp);
        if (Double.isNaN(se)) {
            return new Welch(diff, Double.POSITIVE_INFINITY, 1);
        }
        double df = (vb + vp) * (vb + vp) / (vb * vb / (lb.length - 1) + vp * vp / (lp.length - 1));
        TDistribution t = new TDistribution(df);
        return new Welch(diff, t.inverseCumulativeProbability(1 - policy.alpha() / 2) * se,
                2 * (1 - t.cumulativeProbability(Math.abs(diff) / se)));
    }

    /**
     * Holm step-down over the verdict metrics: each metric's level,
     * alpha/(m - rank) by its rank in p; once a metric fails its level,
     * every later one gets level 0 (the step-down stopped before it).
     * Other metrics are never significant (level 0).
     */
    private double[] holmLevels(List<Raw> raws) {
        List<Integer> family = new ArrayList<>();
        for (int i = 0; i < raws.size(); i++) {
            if (raws.get(i).inVerdict()) {
                family.add(i);
            }
        }
        family.sort(Comparator.comparingDouble(i -> raws.get(i).welch().p()));
        double[] level = new double[raws.size()];
        int m = family.size();
        boolean stopped = false;
        for (int rank = 0; rank < m; rank++) {
            int i = family.get(rank);
            level[i] = stopped ? 0 : policy.alpha() / (m - rank);
            stopped = stopped || raws.get(i).welch().p() > level[i];
        }
        return level;
    }

    private MetricComparison finish(Raw r, double holmLevel) {
        Welch w = r.welch();
        double hi = Double.isInfinite(w.ciHalf()) ? Double.POSITIVE_INFINITY
                : 100 * (Math.exp(w.logDiff() + w.ciHalf()) - 1);
        MetricComparison.Change change = new MetricComparison.Change(100 * (Math.exp(w.logDiff()) - 1),
                100 * (Math.exp(w.logDiff() - w.ciHalf()) - 1), hi, w.p(), 100 * (Math.exp(r.boot()[0]) - 1),
                100 * (Math.exp(r.boot()[1]) - 1));
        Optional<MetricComparison.Call> call = r.inVerdict() ? Optional.of(call(r, holmLevel, change))
                : Optional.empty();
        return new MetricComparison(r.key(), r.info(), side(r.base()), side(r.patched()), change, call);
    }

    /** The verdict, and for an inconclusive one the first condition that held it back. */
    private MetricComparison.Call call(Raw r, double holmLevel, MetricComparison.Change c) {
        double delta = policy.minEffect(r.key());
        if (Math.min(r.base().length, r.patched().length) < MIN_BOOTS) {
            return new MetricComparison.Call(Verdict.INCONCLUSIVE, "fewer than " + MIN_BOOTS + " boots a side");
        }
        if (r.flat() && !policy.floor().calibrated(r.key())) {
            return new MetricComparison.Call(Verdict.INCONCLUSIVE, "a side's boots are all equal: no noise to judge"
                    + " by (calibrate this runner)");
        }
        boolean significant = r.welch().p() <= holmLevel;
        boolean bootAgrees = Double.isNaN(r.boot()[0]) || r.boot()[0] > 0 || r.boot()[1] < 0;
        if (significant && bootAgrees && Math.abs(c.pct()) >= delta) {
            boolean worse = r.info().lowerIsBetter() ? c.pct() > 0 : c.pct() < 0;
            return MetricComparison.Call.decided(worse ? Verdict.REGRESSION : Verdict.IMPROVEMENT);
        }
        if (c.ciLowPct() >= -delta && c.ciHighPct() <= delta) {
            return MetricComparison.Call.decided(Verdict.NO_SIGNIFICANT_CHANGE);
        }
        String why;
        if (!significant) {
            why = holmLevel == 0 ? String.format(Locale.ROOT, "p = %.2g; Holm stopped at a smaller p", r.welch().p())
                    : String.format(Locale.ROOT, "p = %.2g above its Holm level %.2g", r.welch().p(), holmLevel);
        } else if (!bootAgrees) {
            why = "the bootstrap interval includes no change";
        } else {
            why = String.format(Locale.ROOT, delta == Math.rint(delta) ? "below the %.0f%% minimum effect"
                    : "below the %.1f%% minimum effect", delta);
        }
        return new MetricComparison.Call(Verdict.INCONCLUSIVE, why);
    }

    static Verdict overall(List<MetricComparison> metrics) {
        List<Verdict> vs = metrics.stream().flatMap(m -> m.verdict().stream()).toList();
        if (vs.isEmpty()) {
            return Verdict.INCONCLUSIVE;
        }
        if (vs.contains(Verdict.REGRESSION)) {
            return Verdict.REGRESSION;
        }
        if (vs.contains(Verdict.IMPROVEMENT)) {
            return Verdict.IMPROVEMENT;
        }
        if (vs.stream().allMatch(v -> v == Verdict.NO_SIGNIFICANT_CHANGE)) {
            return Verdict.NO_SIGNIFICANT_CHANGE;
        }
        return Verdict.INCONCLUSIVE;
    }

    private static MetricComparison.SideSummary side(double[] perBoot) {
        return new MetricComparison.SideSummary(perBoot.length, Math.exp(StatUtils.mean(logs(perBoot))),
                perBoot.length > 1 ? Math.sqrt(StatUtils.variance(perBoot)) : 0);
    }

    private static double[] logs(double[] v) {
        return Arrays.stream(v).map(Math::log).toArray();
    }
}
