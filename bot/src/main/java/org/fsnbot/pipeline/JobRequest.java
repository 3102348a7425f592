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

    /**
     * Whether someone asked for this job (the command line, an #fsnbot
     * command) rather than fsnbot finding it: asked-for results are always
     * answered, found ones only when there is something to say.
     */
    boolean requested();
}
