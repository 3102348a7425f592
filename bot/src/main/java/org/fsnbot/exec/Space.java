package org.fsnbot.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A directory a step may fill, bounded in bytes when it is a tmpfs of its
 * own (Spaces): a patch's build or a guest writing past it gets ENOSPC,
 * not the runner's disk. Closing it removes it and all it holds.
 */
public final class Space implements AutoCloseable {

    private final Path dir;
    private final long bytes;
    private final boolean mounted;
    private final CommandRunner runner;

    Space(Path dir, long bytes, boolean mounted, CommandRunner runner) {
        this.dir = dir;
        this.bytes = bytes;
        this.mounted = mounted;
        this.runner = runner;
    }

    public Path dir() {
        return dir;
    }

    /** Whether the bound holds (a tmpfs of its own), or the directory is plain disk. */
    public boolean bounded() {
        return mounted;
    }

    public long bytes() {
        return bytes;
    }

    @Override
    public void close() throws IOException {
        if (mounted) {
            CommandResult r = runner.run(List.of("umount", dir.toString()), null, Duration.ofMinutes(1));
            if (!r.ok()) {
                // Busy only if a step's process outlived it; the lazy unmount still frees it when that dies.
                runner.check(List.of("umount", "--lazy", dir.toString()), null, Duration.ofMinutes(1));
            }
            Files.deleteIfExists(dir);
        } else {
            runner.check(List.of("rm", "-rf", "--one-file-system", dir.toString()), null, Duration.ofMinutes(10));
        }
    }
}
