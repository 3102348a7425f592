package org.fsnbot.job;

import org.fsnbot.run.RunResult;
import org.fsnbot.stats.AdaptiveSampling;
import org.fsnbot.stats.ChangeEstimator;
import org.fsnbot.testbed.MorePairs;

/**
 * The measurement's stopping rule: one more pair of boots while a verdict
 * metric is still inconclusive, each look made at the plan's per-look
 * alpha so the looks together keep the report's false alarm rate.
 */
public record WhileOpen(AdaptiveSampling plan, ChangeEstimator estimator) implements MorePairs {

    @Override
    public boolean wanted(RunResult soFar, int pairsSoFar) {
        return plan.wantsMore(estimator.compare(soFar.samples()), pairsSoFar);
    }
}
