package org.fsnbot.run;

import java.util.Objects;

/**
 * One measured value from one repetition inside one boot of one side.
 * key.variant() names the table row ("parent", "2") and info.label() the
 * row column's heading ("mode", "Clients").
 */
public record Sample(Side side, int boot, int rep, MetricKey key, MetricInfo info, double value) {

    public Sample {
        Objects.requireNonNull(side);
        Objects.requireNonNull(key);
        Objects.requireNonNull(info);
        if (!Double.isFinite(value) || value <= 0) {
            throw new IllegalArgumentException("sample value must be finite and > 0: " + key + "=" + value);
        }
    }

    public String workload() {
        return key.workload();
    }

    public String variant() {
        return key.variant();
    }

    public String metric() {
        return key.metric();
    }
}
