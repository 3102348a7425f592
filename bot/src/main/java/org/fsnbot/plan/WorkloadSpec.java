package org.fsnbot.plan;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.regex.Pattern;

/**
 * One workload run inside each boot: the binary's name, its arguments, and
 * the metrics that enter the verdict (the others are reported only; a
 * workload with none, like the correctness gate, only passes or fails).
 * minEffectPct is the smallest change worth calling a regression; when the
 * profile names none, the statistics' default applies. instructionRows
 * ("instructionClockRows" in the profile: patterns a whole row matches)
 * are the rows whose verdict metrics stay in the verdict on an instruction
 * clock (docs/stats.md, "Clocks"): under QEMU icount the vCPUs take turns
 * on one host thread, so a row that measures concurrency (two clients at
 * once) counts only the instructions of both; such rows are shown there,
 * not judged. Absent: every row, as on wall time; [] none. instructionArgs
 * ("instructionClockArgs") are appended to args on an instruction clock:
 * what makes a row's path fixed there (byte-write's held listener).
 */
public record WorkloadSpec(String name, List<String> args, List<String> verdictMetrics, OptionalDouble minEffectPct,
        Optional<List<String>> instructionRows, List<String> instructionArgs) {

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9-]*");
    private static final Pattern ARG = Pattern.compile("[A-Za-z0-9=,._/-]+");

    public WorkloadSpec {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("workload name must match " + NAME + ": " + name);
        }
        args = List.copyOf(args == null ? List.of() : args);
        instructionArgs = List.copyOf(instructionArgs == null ? List.of() : instructionArgs);
        // Arguments end up in the guest's shell script: keep them to a safe alphabet.
        for (String a : both(args, instructionArgs)) {
            if (!ARG.matcher(a).matches()) {
                throw new IllegalArgumentException("workload " + name + ": unsafe argument '" + a + "'");
            }
        }
        // A workload without verdict metrics (the correctness gate) is run
        // and checked but never enters the statistics.
        verdictMetrics = List.copyOf(verdictMetrics == null ? List.of() : verdictMetrics);
        if (minEffectPct.isPresent() && !(minEffectPct.getAsDouble() > 0 && minEffectPct.getAsDouble() < 100)) {
            throw new IllegalArgumentException("workload " + name + ": minEffectPct must be in (0, 100)");
        }
        instructionRows = instructionRows.map(List::copyOf);
        for (String r : instructionRows.orElse(List.of())) {
            try {
                Pattern.compile(r);
            } catch (java.util.regex.PatternSyntaxException e) {
                throw new IllegalArgumentException("workload " + name + ": instructionClockRows pattern '" + r
                        + "' is not a regular expression: " + e.getDescription());
            }
        }
    }

    /** Whether row stays in the verdict on an instruction clock. */
    public boolean judgedOnInstructions(String row) {
        return instructionRows.map(ps -> ps.stream().anyMatch(p -> Pattern.matches(p, row))).orElse(true);
    }

    public String commandLine() {
        return line(args);
    }

    /** The command line a guest on an instruction clock runs. */
    public String instructionCommandLine() {
        return line(both(args, instructionArgs));
    }

    private String line(List<String> arguments) {
        return arguments.isEmpty() ? name : name + " " + String.join(" ", arguments);
    }

    private static List<String> both(List<String> args, List<String> instructionArgs) {
        return java.util.stream.Stream.concat(args.stream(), instructionArgs.stream()).toList();
    }

    static WorkloadSpec fromMap(Map<String, Object> m) {
        @SuppressWarnings("unchecked")
        List<String> args = (List<String>) m.getOrDefault("args", List.of());
        @SuppressWarnings("unchecked")
        List<String> metrics = (List<String>) m.get("verdictMetrics");
        Object eff = m.get("minEffectPct");
        @SuppressWarnings("unchecked")
        List<String> rows = (List<String>) m.get("instructionClockRows");
        @SuppressWarnings("unchecked")
        List<String> instructionArgs = (List<String>) m.getOrDefault("instructionClockArgs", List.of());
        return new WorkloadSpec((String) m.get("name"), args, metrics,
                eff == null ? OptionalDouble.empty() : OptionalDouble.of(((Number) eff).doubleValue()),
                Optional.ofNullable(rows), instructionArgs);
    }
}
