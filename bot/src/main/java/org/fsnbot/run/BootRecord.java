package org.fsnbot.run;

import java.util.List;
import java.util.Objects;
import org.fsnbot.boot.BootOutcome;
import org.fsnbot.boot.HostPressure;

/**
 * One attempted boot in the schedule (side, pair index, attempt), what it
 * produced, and how busy the runner was meanwhile.
 */
public record BootRecord(Side side, int index, int attempt, BootOutcome outcome, BootResults results,
        HostPressure pressure) {

    public BootRecord {
        Objects.requireNonNull(side);
        Objects.requireNonNull(outcome);
        Objects.requireNonNull(results);
        Objects.requireNonNull(pressure);
    }

    /** A boot whose runner's load was not measured. */
    public BootRecord(Side side, int index, int attempt, BootOutcome outcome, BootResults results) {
        this(side, index, attempt, outcome, results, HostPressure.unmeasured());
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

    public String placement() {
        return results.placement();
    }
}
