package org.fsnbot.job;

import java.util.Objects;
import org.fsnbot.image.GuestImage;
import org.fsnbot.report.JobFacts;

/** The kernels with the guest image every boot gets. */
public record Imaged(Built built, GuestImage guest) implements Reached {

    public Imaged {
        Objects.requireNonNull(built);
        Objects.requireNonNull(guest);
    }

    @Override
    public JobFacts facts(JobFacts.Run timing) {
        return built.facts(timing);
    }
}
