package org.fsnbot.testbed.qemu;

import java.util.Locale;

/**
 * Where one measurement is: boots done of those planned, and the time the
 * rest will take at the mean boot time so far (what a person watching a
 * 20-minute TCG run wants to know). One per run; not shared.
 */
final class BootProgress {

    /** Characters of the bar. */
    private static final int BAR = 12;

    private int planned;
    private final int budget;
    private final int atOnce;
    private int done;
    private double seconds;

    BootProgress(int plannedBoots, int budgetBoots) {
        this(plannedBoots, budgetBoots, 1);
    }

    /** Progress of boots that run atOnce at a time (side by side: the time left is shared). */
    BootProgress(int plannedBoots, int budgetBoots, int atOnce) {
        if (atOnce < 1) {
            throw new IllegalArgumentException("at least one boot at a time: " + atOnce);
        }
        this.planned = plannedBoots;
        this.budget = budgetBoots;
        this.atOnce = atOnce;
    }

    /** One more pair was granted. */
    void morePlanned(int boots) {
        planned += boots;
    }

    void booted(double bootSeconds) {
        done++;
        seconds += bootSeconds;
    }

    /**
     * "[######      ] boot 3 of 6, about 2 min 30 s left (2 more at most if
     * a verdict stays open)": one log line, the same on a terminal and in a
     * CI log (no cursor tricks, so nothing is lost when output is a file).
     */
    String line() {
        int left = Math.max(0, planned - done);
        long eta = done == 0 ? 0 : Math.round(left * seconds / done / atOnce);
        String more = budget > planned ? String.format(Locale.ROOT, " (%d more at most if a verdict stays open)",
                budget - planned) : "";
        int filled = planned == 0 ? BAR : Math.min(BAR, done * BAR / planned);
        return String.format(Locale.ROOT, "[%s%s] boot %d of %d, about %d min %02d s left%s", "#".repeat(filled),
                " ".repeat(BAR - filled), done, planned, eta / 60, eta % 60, more);
    }
}
