package org.fsnbot.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.fsnbot.build.BuildResult;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.PatchSeries;
import org.fsnbot.mail.Reply;
import org.fsnbot.run.BootRecord;
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
        Store store = Store.h2(db);
        PatchSeries s = new MboxReader().readSeries(Repo.exampleMbox());
        long series = store.saveSeries(s);
        assertThat(store.saveSeries(s)).as("a series is stored once").isEqualTo(series);
        long job = store.createJob(series, "/tree", "v6.12", "quick", "sockets=2");
        store.saveBuild(job, new BuildResult("base", "a".repeat(40), true, Optional.of(dir), 12.5, 3, false,
                List.of(), dir.resolve("log")));
        BootOutcome panic = new BootOutcome("patched-1-try1", BootStatus.PANIC, Accelerator.TCG, 2.0, List.of(),
                dir.resolve("c.log"), List.of("Kernel panic - not syncing: x"), "kernel panic");
        store.saveBoot(job, new BootRecord(Side.PATCHED, 0, 1, panic, List.of(), List.of(), List.of(), ""));
        BootOutcome ok = new BootOutcome("base-1-try1", BootStatus.OK, Accelerator.TCG, 9.0, List.of("{}"),
                dir.resolve("c2.log"), List.of(), "ok");
        store.saveBoot(job, new BootRecord(Side.BASE, 0, 1, ok,
                List.of(new Sample(Side.BASE, 0, "byte-write", "mode", "none", "ns_per_op", 0, 2000, "ns", true)), List.of(),
                List.of(), "{}"));
        store.mail().record(job, new Reply("<r@x>", "bot@x", List.of("a@x"), List.of("b@x"), "Re: x", "<p@x>",
                List.of("<p@x>"), "b\n"), "REPORT", "written", dir.resolve("r.eml").toString(), new byte[] {1},
                List.of("a@x", "b@x"));
        store.finishJob(job, "REPORT", "regression");

        Store reopened = Store.h2(db);
        assertThat(reopened.count("jobs", "state = 'done' AND outcome = ?", "REPORT")).isEqualTo(1);
        assertThat(reopened.count("builds", "")).isEqualTo(1);
        assertThat(reopened.count("boots", "status = 'PANIC'")).isEqualTo(1);
        assertThat(reopened.text("SELECT console_tail FROM boots WHERE status = 'PANIC'")).contains("Kernel panic");
        assertThat(reopened.count("samples", "")).isEqualTo(1);
        assertThat(reopened.count("outgoing_mail", "message_id = ?", "<r@x>")).isEqualTo(1);
    }

    @Test
    void theQueueKeysWorkOnceSupersedesOlderRevisionsAndRequeuesWhatAKilledProcessLeftRunning(@TempDir Path dir)
            throws Exception {
        WorkQueue q = Store.h2(dir.resolve("db")).queue();
        assertThat(q.enqueueSeries("series <a> v1", "t", 1, List.of("<a>"), List.of(), "tree", "base", "why"))
                .isPresent();
        assertThat(q.enqueueSeries("series <a> v1", "t", 1, List.of("<a>"), List.of(), "tree", "base", "why"))
                .as("the same key twice").isEmpty();
        assertThat(q.enqueueSeries("series <b> v1", "other", 1, List.of("<b>"), List.of(), "tree", "base", "why"))
                .isPresent();
        assertThat(q.supersede("t", 2)).isEqualTo(1);
        assertThat(q.newestRevision("t")).contains(1);
        WorkQueue.Work claimed = q.claimNext().orElseThrow();
        assertThat(claimed.key()).isEqualTo("series <b> v1");
        assertThat(q.claimNext()).as("the cancelled one is not claimed").isEmpty();
        // A process killed mid-measurement leaves the unit running; the next one starts it over.
        WorkQueue reopened = Store.h2(dir.resolve("db")).queue();
        assertThat(reopened.requeueRunning()).isEqualTo(1);
        assertThat(reopened.claimNext()).map(WorkQueue.Work::id).contains(claimed.id());
    }
}
