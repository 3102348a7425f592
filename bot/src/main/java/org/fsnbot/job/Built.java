package org.fsnbot.job;

import java.io.IOException;
import java.util.Objects;
import java.util.Optional;
import org.fsnbot.build.BuiltConfig;
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
    public JobFacts facts(JobFacts.Run timing) {
        return applied.resolved().facts(timing, applied.patchedLabel(), applied.resolved().notBooted(), config());
    }

    /** The base kernel's .config (the patched one is built from a copy of it). */
    Optional<BuiltConfig> config() {
        try {
            return BuiltConfig.of(base);
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
