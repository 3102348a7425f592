package org.fsnbot.plan;

import java.util.Locale;

/**
 * runner.clock: which clock a runner measures with. AUTO: instructions
 * where the guest is emulated (TCG, whose wall time is 20-50% noise from
 * boot to boot), wall time under KVM. WALL and INSTRUCTIONS force one;
 * INSTRUCTIONS boots under TCG even where KVM works, since icount is
 * TCG's alone.
 */
public enum ClockSetting {
    AUTO, WALL, INSTRUCTIONS;

    /** The clock a guest measures with under this setting, its CPUs emulated or not. */
    public Clock clockFor(boolean emulated) {
        return switch (this) {
            case WALL -> Clock.WALL;
            case INSTRUCTIONS -> Clock.INSTRUCTIONS;
            case AUTO -> emulated ? Clock.INSTRUCTIONS : Clock.WALL;
        };
    }

    /** The setting a config word names; empty is AUTO, anything unknown an error that lists the three. */
    public static ClockSetting of(String word) {
        String w = word == null ? "" : word.trim().toLowerCase(Locale.ROOT);
        return switch (w) {
            case "", "auto" -> AUTO;
            case "wall" -> WALL;
            case "instructions" -> INSTRUCTIONS;
            default -> throw new IllegalArgumentException("runner.clock must be auto, wall or instructions: \""
                    + word + "\"");
        };
    }
}
