package org.fsnbot.testing;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.fsnbot.build.BaseLocks;
import org.fsnbot.build.BuildResult;
import org.fsnbot.build.Checkouts;
import org.fsnbot.build.KernelBuilder;
import org.fsnbot.build.KernelConfig;
import org.fsnbot.exec.CommandRunner;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The end-to-end run's one cold build, first whatever the suites' order:
 * the base kernel (the Debian tree's tag, fsnbot's configuration), built
 * in the test home as fsnbot builds a trusted base, before a suite that
 * builds kernels starts. Every other kernel of the run then starts from
 * objects of it or of a build seeded from it (BuildSeeds). A suite whose
 * first builds are all untrusted (a tree a command named, BisectIT's
 * queued range) could not: untrusted builds seed nothing, so each would
 * compile the whole kernel. Built already, it costs a reuse check.
 */
public final class SharedKernel implements BeforeAllCallback {

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        build();
    }

    /** Builds the shared base unless built; its result (reused when it was). */
    public static BuildResult build() throws IOException {
        CommandRunner run = new CommandRunner();
        Path home = KernelFixture.home();
        String base = run.check(List.of("git", "rev-parse", KernelFixture.base() + "^{commit}"), KernelFixture.tree(),
                Duration.ofMinutes(1)).outputText().strip();
        Checkouts checkouts = new Checkouts(home, run);
        // Under the base's lock, as a job builds: the other test lane may be
        // applying a patch in this checkout, or building this base itself.
        BuildResult r = new BaseLocks(home).holding(base, () -> {
            try {
                return new KernelBuilder(home, run, Sandboxes.bwrap("shared-kernel")).buildBase(
                        checkouts.at(KernelFixture.tree(), base), base, KernelConfig.builtin(),
                        KernelBuilder.Code.TRUSTED);
            } finally {
                checkouts.keepIfClean(base);
            }
        });
        if (!r.ok()) {
            throw new IOException("the shared base kernel did not build: " + r.errorLines());
        }
        return r;
    }
}
