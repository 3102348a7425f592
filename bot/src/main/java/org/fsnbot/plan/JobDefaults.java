package org.fsnbot.plan;

import java.util.Objects;

/** The profile and guest topology a job gets unless whoever asked for it named others. */
public record JobDefaults(Profile profile, Topology topology) {
    public JobDefaults {
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(topology, "topology");
    }
}
