package org.fsnbot.stats;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fsnbot.run.MetricInfo;
import org.fsnbot.run.MetricKey;

/**
 * fsnbot's own verdict engine, wrapped as a rule for the simulation: all
 * metrics form one report, judged in one look with the given noise floor
 * (a job's before calibration, or a calibration's), on boots a job booted
 * (ownBoots, as MeasurePhase judges them) or on run files of unknown
 * provenance (as compare-runs judges files without run ids).
 */
public record FsnbotRule(double alpha, double minEffectPct, NoiseFloor floor, boolean ownBoots)
        implements ComparisonRule {

    /** As a job judges its own boots with the given floor. */
    public FsnbotRule(double alpha, double minEffectPct, NoiseFloor floor) {
        this(alpha, minEffectPct, floor, true);
    }

    /** As a job on an uncalibrated wall-clock runner judges: its least CV, the assumed noise while boots are few. */
    public FsnbotRule(double alpha, double minEffectPct) {
        this(alpha, minEffectPct, NoiseFloor.uncalibrated(0.1));
    }

    @Override
    public ComparisonRule ofUnknownProvenance() {
        return new FsnbotRule(alpha, minEffectPct, floor, false);
    }

    @Override
    public String name() {
        return "fsnbot (Welch log, Holm, >=" + (int) minEffectPct + "%)";
    }

    /** The simulated metric i's name. */
    static String metric(int i) {
        return "m" + i;
    }

    /** A floor from calibrated CVs by simulated metric name. */
    static NoiseFloor floor(Map<String, Double> cvByMetric) {
        Map<MetricKey, Double> cv = new HashMap<>();
        cvByMetric.forEach((m, v) -> cv.put(new MetricKey("sim", "r", m), v));
        return new NoiseFloor(0.01, cv);
    }

    @Override
    public int[] flags(List<double[]> base, List<double[]> patched) {
        List<MetricKey> keys = new ArrayList<>();
        Set<String> metrics = new HashSet<>();
        for (int i = 0; i < base.size(); i++) {
            metrics.add(metric(i));
            keys.add(new MetricKey("sim", "r", metric(i)));
        }
        MetricPolicy policy = new MetricPolicy(Map.of("sim", metrics), Map.of("sim", minEffectPct), alpha)
                .withFloor(floor);
        policy = ownBoots ? policy.withOwnBoots() : policy;
        Map<String, Verdict> verdicts = new HashMap<>();
        for (MetricComparison c : new ChangeEstimator(policy).compareBoots(keys, TIME, base, patched).metrics()) {
            verdicts.put(c.key().metric(), c.verdict().orElseThrow());
        }
        int[] out = new int[base.size()];
        for (int i = 0; i < out.length; i++) {
            Verdict v = verdicts.get(metric(i));
            // Simulated metrics are times: a regression is a higher value.
            out[i] = v == Verdict.REGRESSION ? 1 : v == Verdict.IMPROVEMENT ? -1 : 0;
        }
        return out;
    }

    private static final MetricInfo TIME = new MetricInfo("row", "ns", true);
}
