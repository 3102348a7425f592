package org.fsnbot.stats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * Monte Carlo check of the verdict rules: per report, one metric per
 * noise model, each boot's value drawn from it (measured residuals of one
 * kernel, or a model of noise nobody tuned to). A/A runs give false-alarm
 * rates, runs with a true change on every metric give power. Every rule
 * sees the same simulated reports. fsnbot is also run as a calibrated
 * runner runs it: before each report, an A/A calibration on the same
 * noise files each metric's CV as its floor, and the boots calibrate
 * recommends are the boots the report gets.
 */
public final class VerdictSimulation {

    /**
     * One source of measured noise: a name, where it was measured, the clock
     * its boots counted ("wall", "instructions": never simulated together),
     * and centred log residuals of per-boot values, resampled.
     */
    public record NoiseSource(String name, String origin, String clock, double[] residuals) implements NoiseModel {

        @Override
        public double[] side(SplittableRandom rnd, int boots, boolean patched) {
            double[] v = new double[boots];
            for (int b = 0; b < boots; b++) {
                v[b] = residuals[rnd.nextInt(residuals.length)];
            }
            return v;
        }
    }

    /** One rule's figures at one budget. */
    public record Result(String rule, int boots, double falseAlarmPerMetric, double falseAlarmPerReport,
            double[] power) {
    }

    /**
     * A calibrated runner's reports at the boots calibrate recommended: their
     * mean and most, A/A alarms per report, power at 2% at the report's
     * boots and at each metric's own.
     */
    public record Planned(double meanBoots, int mostBoots, double falseAlarmPerReport, double power,
            double ownPower) {
    }

    public static final double[] EFFECTS_PCT = {1, 2, 5, 10};

    private final List<NoiseModel> models;
    private final int trials;
    private final long seed;
    /** Every model's boots are a runner's own: the rules judge them as a job does, else as run files. */
    private final boolean ownBoots;

    public VerdictSimulation(List<? extends NoiseModel> models, int trials, long seed) {
        if (models.isEmpty() || trials < 1) {
            throw new IllegalArgumentException("need noise models and at least one trial");
        }
        this.models = List.copyOf(models);
        this.trials = trials;
        this.seed = seed;
        this.ownBoots = this.models.stream().allMatch(NoiseModel::ownBoots);
    }

    /** The rule as it judges this simulation's boots (ComparisonRule.ofUnknownProvenance). */
    private ComparisonRule judging(ComparisonRule rule) {
        return ownBoots ? rule : rule.ofUnknownProvenance();
    }

    int metrics() {
        return models.size();
    }

    int trials() {
        return trials;
    }

    long seed() {
        return seed;
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
        return run(rule.name(), rnd -> rule, boots);
    }

    /**
     * fsnbot on a runner calibrated with calibrationBoots a side before each
     * report: every metric's floor is the CV that calibration measured.
     */
    public Result runCalibrated(double alpha, int boots, int calibrationBoots) {
        return run("fsnbot, calibrated on " + calibrationBoots + "+" + calibrationBoots + " boots",
                rnd -> new FsnbotRule(alpha, Significance.MIN_EFFECT_PCT, calibration(rnd, calibrationBoots)), boots);
    }

    /** A/A false alarms per report only (no power): the share of reports with any metric called. */
    public double falseAlarmsPerReport(ComparisonRule rule, int boots) {
        return aa(rnd -> rule, boots, new SplittableRandom(seed))[1];
    }

    /** The same for fsnbot calibrated before each report, as runCalibrated. */
    public double falseAlarmsPerReportCalibrated(double alpha, int boots, int calibrationBoots) {
        return aa(rnd -> new FsnbotRule(alpha, Significance.MIN_EFFECT_PCT, calibration(rnd, calibrationBoots)),
                boots, new SplittableRandom(seed))[1];
    }

    /** {alarms per metric, reports with an alarm}, as shares. */
    private double[] aa(Function<SplittableRandom, ComparisonRule> ruleFor, int boots, SplittableRandom rnd) {
        long alarms = 0;
        long reportsWithAlarm = 0;
        for (int t = 0; t < trials; t++) {
            ComparisonRule rule = judging(ruleFor.apply(rnd));
            int n = alarms(rule.flags(draw(rnd, boots, 0, false), draw(rnd, boots, 0, true)));
            alarms += n;
            reportsWithAlarm += n > 0 ? 1 : 0;
        }
        return new double[] {(double) alarms / ((long) trials * models.size()), (double) reportsWithAlarm / trials};
    }

