package org.fsnbot.stats;

import java.util.Arrays;

/**
 * Values that are one run as far as anyone can tell: what the engine
 * calls nothing from when it cannot know where boots came from
 * (MetricPolicy.ownBoots).
 */
public final class OneRun {

    /** Values closer than this share of their size are one value to the flat guard. */
    static final double NEAR_COPY = 1e-4;

    private OneRun() {
    }

    /**
     * Two values or more that all agree within NEAR_COPY of their size:
     * one run given again, with or without its numbers retouched (a copy
     * whose values differ in the sixth digit passed the exact test and
     * gave 31-60% false alarms at 5-20 boots). Wall-clock runs do not
     * agree that closely (the sources stats-sim replays vary 1.9-29% from
     * run to run, on this host and under TCG), so copies and counts fall
     * under it, and counts on fsnbot's own boots are judged as what they
     * are (MetricPolicy.ownBoots).
     */
    public static boolean looksRepeated(double[] v) {
        if (v.length < 2) {
            return false;
        }
        double lo = Arrays.stream(v).min().getAsDouble();
        double hi = Arrays.stream(v).max().getAsDouble();
        return hi - lo <= NEAR_COPY * Math.max(Math.abs(lo), Math.abs(hi));
    }
}
