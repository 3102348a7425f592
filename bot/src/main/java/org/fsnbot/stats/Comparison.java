package org.fsnbot.stats;

import java.util.List;
import java.util.Optional;
import org.fsnbot.run.MetricKey;

/**
 * All metric comparisons of a job, the overall verdict, how they were
 * made, and the level of their intervals (the look's: a table says
 * "97.6% CI" for 0.024).
 */
public record Comparison(List<MetricComparison> metrics, Verdict overall, String method, double ciAlpha) {

    public Comparison {
        metrics = List.copyOf(metrics);
        if (!(ciAlpha > 0 && ciAlpha < 1)) {
            throw new IllegalArgumentException("an interval's level is in (0, 1): " + ciAlpha);
        }
    }

    /** "95%" for intervals at 0.05. */
    public String ciLabel() {
        return Significance.confidenceLabel(ciAlpha);
    }

    /** The comparison of one metric, if the job measured it. */
    public Optional<MetricComparison> find(MetricKey key) {
        return metrics.stream().filter(m -> m.key().equals(key)).findFirst();
    }

    public List<MetricComparison> verdictMetrics() {
        return metrics.stream().filter(MetricComparison::inVerdict).toList();
    }
}
