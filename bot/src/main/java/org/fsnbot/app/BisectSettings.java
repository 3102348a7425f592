package org.fsnbot.app;

/**
 * The bisect: section (docs/bisect.md): whether a watched tree's
 * regression is bisected on its own (auto), and the most boots and wall
 * time one bisection may take.
 */
public record BisectSettings(boolean auto, int maxBoots, int maxMinutes) {
    public BisectSettings {
        if (maxBoots < 4 || maxMinutes < 1) {
            throw new IllegalArgumentException("bisect.maxBoots must be >= 4 and bisect.maxMinutes >= 1");
        }
    }
}
