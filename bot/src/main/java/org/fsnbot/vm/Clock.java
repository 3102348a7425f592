package org.fsnbot.vm;

import java.util.Locale;
import java.util.Map;

/**
 * What the guest's time counts, a testbed fact beside the accelerator
 * (docs/stats.md, "Clocks"). WALL: real time (KVM, bare metal, plain
 * TCG). INSTRUCTIONS: QEMU's icount at shift 0, where guest time advances
 * one nanosecond per instruction executed and jumps over idle, so every
 * time a workload measures is an instruction count: path length only, not
 * caches, memory placement or lock contention, and the vCPUs run
 * round-robin on one host thread. Figures of two clocks are never compared
 * or put in one series.
 */
public enum Clock {
    WALL("wall", "wall time"),
    INSTRUCTIONS("instructions", "instructions executed (QEMU icount: guest time counts instructions; path length"
            + " only, not caches, memory placement or lock contention)");

    /** A time unit's instruction unit at icount shift 0: one guest ns is one instruction. */
    private static final Map<String, String> COUNTED = Map.of("ns", "insns", "us", "kinsns", "ms", "Minsns", "s",
            "Ginsns");

    private final String word;
    private final String description;

    Clock(String word, String description) {
        this.word = word;
        this.description = description;
    }

    /** The clock's name in config, facts, JSON and the store. */
    public String word() {
        return word;
    }

    public String description() {
        return description;
    }

    /**
     * The unit a workload's figure has under this clock: under
     * INSTRUCTIONS a time ("ns") is an instruction count ("insns") and a
     * rate ("ops/s") is per billion instructions ("ops/Ginsns"), so a
     * reader never takes a count for nanoseconds; other units (a ratio)
     * do not count time and stay.
     */
    public String unit(String wallUnit) {
        if (this == WALL) {
            return wallUnit;
        }
        int slash = wallUnit.lastIndexOf('/');
        if (slash >= 0) {
            String per = wallUnit.substring(slash + 1);
            return COUNTED.containsKey(per) ? wallUnit.substring(0, slash + 1) + COUNTED.get(per) : wallUnit;
        }
        return COUNTED.getOrDefault(wallUnit, wallUnit);
    }

    /** Refuses this clock on an accelerator that cannot keep it: icount is TCG's alone. */
    public void requireOn(Accelerator accel) {
        if (this == INSTRUCTIONS && accel != Accelerator.TCG) {
            throw new IllegalArgumentException("an instruction clock is QEMU's icount, which only TCG has");
        }
    }

    /** The clock a word names ("wall", "instructions"); anything else is an error that lists both. */
    public static Clock of(String word) {
        for (Clock c : values()) {
            if (c.word.equals(word.trim().toLowerCase(Locale.ROOT))) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown clock \"" + word + "\": wall or instructions");
    }
}
