package org.fsnbot.disk;

/**
 * The disk: section (docs/fleet.md "Disk"): how many days a job's
 * kept files and a build tree stay after their last use, how many of the
 * newest base builds of each configuration stay whatever their age (the
 * seeds later builds start from), and the free space below which intake
 * and measuring pause (0: never).
 */
public record DiskSettings(int keepJobDays, int keepBuildDays, int keepBases, long minFreeGiB) {

    public DiskSettings {
        if (keepJobDays < 1) {
            throw new IllegalArgumentException("disk.keepJobDays must be >= 1: " + keepJobDays);
        }
        if (keepBuildDays < 1) {
            throw new IllegalArgumentException("disk.keepBuildDays must be >= 1: " + keepBuildDays);
        }
        if (keepBases < 1) {
            throw new IllegalArgumentException("disk.keepBases must be >= 1: " + keepBases);
        }
        if (minFreeGiB < 0 || minFreeGiB > 1L << 20) {
            throw new IllegalArgumentException("disk.minFreeGiB must be in 0..1048576: " + minFreeGiB);
        }
    }

    public long minFreeBytes() {
        return minFreeGiB << 30;
    }
}
