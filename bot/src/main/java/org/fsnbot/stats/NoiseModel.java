package org.fsnbot.stats;

import java.util.SplittableRandom;

/**
 * Boot-to-boot noise as the simulations draw it: one side's per-boot log
 * deviations. Most models draw every boot alike; a model may also draw
 * the patched side differently from the base one (one run repeated).
 */
public interface NoiseModel {

    String name();

    /** The clock its boots count ("wall", "instructions"; "any" for a model of no one machine). */
    String clock();

    /** Log deviations of the per-boot values of one side of boots boots. */
    double[] side(SplittableRandom rnd, int boots, boolean patched);

    /**
     * Whether its boots are ones a runner booted (independent whatever
     * their values, as a job judges them) rather than run files of
     * unknown provenance (one run given as many).
     */
    default boolean ownBoots() {
        return true;
    }
}
