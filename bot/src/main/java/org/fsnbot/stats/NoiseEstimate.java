package org.fsnbot.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.fsnbot.run.Sample;
import org.hipparchus.distribution.continuous.NormalDistribution;
import org.hipparchus.stat.StatUtils;

/**
 * Boot-to-boot noise of each metric from an A/A run (one kernel on both
 * sides): per-boot summaries pooled over both sides, noise as the standard
 * deviation of log values (which is the CV for small spreads), and the
 * boots per kernel that a given effect would need.
 */
public final class NoiseEstimate {

    private NoiseEstimate() {
    }

    /** Noise of one metric: boots seen and the CV in percent. */
    public record MetricNoise(MetricKey key, int boots, double cvPct) {
    }

    public static List<MetricNoise> of(List<Sample> samples) {
        Map<MetricKey, TreeMap<String, List<Double>>> byKey = new LinkedHashMap<>();
        Map<MetricKey, String> unit = new LinkedHashMap<>();
        for (Sample s : samples) {
            MetricKey k = new MetricKey(s.workload(), s.variant(), s.metric());
            byKey.computeIfAbsent(k, x -> new TreeMap<>()).computeIfAbsent(s.side() + "/" + s.boot(),
                    x -> new ArrayList<>()).add(s.value());
            unit.put(k, s.unit());
        }
        List<MetricNoise> out = new ArrayList<>();
        byKey.forEach((k, boots) -> {
            double[] logs = boots.values().stream().mapToDouble(v -> Math.log(BootSummary.of(
                    v.stream().mapToDouble(Double::doubleValue).toArray(), unit.get(k)))).toArray();
            double sd = logs.length > 1 ? Math.sqrt(StatUtils.variance(logs)) : Double.NaN;
            out.add(new MetricNoise(k, logs.length, 100 * sd));
        });
        return out;
    }

    /**
     * Boots per kernel for a two-sided test at alpha to detect effectPct
     * with the given power, for a metric with noise cvPct (normal
     * approximation; the t test needs a boot or two more).
     */
    public static int bootsNeeded(double cvPct, double effectPct, double alpha, double power) {
        NormalDistribution z = new NormalDistribution();
        double zsum = z.inverseCumulativeProbability(1 - alpha / 2) + z.inverseCumulativeProbability(power);
        double sigma = cvPct / 100;
        double delta = Math.log1p(effectPct / 100);
        return (int) Math.ceil(2 * zsum * zsum * sigma * sigma / (delta * delta));
    }
}
