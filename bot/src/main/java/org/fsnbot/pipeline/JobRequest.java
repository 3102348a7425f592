package org.fsnbot.pipeline;

import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;

/** What every measurement job names: the tree, the base and why, the profile, the topology, how to redo it. */
public interface JobRequest {
    String tree();

    String baseRev();

    String baseReason();

    Profile profile();

    Topology topology();

    String reproduceCommand();
}
