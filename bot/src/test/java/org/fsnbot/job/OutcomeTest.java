package org.fsnbot.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.fsnbot.boot.BootOutcome;
import org.fsnbot.boot.BootStatus;
import org.fsnbot.build.ApplyResult;
import org.fsnbot.build.BuildResult;
import org.fsnbot.report.Measurement;
import org.fsnbot.report.ReplyRendererTestAccess;
import org.fsnbot.run.BootRecord;
import org.fsnbot.run.BootResults;
import org.fsnbot.run.Side;
import org.fsnbot.stats.AdaptiveSampling;
import org.fsnbot.stats.Comparison;
import org.fsnbot.stats.Verdict;
import org.junit.jupiter.api.Test;

/** Every way a job ends, and the exit code a CI script sees for it. */
class OutcomeTest {

    private static Finding.Report report(Verdict overall) {
        Comparison c = ReplyRendererTestAccess.comparison();
        return new Finding.Report(new Measurement(new Comparison(c.metrics(), overall, c.method(), c.ciAlpha()), 3,
                new AdaptiveSampling(3, 3, 0.05), 0, List.of(), List.of()));
    }

    @Test
    void eachFindingHasItsExitCode() {
        assertThat(report(Verdict.REGRESSION).outcome().exitCode()).isEqualTo(1);
        for (Verdict v : List.of(Verdict.IMPROVEMENT, Verdict.NO_SIGNIFICANT_CHANGE, Verdict.INCONCLUSIVE)) {
            assertThat(report(v).outcome().exitCode()).as(v.text()).isZero();
        }
        assertThat(new Finding.DoesNotApply(new ApplyResult(Optional.empty(), Optional.of("0001 x"),
                Optional.empty(), List.of())).outcome().exitCode()).isEqualTo(3);
        assertThat(new Finding.BuildFailed(BuildResult.failed("patched", "a".repeat(40), new BuildResult.Cost(1, 0,
                false), List.of("error: x"), Path.of("/tmp/log"))).outcome().exitCode()).isEqualTo(3);
        assertThat(new Finding.GateFailed(List.of("patched boot 1: lost events"), false).outcome().exitCode())
                .isEqualTo(1);
        assertThat(new Finding.GateFailed(List.of("base boot 1: lost events", "patched boot 1: lost events"), true)
                .outcome().exitCode()).as("the base lost events too: nothing to blame the patch for").isEqualTo(4);
        assertThat(new Finding.InfrastructureFailed(new BootRecord(Side.BASE, 0, 2,
                new BootOutcome("base-1-try2", BootStatus.PANIC, "TCG", 1, List.of(), new BootOutcome.Console(Path.of("/tmp/c"), List.of()),
                        "Kernel panic - not syncing: x"), BootResults.NONE), false).outcome().exitCode()).isEqualTo(4);
        assertThat(Outcome.BAD_INPUT_EXIT).isEqualTo(2);
    }
}
