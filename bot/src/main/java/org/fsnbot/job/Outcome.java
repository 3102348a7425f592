package org.fsnbot.job;

import java.util.Locale;

/**
 * What a job means to a CI script, in the classes test-patch and compare
 * exit with (documented in their --help and docs/cli.md). A failure of
 * ours never shares a class with a verdict on the kernel.
 */
public enum Outcome {
    /** Measured, and no verdict metric regressed (improved, unchanged or inconclusive). */
    NO_REGRESSION(0),
    /** A verdict metric regressed, or the patched kernel alone lost or garbled fsnotify events (the gate). */
    REGRESSION(1),
    /** The candidate does not apply, or a kernel does not build: the input's problem, not a measurement. */
    CANDIDATE_BROKEN(3),
    /**
     * A boot failed twice (panic, hang, QEMU exit, no results), or the base
     * kernel failed the event gate too: ours to fix, never a verdict.
     */
    INFRASTRUCTURE(4);

    /** Bad input or configuration: nothing was run. Not an outcome of a job, but the same exit-code family. */
    public static final int BAD_INPUT_EXIT = 2;

    private final int exitCode;

    Outcome(int exitCode) {
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }

    /** "no-regression", "candidate-broken", ...: the JSON's word for it. */
    public String word() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
