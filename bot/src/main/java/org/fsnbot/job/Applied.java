package org.fsnbot.job;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import org.fsnbot.report.JobFacts;

/** The candidate made into a commit of the base's checkout (the base itself for a calibration). */
public record Applied(Resolved resolved, Path checkout, String patchedCommit, String patchedLabel)
        implements Reached {

    public Applied {
        Objects.requireNonNull(resolved);
        Objects.requireNonNull(checkout);
        Objects.requireNonNull(patchedCommit);
        Objects.requireNonNull(patchedLabel);
    }

    @Override
    public JobFacts facts(JobFacts.Run timing) {
        return resolved.facts(timing, patchedLabel, resolved.notBooted(), Optional.empty());
    }
}
