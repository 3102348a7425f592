package org.fsnbot.commands;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A command line refused for its shape, by kind, with the values its answer
 * quotes (each already shortened): the words are
 * templates/command/refused-line.peb's, not this exception's message,
 * which is for the log.
 */
final class LineRefused extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** What is wrong with a line. */
    enum Reason {
        NO_COMMAND,
        UNKNOWN_COMMAND,
        TOO_MANY_COMMANDS,
        ARGUMENTS,
        NOT_A_WORKLOAD,
        ONE_THREAD_AT_MOST,
        NOT_A_THREAD,
        NOT_A_REVISION,
        NOT_HTTPS,
        NOT_KEY_VALUE,
        GIVEN_TWICE,
        RUNS_NOT_A_NUMBER,
        RUNS_OUTSIDE_BUDGET,
        UNKNOWN_PROFILE,
        BAD_TOPOLOGY,
        UNKNOWN_OPTION,
        BISECT_ARGUMENTS,
        MALFORMED
    }

    private final Reason reason;
    private final transient Map<String, Object> values;

    LineRefused(Reason reason, Map<String, Object> values) {
        super(reason + " " + values);
        this.reason = Objects.requireNonNull(reason);
        this.values = Map.copyOf(values);
    }

    LineRefused(Reason reason) {
        this(reason, Map.of());
    }

    /** What the template reads: the reason's name as "reason", and the values. */
    Map<String, Object> templateValues() {
        Map<String, Object> m = new HashMap<>(values);
        m.put("reason", reason.name());
        return Map.copyOf(m);
    }
}
