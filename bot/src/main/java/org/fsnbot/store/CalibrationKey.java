package org.fsnbot.store;

import java.util.Objects;

/**
 * Whose noise a calibration measured: a runner, its accelerator and clock
 * ("wall", "instructions"), a guest topology and a profile.
 */
public record CalibrationKey(String runner, String accelerator, String clock, String topology, String profile) {
    public CalibrationKey {
        Objects.requireNonNull(runner);
        Objects.requireNonNull(accelerator);
        Objects.requireNonNull(clock);
        Objects.requireNonNull(topology);
        Objects.requireNonNull(profile);
    }
}
