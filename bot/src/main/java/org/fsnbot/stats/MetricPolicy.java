package org.fsnbot.stats;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.WorkloadSpec;
import org.fsnbot.run.MetricKey;

/**
 * Which metrics of each workload enter the verdict family, the smallest
 * change (in percent) per workload that counts as an effect, and the level
 * each test is made at.
 */
public record MetricPolicy(Map<String, Set<String>> verdictMetrics, Map<String, Double> minEffectPct, double alpha) {

    public MetricPolicy {
        verdictMetrics = Map.copyOf(verdictMetrics);
        minEffectPct = Map.copyOf(minEffectPct);
        if (!(alpha > 0 && alpha < 0.5)) {
            throw new IllegalArgumentException("alpha must be in (0, 0.5)");
        }
    }

    /** A profile's verdict metrics and minimum effects, tested at alpha. */
    public static MetricPolicy forProfile(Profile p, double alpha) {
        Map<String, Set<String>> metrics = new HashMap<>();
        Map<String, Double> effects = new HashMap<>();
        for (WorkloadSpec w : p.workloads()) {
            metrics.computeIfAbsent(w.name(), k -> new HashSet<>()).addAll(w.verdictMetrics());
            w.minEffectPct().ifPresent(e -> effects.put(w.name(), e));
        }
        return new MetricPolicy(metrics, effects, alpha);
    }

    public boolean inVerdict(MetricKey k) {
        return verdictMetrics.getOrDefault(k.workload(), Set.of()).contains(k.metric());
    }

    public double minEffect(MetricKey k) {
        return minEffectPct.getOrDefault(k.workload(), Significance.MIN_EFFECT_PCT);
    }
}
