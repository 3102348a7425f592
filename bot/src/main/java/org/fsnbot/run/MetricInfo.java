package org.fsnbot.run;

import java.util.Objects;

/**
 * How a metric reads: the heading of its table's row column ("mode",
 * "Clients"), its unit, and which direction is better.
 */
public record MetricInfo(String label, String unit, boolean lowerIsBetter) {

    public MetricInfo {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(unit, "unit");
    }

    /** Rates ("ops/s") are summarised with the harmonic mean, everything else with the arithmetic one. */
    public boolean isRate() {
        return isRate(unit);
    }

    /** Whether a metric in unit is a rate (its unit ends in "/s"). */
    public static boolean isRate(String unit) {
        return unit.endsWith("/s");
    }
}
