package org.fsnbot.plan;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The runner's hugepages for pinned guests' memory (runner.hugepages,
 * docs/numa.md): the page size, or none, and the sysfs root whose free
 * counts say whether a guest node's memory fits. The pages are the
 * operator's to reserve (vm.nr_hugepages, or per node under
 * /sys/devices/system/node); fsnbot only counts what is free when it
 * plans a boot, and says so when it falls back to normal pages.
 */
public record Hugepages(long sizeKiB, Path sys) {

    public Hugepages {
        if (sizeKiB != 0 && sizeKiB != 2048 && sizeKiB != 1048576) {
            throw new IllegalArgumentException("hugepages are 2M or 1G (or off): " + sizeKiB + " KiB");
        }
    }

    /** No hugepages: guest memory in normal pages. */
    public static Hugepages off() {
        return new Hugepages(0, Path.of("/sys"));
    }

    /** runner.hugepages as written: "off", "2M" or "1G". */
    public static Hugepages parse(String s, Path sys) {
        return switch (s == null ? "off" : s.trim().toUpperCase(Locale.ROOT)) {
            case "", "OFF", "NONE" -> new Hugepages(0, sys);
            case "2M" -> new Hugepages(2048, sys);
            case "1G" -> new Hugepages(1048576, sys);
            default -> throw new IllegalArgumentException("runner.hugepages must be off, 2M or 1G: " + s);
        };
    }

    public boolean on() {
        return sizeKiB > 0;
    }

    /** "2 MiB" or "1 GiB". */
    public String label() {
        return label(sizeKiB);
    }

    /** A page size in words: "2 MiB" or "1 GiB". */
    public static String label(long sizeKiB) {
        return sizeKiB >= 1048576 ? sizeKiB / 1048576 + " GiB" : sizeKiB / 1024 + " MiB";
    }

    /**
     * Free pages of this size on host node (numa), or of the whole host
     * (no NUMA in sysfs): 0 when sysfs has no such pool.
     */
    public long free(int node, boolean numa) throws IOException {
        String pool = "hugepages/hugepages-" + sizeKiB + "kB/free_hugepages";
        Path f = numa ? sys.resolve("devices/system/node/node" + node).resolve(pool)
                : sys.resolve("kernel/mm").resolve(pool);
        return Files.exists(f) ? Long.parseLong(Files.readString(f).trim()) : 0;
    }
}
