package org.fsnbot.pipeline;

import java.nio.file.Path;
import java.util.Objects;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;

/** One `fsnbot test-patch` invocation: what to test, on what, how hard. */
public record PatchTestRequest(String tree, String baseRev, String baseReason, Path mbox, Profile profile,
        Topology topology, boolean requested) implements JobRequest {

    /** A request from the command line: its base was named by the person asking. */
    public PatchTestRequest(String tree, String baseRev, Path mbox, Profile profile, Topology topology) {
        this(tree, baseRev, "named on the command line", mbox, profile, topology, true);
    }

    public PatchTestRequest {
        Objects.requireNonNull(tree, "tree");
        Objects.requireNonNull(baseRev, "base");
        Objects.requireNonNull(baseReason, "baseReason");
        Objects.requireNonNull(mbox, "mbox");
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(topology, "topology");
        if (baseRev.isBlank() || baseRev.startsWith("-")) {
            throw new IllegalArgumentException("--base must name a revision");
        }
    }

    @Override
    public String reproduceCommand() {
        return "fsnbot test-patch --tree " + tree + " --base " + baseRev + " --mbox " + mbox.getFileName()
                + " --profile " + profile.name() + " --topology " + topology;
    }
}
