package org.fsnbot.run;

import java.util.List;

/**
 * What one boot's result lines said: samples, the correctness-gate checks
 * that failed (a kernel that fails the gate gets no performance verdict),
 * what the workloads could not run here, and the guest's own description.
 */
public record BootResults(List<Sample> samples, List<String> gateFailures, List<String> skipped, String guestInfo) {

    public static final BootResults NONE = new BootResults(List.of(), List.of(), List.of(), "");

    public BootResults {
        samples = List.copyOf(samples);
        gateFailures = List.copyOf(gateFailures);
        skipped = List.copyOf(skipped);
    }
}
