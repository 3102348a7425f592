package org.fsnbot.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
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
 * whose interval, exponentiated, is an interval for the patched/base
 * ratio. Holm's step-down procedure across the verdict metrics keeps the
 * chance of any false alarm in a report at alpha (Holm rather than
 * Benjamini-Hochberg: a maintainer reads one report and acts on any
 * regression in it, so the report-wide error is what must be bounded, not
 * the expected share of false ones); each Holm level is spent over the
 * measurement's looks (AlphaSpending), so the looks together keep it too.
 *
 * <p>An interval wholly inside the minimum effect is no change; otherwise
 * a significant change is called (its interval then reaches past the
 * minimum, and its estimate is past half of it). A true change of the
 * minimum effect is so called as often as the test finds it: requiring
 * the estimate itself past the minimum missed half of them by
 * construction. With fewer than
 * SMALL boots a side a bootstrap over boots must also exclude no change,
 * and an uncalibrated metric is taken to be at least as noisy as the
 * floor assumes; nothing is called from a side whose boots are all equal.
 */
public final class ChangeEstimator {

    /**
     * Below this many boots on either side the bootstrap must agree and an
     * uncalibrated metric's noise is at least the floor's assumed noise.
     */
    public static final int SMALL = 5;

    /** Two boots give one degree of freedom for the noise: too few to call anything. */
    public static final int MIN_BOOTS = 3;

    private final MetricPolicy policy;

    public ChangeEstimator(MetricPolicy policy) {
        this.policy = policy;
    }

    public static String method(double ciAlpha) {
        return "Welch t on log per-boot means, " + Significance.confidenceLabel(ciAlpha)
                + " CI; Holm over verdict metrics";
    }

    public Comparison compare(List<Sample> samples) {
        List<MetricSamples> measured = MetricSamples.group(samples).stream()
                .filter(m -> m.has(Side.BASE) && m.has(Side.PATCHED)).toList();
        return compare(measured.stream().map(MetricSamples::key).toList(),
                measured.stream().map(MetricSamples::info).toList(),
                measured.stream().map(m -> m.perBoot(Side.BASE)).toList(),
                measured.stream().map(m -> m.perBoot(Side.PATCHED)).toList());
    }

    /**
     * One metric's per-boot values, compared as compare() would compare its
     * samples: what a simulation of the rule calls at every look (PowerPlan).
     */
    public Comparison compareBoots(MetricKey key, MetricInfo info, double[] base, double[] patched) {
        return compareBoots(List.of(key), info, List.of(base), List.of(patched));
    }

    /** Metrics of one kind, keys[i]'s per-boot values base[i] and patched[i], compared as one report. */
    public Comparison compareBoots(List<MetricKey> keys, MetricInfo info, List<double[]> base,
            List<double[]> patched) {
        return compare(keys, Collections.nCopies(keys.size(), info), base, patched);
    }

