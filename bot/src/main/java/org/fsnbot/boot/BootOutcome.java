package org.fsnbot.boot;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * One boot: its status, what ran it (the accelerator's name: KVM, TCG, or
 * another testbed's), the framed result lines, and the console it left.
 */
public record BootOutcome(String bootId, BootStatus status, String accelerator, double seconds, List<String> results,
        Console console, String detail) {

    /** The guest's console: the full log on disk and its last lines. */
    public record Console(Path log, List<String> tail) {
        public Console {
            Objects.requireNonNull(log, "log");
            tail = List.copyOf(tail);
        }
    }

    public BootOutcome {
        Objects.requireNonNull(status);
        Objects.requireNonNull(accelerator);
        Objects.requireNonNull(console);
        results = List.copyOf(results);
        if (status == BootStatus.OK && results.isEmpty()) {
            throw new IllegalArgumentException("an OK boot has results");
        }
    }

    public Path consoleLog() {
        return console.log();
    }

    public List<String> consoleTail() {
        return console.tail();
    }

    /** The same boot, judged a failure after the fact (its results did not parse). */
    public BootOutcome failedAs(BootStatus failure, String why) {
        if (failure == BootStatus.OK) {
            throw new IllegalArgumentException("not a failure: " + failure);
        }
        return new BootOutcome(bootId, failure, accelerator, seconds, List.of(), console, why);
    }
}
