package org.fsnbot.stats;

import java.util.Map;
import java.util.Set;

/**
 * Which metrics of each workload enter the verdict family, and the
 * smallest change (in percent) per workload that counts as an effect.
 */
public record MetricPolicy(Map<String, Set<String>> verdictMetrics, Map<String, Double> minEffectPct, double alpha) {

    public MetricPolicy {
        verdictMetrics = Map.copyOf(verdictMetrics);
        minEffectPct = Map.copyOf(minEffectPct);
        if (!(alpha > 0 && alpha < 0.5)) {
            throw new IllegalArgumentException("alpha must be in (0, 0.5)");
        }
    }

    public boolean inVerdict(MetricKey k) {
        return verdictMetrics.getOrDefault(k.workload(), Set.of()).contains(k.metric());
    }

    public double minEffect(MetricKey k) {
        return minEffectPct.getOrDefault(k.workload(), 2.0);
    }
}
