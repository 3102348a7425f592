package org.fsnbot.pipeline;

import java.util.List;
import java.util.Objects;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;

/** Two commits of one tree measured against each other (a watched branch's new head, #fsnbot compare). */
public record RevisionCompareRequest(String tree, String baseRev, String headRev, String baseReason, Profile profile,
        Topology topology, List<String> reportTo, boolean requested) implements JobRequest {

    public RevisionCompareRequest {
        Objects.requireNonNull(tree, "tree");
        Objects.requireNonNull(baseRev, "baseRev");
        Objects.requireNonNull(headRev, "headRev");
        Objects.requireNonNull(baseReason, "baseReason");
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(topology, "topology");
        reportTo = List.copyOf(reportTo);
        if (reportTo.isEmpty()) {
            throw new IllegalArgumentException("a tree report needs a recipient");
        }
    }

    @Override
    public String reproduceCommand() {
        return "fsnbot compare --tree " + tree + " --base " + baseRev + " --head " + headRev + " --profile "
                + profile.name() + " --topology " + topology;
    }
}
