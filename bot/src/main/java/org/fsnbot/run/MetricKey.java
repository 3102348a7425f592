package org.fsnbot.run;

import java.util.Objects;

/** A metric of one table row: workload, variant (mode or clients=N) and metric name. */
public record MetricKey(String workload, String variant, String metric) {

    public MetricKey {
        Objects.requireNonNull(workload);
        Objects.requireNonNull(variant);
        Objects.requireNonNull(metric);
    }

    @Override
    public String toString() {
        return workload + "/" + variant + "/" + metric;
    }
}
