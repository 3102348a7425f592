package org.fsnbot.stats;

import java.util.Locale;
import org.hipparchus.distribution.continuous.NormalDistribution;

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

    private Significance() {
    }

    /**
     * Boots per kernel for a two-sided test at alpha to detect effectPct
     * with the given power, for a metric with noise cvPct (normal
     * approximation; the t test needs a boot or two more).
     */
    public static int bootsNeeded(double cvPct, double effectPct, double alpha, double power) {
        NormalDistribution z = new NormalDistribution();
        double zsum = z.inverseCumulativeProbability(1 - alpha / 2) + z.inverseCumulativeProbability(power);
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

    /** Boots per kernel to resolve the default minimum effect at ALPHA with POWER. */
    public static int bootsToResolve(double cvPct) {
        return bootsNeeded(cvPct, MIN_EFFECT_PCT, ALPHA, POWER);
    }
}
