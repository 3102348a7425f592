package org.fsnbot.vm;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/** One boot: its status, the framed result lines, and the console it left. */
public record BootOutcome(String bootId, BootStatus status, Accelerator accel, double seconds, List<String> results,
        Path consoleLog, List<String> consoleTail, String detail) {

    public BootOutcome {
        Objects.requireNonNull(status);
        results = List.copyOf(results);
        consoleTail = List.copyOf(consoleTail);
        if (status == BootStatus.OK && results.isEmpty()) {
            throw new IllegalArgumentException("an OK boot has results");
        }
    }
}
