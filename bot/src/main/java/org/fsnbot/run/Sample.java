package org.fsnbot.run;

import java.util.Objects;

/**
 * One measured value from one repetition inside one boot. variant names
 * the table row ("parent", "2") and label the row column's heading
 * ("mode", "Clients").
 */
public record Sample(Side side, int boot, String workload, String label, String variant, String metric, int rep,
        double value, String unit, boolean lowerIsBetter) {

    public Sample {
        Objects.requireNonNull(side);
        Objects.requireNonNull(workload);
        Objects.requireNonNull(label);
        Objects.requireNonNull(variant);
        Objects.requireNonNull(metric);
        if (!Double.isFinite(value) || value <= 0) {
            throw new IllegalArgumentException("sample value must be finite and > 0: " + workload + "/" + metric + "=" + value);
        }
    }
}
