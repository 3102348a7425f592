package org.fsnbot.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.fsnbot.build.KernelBuilder;
import org.fsnbot.mail.ReplyComposer;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;
import org.fsnbot.report.JobFacts;
import org.fsnbot.report.ReplyRenderer;
import org.junit.jupiter.api.Test;

/** The tags a tree regression's report gives its fix come from the commits resolved, not from display text. */
class ReplyPhaseTest {

    private static final String BASE = "abcdefabcdef0123456789abcdef0123456789ab";
    private static final String HEAD = "0123456789abfedcba9876543210fedcba987654";

    private static Resolved resolved(Candidate c, Optional<String> revision, String baseLabel) throws Exception {
        Job job = new Job(Base.configured("https://example.org/linux.git", "master"), c, Profile.load("quick"),
                Topology.DEFAULT, new ReplyRoute.NewThread(List.of("list@example.org")), false,
                KernelBuilder.Code.TRUSTED);
        return new Resolved(job, Path.of("/nonexistent"), BASE, baseLabel, revision,
                new JobFacts.Topic("[fsnbot] x", "", List.of()), new JobFacts.Confinement("none", false));
    }

    @Test
    void aTreeRegressionCarriesReportedByClosesAndTheRegzbotRangeOfItsCommits() throws Exception {
        ReplyPhase phase = new ReplyPhase(new ReplyRenderer(), new ReplyComposer("fsnbot <bot@example.org>"), null,
                true, new UnitLease());
        Finding regression = new Finding.GateFailed(List.of("patched boot 1: lost events"), false);
        // A label whose first word is not the commit: the range must not depend on how facts are worded.
        List<String> tags = phase.tags(resolved(new Candidate.Revision("master"), Optional.of(HEAD),
                "Linux 6.12 (abcdefabcdef)"), regression, "<r1@example.org>");
        assertThat(tags).containsExactly("Reported-by: fsnbot <bot@example.org>",
                "Closes: https://lore.kernel.org/r/r1@example.org",
                "#regzbot introduced: abcdefabcdef..0123456789ab");
        assertThat(phase.tags(resolved(new Candidate.SameKernel(), Optional.empty(), "x"), regression, "<r2@x>"))
                .isEmpty();
    }

    /** A unit whose hold was lost while it was measured is not answered: nothing is rendered or posted. */
    @Test
    void aUnitWhoseHoldWasLostWhileMeasuredIsNotAnswered() {
        UnitLease lease = new UnitLease();
        ReplyPhase phase = new ReplyPhase(new ReplyRenderer(), new ReplyComposer("fsnbot <bot@example.org>"), null,
                false, lease);
        lease.begin();
        assertThat(lease.lose("cut off in the test")).isTrue();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> phase.run(null, null, null, 7, "<r@x>"))
                .isInstanceOf(java.io.IOException.class).hasMessageContaining("job 7 is not answered")
                .hasMessageContaining("cut off in the test");
        assertThat(Thread.interrupted()).as("the loss's interrupt was the measuring's, cleared once it ended")
                .isFalse();
    }
}
