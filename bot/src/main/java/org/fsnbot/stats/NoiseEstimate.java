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
 * deviation of log values (which is the CV for small spreads). Not
 * winsorized as ChangeEstimator's test is: a calibration of a few boots
 * cannot tell one wild boot from a mode a fifth of the boots fall in
 * (which the test, judging many boots, keeps), and clipping it planned
 * too few boots for such a mode (71% power against 86%). A wild boot the
 * calibration saw makes the plan generous instead; the test then clips it.
 */
public final class NoiseEstimate {

    private NoiseEstimate() {
    }

    public static List<MetricNoise> of(List<Sample> samples, Instant when) {
        List<MetricNoise> out = new ArrayList<>();
        for (MetricSamples m : MetricSamples.group(samples)) {
            double[] perBoot = m.perBootPooled();
            out.add(new MetricNoise(m.key(), perBoot.length, cvPct(perBoot), when));
        }
        return out;
    }

    /** The noise of one metric's per-boot values, in percent; NaN from fewer than two. */
    public static double cvPct(double[] perBoot) {
        double[] logs = Arrays.stream(perBoot).map(Math::log).toArray();
        return logs.length > 1 ? 100 * Math.sqrt(StatUtils.variance(logs)) : Double.NaN;
    }
}
