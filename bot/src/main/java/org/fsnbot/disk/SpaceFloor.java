package org.fsnbot.disk;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * The free space of the file system fsnbot's home is on, against the
 * floor below which nothing new is taken in: a build or a boot that runs
 * out of space fails as an infrastructure failure, and a mirror or the
 * database that runs out of space may lose what it was writing.
 */
public final class SpaceFloor {

    private final Path where;
    private final long minFreeBytes;

    public SpaceFloor(Path where, long minFreeBytes) {
        this.where = Objects.requireNonNull(where);
        if (minFreeBytes < 0) {
            throw new IllegalArgumentException("a floor of free space is not negative: " + minFreeBytes);
        }
        this.minFreeBytes = minFreeBytes;
    }

    /** Why intake pauses now (free space under the floor, or unreadable), or empty when it need not. */
    public Optional<String> shortOf() {
        if (minFreeBytes == 0) {
            return Optional.empty();
        }
        long free;
        try {
            free = Files.getFileStore(existing(where)).getUsableSpace();
        } catch (IOException e) {
            return Optional.of("the free space under " + where + " cannot be read: " + e.getMessage());
        }
        if (free >= minFreeBytes) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "%s free on the file system of %s, below the floor of %s"
                + " (disk.minFreeGiB): intake and measuring pause until there is room", gib(free), where,
                gib(minFreeBytes)));
    }

    /** where, else its nearest existing parent: the home may not have been made yet. */
    private static Path existing(Path p) {
        Path q = p.toAbsolutePath();
        while (q != null && !Files.exists(q)) {
            q = q.getParent();
        }
        return q == null ? Path.of("/") : q;
    }

    static String gib(long bytes) {
        return String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30));
    }
}
