package org.fsnbot.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.fsnbot.build.BuildResult;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.PatchSeries;
import org.fsnbot.mail.MailLedger;
import org.fsnbot.mail.MailState;
import org.fsnbot.mail.Reply;
import org.fsnbot.mail.ReplyKind;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.RunOptions;
import org.fsnbot.run.BootRecord;
import org.fsnbot.run.BootResults;
import org.fsnbot.run.MetricInfo;
import org.fsnbot.run.MetricKey;
import org.fsnbot.run.Sample;
import org.fsnbot.run.Side;
import org.fsnbot.testing.Repo;
import org.fsnbot.vm.Accelerator;
import org.fsnbot.vm.BootOutcome;
import org.fsnbot.vm.BootStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoreTest {

    @Test
    void migratesAndKeepsEveryStagesRecordsAcrossReopen(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("fsnbot");
        JobStore jobs = Store.h2(db).jobs();
        PatchSeries s = new MboxReader().readSeries(Repo.exampleMbox());
        long series = jobs.saveSeries(s);
        assertThat(jobs.saveSeries(s)).as("a series is stored once").isEqualTo(series);
        long job = jobs.createJob(series, "/tree", "v6.12", "quick", "sockets=2");
        jobs.saveBuild(job, BuildResult.built("base", "a".repeat(40), dir, new BuildResult.Cost(12.5, 3, false),
                dir.resolve("log")));
        BootOutcome panic = new BootOutcome("patched-1-try1", BootStatus.PANIC, Accelerator.TCG, 2.0, List.of(),
                new BootOutcome.Console(dir.resolve("c.log"), List.of("Kernel panic - not syncing: x")),
                "kernel panic");
        jobs.saveBoot(job, new BootRecord(Side.PATCHED, 0, 1, panic, BootResults.NONE));
        BootOutcome ok = new BootOutcome("base-1-try1", BootStatus.OK, Accelerator.TCG, 9.0, List.of("{}"),
                new BootOutcome.Console(dir.resolve("c2.log"), List.of()), "ok");
        Sample sample = new Sample(Side.BASE, 0, 0, new MetricKey("byte-write", "none", "ns_per_op"),
                new MetricInfo("mode", "ns", true), 2000);
        jobs.saveBoot(job, new BootRecord(Side.BASE, 0, 1, ok, new BootResults(List.of(sample), List.of(), List.of(),
                "{}")));
        Reply r = new Reply("<r@x>", "bot@x", List.of("a@x"), List.of("b@x"), new Reply.Threading("Re: x", "<p@x>",
                List.of("<p@x>")), "b\n");
        Store.h2(db).mail().record(job, new MailLedger.Outgoing(r, ReplyKind.REPORT, MailState.WRITTEN,
                dir.resolve("r.eml"), new byte[] {1}, List.of("a@x", "b@x")));
        jobs.finish(job, ReplyKind.REPORT, "regression");

        Store reopened = Store.h2(db);
        assertThat(reopened.count("jobs", "state = 'done' AND outcome = ?", "REPORT")).isEqualTo(1);
        assertThat(reopened.count("builds", "")).isEqualTo(1);
        assertThat(reopened.count("boots", "status = 'PANIC'")).isEqualTo(1);
        assertThat(reopened.text("SELECT console_tail FROM boots WHERE status = 'PANIC'")).contains("Kernel panic");
        assertThat(reopened.count("samples", "")).isEqualTo(1);
        assertThat(reopened.mail().state("<r@x>")).contains(MailState.WRITTEN);
        assertThat(reopened.mail().own("<r@x>")).hasValueSatisfying(m -> assertThat(m.jobId()).contains(job));
    }

    private static WorkItem series(String root, String title) {
        return WorkItem.found("series " + root + " v1", title, new WorkTarget.Series(1, List.of(root), List.of(),
                "dev@example.org " + title), new Base("tree", "base", "why"));
    }

    @Test
    void theQueueKeysWorkOnceSupersedesOlderRevisionsAndRequeuesWhatAKilledProcessLeftRunning(@TempDir Path dir) {
        WorkQueue q = Store.h2(dir.resolve("db")).queue();
        assertThat(q.enqueue(series("<a>", "t"))).isPresent();
        assertThat(q.enqueue(series("<a>", "t"))).as("the same key twice").isEmpty();
        assertThat(q.enqueue(series("<b>", "other"))).isPresent();
        assertThat(q.supersede("mallory@example.net t", 2)).as("another author's lineage").isZero();
        assertThat(q.supersede("dev@example.org t", 2)).isEqualTo(1);
        assertThat(q.newestRevision("dev@example.org t")).contains(1);
        assertThat(q.newestRevision("mallory@example.net t")).isEmpty();
        Work claimed = q.claimNext().orElseThrow();
        assertThat(claimed.item().key()).isEqualTo("series <b> v1");
        assertThat(claimed.state()).isEqualTo(WorkState.RUNNING);
        assertThat(q.claimNext()).as("the cancelled one is not claimed").isEmpty();
        // A process killed mid-measurement leaves the unit running; the next one starts it over.
        WorkQueue reopened = Store.h2(dir.resolve("db")).queue();
        assertThat(reopened.recoverRunning(3).requeued()).isEqualTo(1);
        assertThat(reopened.claimNext()).map(Work::id).contains(claimed.id());
    }

    @Test
    void aUnitThatWasRunningEachTimeTheProcessDiedBecomesADeadLetter(@TempDir Path dir) {
        WorkQueue q = Store.h2(dir.resolve("db")).queue();
        long poison = q.enqueue(series("<poison>", "p")).orElseThrow();
        for (int crash = 1; crash <= 2; crash++) {
            assertThat(q.claimNext()).map(Work::id).contains(poison);
            WorkQueue.Recovered r = q.recoverRunning(3);
            assertThat(r.requeued()).as("crash %d", crash).isEqualTo(1);
            assertThat(r.deadLetters()).isEmpty();
        }
        assertThat(q.claimNext()).map(Work::id).contains(poison);
        long next = q.enqueue(series("<next>", "n")).orElseThrow();

        WorkQueue.Recovered third = q.recoverRunning(3);

        assertThat(third.requeued()).isZero();
        assertThat(third.deadLetters()).singleElement().extracting(Work::id).isEqualTo(poison);
        assertThat(q.list(WorkState.DEAD_LETTER)).singleElement().satisfies(w ->
                assertThat(w.detail()).contains("died 3 times"));
        assertThat(q.claimNext()).as("the queue moves on").map(Work::id).contains(next);
    }

    @Test
    void aWorkItemReadsBackAsItWasQueued(@TempDir Path dir) {
        WorkQueue q = Store.h2(dir.resolve("db")).queue();
        WorkItem asked = WorkItem.requested("compare <c> 1", "v1..v2", new WorkTarget.Revision("v2"),
                new Base("/srv/linux", "v1", "named in the command"),
                new RunOptions(List.of("byte-write"), 4, "", "", false, "#fsnbot compare v1 v2"), "<c>");
        long id = q.enqueue(asked).orElseThrow();
        assertThat(q.all()).singleElement().satisfies(w -> {
            assertThat(w.id()).isEqualTo(id);
            assertThat(w.item()).isEqualTo(asked);
            assertThat(w.state()).isEqualTo(WorkState.QUEUED);
        });
        q.finish(id, WorkState.DONE, null, "REPORT: regression");
        assertThat(q.list(WorkState.DONE)).singleElement().satisfies(w -> assertThat(w.detail())
                .isEqualTo("REPORT: regression"));
    }
}
