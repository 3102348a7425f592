package org.fsnbot.stats;

import java.util.Locale;
import org.hipparchus.distribution.continuous.NormalDistribution;
import org.hipparchus.distribution.continuous.TDistribution;

/**
 * The numbers every verdict rests on, in one place: the report-wide false
 * alarm rate, the smallest change worth calling an effect when a workload
 * names none, the power a calibration plans for, and the boots that a
 * metric's noise needs to resolve an effect with that power.
 */
public final class Significance {

    /** The family-wise false alarm rate a report may have. */
    public static final double ALPHA = 0.05;

    /** The smallest change, in percent, that counts as an effect unless the workload says otherwise. */
    public static final double MIN_EFFECT_PCT = 2.0;

    /** The chance of seeing a real effect of MIN_EFFECT_PCT that calibrations plan boots for. */
    public static final double POWER = 0.8;

    private static final NormalDistribution Z = new NormalDistribution();

    private Significance() {
    }

    /**
     * Boots per kernel for a two-sided test at alpha to detect effectPct
     * with the given power, for a metric with noise cvPct (normal
     * approximation; the t test needs a boot or two more).
     */
    public static int bootsNeeded(double cvPct, double effectPct, double alpha, double power) {
        double zsum = Z.inverseCumulativeProbability(1 - alpha / 2) + Z.inverseCumulativeProbability(power);
        double sigma = cvPct / 100;
        double delta = Math.log1p(effectPct / 100);
        return (int) Math.ceil(2 * zsum * zsum * sigma * sigma / (delta * delta));
    }

    /**
     * The confidence level of an interval at alpha, as every line of a
     * reply prints it: "95%" for 0.05, "97.5%" for 0.05/2, "98.3%" for
     * 0.05/3. One formatting, so the tables and the Method line agree.
     */
    public static String confidenceLabel(double alpha) {
        double level = 100 * (1 - alpha);
        return (Math.abs(level - Math.rint(level)) < 1e-9 ? String.format(Locale.ROOT, "%.0f", level)
                : String.format(Locale.ROOT, "%.1f", level)) + "%";
    }

    /**
     * Boots per kernel, all of them in the first look (bootsPerKernel =
     * maxBootsPerKernel), for POWER against the default minimum effect on a
     * metric of noise cvPct in a report of verdictMetrics verdict metrics:
     * Welch's t at Holm's worst-case level ALPHA / verdictMetrics, with t
     * quantiles at the boots' degrees of freedom (the normal approximation
     * promises power that three or ten boots do not have). PowerPlan
     * checks it by running the rule itself.
     */
    public static int bootsToResolve(double cvPct, int verdictMetrics) {
        if (verdictMetrics < 1) {
            throw new IllegalArgumentException("a report has at least one verdict metric");
        }
        double level = ALPHA / verdictMetrics;
        // A calibration's CV is the standard deviation of log values (NoiseEstimate), as bootsNeeded takes it.
        double lambdaPerRootBoot = Math.log1p(MIN_EFFECT_PCT / 100) / (cvPct / 100 * Math.sqrt(2));
        int n = Math.max(ChangeEstimator.MIN_BOOTS, bootsNeeded(cvPct, MIN_EFFECT_PCT, level, POWER));
        while (n < MAX_PLANNED_BOOTS) {
            TDistribution t = new TDistribution(2.0 * n - 2);
            double crit = t.inverseCumulativeProbability(1 - level / 2);
            // The non-central t's spread by the Johnson-Welch approximation: without it a 2% CV was planned
            // 29 boots that gave 0.76, not 0.80, when the rule ran.
            double spread = Math.sqrt(1 + crit * crit / (2 * (2.0 * n - 2)));
            if (Z.cumulativeProbability((lambdaPerRootBoot * Math.sqrt(n) - crit) / spread) >= POWER) {
                return n;
            }
            n++;
        }
        return MAX_PLANNED_BOOTS;
    }

    /** Where a plan stops counting: a metric that needs this many boots is too noisy to resolve 2% at all. */
    public static final int MAX_PLANNED_BOOTS = 10_000;
}