    private Result run(String name, Function<SplittableRandom, ComparisonRule> ruleFor, int boots) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] aa = aa(ruleFor, boots, rnd);
        double[] power = new double[EFFECTS_PCT.length];
        for (int e = 0; e < EFFECTS_PCT.length; e++) {
            long hits = 0;
            for (int t = 0; t < trials; t++) {
                ComparisonRule rule = judging(ruleFor.apply(rnd));
                for (int x : rule.flags(draw(rnd, boots, 0, false), draw(rnd, boots, EFFECTS_PCT[e], true))) {
                    hits += x > 0 ? 1 : 0;
                }
            }
            power[e] = (double) hits / ((long) trials * models.size());
        }
        return new Result(name, boots, aa[0], aa[1], power);
    }

    /**
     * Each report after its own calibration (calibrationBoots a side), at
     * the boots calibrate then recommends (PowerPlan.bootsFor of each
     * metric's CV, none above cap). A/A alarms and power against a true 2%
     * on every metric are of reports at the report's boots (its metrics'
     * most); a metric's own power is of a report at that metric's own
     * boots in which it alone changed by 2% (Holm's worst case for it).
     */
    public Planned runPlanned(double alpha, int calibrationBoots, int cap) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Map<Double, Integer> plans = new HashMap<>();
        long boots = 0;
        int most = 0;
        long reportsWithAlarm = 0;
        long hits = 0;
        long ownHits = 0;
        for (int t = 0; t < trials; t++) {
            Map<String, Double> cv = new HashMap<>();
            ComparisonRule rule = judging(new FsnbotRule(alpha, Significance.MIN_EFFECT_PCT,
                    calibration(rnd, calibrationBoots, cv)));
            int[] own = new int[models.size()];
            int n = 3;
            for (int i = 0; i < own.length; i++) {
                double planned = PowerPlan.twoDigitsUp(PowerPlan.plannedCv(cv.get(FsnbotRule.metric(i)),
                        2 * calibrationBoots));
                own[i] = Math.min(cap, plans.computeIfAbsent(planned, x -> PowerPlan.bootsFor(x, models.size())));
                n = Math.max(n, own[i]);
            }
            boots += n;
            most = Math.max(most, n);
            reportsWithAlarm += alarms(rule.flags(draw(rnd, n, 0, false), draw(rnd, n, 0, true))) > 0 ? 1 : 0;
            for (int x : rule.flags(draw(rnd, n, 0, false), draw(rnd, n, Significance.MIN_EFFECT_PCT, true))) {
                hits += x > 0 ? 1 : 0;
            }
            for (int i = 0; i < own.length; i++) {
                List<double[]> patched = draw(rnd, own[i], 0, true);
                patched.set(i, models.get(i).side(rnd, own[i], true));
                for (int b = 0; b < own[i]; b++) {
                    patched.get(i)[b] = Math.exp(patched.get(i)[b] + Math.log1p(Significance.MIN_EFFECT_PCT / 100));
                }
                ownHits += rule.flags(draw(rnd, own[i], 0, false), patched)[i] > 0 ? 1 : 0;
            }
        }
        long metricTrials = (long) trials * models.size();
        return new Planned((double) boots / trials, most, (double) reportsWithAlarm / trials,
                (double) hits / metricTrials, (double) ownHits / metricTrials);
    }

    private NoiseFloor calibration(SplittableRandom rnd, int boots) {
        return calibration(rnd, boots, new HashMap<>());
    }

    /** An A/A calibration on the models' noise: each metric's CV over both sides' boots, as NoiseEstimate has it. */
    NoiseFloor calibration(SplittableRandom rnd, int boots, Map<String, Double> cvOut) {
        for (int i = 0; i < models.size(); i++) {
            double[] a = models.get(i).side(rnd, boots, false);
            double[] b = models.get(i).side(rnd, boots, false);
            double[] all = new double[2 * boots];
            System.arraycopy(a, 0, all, 0, boots);
            System.arraycopy(b, 0, all, boots, boots);
            for (int k = 0; k < all.length; k++) {
                all[k] = Math.exp(all[k]);
            }
            cvOut.put(FsnbotRule.metric(i), NoiseEstimate.cvPct(all));
        }
        return FsnbotRule.floor(cvOut);
    }

    private static int alarms(int[] flags) {
        int n = 0;
        for (int x : flags) {
            n += x != 0 ? 1 : 0;
        }
        return n;
    }

    /** One side of one report: per metric, boots values around 1 (times 1 + effect). */
    List<double[]> draw(SplittableRandom rnd, int boots, double effectPct, boolean patched) {
        List<double[]> out = new ArrayList<>();
        double shift = Math.log1p(effectPct / 100);
        for (NoiseModel m : models) {
            double[] v = m.side(rnd, boots, patched);
            for (int b = 0; b < boots; b++) {
                v[b] = Math.exp(v[b] + shift);
            }
            out.add(v);
        }
        return out;
    }
}
