package org.fsnbot.stats;

import java.util.List;

/**
 * A rule that looks at one report's metrics (per-boot values of base and
 * patched) and says which of them changed. The simulation runs fsnbot's
 * rule and the two it is measured against on the same data.
 */
public interface ComparisonRule {

    String name();

    /** flags[i] = -1 (patched lower), 0 (no call) or +1 (patched higher) for metric i. */
    int[] flags(List<double[]> base, List<double[]> patched);

    /**
     * The rule judging boots of unknown provenance (run files given to
     * compare-runs) where it tells them from boots it made; the same rule
     * where it does not.
     */
    default ComparisonRule ofUnknownProvenance() {
        return this;
    }
}
