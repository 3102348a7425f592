package org.fsnbot.exec;

/**
 * Resource limits of one sandboxed step. memoryBytes, processes and cpus
 * bound the step as a whole (its own cgroup, StepCgroups); cpuSeconds and
 * fileSizeBytes bound each process (rlimits); scratchBytes is the size of
 * its private /tmp and /var/tmp. Where no cgroup can be made (fsnbot not
 * root), memory falls back to a per-process address-space limit and
 * processes to RLIMIT_NPROC, both weaker (docs/security.md).
 */
public record Limits(long cpuSeconds, long memoryBytes, int processes, long fileSizeBytes, long scratchBytes,
        double cpus) {

    private static final long GIB = 1L << 30;

    /** The largest file a boot may write: each of its two serial logs. */
    public static final long BOOT_LOG_BYTES = 256L << 20;

    public Limits {
        if (cpuSeconds < 1 || memoryBytes < 64L << 20 || processes < 8 || fileSizeBytes < 1 << 20
                || scratchBytes < 1 << 20 || !(cpus >= 0.1)) {
            throw new IllegalArgumentException("sandbox limits too small to run anything: cpu " + cpuSeconds
                    + " s, memory " + memoryBytes + ", processes " + processes + ", file size " + fileSizeBytes
                    + ", scratch " + scratchBytes + ", cpus " + cpus);
        }
    }

    /**
     * The per-process address-space limit where no memory cgroup bounds
     * the step: its memory and room for mappings that are never touched
     * (TCG's code buffer, thread stacks).
     */
    public long addressSpaceBytes() {
        return memoryBytes + 2 * GIB;
    }

    /**
     * A kernel build: make -jN with its compilers stays well under 4 GiB
     * and 512 processes for a tinyconfig kernel; the largest file a build
     * writes (vmlinux.o) is far below 2 GiB. It may use every CPU.
     */
    public static Limits build() {
        return new Limits(3600, 4 * GIB, 512, 2 * GIB, GIB, Runtime.getRuntime().availableProcessors());
    }

    /**
     * A QEMU boot: the memory its cgroup allows (the guest's within the
     * runner's room plus QEMU's own: vm.GuestRoom, never the request's
     * alone); a thread per vCPU and a few workers. Its two serial logs
     * are files of at most 256 MiB; scratch holds the disk's snapshot
     * overlay. The CPU limit is one more than its vCPUs, so
     * a quota never throttles what is measured.
     */
    public static Limits boot(long cgroupMemoryMiB, long wallSeconds, int vcpus) {
        return new Limits(Math.max(60, 4 * wallSeconds), cgroupMemoryMiB << 20, 256, BOOT_LOG_BYTES,
                2 * GIB, vcpus + 1.0);
    }

    /** Git reading mail: applying a series or checking out a revision. */
    public static Limits git() {
        return new Limits(600, 2 * GIB, 64, 2 * GIB, 256L << 20, 1);
    }

    /** Reading back a file a step left: head or tail, one process. */
    public static Limits reader() {
        return new Limits(60, 256L << 20, 8, 1 << 20, 1 << 20, 1);
    }
}
