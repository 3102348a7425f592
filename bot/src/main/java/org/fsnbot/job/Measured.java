package org.fsnbot.job;

import java.util.List;
import java.util.Objects;
import org.fsnbot.report.JobFacts;
import org.fsnbot.stats.AdaptiveSampling;
import org.fsnbot.stats.Comparison;
import org.fsnbot.stats.MetricNoise;

/**
 * Clean boots of both kernels, compared; plan is how many boots were
 * allowed and how alpha was spent; noise is the runner's, as the
 * comparison's floor took it (the reply quotes what it rests on).
 */
public record Measured(Booted booted, Comparison comparison, AdaptiveSampling plan, List<MetricNoise> noise)
        implements Reached {

    public Measured {
        Objects.requireNonNull(booted);
        Objects.requireNonNull(comparison);
        Objects.requireNonNull(plan);
        noise = List.copyOf(noise);
    }

    @Override
    public JobFacts facts(JobFacts.Run timing) {
        return booted.facts(timing);
    }
}
