package org.fsnbot.report;

import java.util.List;
import java.util.Objects;
import org.fsnbot.stats.AdaptiveSampling;
import org.fsnbot.stats.Comparison;
import org.fsnbot.stats.MetricNoise;

/**
 * What a report shows of a measurement: the comparison, the boots it
 * rests on and the plan that decided them, boots that failed, what could
 * not run, and the runner's calibrated noise.
 */
public record Measurement(Comparison comparison, int bootsPerKernel, AdaptiveSampling plan, int failedBoots,
        List<String> skipped, List<MetricNoise> noise) {

    public Measurement {
        Objects.requireNonNull(comparison);
        Objects.requireNonNull(plan);
        skipped = List.copyOf(skipped);
        noise = List.copyOf(noise);
    }
}
