package org.fsnbot.stats;

import java.time.Instant;
import java.util.Objects;
import org.fsnbot.run.MetricKey;

/**
 * One metric's boot-to-boot noise on a runner: the boots it was measured
 * over, the spread of log per-boot values in percent (the CV for small
 * spreads), and when it was measured.
 */
public record MetricNoise(MetricKey key, int boots, double cvPct, Instant when) {
    public MetricNoise {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(when, "when");
    }
}
