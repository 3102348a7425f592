package org.fsnbot.run;

import java.util.List;
import java.util.Objects;

/**
 * What one boot's result lines said: samples, the correctness-gate checks
 * that failed (a kernel that fails the gate gets no performance verdict),
 * what the workloads could not run here, the guest's own description
 * (JSON; its NUMA nodes as the guest saw them), and, for a pinned boot,
 * where the host pinned its vCPU threads (the "placement" line the host
 * adds, JSON; empty otherwise).
 */
public record BootResults(List<Sample> samples, List<String> gateFailures, List<String> skipped, String guestInfo,
        String placement) {

    public static final BootResults NONE = new BootResults(List.of(), List.of(), List.of(), "", "");

    public BootResults {
        samples = List.copyOf(samples);
        gateFailures = List.copyOf(gateFailures);
        skipped = List.copyOf(skipped);
        Objects.requireNonNull(guestInfo);
        Objects.requireNonNull(placement);
    }

    /** A boot with no placement line (not pinned). */
    public BootResults(List<Sample> samples, List<String> gateFailures, List<String> skipped, String guestInfo) {
        this(samples, gateFailures, skipped, guestInfo, "");
    }
}
