package org.fsnbot.vm;

import java.time.Duration;
import java.util.Objects;
import org.fsnbot.plan.Topology;

/** How a guest runs: its accelerator, its CPU and memory layout, and how long it may take. */
public record Machine(Accelerator accel, Topology topology, Duration timeout) {
    public Machine {
        Objects.requireNonNull(accel, "accel");
        Objects.requireNonNull(topology, "topology");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("a boot needs a positive timeout");
        }
    }
}
