package org.fsnbot.testbed;

import java.util.Set;
import org.fsnbot.run.RunResult;

/**
 * The caller's stopping rule (a reply's, a bisection step's): whether the
 * pairs booted so far leave a question another pair could answer, and
 * which workloads such a pair need not run because their question is
 * answered already.
 */
@FunctionalInterface
public interface MorePairs {
    boolean wanted(RunResult soFar, int pairsSoFar);

    /**
     * The workloads whose every verdict metric is decided by the pairs so
     * far: a further pair's boots skip them, so a decided metric stops
     * costing boots. None by default: every pair runs every workload.
     */
    default Set<String> settled(RunResult soFar) {
        return Set.of();
    }
}
