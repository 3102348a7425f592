package org.fsnbot.job;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import org.fsnbot.mail.ReplyKind;
import org.fsnbot.stats.Verdict;

/** What a job ended with: the kind of reply, the verdict when there is one, and the .eml written. */
public record JobOutcome(long jobId, ReplyKind kind, Optional<Verdict> verdict, Path eml, String body) {

    public JobOutcome {
        Objects.requireNonNull(kind);
        Objects.requireNonNull(eml);
        if ((kind == ReplyKind.REPORT) != verdict.isPresent()) {
            throw new IllegalArgumentException("only a report carries a verdict");
        }
    }
}
