package org.fsnbot.app;

/**
 * The bisect: section (docs/bisect.md): whether a watched tree's
 * regression is bisected on its own (auto), the most boots and wall time
 * one bisection may take, and how far this runner's kernels built from
 * different commits scatter whatever the commits change (layout), in %.
 */
public record BisectSettings(boolean auto, int maxBoots, int maxMinutes, double buildScatterPct) {
    public BisectSettings {
        if (maxBoots < 4 || maxMinutes < 1) {
            throw new IllegalArgumentException("bisect.maxBoots must be >= 4 and bisect.maxMinutes >= 1");
        }
        if (!(buildScatterPct >= 0 && buildScatterPct <= 20)) {
            throw new IllegalArgumentException("bisect.buildScatterPct is a standard deviation in % (0 to 20): "
                    + buildScatterPct);
        }
    }
}
