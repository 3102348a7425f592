package org.fsnbot.git;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.stream.Stream;
import org.eclipse.jgit.api.CloneCommand;
import org.eclipse.jgit.api.FetchCommand;
import org.eclipse.jgit.lib.EmptyProgressMonitor;

/**
 * Bounds on one clone or fetch: a URL a mail names may lead to a server that
 * stalls, trickles or sends without end. JGit has a network timeout (each
 * read) but neither a wall time nor a size limit for a fetch, so a progress
 * monitor it polls while transferring cancels the transfer when either is
 * exceeded; the size is what the repository's directory holds.
 */
public record TransferLimits(Duration ioTimeout, Duration wallTime, long maxBytes) {

    /** Lore epochs are ~1 GiB each; kernel trees a few GiB. */
    public static final TransferLimits DEFAULT = new TransferLimits(Duration.ofMinutes(2), Duration.ofHours(1),
            8L << 30);

    public TransferLimits {
        if (ioTimeout.isNegative() || ioTimeout.isZero() || wallTime.isNegative() || wallTime.isZero()
                || maxBytes <= 0) {
            throw new IllegalArgumentException("transfer limits must be positive: " + ioTimeout + ", " + wallTime
                    + ", " + maxBytes);
        }
    }

    /** Bounds a fetch into gitDir; the watch says afterwards whether a limit cancelled it. */
    public Watch limit(FetchCommand fetch, Path gitDir, Clock clock) {
        Watch w = new Watch(this, gitDir, clock);
        fetch.setTimeout(seconds()).setProgressMonitor(w);
        return w;
    }

    /** Bounds a clone into gitDir; the watch says afterwards whether a limit cancelled it. */
    public Watch limit(CloneCommand clone, Path gitDir, Clock clock) {
        Watch w = new Watch(this, gitDir, clock);
        clone.setTimeout(seconds()).setProgressMonitor(w);
        return w;
    }

    private int seconds() {
        return (int) Math.min(Integer.MAX_VALUE, Math.max(1, ioTimeout.toSeconds()));
    }

    /**
     * Watches one transfer: JGit asks isCancelled between progress updates,
     * and a cancelled fetch fails with the reason in over().
     */
    public static final class Watch extends EmptyProgressMonitor {
        private static final Duration SIZE_EVERY = Duration.ofSeconds(1);

        private final TransferLimits limits;
        private final Path gitDir;
        private final Clock clock;
        private final Instant deadline;
        private Instant sizedAt = Instant.MIN;
        private String over;

        Watch(TransferLimits limits, Path gitDir, Clock clock) {
            this.limits = limits;
            this.gitDir = gitDir;
            this.clock = clock;
            this.deadline = clock.instant().plus(limits.wallTime());
        }

        @Override
        public boolean isCancelled() {
            Instant now = clock.instant();
            if (over == null && now.isAfter(deadline)) {
                over = "took longer than " + limits.wallTime().toMinutes() + " min";
            }
            if (over == null && Duration.between(sizedAt, now).compareTo(SIZE_EVERY) >= 0) {
                sizedAt = now;
                long size = size(gitDir);
                if (size > limits.maxBytes()) {
                    over = "grew past " + limits.maxBytes() + " bytes";
                }
            }
            return over != null;
        }

        @Override
        public void endTask() {
            // A pack has just been written: the moment the size is most worth a look.
            sizedAt = Instant.MIN;
        }

        /**
         * After the transfer: fails when it ended over a limit (a transfer too
         * short for a look while it ran, or a server that ignored a cancel).
         */
        public void verify() throws IOException {
            if (over == null && size(gitDir) > limits.maxBytes()) {
                over = "grew past " + limits.maxBytes() + " bytes";
            }
            if (over != null) {
                throw new IOException(over);
            }
        }

        /** Why the transfer was cancelled by a limit, if it was. */
        public Optional<String> over() {
            return Optional.ofNullable(over);
        }

        private static long size(Path dir) {
            if (!Files.isDirectory(dir)) {
                return 0;
            }
            try (Stream<Path> files = Files.walk(dir)) {
                return files.filter(Files::isRegularFile).mapToLong(f -> {
                    try {
                        return Files.size(f);
                    } catch (IOException e) {
                        return 0;
                    }
                }).sum();
            } catch (IOException | UncheckedIOException e) {
                return 0;
            }
        }
    }
}
