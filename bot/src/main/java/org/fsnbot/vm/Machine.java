package org.fsnbot.vm;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.fsnbot.plan.Clock;
import org.fsnbot.plan.NumaPlan;
import org.fsnbot.plan.Topology;

/**
 * How a guest runs: its accelerator and what its time counts (Clock), its
 * CPU and memory layout, how long it may take, and for a pinned topology
 * where it sits on the host (NumaPlan).
 */
public record Machine(Accelerator accel, Clock clock, Topology topology, Duration timeout, Optional<NumaPlan> plan) {
    public Machine {
        Objects.requireNonNull(accel, "accel");
        Objects.requireNonNull(clock, "clock");
        clock.requireOn(accel.emulated());
        Objects.requireNonNull(topology, "topology");
        Objects.requireNonNull(plan, "plan");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("a boot needs a positive timeout");
        }
        if (topology.mirror()) {
            throw new IllegalArgumentException("a mirror topology is mirrored on its host before it boots");
        }
        if (topology.pinned() != plan.isPresent()) {
            throw new IllegalArgumentException("a pinned topology boots with its plan, and only it");
        }
    }

    /** A guest on wall time where the host's scheduler puts it. */
    public Machine(Accelerator accel, Topology topology, Duration timeout) {
        this(accel, Clock.WALL, topology, timeout, Optional.empty());
    }
}
