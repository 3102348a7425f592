package org.fsnbot.store;

import java.time.Duration;

/**
 * One line of `fsnbot queue`: a unit waiting or running, where, for how
 * long, and, when running, whether its runner is gone (holds no name:
 * it died, and a coordinator will queue the unit again).
 */
public record QueueEntry(long id, String kind, String title, String state, Placement placement, Duration age) {

    /** Where a unit went: its class, its runner while running, and whether that runner is gone. */
    public record Placement(String runnerClass, String runner, boolean runnerGone) {
    }

    public String runnerClass() {
        return placement.runnerClass();
    }

    public String runner() {
        return placement.runner();
    }

    public boolean runnerGone() {
        return placement.runnerGone();
    }

    /** Where the unit is, in words: `fsnbot queue` and the queue page say the same. */
    public String where() {
        if (runnerGone()) {
            return "running on " + runner() + ", which is gone: a coordinator queues it again";
        }
        return state.equals("running") ? "running on " + runner() : runnerClass().isEmpty()
                ? "waiting (not dispatched yet)" : "waiting for a " + runnerClass() + " runner";
    }
}
