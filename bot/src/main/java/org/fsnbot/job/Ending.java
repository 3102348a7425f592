package org.fsnbot.job;

import java.util.Objects;

/** What a job ended with, and the phase result it ended at (whose facts the reply states). */
public record Ending(Finding finding, Reached reached) {
    public Ending {
        Objects.requireNonNull(finding);
        Objects.requireNonNull(reached);
    }
}
