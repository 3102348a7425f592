package org.fsnbot.job;

import java.nio.file.Path;
import java.util.Objects;
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
    public JobFacts facts(String wallTime) {
        return resolved.facts(wallTime, patchedLabel, resolved.notBooted());
    }
}
