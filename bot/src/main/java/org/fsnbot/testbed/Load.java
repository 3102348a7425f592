package org.fsnbot.testbed;

import java.util.Objects;

/**
 * How busy the runner was over the boots whose samples count: the most
 * CPU pressure of one (percent of its wall time), the limit, why the
 * limit was not applied (empty when it was), how many boots were booted
 * again because the runner was busy. Not measured where the host has no
 * pressure stall information, or nothing booted; measured but with no
 * boot counted (counted false) where every boot was busy or failed.
 */
public record Load(boolean measured, boolean counted, double maxPct, double limitPct, String notJudged,
        int busyBoots) {
    public Load {
        Objects.requireNonNull(notJudged);
        if (busyBoots < 0 || maxPct < 0 || limitPct < 0) {
            throw new IllegalArgumentException("a load is not negative");
        }
    }

    public static Load notMeasured(int busyBoots) {
        return new Load(false, false, 0, 0, "", busyBoots);
    }

    /** Boots were measured, and none of them counts (the runner stayed busy, or the boots failed). */
    public static Load noneCounted(double limitPct, String notJudged, int busyBoots) {
        return new Load(true, false, 0, limitPct, notJudged, busyBoots);
    }

    public static Load counted(double maxPct, double limitPct, String notJudged, int busyBoots) {
        return new Load(true, true, maxPct, limitPct, notJudged, busyBoots);
    }
}
