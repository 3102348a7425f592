package org.fsnbot.exec;

import java.util.ArrayList;
import java.util.List;

/**
 * What an external command did: exit code (or timeout), its merged output
 * lines as far as they were kept (OutputLimits), and the limits it ran
 * into: its output's (it was stopped), and in a sandbox its cgroup's.
 */
public record CommandResult(List<String> command, int exitCode, boolean timedOut, List<String> output, long millis,
        List<LimitHit> limitsHit) {

    public CommandResult {
        command = List.copyOf(command);
        output = List.copyOf(output);
        limitsHit = List.copyOf(limitsHit);
    }

    public CommandResult(List<String> command, int exitCode, boolean timedOut, List<String> output, long millis) {
        this(command, exitCode, timedOut, output, millis, List.of());
    }

    public boolean ok() {
        return !timedOut && !stoppedForOutput() && exitCode == 0;
    }

    /** Whether it printed past OutputLimits.stopAfterBytes and was killed for it. */
    public boolean stoppedForOutput() {
        return limitsHit.stream().anyMatch(h -> h.kind() == LimitHit.Kind.OUTPUT);
    }

    /** The same run with more limits it ran into (its cgroup's, read after it). */
    public CommandResult withLimitsHit(List<LimitHit> more) {
        if (more.isEmpty()) {
            return this;
        }
        List<LimitHit> all = new ArrayList<>(limitsHit);
        all.addAll(more);
        return new CommandResult(command, exitCode, timedOut, output, millis, all);
    }

    public String outputText() {
        return String.join("\n", output);
    }

    public List<String> tail(int n) {
        return output.subList(Math.max(0, output.size() - n), output.size());
    }
}
