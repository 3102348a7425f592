package org.fsnbot.run;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.fsnbot.plan.Clock;

/**
 * Turns the workloads' JSON lines into samples. A workload that exited
 * non-zero, or a line that does not parse, fails the whole boot: partial
 * results from a broken run are not data. The one exception is exit 1
 * after failed gate checks: that is the gate saying the kernel lost
 * events, which is a finding, not a broken run. Gate checks and skipped
 * parts are kept apart from the samples.
 */
public final class ResultParser {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The lines do not make one whole boot's results; the message says why. */
    public static final class BadResultsException extends Exception {
        private static final long serialVersionUID = 1L;

        public BadResultsException(String message) {
            super(message);
        }
    }

    /** What one boot said so far, while its lines are read. */
    private static final class Reading {
        final List<Sample> samples = new ArrayList<>();
        final List<String> gateFailures = new ArrayList<>();
        final List<String> skipped = new ArrayList<>();
        final Set<String> seen = new HashSet<>();
        /** Workloads whose gate summary reported failed checks: their exit 1 is that finding. */
        final Set<String> failedGates = new HashSet<>();
        final Clock clock;
        String guest = "";
        String placement = "";
        boolean gateRan;

        Reading(Clock clock) {
            this.clock = clock;
        }
    }

    /** A boot's lines on wall time (the host's own runs, run files). */
    public BootResults parse(Side side, int boot, List<String> lines) throws BadResultsException {
        return parse(side, boot, lines, Clock.WALL);
    }

    /** A boot's lines measured on clock: under instructions a time's unit says it is a count (Clock.unit). */
    public BootResults parse(Side side, int boot, List<String> lines, Clock clock) throws BadResultsException {
        Reading r = new Reading(clock);
        for (String line : lines) {
            JsonNode n;
            try {
                n = JSON.readTree(line);
            } catch (JsonProcessingException e) {
                throw new BadResultsException("unparseable result line: " + line);
            }
            take(r, side, boot, n, line);
        }
        if (r.samples.isEmpty() && !r.gateRan) {
            throw new BadResultsException("no result lines");
        }
        return new BootResults(r.samples, r.gateFailures, r.skipped, r.guest, r.placement);
    }

    private static void take(Reading r, Side side, int boot, JsonNode n, String line) throws BadResultsException {
        switch (n.path("type").asText()) {
            case "guest" -> r.guest = n.toString();
            case "placement" -> r.placement = n.toString();
            case "header" -> {
                // The workload's description of itself; the facts that matter are in the guest line.
            }
            case "exit" -> exit(r, n);
            case "result" -> {
                Sample s = sample(side, boot, n, r.clock);
                // Two results for one row would be averaged into one: a
                // profile that runs a workload twice must vary the row.
                if (!r.seen.add(s.key() + "/" + s.rep())) {
                    throw new BadResultsException("duplicate result for " + s.workload() + " row '" + s.variant()
                            + "' " + s.metric() + " rep " + s.rep());
                }
                r.samples.add(s);
            }
            case "skip" -> r.skipped.add(n.path("workload").asText() + " " + n.path("what").asText() + ": "
                    + n.path("reason").asText());
            case "gate" -> gate(r, n, line);
            case "gate-summary" -> {
                r.gateRan = true;
                if (n.path("failures").asInt(0) > 0) {
                    r.failedGates.add(n.path("workload").asText());
                }
            }
            default -> throw new BadResultsException("unknown result line type: " + line);
        }
    }

    /** Exit status of the gate when its checks failed (the harness's own errors exit 2). */
    static final int CHECKS_FAILED = 1;

    private static void exit(Reading r, JsonNode n) throws BadResultsException {
        int status = n.path("status").asInt(-1);
        if (status == 0 || (status == CHECKS_FAILED && r.failedGates.contains(n.path("workload").asText()))) {
            return;
        }
        throw new BadResultsException("workload " + n.path("workload").asText() + " exited " + status);
    }

    private static void gate(Reading r, JsonNode n, String line) throws BadResultsException {
        r.gateRan = true;
        String status = n.path("status").asText();
        if (status.equals("fail")) {
            r.gateFailures.add(n.path("check").asText() + ": " + n.path("detail").asText());
        } else if (status.equals("skip")) {
            r.skipped.add("fsnotify-gate " + n.path("check").asText() + ": " + n.path("detail").asText());
        } else if (!status.equals("pass")) {
            throw new BadResultsException("gate check with unknown status: " + line);
        }
    }

    private static Sample sample(Side side, int boot, JsonNode n, Clock clock) throws BadResultsException {
        String direction = n.path("direction").asText();
        if (!direction.equals("lower") && !direction.equals("higher")) {
            throw new BadResultsException("result without direction: " + n);
        }
        String row = n.path("row").asText("");
        if (row.isEmpty()) {
            throw new BadResultsException("result without a row: " + n);
        }
        try {
            String unit = n.path("unit").asText();
            return new Sample(side, boot, n.path("rep").asInt(), new MetricKey(n.path("workload").asText(), row,
                    n.path("metric").asText()), new MetricInfo(n.path("label").asText("row"), clock.unit(unit),
                            direction.equals("lower")), clock.count(unit, n.path("value").asDouble()));
        } catch (IllegalArgumentException e) {
            throw new BadResultsException(e.getMessage());
        }
    }
}
