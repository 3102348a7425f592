package org.fsnbot.build;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

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
}
