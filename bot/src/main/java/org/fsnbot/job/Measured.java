package org.fsnbot.job;

import java.util.Objects;
import org.fsnbot.report.JobFacts;
import org.fsnbot.stats.AdaptiveSampling;
import org.fsnbot.stats.Comparison;

/** Clean boots of both kernels, compared; plan is how many boots were allowed and how alpha was spent. */
public record Measured(Booted booted, Comparison comparison, AdaptiveSampling plan) implements Reached {

    public Measured {
        Objects.requireNonNull(booted);
        Objects.requireNonNull(comparison);
        Objects.requireNonNull(plan);
    }

    @Override
    public JobFacts facts(JobFacts.Run timing) {
        return booted.facts(timing);
    }
}
