package org.fsnbot.stats;

import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.fsnbot.run.MetricInfo;
import org.fsnbot.run.MetricKey;
import org.hipparchus.distribution.continuous.ChiSquaredDistribution;

/**
 * The power of the rule a job really applies, by running it: the
 * ChangeEstimator itself, its minimum effect, the Holm level a metric gets
 * in the worst case (alpha over the report's verdict metrics) and alpha
 * spent over every look from the initial boots to the budget, on simulated
 * boots of log-normal noise at a calibrated CV. It checks what
 * Significance.bootsToResolve promises (a normal approximation for one
 * look at alpha, which calibrate used to print, delivered 24-52% where it
 * promised 80%).
 *
 * <p>The CV a plan is made for is the calibration's at its one-sided 80%
 * upper confidence bound (chi-square over the calibration's boots): a
 * plan made from a lucky quiet calibration would fall short on the
 * runner's real noise.
 */
public record PowerPlan(int initialBoots, double alpha, int verdictMetrics, double minEffectPct) {

    /** The confidence that the planned-for CV is not below the runner's true one. */
    public static final double CV_CONFIDENCE = 0.8;

    private static final MetricKey KEY = new MetricKey("plan", "row", "t");
    private static final MetricInfo TIME = new MetricInfo("row", "ns", true);

    public PowerPlan {
        if (initialBoots < 2 || !(alpha > 0 && alpha < 0.5) || verdictMetrics < 1 || !(minEffectPct > 0)) {
            throw new IllegalArgumentException("a power plan needs 2+ initial boots, alpha in (0, 0.5), a verdict"
                    + " metric and a positive minimum effect");
        }
    }

    /** The CV to plan for: cvPct measured over boots, at its CV_CONFIDENCE upper bound. */
    public static double plannedCv(double cvPct, int boots) {
        if (boots < 2) {
            throw new IllegalArgumentException("a CV from one boot is no measurement");
        }
        int df = boots - 1;
        double lower = new ChiSquaredDistribution(df).inverseCumulativeProbability(1 - CV_CONFIDENCE);
        return cvPct * Math.sqrt(df / lower);
    }

    /**
     * The share of simulated measurements with a budget of maxBoots a kernel
     * that call a regression when the metric truly grew by effectPct.
     */
    public double power(double cvPct, int maxBoots, double effectPct, int trials, long seed) {
        AdaptiveSampling plan = new AdaptiveSampling(initialBoots, Math.max(initialBoots, maxBoots), alpha);
        ChangeEstimator rule = new ChangeEstimator(new MetricPolicy(Map.of(KEY.workload(), Set.of(KEY.metric())),
                Map.of(KEY.workload(), minEffectPct), alpha / verdictMetrics)
                .withLooks(plan.spending()).withFloor(new NoiseFloor(0.01, Map.of(KEY, cvPct))).withOwnBoots());
        double sd = cvPct / 100;
        double shift = Math.log1p(effectPct / 100);
        SplittableRandom rnd = new SplittableRandom(seed);
        int hits = 0;
        double[] base = new double[plan.maxBoots()];
        double[] patched = new double[plan.maxBoots()];
        for (int t = 0; t < trials; t++) {
            for (int n = 0; n < plan.maxBoots(); n++) {
                base[n] = Math.exp(sd * NoiseModels.gaussian(rnd));
                patched[n] = Math.exp(shift + sd * NoiseModels.gaussian(rnd));
                if (n + 1 < plan.initialBoots()) {
                    continue;
                }
                Verdict v = rule.compareBoots(KEY, TIME, Arrays.copyOf(base, n + 1), Arrays.copyOf(patched, n + 1))
                        .overall();
                if (v != Verdict.INCONCLUSIVE) {
                    hits += v == Verdict.REGRESSION ? 1 : 0;
                    break;
                }
            }
        }
        return (double) hits / trials;
    }

    /**
     * Boots per kernel, all of them in the first look (bootsPerKernel =
     * maxBootsPerKernel), for Significance.POWER against the default minimum
     * effect on a metric of noise cvPct among verdictMetrics verdict
     * metrics: the least budget, in steps of 5% from the t approximation's
     * (Significance.bootsToResolve), at which the rule run on simulated
     * boots calls the change that often. The approximation alone fell short
     * (0.76 at a 2% CV): the rule's noise floor widens the intervals of
     * boots that happened to be quieter than the calibration.
     */
    public static int bootsFor(double measuredCvPct, int verdictMetrics) {
        if (!(measuredCvPct >= 0)) {
            throw new IllegalArgumentException("no CV to plan for: " + measuredCvPct);
        }
        if (measuredCvPct == 0) {
            // Boots that never varied: the least the rule judges at, whatever the plan.
            return ChangeEstimator.MIN_BOOTS;
        }
        double cvPct = twoDigitsUp(measuredCvPct);
        int n = Significance.bootsToResolve(cvPct, verdictMetrics);
        while (n < Significance.MAX_PLANNED_BOOTS && new PowerPlan(n, Significance.ALPHA, verdictMetrics,
                Significance.MIN_EFFECT_PCT).power(cvPct, n, Significance.MIN_EFFECT_PCT, PLAN_TRIALS, PLAN_SEED)
                < Significance.POWER) {
            n += Math.max(1, n / 20);
        }
        return Math.min(n, Significance.MAX_PLANNED_BOOTS);
    }

    /** A CV rounded up to two significant digits: plans for 1.23% and 1.24% are one plan, found once. */
    public static double twoDigitsUp(double cvPct) {
        double scale = Math.pow(10, Math.floor(Math.log10(cvPct)) - 1);
        return Math.ceil(cvPct / scale - 1e-9) * scale;
    }

    /** Enough simulated measurements that a plan's power is known to about 1.3%, fast enough for a reply. */
    private static final int PLAN_TRIALS = 1000;
    private static final long PLAN_SEED = 20261203;
}
