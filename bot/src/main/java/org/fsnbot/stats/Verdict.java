package org.fsnbot.stats;

/** What a comparison concludes, per metric and overall. */
public enum Verdict {
    REGRESSION("regression"),
    IMPROVEMENT("improvement"),
    NO_SIGNIFICANT_CHANGE("no significant change"),
    INCONCLUSIVE("inconclusive"),
    INFRASTRUCTURE_FAILURE("infrastructure failure");

    private final String text;

    Verdict(String text) {
        this.text = text;
    }

    public String text() {
        return text;
    }
}
