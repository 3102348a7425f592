package org.fsnbot.exec;

import java.util.List;

/** What an external command did: exit code (or timeout) and its merged output lines. */
public record CommandResult(List<String> command, int exitCode, boolean timedOut, List<String> output, long millis) {

    public CommandResult {
        command = List.copyOf(command);
        output = List.copyOf(output);
    }

    public boolean ok() {
        return !timedOut && exitCode == 0;
    }

    public String outputText() {
        return String.join("\n", output);
    }

    public List<String> tail(int n) {
        return output.subList(Math.max(0, output.size() - n), output.size());
    }
}
