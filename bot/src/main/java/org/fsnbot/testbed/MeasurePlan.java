package org.fsnbot.testbed;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import org.fsnbot.plan.Topology;

/**
 * How to measure: the guest's topology and placement, how long a boot may
 * take, how many pairs at first and at most, the caller's rule for one
 * more pair, and where the boots leave their files.
 */
public record MeasurePlan(Topology topology, Duration bootTimeout, Budget budget, MorePairs more, Path dir) {
    public MeasurePlan {
        Objects.requireNonNull(topology);
        Objects.requireNonNull(budget);
        Objects.requireNonNull(more);
        Objects.requireNonNull(dir);
        if (bootTimeout.isNegative() || bootTimeout.isZero()) {
            throw new IllegalArgumentException("a boot needs a positive timeout");
        }
    }
}
