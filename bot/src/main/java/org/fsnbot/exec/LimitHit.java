package org.fsnbot.exec;

/**
 * A bound a step ran into, as the kernel or fsnbot counted it: the limit
 * and how often it struck (processes the OOM killer ended, forks refused,
 * bytes of output over the limit).
 */
public record LimitHit(Kind kind, long limit, long count) {

    /** Which bound: the step's memory, its processes (both its cgroup's), or how much it may print. */
    public enum Kind {
        MEMORY,
        PROCESSES,
        OUTPUT
    }

    public LimitHit {
        java.util.Objects.requireNonNull(kind);
        if (limit < 0 || count < 1) {
            throw new IllegalArgumentException("a limit hit needs a limit and at least one hit");
        }
    }
}
