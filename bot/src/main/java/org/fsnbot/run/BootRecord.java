package org.fsnbot.run;

import java.util.List;
import java.util.Objects;
import org.fsnbot.vm.BootOutcome;

/** One attempted boot in the schedule (side, pair index, attempt) and what it produced. */
public record BootRecord(Side side, int index, int attempt, BootOutcome outcome, BootResults results) {

    public BootRecord {
        Objects.requireNonNull(side);
        Objects.requireNonNull(outcome);
        Objects.requireNonNull(results);
    }

    public List<Sample> samples() {
        return results.samples();
    }

    public List<String> gateFailures() {
        return results.gateFailures();
    }

    public List<String> skipped() {
        return results.skipped();
    }

    public String guestInfo() {
        return results.guestInfo();
    }
}
