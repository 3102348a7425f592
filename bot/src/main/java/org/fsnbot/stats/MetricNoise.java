package org.fsnbot.stats;

import java.time.Instant;
import java.util.Objects;
import org.fsnbot.run.MetricKey;

/**
 * One metric's boot-to-boot noise on a runner: the boots it was measured
 * over, the spread of log per-boot values in percent (the CV for small
 * spreads), when it was last measured, the degrees of freedom of that
 * spread (boots less one per kernel build they booted), and what it rests
 * on, as a reply says it ("an A/A calibration", "earlier base boots").
 */
public record MetricNoise(MetricKey key, int boots, double cvPct, Instant when, int df, String basis) {

    /** What `fsnbot calibrate` measures: one kernel on both sides. */
    public static final String CALIBRATION = "an A/A calibration";

    public MetricNoise {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(when, "when");
        Objects.requireNonNull(basis, "basis");
        if (df < 0 || df >= Math.max(1, boots)) {
            throw new IllegalArgumentException("a noise of " + boots + " boots has 0 to " + (boots - 1)
                    + " degrees of freedom, not " + df);
        }
    }

    /** An A/A calibration's: its boots are of one kernel build. */
    public MetricNoise(MetricKey key, int boots, double cvPct, Instant when) {
        this(key, boots, cvPct, when, Math.max(0, boots - 1), CALIBRATION);
    }
}
