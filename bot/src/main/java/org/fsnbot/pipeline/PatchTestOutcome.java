package org.fsnbot.pipeline;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import org.fsnbot.stats.Verdict;

/**
 * What a test-patch job ended with: the kind of reply, the verdict when
 * there is one, and the .eml written to the outbox.
 */
public record PatchTestOutcome(long jobId, Kind kind, Optional<Verdict> verdict, Path eml, String body) {

    public enum Kind {
        REPORT,
        DOES_NOT_APPLY,
        BUILD_FAILURE,
        GATE_FAILURE,
        INFRASTRUCTURE_FAILURE
    }

    public PatchTestOutcome {
        Objects.requireNonNull(kind);
        Objects.requireNonNull(eml);
        if ((kind == Kind.REPORT) != verdict.isPresent()) {
            throw new IllegalArgumentException("only a report carries a verdict");
        }
    }
}
