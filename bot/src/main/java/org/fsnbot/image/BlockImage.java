package org.fsnbot.image;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.fsnbot.exec.CommandRunner;

/**
 * The guest's block filesystem: an empty ext4 image made with the host's
 * mkfs.ext4 (busybox can only make ext2), attached as a virtio disk.
 */
public final class BlockImage {

    static final int SIZE_MIB = 128;

    private final CommandRunner runner;

    public BlockImage(CommandRunner runner) {
        this.runner = runner;
    }

    public Path build(Path out) throws IOException {
        Files.createDirectories(out.getParent());
        Files.deleteIfExists(out);
        runner.check(List.of("mkfs.ext4", "-q", "-F", "-L", "fsnbot", out.toString(), SIZE_MIB + "M"), null,
                Duration.ofMinutes(2));
        return out;
    }
}
