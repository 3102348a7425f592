package org.fsnbot.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
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
 * on log values (Yuen's trimmed t past a few wild boots, JudgedLogs), each side's
 * variance at least the policy's noise floor,
 * whose interval, exponentiated, is an interval for the patched/base
 * ratio. Holm's step-down procedure across the verdict metrics keeps the
 * chance of any false alarm in a report at alpha (Holm rather than
 * Benjamini-Hochberg: a maintainer reads one report and acts on any
 * regression in it, so the report-wide error is what must be bounded, not
 * the expected share of false ones); each Holm level is spent over the
 * measurement's looks (AlphaSpending), so the looks together keep it too.
 * Each metric is tested at its own look, the boots both its sides have: a
 * workload decided early stops booting (WhileOpen) and keeps the look
 * that decided it.
 *
 * <p>An interval wholly inside the minimum effect is no change; otherwise
 * a significant change is called (its interval then reaches past the
 * minimum, and its estimate is past half of it). A true change of the
 * minimum effect is so called as often as the test finds it: requiring
 * the estimate itself past the minimum missed half of them by
 * construction. With fewer than
 * SMALL boots a side a bootstrap over boots must also exclude no change,
 * and an uncalibrated metric is taken to be at least as noisy as the
 * floor assumes. A side whose boots are all equal is judged with the
 * floor's noise when fsnbot booted them (a deterministic kernel on the
 * instruction clock); of boots of unknown provenance nothing is called.
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
        return "Welch t on log per-boot means (Yuen's trimmed t when a few boots lie " + (int) JudgedLogs.WINSOR
                + " MADn out, from " + JudgedLogs.ROBUST_BOOTS + " boots a side), " + Significance.confidenceLabel(ciAlpha)
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
        // Each metric is tested at the look its own boots reached: a workload decided early stops booting
        // (WhileOpen), and its metrics keep the level of the look that decided them. The comparison's own
        // level is the last look's, the one most metrics reached.
        int last = 1;
        List<Raw> raws = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            last = Math.max(last, Raw.look(base.get(i), patched.get(i)));
            raws.add(raw(keys.get(i), infos.get(i), base.get(i), patched.get(i)));
        }
        double ciAlpha = policy.looks().nominal(policy.alpha(), last);
        double[] level = holmLevels(raws);
        List<MetricComparison> out = new ArrayList<>();
        for (int i = 0; i < raws.size(); i++) {
            out.add(finish(raws.get(i), level[i]));
        }
        return new Comparison(out, overall(out), method(ciAlpha), ciAlpha);
    }

    /** The Welch test of the judged log per-boot values: each side's mean, the interval's half-width, p. */
    private record Welch(double baseLogMean, double patchedLogMean, double ciHalf, double p) {

        double logDiff() {
            return patchedLogMean - baseLogMean;
        }

        Welch withoutInterval() {
            return new Welch(baseLogMean, patchedLogMean, Double.POSITIVE_INFINITY, 1);
        }
    }

    private record Raw(MetricKey key, MetricInfo info, boolean inVerdict, double[] base, double[] patched,
            Welch welch, double[] boot) {

        /** The look this metric is compared at: the boots both its sides have. */
        int look() {
            return look(base, patched);
        }

        static int look(double[] base, double[] patched) {
            return Math.max(1, Math.min(base.length, patched.length));
        }

        /**
         * A side of two boots or more whose values are all equal, or all
         * but equal (OneRun.looksRepeated): a run repeated, a constant, or a clock
         * that counted the same. Unless fsnbot booted them
         * (MetricPolicy.ownBoots), that is one run as far as anyone can
         * tell: nothing is called from it, calibrated or not (with a floor,
         * a side of one run repeated gave 7-13% false alarms).
         */
        boolean flat() {
            return OneRun.looksRepeated(base) || OneRun.looksRepeated(patched);
        }
    }

    private Raw raw(MetricKey key, MetricInfo info, double[] b, double[] p) {
        double ciAlpha = policy.looks().nominal(policy.alpha(), Raw.look(b, p));
        List<JudgedLogs.Side> judged = JudgedLogs.of(List.of(b, p));
        double[] boot = Math.min(b.length, p.length) < SMALL && b.length > 1 && p.length > 1
                ? Bootstrap.logRatioInterval(logs(b), logs(p), ciAlpha, key.toString().hashCode())
                : new double[] {Double.NaN, Double.NaN};
        Raw r = new Raw(key, info, policy.inVerdict(key), b, p, welch(judged.get(0), judged.get(1), key, ciAlpha),
                boot);
        if (r.flat() && !policy.ownBoots()) {
            // A floor would make an interval of a noise these boots never showed: no interval, no call.
            return new Raw(r.key(), r.info(), r.inVerdict(), b, p, r.welch().withoutInterval(),
                    new double[] {Double.NaN, Double.NaN});
        }
        return r;
    }

    /** Welch's test with each side's variance at least the floor's: no zero-width interval from identical boots. */
    private Welch welch(JudgedLogs.Side base, JudgedLogs.Side patched, MetricKey key, double ciAlpha) {
        double mb = base.location();
        double mp = patched.location();
        if (base.boots() < 2 || patched.boots() < 2) {
            return new Welch(mb, mp, Double.POSITIVE_INFINITY, 1);
        }
        double floorSd = Math.min(base.boots(), patched.boots()) < SMALL
                ? policy.floor().smallSampleLogSd(key) : policy.floor().logSd(key);
        // The assumed noise of an uncalibrated metric is no estimate: only a measured floor lends its df.
        int floorDf = policy.floor().calibrated(key) ? policy.floor().dfOf(key) : 0;
        double[] b = base.locationVarianceAndDf(floorSd * floorSd, floorDf);
        double[] p = patched.locationVarianceAndDf(floorSd * floorSd, floorDf);
        double se = Math.sqrt(b[0] + p[0]);
        double df = (b[0] + p[0]) * (b[0] + p[0]) / (b[0] * b[0] / b[1] + p[0] * p[0] / p[1]);
        TDistribution t = new TDistribution(df);
        return new Welch(mb, mp, t.inverseCumulativeProbability(1 - ciAlpha / 2) * se,
                2 * (1 - t.cumulativeProbability(Math.abs(mp - mb) / se)));
    }

    /**
     * Holm step-down over the verdict metrics, each at its own look: while
     * k metrics are not yet significant, any of them whose p is within
     * alpha/k spent to its look is significant, and k shrinks (the
     * graphical form of Holm, Maurer and Bretz 2013, which holds in
     * group-sequential designs and needs no common look to order p-values
     * by). Each metric's level is what its last step offered it; a metric
     * never found significant keeps the level of the step that stopped,
     * and other metrics are never significant (level 0). A metric decided
     * at an earlier look and not booted since keeps its p and look, and
     * the family only shrinks, so a later look never takes its call back.
     */
    private double[] holmLevels(List<Raw> raws) {
        List<Integer> open = new ArrayList<>();
        for (int i = 0; i < raws.size(); i++) {
            if (raws.get(i).inVerdict()) {
                open.add(i);
            }
        }
        double[] level = new double[raws.size()];
        boolean rejected = true;
        while (rejected && !open.isEmpty()) {
            rejected = false;
            int k = open.size();
            for (int i : open) {
                level[i] = policy.looks().nominal(policy.alpha() / k, raws.get(i).look());
            }
            for (int j = 0; j < open.size(); j++) {
                int i = open.get(j);
                if (raws.get(i).welch().p() <= level[i]) {
                    open.remove(j);
                    rejected = true;
                    break;
                }
            }
        }
        return level;
    }

    private MetricComparison finish(Raw r, double holmLevel) {
        Welch w = r.welch();
        double hi = Double.isInfinite(w.ciHalf()) ? Double.POSITIVE_INFINITY
                : 100 * (Math.exp(w.logDiff() + w.ciHalf()) - 1);
        MetricComparison.Change change = new MetricComparison.Change(100 * (Math.exp(w.logDiff()) - 1),
                100 * (Math.exp(w.logDiff() - w.ciHalf()) - 1), hi, policy.looks().nominal(policy.alpha(), r.look()),
                w.p(), 100 * (Math.exp(r.boot()[0]) - 1), 100 * (Math.exp(r.boot()[1]) - 1));
        Optional<MetricComparison.Call> call = r.inVerdict() ? Optional.of(call(r, holmLevel, change))
                : Optional.empty();
        return new MetricComparison(r.key(), r.info(), side(r.base(), r.welch().baseLogMean()),
                side(r.patched(), r.welch().patchedLogMean()), change, call);
    }

    /** The verdict, and for an inconclusive one the first condition that held it back. */
    private MetricComparison.Call call(Raw r, double holmLevel, MetricComparison.Change c) {
        double delta = policy.minEffect(r.key());
        if (Math.min(r.base().length, r.patched().length) < MIN_BOOTS) {
            return new MetricComparison.Call(Verdict.INCONCLUSIVE, "fewer than " + MIN_BOOTS + " boots a side");
        }
        if (r.flat() && !policy.ownBoots()) {
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
            why = String.format(Locale.ROOT, "p = %.2g above its Holm level %.2g", r.welch().p(), holmLevel);
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

    /** A side's mean as the test judged it (without its wild boots), so the table's columns and change agree. */
    private static MetricComparison.SideSummary side(double[] perBoot, double judgedLogMean) {
        return new MetricComparison.SideSummary(perBoot.length, Math.exp(judgedLogMean),
                perBoot.length > 1 ? Math.sqrt(StatUtils.variance(perBoot)) : 0);
    }

    private static double[] logs(double[] v) {
        return Arrays.stream(v).map(Math::log).toArray();
    }
}
