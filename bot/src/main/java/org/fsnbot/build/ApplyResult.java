package org.fsnbot.build;

import java.util.List;
import java.util.Optional;

/**
 * The outcome of applying a series: the resulting commit, or where it
 * failed (first failing file and hunk as git reported them).
 */
public record ApplyResult(Optional<String> commit, Optional<String> failedPatch, Optional<String> failedAt,
        List<String> gitOutput) {

    public ApplyResult {
        gitOutput = List.copyOf(gitOutput);
        if (commit.isPresent() == failedPatch.isPresent()) {
            throw new IllegalArgumentException("an apply result is either a commit or a failure");
        }
    }

    public boolean applied() {
        return commit.isPresent();
    }
}
