package org.fsnbot.stats;

import java.util.List;
import java.util.Optional;
import org.fsnbot.run.MetricKey;

/** All metric comparisons of a job and the overall verdict. */
public record Comparison(List<MetricComparison> metrics, Verdict overall, String method) {

    public Comparison {
        metrics = List.copyOf(metrics);
    }

    /** The comparison of one metric, if the job measured it. */
    public Optional<MetricComparison> find(MetricKey key) {
        return metrics.stream().filter(m -> m.key().equals(key)).findFirst();
    }

    public List<MetricComparison> verdictMetrics() {
        return metrics.stream().filter(MetricComparison::inVerdict).toList();
    }
}
