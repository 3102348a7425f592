package org.fsnbot.store;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.fsnbot.run.Sample;
import org.fsnbot.run.Side;

/**
 * One point of a performance history: one side of one finished job (a
 * kernel at a commit, measured on a setup), with the samples of its good
 * boots, all on the side named (so base and patched points read alike).
 */
public record TrendPoint(long jobId, Side side, String commit, Instant measuredAt, Setup setup,
        List<Sample> samples) {

    /** Where a point was measured, and on which clock: only points of one setup make a series. */
    public record Setup(String runner, String accelerator, String clock, String profile, String topology) {
        public Setup {
            Objects.requireNonNull(runner);
            Objects.requireNonNull(accelerator);
            Objects.requireNonNull(clock);
            Objects.requireNonNull(profile);
            Objects.requireNonNull(topology);
        }

        @Override
        public String toString() {
            return runner + " " + accelerator + " " + clock + " clock " + profile + " " + topology;
        }
    }

    public TrendPoint {
        Objects.requireNonNull(side);
        Objects.requireNonNull(commit);
        Objects.requireNonNull(measuredAt);
        Objects.requireNonNull(setup);
        samples = List.copyOf(samples);
    }
}
