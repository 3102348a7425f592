package org.fsnbot.boot;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/** What to boot: a kernel, the initramfs that runs the job, and an optional disk (the guest's /dev/vda). */
public record Guest(Path kernel, Path initrd, Optional<Path> disk) {
    public Guest {
        Objects.requireNonNull(kernel, "kernel");
        Objects.requireNonNull(initrd, "initrd");
        Objects.requireNonNull(disk, "disk");
    }
}
