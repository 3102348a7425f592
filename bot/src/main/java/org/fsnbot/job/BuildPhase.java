package org.fsnbot.job;

import java.io.IOException;
import org.fsnbot.build.BuildResult;
import org.fsnbot.build.Checkouts;
import org.fsnbot.build.KernelBuilder;
import org.fsnbot.build.KernelConfig;

/**
 * Phase 3, build: the base kernel (reused from its object directory when
 * built before), then the patched one from a copy of the base's objects so
 * only what the candidate touched recompiles. The checkout is left at the
 * base either way.
 */
public final class BuildPhase {

    private final KernelBuilder builder;
    private final KernelConfig config;
    private final Checkouts checkouts;

    public BuildPhase(KernelBuilder builder, KernelConfig config, Checkouts checkouts) {
        this.builder = builder;
        this.config = config;
        this.checkouts = checkouts;
    }

    public Step<Built> run(Applied a, JobJournal journal) throws IOException {
        String base = a.resolved().baseCommit();
        BuildResult baseBuild = builder.buildBase(a.checkout(), base, config, a.resolved().job().baseCode());
        journal.built(baseBuild);
        if (!baseBuild.ok()) {
            return Step.stop(new Finding.BuildFailed(baseBuild), a);
        }
        if (a.patchedCommit().equals(base)) {
            return Step.next(new Built(a, baseBuild, baseBuild));
        }
        BuildResult patched;
        checkouts.switchTo(a.checkout(), a.patchedCommit());
        try {
            patched = builder.buildPatched(a.checkout(), base, a.patchedCommit(), config);
        } finally {
            builder.restoreBase(a.checkout(), base, a.patchedCommit());
        }
        journal.built(patched);
        if (!patched.ok()) {
            return Step.stop(new Finding.BuildFailed(patched), a);
        }
        return Step.next(new Built(a, baseBuild, patched));
    }
}
