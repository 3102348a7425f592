package org.fsnbot.job;

import java.nio.file.Path;
import java.util.Objects;
import org.fsnbot.intake.PatchSeries;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;

/** What a job measures against its base. */
public sealed interface Candidate {

    /** The command line that measures this candidate again, for the reply's "Reproduce:". */
    String reproduce(Base base, Profile profile, Topology topology);

    /** A patch series applied to the base; mbox is the file that holds it (named in the reproduce line). */
    record Series(PatchSeries series, Path mbox) implements Candidate {
        public Series {
            Objects.requireNonNull(series);
            Objects.requireNonNull(mbox);
        }

        @Override
        public String reproduce(Base base, Profile profile, Topology topology) {
            return "fsnbot test-patch --tree " + base.tree() + " --base " + base.rev() + " --mbox "
                    + mbox.getFileName() + " --profile " + profile.name() + " --topology " + topology;
        }
    }

    /** Another revision of the base's tree: a watched branch's new head, #fsnbot test or compare. */
    record Revision(String head) implements Candidate {
        public Revision {
            if (head == null || head.isBlank() || head.startsWith("-")) {
                throw new IllegalArgumentException("a revision candidate needs a revision: " + head);
            }
        }

        @Override
        public String reproduce(Base base, Profile profile, Topology topology) {
            return "fsnbot compare --tree " + base.tree() + " --base " + base.rev() + " --head " + head
                    + " --profile " + profile.name() + " --topology " + topology;
        }
    }

    /** The base itself on both sides: an A/A calibration of the runner's noise. */
    record SameKernel() implements Candidate {
        @Override
        public String reproduce(Base base, Profile profile, Topology topology) {
            return "fsnbot calibrate --tree " + base.tree() + " --base " + base.rev() + " --profile " + profile.name()
                    + " --topology " + topology;
        }
    }
}
