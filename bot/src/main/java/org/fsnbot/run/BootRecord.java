package org.fsnbot.run;

import java.util.List;
import org.fsnbot.vm.BootOutcome;

/**
 * One attempted boot in the schedule and what it produced: samples, and
 * the correctness-gate checks that failed in it (a kernel that fails the
 * gate gets no performance verdict).
 */
public record BootRecord(Side side, int index, int attempt, BootOutcome outcome, List<Sample> samples,
        List<String> gateFailures, List<String> skipped, String guestInfo) {

    public BootRecord {
        samples = List.copyOf(samples);
        gateFailures = List.copyOf(gateFailures);
        skipped = List.copyOf(skipped);
    }
}
