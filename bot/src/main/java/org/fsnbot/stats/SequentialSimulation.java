package org.fsnbot.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.fsnbot.run.MetricInfo;
import org.fsnbot.run.MetricKey;

/**
 * VerdictSimulation's reports measured as a job measures them, look by
 * look: what the whole sequence calls (its false alarms: the looks, Holm
 * in its graphical form and the early stops together) and what leaving
 * decided workloads out of the later pairs saves. stats-sim's third table.
 */
public record SequentialSimulation(VerdictSimulation reports) {

    /**
     * Reports measured as a job measures them (run): the share
     * with any metric called (false alarms when nothing changed, else
     * calls of the change), the share of metrics called a regression, the
     * boots per kernel reached, and the workload runs a side paid: with
     * decided workloads left out of the later pairs, and had every pair
     * run every workload to the last look.
     */
    public record Result(double reportsCalling, double regressions, double meanBoots, double workloadRuns,
            double everyWorkloadRuns) {
    }

    /**
     * Each report after its own calibration (calibrationBoots a side), then
     * measured as a job measures it: initialBoots pairs, then one pair at a
     * time while a verdict metric is open, up to maxBoots; every metric is
     * its own workload, left out of the pairs after the look that decided
     * it (WhileOpen's rule), and judged at its own look (ChangeEstimator).
     * Every metric of the patched side is shifted by effectPct (0: A/A).
     */
    public Result run(double alpha, int initialBoots, int maxBoots, int calibrationBoots,
            double effectPct) {
        AdaptiveSampling plan = new AdaptiveSampling(initialBoots, maxBoots, alpha);
        SplittableRandom rnd = new SplittableRandom(reports.seed());
        MetricInfo time = new MetricInfo("row", "ns", true);
        List<MetricKey> keys = new ArrayList<>();
        Map<String, Set<String>> verdict = new HashMap<>();
        for (int i = 0; i < reports.metrics(); i++) {
            keys.add(new MetricKey("w" + i, "r", "t"));
            verdict.put("w" + i, Set.of("t"));
        }
        long calling = 0;
        long regressions = 0;
        long boots = 0;
        long runs = 0;
        long everyRuns = 0;
        for (int t = 0; t < reports.trials(); t++) {
            Map<String, Double> cv = new HashMap<>();
            reports.calibration(rnd, calibrationBoots, cv);
            Map<MetricKey, Double> floor = new HashMap<>();
            for (int i = 0; i < reports.metrics(); i++) {
                floor.put(keys.get(i), cv.get(FsnbotRule.metric(i)));
            }
            ChangeEstimator rule = new ChangeEstimator(new MetricPolicy(verdict, Map.of(), alpha)
                    .withLooks(plan.spending()).withFloor(new NoiseFloor(0.01, floor)).withOwnBoots());
            List<double[]> base = reports.draw(rnd, maxBoots, 0, false);
            List<double[]> patched = reports.draw(rnd, maxBoots, effectPct, true);
            int[] have = new int[reports.metrics()];
            boolean[] settled = new boolean[reports.metrics()];
            Comparison c = null;
            int pairs = 0;
            while (pairs < maxBoots) {
                pairs++;
                for (int i = 0; i < have.length; i++) {
                    if (!settled[i]) {
                        have[i]++;
                        runs++;
                    }
                }
                if (pairs < initialBoots) {
                    continue;
                }
                List<double[]> b = new ArrayList<>();
                List<double[]> p = new ArrayList<>();
                for (int i = 0; i < have.length; i++) {
                    b.add(Arrays.copyOf(base.get(i), have[i]));
                    p.add(Arrays.copyOf(patched.get(i), have[i]));
                }
                c = rule.compareBoots(keys, time, b, p);
                for (MetricComparison m : c.metrics()) {
                    settled[keys.indexOf(m.key())] = m.verdict().orElseThrow() != Verdict.INCONCLUSIVE;
                }
                if (!plan.wantsMore(c, pairs)) {
                    break;
                }
            }
            boots += pairs;
            everyRuns += (long) pairs * reports.metrics();
            long called = c.metrics().stream().filter(m -> m.verdict().orElseThrow() == Verdict.REGRESSION
                    || m.verdict().orElseThrow() == Verdict.IMPROVEMENT).count();
            calling += called > 0 ? 1 : 0;
            regressions += c.metrics().stream().filter(m -> m.verdict().orElseThrow() == Verdict.REGRESSION).count();
        }
        int trials = reports.trials();
        return new Result((double) calling / trials, (double) regressions / ((long) trials * reports.metrics()),
                (double) boots / trials, (double) runs / trials, (double) everyRuns / trials);
    }
}
