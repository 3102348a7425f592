package org.fsnbot.testbed;

import java.util.Objects;
import java.util.Optional;
import org.fsnbot.run.NumaCheck;
import org.fsnbot.run.RunResult;

/**
 * What a testbed gives back: every boot and its results (a failure ends
 * it), where they ran, how busy the runner was, and for a pinned guest
 * whether it sat where it was planned.
 */
public record Measurement(RunResult run, TestbedFacts facts, Load load, Optional<NumaCheck.Result> placement) {
    public Measurement {
        Objects.requireNonNull(run);
        Objects.requireNonNull(facts);
        Objects.requireNonNull(load);
        Objects.requireNonNull(placement);
    }
}
