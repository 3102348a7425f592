package org.fsnbot.cli;

import org.fsnbot.job.Outcome;

/**
 * What fsnbot's commands exit with. A job's class comes from its Outcome
 * (one mapping, shared with the JSON's exitCode); the lines below are what
 * --help prints (docs/cli.md has the same table).
 */
final class ExitCodes {

    static final int OK = Outcome.NO_REGRESSION.exitCode();

    /** A verdict metric regressed, or the patched kernel alone lost fsnotify events. */
    static final int REGRESSION = Outcome.REGRESSION.exitCode();

    /** The input or configuration is bad; nothing was done. */
    static final int BAD_INPUT = Outcome.BAD_INPUT_EXIT;

    /** fsnbot itself could not finish (a poll that could not read everything, an unexpected error). */
    static final int TROUBLE = Outcome.INFRASTRUCTURE.exitCode();

    static final String LIST_NO_REGRESSION = "0:measured, no regression (improved, unchanged or inconclusive)";
    static final String LIST_REGRESSION = "1:a regression (or the patched kernel alone lost fsnotify events)";
    static final String LIST_BAD_INPUT = "2:bad input or configuration; nothing was run";
    static final String LIST_BROKEN = "3:the patch does not apply, or a kernel does not build";
    static final String LIST_INFRA = "4:infrastructure failure (boot failed twice, the base lost events, or fsnbot"
            + " failed): no verdict";

    private ExitCodes() {
    }
}
