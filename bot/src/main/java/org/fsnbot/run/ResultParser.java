package org.fsnbot.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns the workloads' JSON lines into samples. A workload that exited
 * non-zero, or a line that does not parse, fails the whole boot: partial
 * results from a broken run are not data.
 */
public final class ResultParser {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Parsed result of one boot: samples plus the guest/header facts. */
    public record Parsed(List<Sample> samples, List<JsonNode> headers, JsonNode guest) {
    }

    public static final class BadResultsException extends Exception {
        public BadResultsException(String message) {
            super(message);
        }
    }

    public Parsed parse(Side side, int boot, List<String> lines) throws BadResultsException {
        List<Sample> samples = new ArrayList<>();
        List<JsonNode> headers = new ArrayList<>();
        JsonNode guest = null;
        for (String line : lines) {
            JsonNode n;
            try {
                n = JSON.readTree(line);
            } catch (Exception e) {
                throw new BadResultsException("unparseable result line: " + line);
            }
            String type = n.path("type").asText();
            switch (type) {
                case "guest" -> guest = n;
                case "header" -> headers.add(n);
                case "exit" -> {
                    if (n.path("status").asInt(-1) != 0) {
                        throw new BadResultsException("workload " + n.path("workload").asText() + " exited "
                                + n.path("status").asInt(-1));
                    }
                }
                case "result" -> samples.add(sample(side, boot, n));
                default -> throw new BadResultsException("unknown result line type: " + line);
            }
        }
        if (samples.isEmpty()) {
            throw new BadResultsException("no result lines");
        }
        return new Parsed(samples, headers, guest);
    }

    private static Sample sample(Side side, int boot, JsonNode n) throws BadResultsException {
        String direction = n.path("direction").asText();
        if (!direction.equals("lower") && !direction.equals("higher")) {
            throw new BadResultsException("result without direction: " + n);
        }
        JsonNode params = n.path("params");
        String variant = params.has("clients") ? "clients=" + params.get("clients").asInt() : n.path("mode").asText();
        try {
            return new Sample(side, boot, n.path("workload").asText(), variant, n.path("metric").asText(),
                    n.path("rep").asInt(), n.path("value").asDouble(), n.path("unit").asText(), direction.equals("lower"));
        } catch (IllegalArgumentException e) {
            throw new BadResultsException(e.getMessage());
        }
    }
}
