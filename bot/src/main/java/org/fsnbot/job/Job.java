package org.fsnbot.job;

import java.util.List;
import java.util.Objects;
import org.fsnbot.build.KernelBuilder;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;

/**
 * One measurement: a candidate against a base, with a profile on a guest
 * topology, and where its result goes. requested: someone asked for it
 * (the command line, an #fsnbot command) rather than fsnbot finding it;
 * asked-for results are always answered, found ones only when there is
 * something to say. baseCode: whether the base's code comes from a tree
 * the operator configured or named (then its build may fill the shared
 * ccache) or from one a mail named. A job runs as phases (see JobRunner), each taking the
 * previous phase's result, so a phase can later run elsewhere.
 */
public record Job(Base base, Candidate candidate, Profile profile, Topology topology, ReplyRoute route,
        boolean requested, KernelBuilder.Code baseCode) {

    public Job {
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(candidate, "candidate");
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(topology, "topology");
        if (topology.mirror()) {
            throw new IllegalArgumentException("topology " + topology + " is mirrored on the host before a job runs");
        }
        Objects.requireNonNull(route, "route");
        Objects.requireNonNull(baseCode, "baseCode");
    }

    /** The reproducer with the base pinned to the commit it resolved to. */
    public List<String> reproduce(String baseCommit) {
        return candidate.reproduce(base.at(baseCommit, base.reason()), profile, topology);
    }
}
