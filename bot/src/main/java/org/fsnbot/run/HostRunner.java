package org.fsnbot.run;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.fsnbot.exec.CommandResult;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.plan.WorkloadSpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the workload binaries on the running kernel instead of in a guest:
 * for bare-metal runners and quick checks. Each pass over the workload
 * list plays the part of one boot. Guest paths in the profile are mapped
 * to host directories (/mnt/block, the guest's ext4, to blockDir).
 */
public final class HostRunner {

    private static final Logger log = LoggerFactory.getLogger(HostRunner.class);

    private final CommandRunner runner;
    private final ResultParser parser;

    public HostRunner(CommandRunner runner, ResultParser parser) {
        this.runner = runner;
        this.parser = parser;
    }

    /** Results of all passes: samples (boot = pass), gate failures, skipped parts and each pass's JSON lines. */
    public record HostResult(List<Sample> samples, List<String> gateFailures, List<String> skipped,
            List<List<String>> passes) {
        public HostResult {
            samples = List.copyOf(samples);
            gateFailures = List.copyOf(gateFailures);
            skipped = List.copyOf(skipped);
            passes = passes.stream().map(List::copyOf).toList();
        }
    }

    /** Runs passes over workloads; extra goes after every workload's own arguments (--inject parent-watch). */
    public HostResult run(Path bin, List<WorkloadSpec> workloads, int passes, Path blockDir, Duration timeout,
            List<String> extra) throws IOException {
        List<Sample> samples = new ArrayList<>();
        List<String> gate = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        List<List<String>> all = new ArrayList<>();
        for (int pass = 0; pass < passes; pass++) {
            List<String> lines = new ArrayList<>();
            for (WorkloadSpec w : workloads) {
                List<String> cmd = new ArrayList<>();
                cmd.add(bin.resolve(w.name()).toString());
                for (String a : w.args()) {
                    cmd.add(a.equals("/mnt/block") ? blockDir.toString() : a);
                }
                cmd.addAll(extra);
                log.info("pass {}: {}", pass + 1, String.join(" ", cmd));
                CommandResult r = runner.run(cmd, null, timeout);
                if (r.timedOut() || (r.exitCode() != 0 && r.exitCode() != ResultParser.CHECKS_FAILED)) {
                    throw new IOException(w.name() + (r.timedOut() ? " timed out" : " exited " + r.exitCode())
                            + ": " + String.join(" | ", r.tail(5)));
                }
                // stderr is merged into the output; only JSON lines are results. The exit status
                // goes in as the guest's init reports it, so the parser judges both the same way.
                r.output().stream().filter(l -> l.startsWith("{")).forEach(lines::add);
                lines.add("{\"type\":\"exit\",\"workload\":\"" + w.name() + "\",\"status\":" + r.exitCode() + "}");
            }
            all.add(lines);
            try {
                BootResults p = parser.parse(Side.BASE, pass, lines);
                samples.addAll(p.samples());
                gate.addAll(p.gateFailures());
                p.skipped().stream().filter(x -> !skipped.contains(x)).forEach(skipped::add);
            } catch (ResultParser.BadResultsException e) {
                throw new IOException("pass " + (pass + 1) + ": " + e.getMessage(), e);
            }
        }
        return new HostResult(samples, gate, skipped, all);
    }
}
