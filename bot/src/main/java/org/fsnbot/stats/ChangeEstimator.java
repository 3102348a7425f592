package org.fsnbot.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.fsnbot.run.Sample;
import org.fsnbot.run.Side;
import org.hipparchus.distribution.continuous.TDistribution;
import org.hipparchus.stat.StatUtils;

/**
 * Compares base and patched samples. Repetitions inside a boot are first
 * summarised per boot (arithmetic mean for times, harmonic mean for rates)
 * because they are not independent; the boots then enter a Welch t-test
 * on log values, whose interval, exponentiated, is an interval for the
 * patched/base ratio. Holm's step-down procedure across the verdict
 * metrics keeps the chance of any false alarm in a report at alpha (Holm
 * rather than Benjamini-Hochberg: a maintainer reads one report and acts
 * on any regression in it, so the report-wide error is what must be
 * bounded, not the expected share of false ones). With fewer than
 * BOOTSTRAP_BELOW boots a side a bootstrap over boots must also exclude
 * no change.
 */
public final class ChangeEstimator {

    private final MetricPolicy policy;

    public ChangeEstimator(MetricPolicy policy) {
        this.policy = policy;
    }

    public static String method(double alpha) {
        return "Welch t on log per-boot means, " + Math.round(100 * (1 - alpha))
                + "% CI; Holm over verdict metrics";
    }

    public Comparison compare(List<Sample> samples) {
        Map<MetricKey, Map<Side, TreeMap<Integer, List<Sample>>>> grouped = new LinkedHashMap<>();
        for (Sample s : samples) {
            grouped.computeIfAbsent(new MetricKey(s.workload(), s.variant(), s.metric()), k -> new LinkedHashMap<>())
                    .computeIfAbsent(s.side(), k -> new TreeMap<>())
                    .computeIfAbsent(s.boot(), k -> new ArrayList<>()).add(s);
        }
        List<Raw> raws = new ArrayList<>();
        grouped.forEach((key, sides) -> {
            if (sides.containsKey(Side.BASE) && sides.containsKey(Side.PATCHED)) {
                raws.add(raw(key, sides.get(Side.BASE), sides.get(Side.PATCHED)));
            }
        });
        boolean[] significant = holm(raws);
        List<MetricComparison> out = new ArrayList<>();
        for (int i = 0; i < raws.size(); i++) {
            out.add(finish(raws.get(i), significant[i]));
        }
        return new Comparison(out, overall(out), method(policy.alpha()));
    }

    private record Raw(MetricKey key, String label, String unit, boolean lower, boolean inVerdict, double[] base,
            double[] patched, double logDiff, double ciHalf, double p, double[] boot) {
    }

    /** Below this many boots on either side the bootstrap must agree before we call a change. */
    public static final int BOOTSTRAP_BELOW = 5;

    /** Two boots give one degree of freedom for the noise: too few to call anything. */
    public static final int MIN_BOOTS = 3;

    private Raw raw(MetricKey key, TreeMap<Integer, List<Sample>> base, TreeMap<Integer, List<Sample>> patched) {
        Sample any = base.firstEntry().getValue().get(0);
        double[] b = perBoot(base, any.unit());
        double[] p = perBoot(patched, any.unit());
        double[] lb = logs(b);
        double[] lp = logs(p);
        double diff = StatUtils.mean(lp) - StatUtils.mean(lb);
        double vb = b.length > 1 ? StatUtils.variance(lb) / b.length : Double.NaN;
        double vp = p.length > 1 ? StatUtils.variance(lp) / p.length : Double.NaN;
        double se = Math.sqrt(vb + vp);
        double half;
        double pValue;
        if (Double.isNaN(se)) {
            half = Double.POSITIVE_INFINITY;
            pValue = 1;
        } else if (se == 0) {
            half = 0;
            pValue = diff == 0 ? 1 : 0;
        } else {
            double df = (vb + vp) * (vb + vp)
                    / (vb * vb / (b.length - 1) + vp * vp / (p.length - 1));
            TDistribution t = new TDistribution(df);
            half = t.inverseCumulativeProbability(1 - policy.alpha() / 2) * se;
            pValue = 2 * (1 - t.cumulativeProbability(Math.abs(diff) / se));
        }
        double[] boot = Math.min(b.length, p.length) < BOOTSTRAP_BELOW && b.length > 1 && p.length > 1
                ? Bootstrap.logRatioInterval(lb, lp, policy.alpha(), key.toString().hashCode())
                : new double[] {Double.NaN, Double.NaN};
        return new Raw(key, any.label(), any.unit(), any.lowerIsBetter(), policy.inVerdict(key), b, p, diff, half,
                pValue, boot);
    }

