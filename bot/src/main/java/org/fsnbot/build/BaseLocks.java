package org.fsnbot.build;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Optional;

/**
 * One writer at a time per base on a home: whoever switches a base's
 * checkout (applying a candidate, building the base or the patched kernel,
 * checking the checkout is clean after) holds the base's lock, a file lock
 * under the home, so a second fsnbot process on the same home (a
 * test-patch beside a run, a second test lane) waits instead of changing
 * the tree under the first. Boots read only the finished builds and hold
 * nothing: jobs on one base measure side by side.
 */
public final class BaseLocks {

    /** Work done while holding a base's lock. */
    @FunctionalInterface
    public interface Locked<T> {
        T run() throws IOException;
    }

    /** How often a bounded wait for a lock looks again. */
    private static final Duration POLL = Duration.ofMillis(500);

    private final Path dir;

    /** root: the home whose checkouts and builds the locks guard (they live in root/locks). */
    public BaseLocks(Path root) {
        this.dir = root.resolve("locks");
    }

    /** The file whose POSIX lock is baseCommit's lock. */
    public Path file(String baseCommit) {
        if (!baseCommit.matches("[0-9a-f]{12,64}")) {
            throw new IllegalArgumentException("a base lock is named by a commit id: " + baseCommit);
        }
        return dir.resolve(baseCommit.substring(0, 12) + ".lock");
    }

    /** Runs work holding baseCommit's lock, waiting for it as long as another process holds it. */
    public <T> T holding(String baseCommit, Locked<T> work) throws IOException {
        Path file = file(baseCommit);
        Files.createDirectories(dir);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            FileLock lock = ch.lock();
            try {
                return work.run();
            } finally {
                lock.release();
            }
        }
    }

    /**
     * Runs work holding baseCommit's lock if it is free within patience;
     * empty, and work not run, when another process or this one held it
     * all that time. For work that can do without the base (reading
     * another base's checkout while holding one's own): a bounded wait
     * keeps two such jobs from waiting on each other for good.
     */
    public <T> Optional<T> tryHolding(String baseCommit, Duration patience, Locked<T> work) throws IOException {
        Path file = file(baseCommit);
        Files.createDirectories(dir);
        long deadline = System.nanoTime() + patience.toNanos();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            FileLock lock = tryLock(ch);
            while (lock == null && System.nanoTime() < deadline) {
                try {
                    Thread.sleep(POLL.toMillis());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return Optional.empty();
                }
                lock = tryLock(ch);
            }
            if (lock == null) {
                return Optional.empty();
            }
            try {
                return Optional.ofNullable(work.run());
            } finally {
                lock.release();
            }
        }
    }

    /** The lock if free now; null when another process holds it, or this one (through another channel). */
    private static FileLock tryLock(FileChannel ch) throws IOException {
        try {
            return ch.tryLock();
        } catch (OverlappingFileLockException heldHere) {
            return null;
        }
    }
}
