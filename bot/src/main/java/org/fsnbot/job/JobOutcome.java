package org.fsnbot.job;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import org.fsnbot.mail.ReplyKind;
import org.fsnbot.stats.Verdict;

/**
 * What a job ended with: the kind of reply, what it means to a CI script,
 * the verdict when there is one, the .eml written, and the job's directory
 * (result.json and the other kept files).
 */
public record JobOutcome(long jobId, ReplyKind kind, Outcome outcome, Optional<Verdict> verdict, Path eml, String body,
        Path dir) {

    public JobOutcome {
        Objects.requireNonNull(kind);
        Objects.requireNonNull(outcome);
        Objects.requireNonNull(dir);
        Objects.requireNonNull(eml);
        if ((kind == ReplyKind.REPORT) != verdict.isPresent()) {
            throw new IllegalArgumentException("only a report carries a verdict");
        }
    }
}
