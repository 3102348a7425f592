package org.fsnbot.boot;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * One boot: its status, what ran it (the accelerator's name: KVM, TCG, or
 * another testbed's), the framed result lines, the console it left, and
 * the evidence of a failure: the machine's own text that shows it (the
 * kernel's panic line, QEMU's exit status and last stderr lines, what was
 * wrong with the results), quoted by a reply beside the words a template
 * has for the status; empty where the status says it all (OK, a hang, a
 * busy runner, whose pressure the boot's record carries).
 */
public record BootOutcome(String bootId, BootStatus status, String accelerator, double seconds, List<String> results,
        Console console, String evidence) {

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
        Objects.requireNonNull(evidence);
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
    public BootOutcome failedAs(BootStatus failure, String evidence) {
        if (failure == BootStatus.OK) {
            throw new IllegalArgumentException("not a failure: " + failure);
        }
        return new BootOutcome(bootId, failure, accelerator, seconds, List.of(), console, evidence);
    }
}
