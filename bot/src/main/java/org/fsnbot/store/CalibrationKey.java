package org.fsnbot.store;

import java.util.Objects;

/** Whose noise a calibration measured: a runner, its accelerator, a guest topology and a profile. */
public record CalibrationKey(String runner, String accelerator, String topology, String profile) {
    public CalibrationKey {
        Objects.requireNonNull(runner);
        Objects.requireNonNull(accelerator);
        Objects.requireNonNull(topology);
        Objects.requireNonNull(profile);
    }
}
