package org.fsnbot.stats;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fsnbot.run.Sample;
import org.hipparchus.stat.StatUtils;

/**
 * Boot-to-boot noise of each metric from an A/A run (one kernel on both
 * sides): per-boot summaries pooled over both sides, noise as the standard
 * deviation of log values (which is the CV for small spreads).
 */
public final class NoiseEstimate {

    private NoiseEstimate() {
    }

    public static List<MetricNoise> of(List<Sample> samples, Instant when) {
        List<MetricNoise> out = new ArrayList<>();
        for (MetricSamples m : MetricSamples.group(samples)) {
            double[] logs = Arrays.stream(m.perBootPooled()).map(Math::log).toArray();
            double sd = logs.length > 1 ? Math.sqrt(StatUtils.variance(logs)) : Double.NaN;
            out.add(new MetricNoise(m.key(), logs.length, 100 * sd, when));
        }
        return out;
    }
}
