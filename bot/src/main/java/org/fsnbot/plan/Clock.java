package org.fsnbot.plan;

import java.util.Locale;
import java.util.Map;

/**
 * What the guest's time counts, a testbed fact beside the accelerator
 * (docs/stats.md, "Clocks"). WALL: real time (KVM, bare metal, plain
 * TCG). INSTRUCTIONS: QEMU's icount, where guest time advances a fixed
 * 2^ICOUNT_SHIFT ns per instruction executed and jumps over idle, so every
 * time a workload measures is an instruction count (fsnbot divides it
 * back): path length only, not caches, memory placement or lock
 * contention, and the vCPUs run round-robin on one host thread. Figures of
 * two clocks are never compared or put in one series.
 */
public enum Clock {
    WALL("wall", "wall time"),
    INSTRUCTIONS("instructions", "instructions executed (QEMU icount: guest time counts instructions; path length"
            + " only, not caches, memory placement or lock contention)");

    /**
     * QEMU's -icount shift: guest time advances 2^3 = 8 ns per instruction.
     * Not 0 (1 ns): the kernel spins for fixed guest times while it boots
     * (the local APIC timer's calibration, 100 ms, on rdtsc and PAUSE, and
     * under icount each of those leaves the translated block), which took
     * 9 s of a 17 s boot here at shift 0; at 3 such waits cost 8x fewer
     * instructions (a quick-profile boot 22 s instead of 39). A timer tick
     * then comes every 500,000 instructions instead of 4 million: figures
     * are 1-5% above shift 0's, and as steady (docs/stats.md, "Clocks").
     */
    public static final int ICOUNT_SHIFT = 3;

    private static final double NS_PER_INSTRUCTION = 1 << ICOUNT_SHIFT;

    /** A time unit's instruction unit: one guest ns is 1/8 instruction, so ns divided by 8 are insns. */
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
        int slash = wallUnit.lastIndexOf('/');
        return switch (this == WALL ? 0 : timeExponent(wallUnit)) {
            case 1 -> COUNTED.get(wallUnit);
            case -1 -> wallUnit.substring(0, slash + 1) + COUNTED.get(wallUnit.substring(slash + 1));
            default -> wallUnit;
        };
    }

    /**
     * A workload's figure in wallUnit as this clock counts it: under
     * INSTRUCTIONS a time is divided by the guest ns per instruction and a
     * rate per time multiplied by it (the units of unit(wallUnit)); other
     * figures, and every figure on wall time, stay.
     */
    public double count(String wallUnit, double value) {
        return switch (this == WALL ? 0 : timeExponent(wallUnit)) {
            case 1 -> value / NS_PER_INSTRUCTION;
            case -1 -> value * NS_PER_INSTRUCTION;
            default -> value;
        };
    }

    /** How a unit holds time: 1 a time ("ns"), -1 a rate per time ("ops/s"), 0 none ("ratio"). */
    private static int timeExponent(String unit) {
        int slash = unit.lastIndexOf('/');
        if (slash >= 0) {
            return COUNTED.containsKey(unit.substring(slash + 1)) ? -1 : 0;
        }
        return COUNTED.containsKey(unit) ? 1 : 0;
    }

    /** Refuses this clock on CPUs that cannot keep it: icount is an emulator's (QEMU's TCG) alone. */
    public void requireOn(boolean emulated) {
        if (this == INSTRUCTIONS && !emulated) {
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
