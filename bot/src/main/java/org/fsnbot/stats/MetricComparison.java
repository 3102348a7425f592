package org.fsnbot.stats;

import java.util.Optional;

/**
 * Base against patched for one metric. Means (geometric, the centre the
 * change is a ratio of) and standard deviations are over per-boot
 * summaries (boots are the independent units); change and
 * its interval are patched relative to base in percent, so + means the
 * patched value is larger whichever direction is better. bootLowPct and
 * bootHighPct are the bootstrap cross-check interval (NaN when boots were
 * plenty and it was not computed).
 */
public record MetricComparison(MetricKey key, String label, String unit, boolean lowerIsBetter, boolean inVerdict,
        int nBase, double meanBase, double sdBase, int nPatched, double meanPatched, double sdPatched,
        double changePct, double ciLowPct, double ciHighPct, double pValue, double bootLowPct, double bootHighPct,
        Optional<Verdict> verdict) {

    public MetricComparison {
        if (nBase < 1 || nPatched < 1) {
            throw new IllegalArgumentException("a comparison needs samples on both sides: " + key);
        }
        if (ciLowPct > ciHighPct) {
            throw new IllegalArgumentException("interval reversed for " + key);
        }
        if (inVerdict != verdict.isPresent()) {
            throw new IllegalArgumentException("verdict metrics carry a verdict, others do not: " + key);
        }
    }
}
