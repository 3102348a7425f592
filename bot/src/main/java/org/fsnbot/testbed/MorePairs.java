package org.fsnbot.testbed;

import org.fsnbot.run.RunResult;

/**
 * The caller's stopping rule (a reply's, a bisection step's): whether the
 * pairs booted so far leave a question another pair could answer.
 */
@FunctionalInterface
public interface MorePairs {
    boolean wanted(RunResult soFar, int pairsSoFar);
}
