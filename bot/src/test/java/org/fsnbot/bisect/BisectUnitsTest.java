package org.fsnbot.bisect;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.fsnbot.build.TrustedTrees;
import org.fsnbot.job.JobOutcome;
import org.fsnbot.job.Outcome;
import org.fsnbot.mail.ReplyKind;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.plan.HostTopology;
import org.fsnbot.plan.JobDefaults;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.RunOptions;
import org.fsnbot.plan.Topology;
import org.fsnbot.stats.Verdict;
import org.fsnbot.store.Store;
import org.fsnbot.store.Work;
import org.fsnbot.store.WorkItem;
import org.fsnbot.store.WorkKind;
import org.fsnbot.store.WorkTarget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When a finished unit queues a bisection (bisect.auto): a watched
 * branch's regression only, its range once, with the last tested head as
 * the good end. Nothing is measured here: only the queue is asked.
 */
class BisectUnitsTest {

    private static final String TREE = "https://git.example.org/linux-fs.git";
    private static final Bisector.Budget BUDGET = new Bisector.Budget(400, Duration.ofMinutes(600));

    private static BisectUnits units(Store store, boolean auto) throws Exception {
        // run() is not called: the bisector, mail and trees it would use are not needed by after().
        return new BisectUnits(null, null, null, new JobDefaults(Profile.load("quick"), Topology.DEFAULT),
                store.queue(), new BisectUnits.Settings(auto, BUDGET, TrustedTrees.of(List.of(TREE)),
                HostTopology.readOrGuess()));
    }

    private static Work treeUnit(Store store, String head, Optional<String> askedBy) {
        WorkItem item = askedBy.isEmpty()
                ? WorkItem.found("tree " + TREE + " fsnotify a.." + head, TREE + " fsnotify",
                        new WorkTarget.Revision(head), new Base(TREE, "a".repeat(40), BaseReason.of(BaseReason.Kind.LAST_TESTED_HEAD, "master")))
                : WorkItem.requested("compare " + head, "a.." + head, new WorkTarget.Revision(head),
                        new Base(TREE, "a".repeat(40), BaseReason.of(BaseReason.Kind.NAMED_IN_COMMAND)), RunOptions.DEFAULTS, askedBy.get());
        long id = store.queue().enqueue(item).orElseThrow();
        return store.queue().all().stream().filter(w -> w.id() == id).findFirst().orElseThrow();
    }

    private static JobOutcome report(Path tmp, Verdict v) {
        return new JobOutcome(7, ReplyKind.REPORT, v == Verdict.REGRESSION ? Outcome.REGRESSION
                : Outcome.NO_REGRESSION, Optional.of(v), tmp.resolve("r.eml"), "", tmp);
    }

    @Test
    void aWatchedBranchsRegressionIsQueuedForBisectionOnce(@TempDir Path tmp) throws Exception {
        try (Store store = Store.h2(tmp.resolve("db/fsnbot"))) {
            BisectUnits u = units(store, true);
            Work w = treeUnit(store, "b".repeat(40), Optional.empty());
            Optional<Long> id = u.after(w, report(tmp, Verdict.REGRESSION));
            assertThat(id).isPresent();
            assertThat(u.after(w, report(tmp, Verdict.REGRESSION))).as("the same range once").isEmpty();
            Work b = store.queue().all().stream().filter(x -> x.id() == id.get()).findFirst().orElseThrow();
            assertThat(b.kind()).isEqualTo(WorkKind.BISECT);
            assertThat(b.item().target()).isEqualTo(new WorkTarget.Bisect("b".repeat(40)));
            assertThat(b.base().orElseThrow().rev()).as("the good end").isEqualTo("a".repeat(40));
            assertThat(b.base().orElseThrow().tree()).isEqualTo(TREE);
            assertThat(b.answerTo()).as("a thread of its own").isEmpty();
        }
    }

    @Test
    void nothingElseIsBisectedOnItsOwn(@TempDir Path tmp) throws Exception {
        try (Store store = Store.h2(tmp.resolve("db/fsnbot"))) {
            Work branch = treeUnit(store, "c".repeat(40), Optional.empty());
            assertThat(units(store, false).after(branch, report(tmp, Verdict.REGRESSION)))
                    .as("bisect.auto off").isEmpty();
            assertThat(units(store, true).after(branch, report(tmp, Verdict.INCONCLUSIVE)))
                    .as("no regression").isEmpty();
            Work asked = treeUnit(store, "d".repeat(40), Optional.of("<cmd@example.org>"));
            assertThat(units(store, true).after(asked, report(tmp, Verdict.REGRESSION)))
                    .as("a command's compare: whoever asked decides").isEmpty();
            assertThat(store.queue().all()).extracting(Work::kind).doesNotContain(WorkKind.BISECT);
        }
    }

    @Test
    void aBisectionIsReadBackFromTheQueueAsItWasQueued(@TempDir Path tmp) throws Exception {
        try (Store store = Store.h2(tmp.resolve("db/fsnbot"))) {
            long id = store.queue().enqueue(WorkItem.requested("bisect <m@x> 1", "bisect v6.12..v6.13",
                    new WorkTarget.Bisect("v6.13"), new Base(TREE, "v6.12", BaseReason.of(BaseReason.Kind.NAMED_IN_COMMAND)),
                    new RunOptions(List.of("byte-write"), 0, "", "", false, "#fsnbot bisect v6.12 v6.13"), "<m@x>"))
                    .orElseThrow();
            Work w = store.queue().claimNext().orElseThrow();
            assertThat(w.id()).isEqualTo(id);
            assertThat(w.kind()).isEqualTo(WorkKind.BISECT);
            assertThat(w.item().target()).isEqualTo(new WorkTarget.Bisect("v6.13"));
            assertThat(w.item().options().workloads()).containsExactly("byte-write");
        }
    }
}