    private Comparison compare(List<MetricKey> keys, List<MetricInfo> infos, List<double[]> base,
            List<double[]> patched) {
        // The look is the boots a kernel has had: a metric some boots lacked is tested at the look's level.
        int look = 1;
        for (int i = 0; i < keys.size(); i++) {
            look = Math.max(look, Math.min(base.get(i).length, patched.get(i).length));
        }
        double ciAlpha = policy.looks().nominal(policy.alpha(), look);
        List<Raw> raws = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            raws.add(raw(keys.get(i), infos.get(i), base.get(i), patched.get(i), ciAlpha));
        }
        return judge(raws, look, ciAlpha);
    }

    private Comparison judge(List<Raw> raws, int look, double ciAlpha) {
        double[] level = holmLevels(raws, look);
        List<MetricComparison> out = new ArrayList<>();
        for (int i = 0; i < raws.size(); i++) {
            out.add(finish(raws.get(i), level[i]));
        }
        return new Comparison(out, overall(out), method(ciAlpha), ciAlpha);
    }

    /** The Welch test of the log per-boot values: difference of means, interval half-width, p. */
    private record Welch(double logDiff, double ciHalf, double p) {
    }

    private record Raw(MetricKey key, MetricInfo info, boolean inVerdict, double[] base, double[] patched,
            Welch welch, double[] boot) {

        /**
         * A side of two boots or more whose values are all equal: a run
         * repeated, a constant, or a clock that counted the same. Its boots
         * are one run as far as anyone can tell, so nothing is called from
         * it, calibrated or not: a calibration's floor would stand in for
         * the noise of boots that were never independent (with the floor, a
         * side that was one run repeated gave 7-13% false alarms).
         */
        boolean flat() {
            return equalValues(base) || equalValues(patched);
        }

        private static boolean equalValues(double[] v) {
            return v.length > 1 && Arrays.stream(v).allMatch(x -> x == v[0]);
        }
    }

    private Raw raw(MetricKey key, MetricInfo info, double[] b, double[] p, double ciAlpha) {
        double[] lb = logs(b);
        double[] lp = logs(p);
        double[] boot = Math.min(b.length, p.length) < SMALL && b.length > 1 && p.length > 1
                ? Bootstrap.logRatioInterval(lb, lp, ciAlpha, key.toString().hashCode())
                : new double[] {Double.NaN, Double.NaN};
        Raw r = new Raw(key, info, policy.inVerdict(key), b, p, welch(lb, lp, key, ciAlpha), boot);
        if (r.flat()) {
            // A floor would make an interval of a noise these boots never showed: no interval, no call.
            return new Raw(r.key(), r.info(), r.inVerdict(), b, p, new Welch(r.welch().logDiff(),
                    Double.POSITIVE_INFINITY, 1), new double[] {Double.NaN, Double.NaN});
        }
        return r;
    }

    /** Welch's test with each side's variance at least the floor's: no zero-width interval from identical boots. */
    private Welch welch(double[] lb, double[] lp, MetricKey key, double ciAlpha) {
        double diff = StatUtils.mean(lp) - StatUtils.mean(lb);
        double floorSd = Math.min(lb.length, lp.length) < SMALL ? policy.floor().smallSampleLogSd(key)
                : policy.floor().logSd(key);
        double least = floorSd * floorSd;
        double vb = lb.length > 1 ? Math.max(least, StatUtils.variance(lb)) / lb.length : Double.NaN;
        double vp = lp.length > 1 ? Math.max(least, StatUtils.variance(lp)) / lp.length : Double.NaN;
        double se = Math.sqrt(vb + vp);
        if (Double.isNaN(se)) {
            return new Welch(diff, Double.POSITIVE_INFINITY, 1);
        }
        double df = (vb + vp) * (vb + vp) / (vb * vb / (lb.length - 1) + vp * vp / (lp.length - 1));
        TDistribution t = new TDistribution(df);
        return new Welch(diff, t.inverseCumulativeProbability(1 - ciAlpha / 2) * se,
                2 * (1 - t.cumulativeProbability(Math.abs(diff) / se)));
    }

    /**
     * Holm step-down over the verdict metrics: each metric's level,
     * alpha/(m - rank) by its rank in p, spent over the looks; once a
     * metric fails its level, every later one gets level 0 (the step-down
     * stopped before it). Other metrics are never significant (level 0).
     */
    private double[] holmLevels(List<Raw> raws, int look) {
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
            level[i] = stopped ? 0 : policy.looks().nominal(policy.alpha() / (m - rank), look);
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
        if (r.flat()) {
            return new MetricComparison.Call(Verdict.INCONCLUSIVE, "a side's boots are all equal: one run as far as"
                    + " anyone can tell, no noise to judge by");
        }
        if (c.ciLowPct() >= -delta && c.ciHighPct() <= delta) {
            return MetricComparison.Call.decided(Verdict.NO_SIGNIFICANT_CHANGE);
        }
        boolean significant = r.welch().p() <= holmLevel;
        boolean bootAgrees = Double.isNaN(r.boot()[0]) || r.boot()[0] > 0 || r.boot()[1] < 0;
        if (significant && bootAgrees) {
            boolean worse = r.info().lowerIsBetter() ? c.pct() > 0 : c.pct() < 0;
            return MetricComparison.Call.decided(worse ? Verdict.REGRESSION : Verdict.IMPROVEMENT);
        }
        String why;
        if (!significant) {
            why = holmLevel == 0 ? String.format(Locale.ROOT, "p = %.2g; Holm stopped at a smaller p", r.welch().p())
                    : String.format(Locale.ROOT, "p = %.2g above its Holm level %.2g", r.welch().p(), holmLevel);
        } else {
            why = "the bootstrap interval includes no change";
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
