package org.fsnbot.stats;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fsnbot.run.MetricInfo;
import org.fsnbot.run.MetricKey;
import org.fsnbot.run.Sample;
import org.fsnbot.run.Side;

/** fsnbot's own verdict engine, wrapped as a rule for the simulation: all metrics form one report. */
public record FsnbotRule(double alpha, double minEffectPct) implements ComparisonRule {

    @Override
    public String name() {
        return "fsnbot (Welch log, Holm, >=" + (int) minEffectPct + "%)";
    }

    @Override
    public int[] flags(List<double[]> base, List<double[]> patched) {
        List<Sample> samples = new ArrayList<>();
        Set<String> metrics = new HashSet<>();
        for (int i = 0; i < base.size(); i++) {
            String m = "m" + i;
            metrics.add(m);
            add(samples, Side.BASE, m, base.get(i));
            add(samples, Side.PATCHED, m, patched.get(i));
        }
        MetricPolicy policy = new MetricPolicy(Map.of("sim", metrics), Map.of("sim", minEffectPct), alpha);
        Map<String, Verdict> verdicts = new HashMap<>();
        for (MetricComparison c : new ChangeEstimator(policy).compare(samples).metrics()) {
            verdicts.put(c.key().metric(), c.verdict().orElseThrow());
        }
        int[] out = new int[base.size()];
        for (int i = 0; i < out.length; i++) {
            Verdict v = verdicts.get("m" + i);
            // Simulated metrics are times: a regression is a higher value.
            out[i] = v == Verdict.REGRESSION ? 1 : v == Verdict.IMPROVEMENT ? -1 : 0;
        }
        return out;
    }

    private static final MetricInfo TIME = new MetricInfo("row", "ns", true);

    private static void add(List<Sample> samples, Side side, String metric, double[] boots) {
        for (int b = 0; b < boots.length; b++) {
            samples.add(new Sample(side, b, 0, new MetricKey("sim", "r", metric), TIME, boots[b]));
        }
    }
}
