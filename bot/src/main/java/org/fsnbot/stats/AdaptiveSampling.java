package org.fsnbot.stats;

/**
 * When to boot more: after the initial boots, one more interleaved pair at
 * a time while any verdict metric is inconclusive and the budget allows.
 * Looking at the data after every pair and stopping when it looks decided
 * inflates false alarms, so alpha is spent over the looks the budget
 * allows (AlphaSpending, a group-sequential design that counts the boots
 * the looks share, where Bonferroni's alpha/looks would not): the chance of
 * any false alarm over the whole sequence stays at alpha.
 */
public record AdaptiveSampling(int initialBoots, int maxBoots, double alpha, AlphaSpending spending) {

    public AdaptiveSampling(int initialBoots, int maxBoots, double alpha) {
        this(initialBoots, maxBoots, alpha, new AlphaSpending(Math.max(1, initialBoots),
                Math.max(Math.max(1, initialBoots), maxBoots)));
    }

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

    /** The level of the intervals a look with these boots per kernel shows. */
    public double ciAlpha(int boots) {
        return spending.nominal(alpha, boots);
    }

    /** True when another pair of boots should run after this comparison. */
    public boolean wantsMore(Comparison c, int bootsPerKernelSoFar) {
        if (bootsPerKernelSoFar >= maxBoots) {
            return false;
        }
        return c.verdictMetrics().stream().anyMatch(m -> m.verdict().orElseThrow() == Verdict.INCONCLUSIVE);
    }
}
