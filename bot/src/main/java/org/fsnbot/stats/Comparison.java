package org.fsnbot.stats;

import java.util.List;

/** All metric comparisons of a job and the overall verdict. */
public record Comparison(List<MetricComparison> metrics, Verdict overall, String method) {

    public Comparison {
        metrics = List.copyOf(metrics);
    }

    public List<MetricComparison> verdictMetrics() {
        return metrics.stream().filter(MetricComparison::inVerdict).toList();
    }
}
