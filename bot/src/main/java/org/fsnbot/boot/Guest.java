package org.fsnbot.boot;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What to boot: a kernel, the initramfs that runs the job, an optional
 * disk (the guest's /dev/vda), and the job's workloads this boot leaves
 * out (decided by earlier boots: the guest's init skips them, told on the
 * kernel command line, so the names are checked to be plain words).
 */
public record Guest(Path kernel, Path initrd, Optional<Path> disk, Set<String> notRun) {

    /** A workload's name as the profile and the guest's init spell it. */
    private static final String NAME = "[a-z0-9][a-z0-9-]{0,63}";

    public Guest {
        Objects.requireNonNull(kernel, "kernel");
        Objects.requireNonNull(initrd, "initrd");
        Objects.requireNonNull(disk, "disk");
        for (String w : notRun) {
            if (!w.matches(NAME)) {
                throw new IllegalArgumentException("not a workload name: " + w);
            }
        }
        notRun = Set.copyOf(notRun);
    }

    /** A guest that runs every workload of its job. */
    public Guest(Path kernel, Path initrd, Optional<Path> disk) {
        this(kernel, initrd, disk, Set.of());
    }

    /** The same guest leaving out these workloads. */
    public Guest withoutWorkloads(Set<String> names) {
        return names.equals(notRun) ? this : new Guest(kernel, initrd, disk, names);
    }

    /** The kernel parameter that tells the guest's init what to leave out, empty when it runs everything. */
    public String notRunParameter() {
        return notRun.isEmpty() ? "" : " fsnbot.skip=" + String.join(",", new TreeSet<>(notRun));
    }
}
