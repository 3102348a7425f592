package org.fsnbot.job;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.fsnbot.run.RunResult;
import org.fsnbot.stats.AdaptiveSampling;
import org.fsnbot.stats.ChangeEstimator;
import org.fsnbot.stats.MetricComparison;
import org.fsnbot.stats.Verdict;
import org.fsnbot.testbed.MorePairs;

/**
 * The measurement's stopping rule: one more pair of boots while a verdict
 * metric is still inconclusive, each look made at the plan's per-look
 * alpha so the looks together keep the report's false alarm rate. A
 * workload whose verdict metrics are all decided is settled: the further
 * pairs do not run it, and its metrics stay as the look that decided them
 * left them (ChangeEstimator tests each metric at its own look).
 */
public record WhileOpen(AdaptiveSampling plan, ChangeEstimator estimator) implements MorePairs {

    @Override
    public boolean wanted(RunResult soFar, int pairsSoFar) {
        return plan.wantsMore(estimator.compare(soFar.samples()), pairsSoFar);
    }

    @Override
    public Set<String> settled(RunResult soFar) {
        Map<String, Boolean> decided = new HashMap<>();
        for (MetricComparison m : estimator.compare(soFar.samples()).verdictMetrics()) {
            decided.merge(m.key().workload(), m.verdict().orElseThrow() != Verdict.INCONCLUSIVE, Boolean::logicalAnd);
        }
        Set<String> out = new TreeSet<>();
        decided.forEach((workload, all) -> {
            if (all) {
                out.add(workload);
            }
        });
        return out;
    }
}
