package org.fsnbot.job;

import java.util.Objects;

/** The seven phases of a job, in order; wired once per process. */
public record Phases(ResolvePhase resolve, ApplyPhase apply, BuildPhase build, ImagePhase image, MeasurePhase measure,
        VerdictPhase verdict, ReplyPhase reply) {

    public Phases {
        Objects.requireNonNull(resolve);
        Objects.requireNonNull(apply);
        Objects.requireNonNull(build);
        Objects.requireNonNull(image);
        Objects.requireNonNull(measure);
        Objects.requireNonNull(verdict);
        Objects.requireNonNull(reply);
    }
}
