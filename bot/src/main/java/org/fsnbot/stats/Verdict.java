package org.fsnbot.stats;

/**
 * What a comparison concludes, per metric and overall. An infrastructure
 * failure is deliberately not a verdict: it never reaches the statistics
 * (see job.Finding.InfrastructureFailed).
 */
public enum Verdict {
    REGRESSION("regression"),
    IMPROVEMENT("improvement"),
    NO_SIGNIFICANT_CHANGE("no significant change"),
    INCONCLUSIVE("inconclusive");

    private final String text;

    Verdict(String text) {
        this.text = text;
    }

    public String text() {
        return text;
    }
}
