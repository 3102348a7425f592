package org.fsnbot.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns the workloads' JSON lines into samples. A workload that exited
 * non-zero, or a line that does not parse, fails the whole boot: partial
 * results from a broken run are not data. Gate checks and skipped parts
 * are kept apart from the samples.
 */
public final class ResultParser {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One boot's results: samples, gate checks that failed, what was skipped, and the header facts. */
    public record Parsed(List<Sample> samples, List<String> gateFailures, List<String> skipped,
            List<JsonNode> headers, JsonNode guest) {
    }

    public static final class BadResultsException extends Exception {
        public BadResultsException(String message) {
            super(message);
        }
    }

    public Parsed parse(Side side, int boot, List<String> lines) throws BadResultsException {
        List<Sample> samples = new ArrayList<>();
        List<String> gateFailures = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        List<JsonNode> headers = new ArrayList<>();
        JsonNode guest = null;
        boolean gateRan = false;
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (String line : lines) {
            JsonNode n;
            try {
                n = JSON.readTree(line);
            } catch (Exception e) {
                throw new BadResultsException("unparseable result line: " + line);
            }
            switch (n.path("type").asText()) {
                case "guest" -> guest = n;
                case "header" -> headers.add(n);
                case "exit" -> {
                    if (n.path("status").asInt(-1) != 0) {
                        throw new BadResultsException("workload " + n.path("workload").asText() + " exited "
                                + n.path("status").asInt(-1));
                    }
                }
                case "result" -> {
                    Sample s = sample(side, boot, n);
                    // Two results for one row would be averaged into one: a
                    // profile that runs a workload twice must vary the row.
                    if (!seen.add(s.workload() + "/" + s.variant() + "/" + s.metric() + "/" + s.rep())) {
                        throw new BadResultsException("duplicate result for " + s.workload() + " row '" + s.variant()
                                + "' " + s.metric() + " rep " + s.rep());
                    }
                    samples.add(s);
                }
                case "skip" -> skipped.add(n.path("workload").asText() + " " + n.path("what").asText() + ": "
                        + n.path("reason").asText());
                case "gate" -> {
                    gateRan = true;
                    String status = n.path("status").asText();
                    if (status.equals("fail")) {
                        gateFailures.add(n.path("check").asText() + ": " + n.path("detail").asText());
                    } else if (status.equals("skip")) {
                        skipped.add("fsnotify-gate " + n.path("check").asText() + ": " + n.path("detail").asText());
                    } else if (!status.equals("pass")) {
                        throw new BadResultsException("gate check with unknown status: " + line);
                    }
                }
                case "gate-summary" -> gateRan = true;
                default -> throw new BadResultsException("unknown result line type: " + line);
            }
        }
        if (samples.isEmpty() && !gateRan) {
            throw new BadResultsException("no result lines");
        }
        return new Parsed(samples, gateFailures, skipped, headers, guest);
    }

    private static Sample sample(Side side, int boot, JsonNode n) throws BadResultsException {
        String direction = n.path("direction").asText();
        if (!direction.equals("lower") && !direction.equals("higher")) {
            throw new BadResultsException("result without direction: " + n);
        }
        String row = n.path("row").asText("");
        if (row.isEmpty()) {
            throw new BadResultsException("result without a row: " + n);
        }
        try {
            return new Sample(side, boot, n.path("workload").asText(), n.path("label").asText("row"), row,
                    n.path("metric").asText(), n.path("rep").asInt(), n.path("value").asDouble(),
                    n.path("unit").asText(), direction.equals("lower"));
        } catch (IllegalArgumentException e) {
            throw new BadResultsException(e.getMessage());
        }
    }
}
