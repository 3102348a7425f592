package org.fsnbot.vm;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Decodes the guest's framed output: "FSNBOT-BEGIN id", then "FSNBOT n
 * json" with n = 1, 2, ..., then "FSNBOT-END count". Anything else on the
 * port is ignored; a missing frame, a gap or a wrong boot id is a failure.
 */
public final class SerialFrames {

    private SerialFrames() {
    }

    /** The payload lines, or empty with the reason in problem[0]. */
    public static Optional<List<String>> decode(List<String> lines, String bootId, String[] problem) {
        List<String> payload = new ArrayList<>();
        boolean begun = false;
        for (String raw : lines) {
            String line = raw.replace("\r", "");
            if (line.startsWith("FSNBOT-BEGIN ")) {
                if (!line.substring(13).trim().equals(bootId)) {
                    problem[0] = "results frame from another boot: " + line;
                    return Optional.empty();
                }
                begun = true;
                payload.clear();
            } else if (begun && line.startsWith("FSNBOT-END ")) {
                int count;
                try {
                    count = Integer.parseInt(line.substring(11).trim());
                } catch (NumberFormatException e) {
                    problem[0] = "bad end frame: " + line;
                    return Optional.empty();
                }
                if (count != payload.size()) {
                    problem[0] = "results frame says " + count + " lines, got " + payload.size();
                    return Optional.empty();
                }
                return Optional.of(payload);
            } else if (begun && line.startsWith("FSNBOT ")) {
                int sp = line.indexOf(' ', 7);
                if (sp < 0) {
                    problem[0] = "bad frame: " + line;
                    return Optional.empty();
                }
                int seq;
                try {
                    seq = Integer.parseInt(line.substring(7, sp));
                } catch (NumberFormatException e) {
                    problem[0] = "bad frame number: " + line;
                    return Optional.empty();
                }
                if (seq != payload.size() + 1) {
                    problem[0] = "frame " + seq + " out of order after " + payload.size();
                    return Optional.empty();
                }
                payload.add(line.substring(sp + 1));
            }
        }
        problem[0] = begun ? "results truncated (no end frame)" : "no results on the results port";
        return Optional.empty();
    }
}
