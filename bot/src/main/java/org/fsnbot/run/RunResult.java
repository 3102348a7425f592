package org.fsnbot.run;

import java.util.List;
import java.util.Optional;

/**
 * Every boot attempted for a job. failure is set when a boot failed twice
 * in a row: the job then has no verdict, only an infrastructure failure.
 */
public record RunResult(List<BootRecord> boots, Optional<BootRecord> failure) {

    public RunResult {
        boots = List.copyOf(boots);
    }

    public List<Sample> samples() {
        return boots.stream().filter(b -> !b.outcome().status().infrastructureFailure())
                .flatMap(b -> b.samples().stream()).toList();
    }

    public long goodBoots(Side side) {
        return boots.stream().filter(b -> b.side() == side && !b.outcome().status().infrastructureFailure()).count();
    }
}
