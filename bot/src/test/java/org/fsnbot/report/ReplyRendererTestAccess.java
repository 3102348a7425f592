package org.fsnbot.report;

import org.fsnbot.stats.Comparison;

/** The renderer test's sample facts and comparison, for the golden mail test in another package. */
public final class ReplyRendererTestAccess {

    /** The fixed versions the test replies name. */
    public static final Versions VERSIONS = ReplyRendererTest.VERSIONS;

    private ReplyRendererTestAccess() {
    }

    public static JobFacts facts() {
        return ReplyRendererTest.facts();
    }

    /** Every line within 80 columns but commands and URLs (see ReplyRendererTest.assertMailWidth). */
    public static void assertMailWidth(String body) {
        ReplyRendererTest.assertMailWidth(body);
    }

    public static Comparison comparison() {
        return ReplyRendererTest.comparison();
    }
}