    /** Holm step-down over the verdict metrics; other metrics are never "significant". */
    private boolean[] holm(List<Raw> raws) {
        List<Integer> family = new ArrayList<>();
        for (int i = 0; i < raws.size(); i++) {
            if (raws.get(i).inVerdict()) {
                family.add(i);
            }
        }
        family.sort(Comparator.comparingDouble(i -> raws.get(i).p()));
        boolean[] sig = new boolean[raws.size()];
        int m = family.size();
        for (int rank = 0; rank < m; rank++) {
            int i = family.get(rank);
            if (raws.get(i).p() <= policy.alpha() / (m - rank)) {
                sig[i] = true;
            } else {
                break;
            }
        }
        return sig;
    }

    private MetricComparison finish(Raw r, boolean significant) {
        double change = 100 * (Math.exp(r.logDiff()) - 1);
        double lo = 100 * (Math.exp(r.logDiff() - r.ciHalf()) - 1);
        double hi = Double.isInfinite(r.ciHalf()) ? Double.POSITIVE_INFINITY : 100 * (Math.exp(r.logDiff() + r.ciHalf()) - 1);
        Optional<Verdict> verdict = Optional.empty();
        if (r.inVerdict()) {
            verdict = Optional.of(verdict(r, significant, change, lo, hi));
        }
        return new MetricComparison(r.key(), r.label(), r.unit(), r.lower(), r.inVerdict(),
                r.base().length, geomean(r.base()), sd(r.base()),
                r.patched().length, geomean(r.patched()), sd(r.patched()),
                change, lo, hi, r.p(), 100 * (Math.exp(r.boot()[0]) - 1), 100 * (Math.exp(r.boot()[1]) - 1), verdict);
    }

    private Verdict verdict(Raw r, boolean significant, double change, double lo, double hi) {
        double delta = policy.minEffect(r.key());
        if (Math.min(r.base().length, r.patched().length) < MIN_BOOTS) {
            return Verdict.INCONCLUSIVE;
        }
        boolean bootAgrees = Double.isNaN(r.boot()[0]) || r.boot()[0] > 0 || r.boot()[1] < 0;
        if (significant && bootAgrees && Math.abs(change) >= delta) {
            boolean worse = r.lower() ? change > 0 : change < 0;
            return worse ? Verdict.REGRESSION : Verdict.IMPROVEMENT;
        }
        if (lo >= -delta && hi <= delta) {
            return Verdict.NO_SIGNIFICANT_CHANGE;
        }
        return Verdict.INCONCLUSIVE;
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

    private static double[] perBoot(TreeMap<Integer, List<Sample>> boots, String unit) {
        return boots.values().stream()
                .mapToDouble(reps -> BootSummary.of(reps.stream().mapToDouble(Sample::value).toArray(), unit))
                .toArray();
    }

    private static double[] logs(double[] v) {
        return java.util.Arrays.stream(v).map(Math::log).toArray();
    }

    /** The centre the change is computed from, so base, patched and change agree. */
    private static double geomean(double[] v) {
        return Math.exp(StatUtils.mean(logs(v)));
    }

    private static double sd(double[] v) {
        return v.length > 1 ? Math.sqrt(StatUtils.variance(v)) : 0;
    }
}
