package org.fsnbot.cli;

/** What fsnbot's commands exit with. */
final class ExitCodes {

    static final int OK = 0;

    /** Something failed that is not the input's fault (a poll that could not read everything, a failed gate). */
    static final int TROUBLE = 1;

    /** The input or configuration is bad; nothing was done. */
    static final int BAD_INPUT = 2;

    private ExitCodes() {
    }
}
