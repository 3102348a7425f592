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
import org.fsnbot.plan.BaseReason;
import org.fsnbot.plan.RunOptions;
import org.fsnbot.run.BootRecord;
import org.fsnbot.run.BootResults;
import org.fsnbot.run.MetricInfo;
import org.fsnbot.run.MetricKey;
import org.fsnbot.run.Sample;
import org.fsnbot.run.Side;
import org.fsnbot.testing.Repo;
import org.fsnbot.boot.BootOutcome;
import org.fsnbot.boot.BootStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every store does, on any database: StoreTest runs it on H2 (the
 * default), PostgresStoreIT on a real PostgreSQL (the fleet). open(dir)
 * opens the store of dir again each time it is called (a reopen, or a
 * second process on the same database).
 */
abstract class StoreContract {

    /** The store of dir: a fresh database the first time, the same one after. */
    abstract Store open(Path dir);

    @Test
    void migratesAndKeepsEveryStagesRecordsAcrossReopen(@TempDir Path dir) throws Exception {
        JobStore jobs = open(dir).jobs();
        PatchSeries s = new MboxReader().readSeries(Repo.exampleMbox());
        long series = jobs.saveSeries(s);
        assertThat(jobs.saveSeries(s)).as("a series is stored once").isEqualTo(series);
        long job = jobs.createJob(series, "/tree", "v6.12", "quick", "sockets=2");
        jobs.saveBuild(job, BuildResult.built("base", "a".repeat(40), dir, new BuildResult.Cost(12.5, 3, false),
                dir.resolve("log")));
        BootOutcome panic = new BootOutcome("patched-1-try1", BootStatus.PANIC, "TCG", 2.0, List.of(),
                new BootOutcome.Console(dir.resolve("c.log"), List.of("Kernel panic - not syncing: x")),
                "Kernel panic - not syncing: x");
        jobs.saveBoot(job, new BootRecord(Side.PATCHED, 0, 1, panic, BootResults.NONE));
        BootOutcome ok = new BootOutcome("base-1-try1", BootStatus.OK, "TCG", 9.0, List.of("{}"),
                new BootOutcome.Console(dir.resolve("c2.log"), List.of()), "");
        Sample sample = new Sample(Side.BASE, 0, 0, new MetricKey("byte-write", "none", "ns_per_op"),
                new MetricInfo("mode", "ns", true), 2000);
        jobs.saveBoot(job, new BootRecord(Side.BASE, 0, 1, ok, new BootResults(List.of(sample), List.of(), List.of(),
                "{}")));
        Reply r = new Reply("<r@x>", "bot@x", List.of("a@x"), List.of("b@x"), new Reply.Threading("Re: x", "<p@x>",
                List.of("<p@x>")), "b\n");
        open(dir).mail().record(job, new MailLedger.Outgoing(r, ReplyKind.REPORT, MailState.WRITTEN,
                dir.resolve("r.eml"), new byte[] {1}, List.of("a@x", "b@x")));
        jobs.finish(job, ReplyKind.REPORT, "regression");

        Store reopened = open(dir);
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
                "dev@example.org " + title), new Base("tree", "base", BaseReason.of(BaseReason.Kind.NAMED_IN_COMMAND)));
    }

    @Test
    void theQueueKeysWorkOnceSupersedesOlderRevisionsAndRequeuesWhatAKilledProcessLeftRunning(@TempDir Path dir) {
        WorkQueue q = open(dir).queue();
        assertThat(q.enqueue(series("<a>", "t"))).isPresent();
        assertThat(q.enqueue(series("<a>", "t"))).as("the same key twice").isEmpty();
        assertThat(q.enqueue(series("<b>", "other"))).isPresent();
        assertThat(q.supersede("mallory@example.net t", 2)).as("another author's lineage").isZero();
        assertThat(q.supersede("dev@example.org t", 2)).isEqualTo(1);
        assertThat(q.revisions().newest("dev@example.org t")).contains(1);
        assertThat(q.revisions().newest("mallory@example.net t")).isEmpty();
        SeriesRevisions pass = q.revisions();
        pass.queued("dev@example.org t", 3);
        pass.queued("dev@example.org t", 2);
        assertThat(pass.newest("dev@example.org t")).as("what the pass queued, the highest").contains(3);
        assertThat(q.revisions().newest("dev@example.org t")).as("a pass's record is its own").contains(1);
        Work claimed = q.claimNext().orElseThrow();
        assertThat(claimed.item().key()).isEqualTo("series <b> v1");
        assertThat(claimed.state()).isEqualTo(WorkState.RUNNING);
        assertThat(q.claimNext()).as("the cancelled one is not claimed").isEmpty();
        // A process killed mid-measurement leaves the unit running; the next one starts it over.
        WorkQueue reopened = open(dir).queue();
        assertThat(reopened.recoverRunning(3).requeued()).isEqualTo(1);
        assertThat(reopened.claimNext()).map(Work::id).contains(claimed.id());
    }

    @Test
    void aRunnersNewestQualificationIsItsOwn(@TempDir Path dir) {
        QualificationStore q = open(dir).runners().qualifications();
        assertThat(q.latest("vm")).isEmpty();
        q.save(new QualificationStore.Qualified("vm", java.time.Instant.parse("2026-12-06T10:00:00Z"), "old", "{}"));
        q.save(new QualificationStore.Qualified("other", java.time.Instant.parse("2026-12-07T09:00:00Z"), "theirs",
                "{}"));
        q.save(new QualificationStore.Qualified("vm", java.time.Instant.parse("2026-12-07T10:00:00Z"), "new",
                "{\"checks\":[]}"));
        QualificationStore.Qualified latest = q.latest("vm").orElseThrow();
        assertThat(latest.summary()).isEqualTo("new");
        assertThat(latest.checksJson()).isEqualTo("{\"checks\":[]}");
        assertThat(latest.at()).isEqualTo(java.time.Instant.parse("2026-12-07T10:00:00Z"));
        assertThat(q.latest("other").orElseThrow().summary()).isEqualTo("theirs");
    }

    @Test
    void aUnitThatWasRunningEachTimeTheProcessDiedBecomesADeadLetter(@TempDir Path dir) {
        WorkQueue q = open(dir).queue();
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
        WorkQueue q = open(dir).queue();
        WorkItem asked = WorkItem.requested("compare <c> 1", "v1..v2", new WorkTarget.Revision("v2"),
                new Base("/srv/linux", "v1", BaseReason.of(BaseReason.Kind.NAMED_IN_COMMAND)),
                new RunOptions(List.of("byte-write"), 4, "", "", false, "#fsnbot compare v1 v2"), "<c>");
        long id = q.enqueue(asked).orElseThrow();
        assertThat(q.all()).singleElement().satisfies(w -> {
            assertThat(w.id()).isEqualTo(id);
            assertThat(w.item()).isEqualTo(asked);
            assertThat(w.state()).isEqualTo(WorkState.QUEUED);
        });
        assertThat(q.finish(id, WorkState.DONE, null, "REPORT: regression")).as("a queued unit is not finished")
                .isFalse();
        q.claimNext();
        assertThat(q.finish(id, WorkState.DONE, null, "REPORT: regression")).isTrue();
        assertThat(q.list(WorkState.DONE)).singleElement().satisfies(w -> assertThat(w.detail())
                .isEqualTo("REPORT: regression"));
    }

    private long runningJob(Store store, String runner) {
        long job = store.jobs().createJob(null, "/tree", "v6.12", "quick", "sockets=2");
        store.jobs().setRunner(job, runner);
        return job;
    }

    @Test
    void theFleetHandsAUnitOutOnceAndARecoveringRunnerTakesADeadRunnersUnitOverDiscardingItsJob(@TempDir Path dir) {
        Store store = open(dir);
        FleetQueue fleet = store.fleet();
        long id = store.queue().enqueue(series("<f>", "fleet")).orElseThrow();
        assertThat(fleet.undispatched()).extracting(Work::id).containsExactly(id);
        fleet.dispatched(List.of(id), "tcg");
        assertThat(fleet.undispatched()).isEmpty();
        assertThat(fleet.claim(id, "runner-a", false, 3)).isInstanceOf(FleetQueue.Claim.Run.class);
        long deadJob = runningJob(store, "runner-a");
        assertThat(fleet.claim(id, "runner-b", false, 3)).as("a duplicate firing, not a recovery")
                .isInstanceOfSatisfying(FleetQueue.Claim.Skip.class, s -> assertThat(s.why()).contains("runner-a"));
        assertThat(fleet.open()).singleElement().satisfies(e -> {
            assertThat(e.runner()).isEqualTo("runner-a");
            assertThat(e.runnerClass()).isEqualTo("tcg");
        });

        FleetQueue.Claim taken = fleet.claim(id, "runner-b", true, 3);

        assertThat(taken).isInstanceOfSatisfying(FleetQueue.Claim.Run.class,
                r -> assertThat(r.takenFrom()).contains("runner-a"));
        assertThat(store.count("jobs", "id = ? AND outcome = ?", deadJob, JobStore.ABANDONED)).isEqualTo(1);
        assertThat(store.text("SELECT runner FROM work_queue WHERE id = ?", id)).isEqualTo("runner-b");
        assertThat(store.queue().finish(id, "runner-a", WorkState.DONE, null, "REPORT")).as("the dead runner's"
                + " late finish counts for nothing").isFalse();
        assertThat(store.text("SELECT state FROM work_queue WHERE id = ?", id)).isEqualTo("running");
        assertThat(store.queue().finish(id, "runner-b", WorkState.DONE, null, "REPORT")).isTrue();
        assertThat(store.queue().finish(id, "runner-b", WorkState.DONE, null, "REPORT")).as("a finish tried again"
                + " after its commit was lost").isTrue();
        assertThat(fleet.claim(id, "runner-c", true, 3)).as("done is done").isInstanceOf(FleetQueue.Claim.Skip.class);
        assertThat(fleet.doneBy("runner-b")).isEqualTo(1);
    }

    @Test
    void aDeadRunnersUnitWhoseReplyWasWrittenIsDoneNotMeasuredTwice(@TempDir Path dir) throws Exception {
        Store store = open(dir);
        long id = store.queue().enqueue(series("<r>", "replied")).orElseThrow();
        store.fleet().claim(id, "runner-a", false, 3);
        long job = runningJob(store, "runner-a");
        Reply r = new Reply("<reply@x>", "bot@x", List.of("a@x"), List.of(), new Reply.Threading("Re: x", "<p@x>",
                List.of("<p@x>")), "b\n");
        store.mail().record(job, new MailLedger.Outgoing(r, ReplyKind.REPORT, MailState.WRITTEN,
                dir.resolve("r.eml"), new byte[] {1}, List.of("a@x")));

        assertThat(store.fleet().claim(id, "runner-b", true, 3)).isInstanceOf(FleetQueue.Claim.Skip.class);

        assertThat(store.text("SELECT state FROM work_queue WHERE id = ?", id)).isEqualTo("done");
        assertThat(store.text("SELECT CAST(job_id AS VARCHAR(20)) FROM work_queue WHERE id = ?", id))
                .isEqualTo(Long.toString(job));
    }

    @Test
    void anAbandonedJobsReplyIsNotRecordedAndItsEndDoesNotOverwriteTheAbandonment(@TempDir Path dir) {
        Store store = open(dir);
        long id = store.queue().enqueue(series("<ab>", "abandoned")).orElseThrow();
        store.fleet().claim(id, "runner-a", false, 3);
        long job = runningJob(store, "runner-a");
        assertThat(store.fleet().claim(id, "runner-b", true, 3)).isInstanceOf(FleetQueue.Claim.Run.class);
        Reply r = new Reply("<late@x>", "bot@x", List.of("a@x"), List.of(), new Reply.Threading("Re: x", "<p@x>",
                List.of("<p@x>")), "b\n");

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> store.mail().record(job, new MailLedger.Outgoing(r,
                ReplyKind.REPORT, MailState.PENDING, dir.resolve("r.eml"), new byte[] {1}, List.of("a@x"))))
                .hasMessageContaining("abandoned");
        store.jobs().finish(job, ReplyKind.REPORT, "late");

        assertThat(store.count("outgoing_mail", "")).isZero();
        assertThat(store.count("jobs", "id = ? AND outcome = ?", job, JobStore.ABANDONED)).isEqualTo(1);
    }

    @Test
    void aStartingRunnerQueuesAgainFirstTheUnitsAnEarlierProcessOfItsNameLeftRunning(@TempDir Path dir) {
        Store store = open(dir);
        long left = store.queue().enqueue(series("<left>", "left")).orElseThrow();
        long other = store.queue().enqueue(series("<other>", "other")).orElseThrow();
        store.fleet().claim(left, "box-4", false, 3);
        store.fleet().claim(other, "box-5", false, 3);
        long job = runningJob(store, "box-4");

        assertThat(store.deadRunners().requeueLeftBy("box-4", 3)).singleElement().asString()
                .contains("work #" + left, "queued again");

        assertThat(store.fleet().waiting()).singleElement().satisfies(w -> {
            assertThat(w.work().id()).isEqualTo(left);
            assertThat(w.ranBefore()).isTrue();
        });
        assertThat(store.count("jobs", "id = ? AND outcome = ?", job, JobStore.ABANDONED)).isEqualTo(1);
        assertThat(store.fleet().runningOn(other)).contains("box-5");
        assertThat(store.queue().finish(left, "box-4", WorkState.DONE, null, "late")).isFalse();
    }

    @Test
    void anOperatorFailsAndRequeuesUnitsAndARunningUnitsRunnerLosesItsResult(@TempDir Path dir) {
        Store store = open(dir);
        UnitOverrides ops = store.overrides();
        long queued = store.queue().enqueue(series("<o1>", "o1")).orElseThrow();
        long running = store.queue().enqueue(series("<o2>", "o2")).orElseThrow();
        store.fleet().claim(running, "box-6", false, 3);
        long job = runningJob(store, "box-6");

        assertThat(ops.requeue(queued).done()).as("queued already").isFalse();
        assertThat(ops.requeue(running).done()).as("requeued while running only when its runner is gone (PostgreSQL:"
                + " box-6 holds no name)").isEqualTo(store.shared());
        if (store.shared()) {
            assertThat(store.count("jobs", "id = ? AND outcome = ?", job, JobStore.ABANDONED)).isEqualTo(1);
            store.fleet().claim(running, "box-6", false, 3);
        }
        long again = runningJob(store, "box-6");
        assertThat(ops.fail(running, "stuck on a hung host").done()).isTrue();
        assertThat(store.count("jobs", "id = ? AND outcome = ?", again, JobStore.ABANDONED)).isEqualTo(1);
        assertThat(store.queue().finish(running, "box-6", WorkState.DONE, null, "late")).isFalse();
        assertThat(store.text("SELECT detail FROM work_queue WHERE id = ?", running))
                .isEqualTo("failed by the operator: stuck on a hung host");
        assertThat(ops.fail(running, "twice").done()).isFalse();
        assertThat(ops.fail(queued, "not wanted").done()).isTrue();

        UnitOverrides.Result back = ops.requeue(running);
        assertThat(back.done()).isTrue();
        assertThat(back.said()).contains("queued again", "ahead");
        assertThat(store.text("SELECT CAST(attempts AS VARCHAR(5)) FROM work_queue WHERE id = ?", running))
                .isEqualTo("0");
        assertThat(store.fleet().waiting()).singleElement().satisfies(w -> assertThat(w.ranBefore()).isTrue());
        store.fleet().claim(running, "box-7", false, 3);
        store.queue().finish(running, "box-7", WorkState.DONE, null, "REPORT");
        assertThat(ops.requeue(running).said()).contains("is done", "rerun");
        assertThat(ops.requeue(12345).said()).isEqualTo("no unit #12345 (fsnbot queue lists the open ones)");
    }

    @Test
    void aDrainedRunnerClaimsNothingAndItsUnitIsHandedOutAgain(@TempDir Path dir) {
        Store store = open(dir);
        FleetQueue fleet = store.fleet();
        store.runners().register("box-1", "tcg", "{}");
        store.runners().register("box-2", "tcg", "{}");
        long id = store.queue().enqueue(series("<drain>", "drain")).orElseThrow();
        fleet.dispatched(List.of(id), "tcg");
        store.runners().setState("box-1", RunnerRegistry.State.DRAINING);

        assertThat(fleet.claim(id, "box-1", false, 3)).isInstanceOfSatisfying(FleetQueue.Claim.Refused.class,
                s -> assertThat(s.why()).contains("runner box-1 is draining", "handed out again"));

        assertThat(fleet.waiting()).singleElement().satisfies(w -> {
            assertThat(w.work().id()).isEqualTo(id);
            assertThat(w.ranBefore()).as("no runner had it").isFalse();
        });
        assertThat(fleet.claim(id, "box-2", false, 3)).isInstanceOf(FleetQueue.Claim.Run.class);
        store.runners().setState("box-2", RunnerRegistry.State.STOPPED);
        long other = store.queue().enqueue(series("<drain2>", "drain2")).orElseThrow();
        assertThat(fleet.claim(other, "box-2", false, 3)).as("stopped claims nothing either")
                .isInstanceOf(FleetQueue.Claim.Refused.class);
    }

    @Test
    void aClaimantWhoseSessionLostItsNameClaimsNothing(@TempDir Path dir) {
        Store store = open(dir);
        long id = store.queue().enqueue(series("<lost>", "lost")).orElseThrow();
        assertThat(store.fleet().claim(id, new FleetQueue.Claimant("box-3", -1), false, 3))
                .isInstanceOfSatisfying(FleetQueue.Claim.Refused.class, s -> assertThat(s.why())
                        .contains("no longer holds its name"));
        assertThat(store.text("SELECT state FROM work_queue WHERE id = ?", id)).isEqualTo("queued");
    }

    @Test
    void aUnitWhoseRunnersKeptDyingIsADeadLetter(@TempDir Path dir) {
        Store store = open(dir);
        long id = store.queue().enqueue(series("<d>", "dies")).orElseThrow();
        store.fleet().claim(id, "r0", false, 3);
        store.fleet().claim(id, "r1", true, 3);
        store.fleet().claim(id, "r2", true, 3);
        assertThat(store.fleet().claim(id, "r3", true, 3)).isInstanceOf(FleetQueue.Claim.DeadLetter.class);
        assertThat(store.queue().list(WorkState.DEAD_LETTER)).extracting(Work::id).containsExactly(id);
    }

    @Test
    void runnersRegisterWithTheirFactsAndAreDrained(@TempDir Path dir) {
        RunnerRegistry runners = open(dir).runners();
        runners.register("runner-a", "tcg", "{\"numa\":[{}],\"kvm\":false}");
        runners.register("runner-a", "tcg", "{\"numa\":[{},{}],\"kvm\":false}");
        assertThat(runners.all()).singleElement().satisfies(e -> {
            assertThat(e.facts()).contains("[{},{}]");
            assertThat(e.state()).isEqualTo(RunnerRegistry.State.ACTIVE);
        });
        assertThat(runners.setState("runner-a", RunnerRegistry.State.DRAINING)).isTrue();
        assertThat(runners.setState("nobody", RunnerRegistry.State.DRAINING)).isFalse();
        assertThat(runners.get("runner-a")).hasValueSatisfying(e ->
                assertThat(e.state()).isEqualTo(RunnerRegistry.State.DRAINING));
    }
}
