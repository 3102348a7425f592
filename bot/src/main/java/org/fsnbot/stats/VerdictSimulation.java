package org.fsnbot.stats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Monte Carlo check of the verdict rules on noise measured for real: per
 * report, one metric per noise source, each boot's value drawn from that
 * source's residuals (per-boot log deviations of one kernel). A/A runs
 * give false-alarm rates, runs with a true change on every metric give
 * power. Every rule sees the same simulated reports.
 */
public final class VerdictSimulation {

    /**
     * One source of noise: a name, where it was measured, the clock its
     * boots counted ("wall", "instructions": never simulated together),
     * and centred log residuals of per-boot values.
     */
    public record NoiseSource(String name, String origin, String clock, double[] residuals) {
    }

    /** One rule's figures at one budget. */
    public record Result(String rule, int boots, double falseAlarmPerMetric, double falseAlarmPerReport,
            double[] power) {
    }

    public static final double[] EFFECTS_PCT = {1, 2, 5, 10};

    private final List<NoiseSource> sources;
    private final int trials;
    private final long seed;

    public VerdictSimulation(List<NoiseSource> sources, int trials, long seed) {
        if (sources.isEmpty() || trials < 1) {
            throw new IllegalArgumentException("need noise sources and at least one trial");
        }
        this.sources = List.copyOf(sources);
        this.trials = trials;
        this.seed = seed;
    }

    /** Sources with fewer residuals are left out: resampling 3 values makes ties, not noise. */
    public static final int MIN_RESIDUALS = 12;

    public static List<NoiseSource> bundledSources() throws IOException {
        try (InputStream in = VerdictSimulation.class.getResourceAsStream("/fsnbot/noise/residuals.json")) {
            if (in == null) {
                throw new IOException("noise residuals missing from the jar");
            }
            List<NoiseSource> out = new ArrayList<>();
            for (JsonNode s : new ObjectMapper().readTree(in).path("sources")) {
                double[] r = new double[s.path("residuals").size()];
                for (int i = 0; i < r.length; i++) {
                    r[i] = s.path("residuals").get(i).asDouble();
                }
                if (r.length >= MIN_RESIDUALS) {
                    out.add(new NoiseSource(s.path("name").asText(), s.path("origin").asText(),
                            s.path("clock").asText("wall"), r));
                }
            }
            return out;
        }
    }

    public Result run(ComparisonRule rule, int boots) {
        SplittableRandom rnd = new SplittableRandom(seed);
        long alarms = 0;
        long reportsWithAlarm = 0;
        for (int t = 0; t < trials; t++) {
            int[] f = rule.flags(draw(rnd, boots, 0), draw(rnd, boots, 0));
            int n = 0;
            for (int x : f) {
                n += x != 0 ? 1 : 0;
            }
            alarms += n;
            reportsWithAlarm += n > 0 ? 1 : 0;
        }
        double[] power = new double[EFFECTS_PCT.length];
        for (int e = 0; e < EFFECTS_PCT.length; e++) {
            long hits = 0;
            for (int t = 0; t < trials; t++) {
                for (int x : rule.flags(draw(rnd, boots, 0), draw(rnd, boots, EFFECTS_PCT[e]))) {
                    hits += x > 0 ? 1 : 0;
                }
            }
            power[e] = (double) hits / ((long) trials * sources.size());
        }
        return new Result(rule.name(), boots, (double) alarms / ((long) trials * sources.size()),
                (double) reportsWithAlarm / trials, power);
    }

    /** One side of one report: per metric, boots values around 1 (times 1 + effect). */
    private List<double[]> draw(SplittableRandom rnd, int boots, double effectPct) {
        List<double[]> out = new ArrayList<>();
        double shift = Math.log1p(effectPct / 100);
        for (NoiseSource s : sources) {
            double[] v = new double[boots];
            for (int b = 0; b < boots; b++) {
                v[b] = Math.exp(s.residuals()[rnd.nextInt(s.residuals().length)] + shift);
            }
            out.add(v);
        }
        return out;
    }
}
