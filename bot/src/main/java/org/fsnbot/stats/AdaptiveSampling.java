package org.fsnbot.stats;

/**
 * When to boot more: after the initial boots, one more interleaved pair at
 * a time while any verdict metric is inconclusive and the budget allows.
 * Looking at the data after every pair and stopping when it looks decided
 * inflates false alarms, so each look tests at alpha divided by the number
 * of looks the budget allows (Bonferroni over looks): the chance of any
 * false alarm over the whole sequence stays at or below alpha.
 */
public record AdaptiveSampling(int initialBoots, int maxBoots, double alpha) {

    public AdaptiveSampling {
        if (initialBoots < 2) {
            throw new IllegalArgumentException("need at least 2 initial boots per kernel");
        }
        if (maxBoots < initialBoots) {
            throw new IllegalArgumentException("maxBoots " + maxBoots + " < initialBoots " + initialBoots);
        }
        if (!(alpha > 0 && alpha < 0.5)) {
            throw new IllegalArgumentException("alpha must be in (0, 0.5)");
        }
    }

    public int looks() {
        return maxBoots - initialBoots + 1;
    }

    /** The significance level of each look. */
    public double lookAlpha() {
        return alpha / looks();
    }

    /** True when another pair of boots should run after this comparison. */
    public boolean wantsMore(Comparison c, int bootsPerKernelSoFar) {
        if (bootsPerKernelSoFar >= maxBoots) {
            return false;
        }
        return c.verdictMetrics().stream().anyMatch(m -> m.verdict().orElseThrow() == Verdict.INCONCLUSIVE);
    }
}
