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

    /** The payload lines, or why there are none. */
    public record Decoded(Optional<List<String>> payload, String problem) {
        static Decoded ok(List<String> lines) {
            return new Decoded(Optional.of(List.copyOf(lines)), "");
        }

        static Decoded bad(String why) {
            return new Decoded(Optional.empty(), why);
        }
    }

    private SerialFrames() {
    }

    public static Decoded decode(List<String> lines, String bootId) {
        List<String> payload = new ArrayList<>();
        boolean begun = false;
        for (String raw : lines) {
            String line = raw.replace("\r", "");
            if (line.startsWith("FSNBOT-BEGIN ")) {
                if (!line.substring(13).trim().equals(bootId)) {
                    return Decoded.bad("results frame from another boot: " + line);
                }
                begun = true;
                payload.clear();
            } else if (begun && line.startsWith("FSNBOT-END ")) {
                return end(line, payload);
            } else if (begun && line.startsWith("FSNBOT ")) {
                Optional<String> problem = frame(line, payload);
                if (problem.isPresent()) {
                    return Decoded.bad(problem.get());
                }
            }
        }
        return Decoded.bad(begun ? "results truncated (no end frame)" : "no results on the results port");
    }

    private static Decoded end(String line, List<String> payload) {
        int count;
        try {
            count = Integer.parseInt(line.substring(11).trim());
        } catch (NumberFormatException e) {
            return Decoded.bad("bad end frame: " + line);
        }
        if (count != payload.size()) {
            return Decoded.bad("results frame says " + count + " lines, got " + payload.size());
        }
        return Decoded.ok(payload);
    }

    /** Appends one numbered frame's payload; the problem when it is not the next one. */
    private static Optional<String> frame(String line, List<String> payload) {
        int sp = line.indexOf(' ', 7);
        if (sp < 0) {
            return Optional.of("bad frame: " + line);
        }
        int seq;
        try {
            seq = Integer.parseInt(line.substring(7, sp));
        } catch (NumberFormatException e) {
            return Optional.of("bad frame number: " + line);
        }
        if (seq != payload.size() + 1) {
            return Optional.of("frame " + seq + " out of order after " + payload.size());
        }
        payload.add(line.substring(sp + 1));
        return Optional.empty();
    }
}
