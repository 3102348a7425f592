package org.fsnbot.job;

import java.util.Objects;
import org.fsnbot.build.BuildResult;
import org.fsnbot.report.JobFacts;

/** Both kernels built (the same image twice for a calibration). */
public record Built(Applied applied, BuildResult base, BuildResult patched) implements Reached {

    public Built {
        Objects.requireNonNull(applied);
        if (!base.ok() || !patched.ok()) {
            throw new IllegalArgumentException("built means both kernels have an image");
        }
    }

    @Override
    public JobFacts facts(String wallTime) {
        return applied.facts(wallTime);
    }
}
