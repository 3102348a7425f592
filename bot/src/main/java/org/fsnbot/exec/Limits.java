package org.fsnbot.exec;

/**
 * Resource limits of one sandboxed step, per process (rlimits) except
 * processes, which counts every process of the sandbox's user, and
 * scratchBytes, the size of its private /tmp and /var/tmp.
 */
public record Limits(long cpuSeconds, long addressSpaceBytes, int processes, long fileSizeBytes, long scratchBytes) {

    private static final long GIB = 1L << 30;

    public Limits {
        if (cpuSeconds < 1 || addressSpaceBytes < 64L << 20 || processes < 8 || fileSizeBytes < 1 << 20
                || scratchBytes < 1 << 20) {
            throw new IllegalArgumentException("sandbox limits too small to run anything: cpu " + cpuSeconds
                    + " s, address space " + addressSpaceBytes + ", processes " + processes + ", file size "
                    + fileSizeBytes + ", scratch " + scratchBytes);
        }
    }

    /**
     * A kernel build: cc1 and ld of a tinyconfig kernel stay well under
     * 4 GiB, make -jN with its compilers well under 512 processes; the
     * largest file a build writes (vmlinux.o) is far below 2 GiB.
     */
    public static Limits build() {
        return new Limits(3600, 4 * GIB, 512, 2 * GIB, GIB);
    }

    /**
     * A QEMU boot: the guest's memory plus TCG's 1 GiB code buffer and
     * QEMU's own mappings; QEMU runs a thread per vCPU and a few workers.
     * Scratch holds the disk's snapshot overlay.
     */
    public static Limits boot(long guestMemoryMiB, long wallSeconds) {
        return new Limits(Math.max(60, 4 * wallSeconds), (guestMemoryMiB << 20) + 4 * GIB, 256, 2 * GIB, 2 * GIB);
    }

    /** Git reading mail: applying a series or checking out a revision. */
    public static Limits git() {
        return new Limits(600, 4 * GIB, 64, 2 * GIB, 256L << 20);
    }
}
