package org.fsnbot.exec;

/**
 * How much of a command's output fsnbot keeps, and how much it lets the
 * command print at all. Output is the command's to choose (a patch's
 * Makefile prints what it likes), so every bound is in bytes: a line is
 * cut after lineBytes, the kept tail holds at most keptBytes and keptLines,
 * and a command that prints more than stopAfterBytes in all is killed.
 */
public record OutputLimits(int lineBytes, long keptBytes, int keptLines, long stopAfterBytes) {

    public OutputLimits {
        if (lineBytes < 80 || keptLines < 1 || keptBytes < lineBytes || stopAfterBytes < keptBytes) {
            throw new IllegalArgumentException("output limits: need 80 <= lineBytes <= keptBytes <= stopAfterBytes"
                    + " and keptLines >= 1, got " + lineBytes + ", " + keptBytes + ", " + keptLines + ", "
                    + stopAfterBytes);
        }
    }

    /**
     * Enough for any command fsnbot runs: a kernel build's error lines are
     * short and its whole log a few MiB (a tinyconfig build prints well
     * under 1 MiB); 64 MiB of output is something else, and is stopped.
     */
    public static OutputLimits defaults() {
        return new OutputLimits(4096, 8L << 20, 20_000, 64L << 20);
    }
}
