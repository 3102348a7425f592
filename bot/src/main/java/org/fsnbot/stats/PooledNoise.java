package org.fsnbot.stats;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.fsnbot.run.MetricKey;
import org.hipparchus.stat.StatUtils;

/**
 * A metric's noise from boots of several kernel builds: each build's boots
 * are an A/A sample of their own (a job's base boots are, and so are the
 * base boots of every job on the same base), and their spreads pool as
 * one-way analysis of variance pools within-group spread: squared
 * deviations of log per-boot values from their build's mean, over boots
 * less one per build. Differences between builds do not enter it; drift
 * of the runner between jobs on one build does, which errs toward more
 * noise, never less.
 */
public final class PooledNoise {

    private PooledNoise() {
    }

    /**
     * Each metric's pooled noise from its per-boot values grouped by
     * build; a metric whose builds give no degree of freedom is left out.
     */
    public static List<MetricNoise> of(Map<MetricKey, List<double[]>> perBootByBuild, Instant when, String basis) {
        List<MetricNoise> out = new ArrayList<>();
        perBootByBuild.forEach((key, builds) -> {
            double squares = 0;
            int boots = 0;
            int df = 0;
            for (double[] b : builds) {
                if (b.length < 2) {
                    boots += b.length;
                    continue;
                }
                // The within-build sum of squares: the build's sample variance times its degrees of freedom.
                squares += StatUtils.variance(Arrays.stream(b).map(Math::log).toArray()) * (b.length - 1);
                boots += b.length;
                df += b.length - 1;
            }
            if (df > 0) {
                out.add(new MetricNoise(key, boots, 100 * Math.sqrt(squares / df), when, df, basis));
            }
        });
        return out;
    }

    /**
     * Two estimates of one metric's noise as one: variances weighted by
     * their degrees of freedom (the pooled estimate both samples together
     * would give), the boots and degrees of freedom summed, the later date.
     */
    public static MetricNoise combined(MetricNoise a, MetricNoise b) {
        if (!a.key().equals(b.key())) {
            throw new IllegalArgumentException("noise of " + a.key() + " and of " + b.key() + " do not combine");
        }
        int df = a.df() + b.df();
        double variance = df == 0 ? Math.max(a.cvPct(), b.cvPct()) * Math.max(a.cvPct(), b.cvPct())
                : (a.df() * a.cvPct() * a.cvPct() + b.df() * b.cvPct() * b.cvPct()) / df;
        return new MetricNoise(a.key(), a.boots() + b.boots(), Math.sqrt(variance),
                a.when().isAfter(b.when()) ? a.when() : b.when(), df, a.basis() + " and " + b.basis());
    }
}
