package org.fsnbot.run;

import java.util.List;
import org.fsnbot.vm.BootOutcome;

/** One attempted boot in the schedule and what it produced. */
public record BootRecord(Side side, int index, int attempt, BootOutcome outcome, List<Sample> samples,
        String guestInfo) {

    public BootRecord {
        samples = List.copyOf(samples);
    }
}
