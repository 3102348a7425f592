package org.fsnbot.work;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import okhttp3.OkHttpClient;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.git.Trees;
import org.fsnbot.intake.FsnotifyRelevance;
import org.fsnbot.intake.LoreClient;
import org.fsnbot.intake.MaintainersPatterns;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.PatchIds;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.plan.BaseResolver;
import org.fsnbot.store.IntakeLedger;
import org.fsnbot.store.PatchState;
import org.fsnbot.store.Store;
import org.fsnbot.store.Work;
import org.fsnbot.store.WorkState;
import org.fsnbot.store.WorkTarget;
import org.fsnbot.testing.MiniTree;
import org.fsnbot.testing.OpenStores;
import org.fsnbot.testing.TestClock;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Kept patch mails into queued work: series, revisions, waiting, bases; on a clock the test moves. */
class SeriesQueuerTest {

    @RegisterExtension
    final OpenStores stores = new OpenStores();

    private static final Duration WAIT = Duration.ofHours(2);

    @TempDir
    Path tmp;
    private final TestClock clock = new TestClock(Instant.parse("2026-11-30T10:00:00Z"));
    private final MboxReader reader = new MboxReader();
    private Store store;
    private SeriesQueuer queuer;
    private FsnotifyRelevance relevance;
    private String baseCommit;

    @BeforeEach
    void setUp() throws Exception {
        Path tree = MiniTree.create(tmp.resolve("linux"));
        store = stores.h2(tmp.resolve("db/fsnbot"), clock);
        IntakeLedger ledger = store.intake();
        relevance = new FsnotifyRelevance(MaintainersPatterns.parse(MiniTree.MAINTAINERS,
                MaintainersPatterns.FSNOTIFY_ENTRIES));
        Trees trees = new Trees(tmp.resolve("cache"));
        baseCommit = trees.resolve(tree, "master");
        queuer = new SeriesQueuer(ledger, store.queue(), new ThreadCompleter(new LoreClient(new OkHttpClient(),
                new ObjectMapper(), reader), Optional.empty(), relevance, ledger), new Prerequisites(ledger, reader,
                        new PatchIds(new CommandRunner(), tmp.resolve("scratch"))),
                new BaseResolver(trees, List.of(Base.configured(tree.toString(), "master"))),
                SeriesQueuer.Settings.waiting(WAIT), clock);
    }

    private void arrives(String raw) throws Exception {
        PatchMail m = reader.parse(raw.getBytes(StandardCharsets.UTF_8));
        store.intake().addFetched("fsdevel", m, relevance.isFsnotifyPatch(m));
    }

    private static String part(String id, String subject, String cover, String file) {
        return MiniTree.patch(id, "Dev <dev@example.org>", subject).replace("Message-ID: " + id,
                "Message-ID: " + id + "\nIn-Reply-To: " + cover + "\nReferences: " + cover)
                .replace("fs/notify/mark.c", file);
    }

    private static String cover(String id, String subject) {
        return String.join("\n", "From: Dev <dev@example.org>", "To: linux-fsdevel@example.org",
                "Subject: " + subject, "Message-ID: " + id, "", "A series.", "", " fs/notify/mark.c | 1 +",
                " 1 file changed, 1 insertion(+)", "");
    }

    private List<Work> work() {
        return store.queue().all();
    }

    @Test
    void aSingleFsnotifyPatchIsQueuedOnTheFirstConfiguredBase() throws Exception {
        arrives(MiniTree.patch("<p1@x>", "Dev <dev@example.org>", "[PATCH] fsnotify: faster"));
        SeriesQueuer.Result r = queuer.queuePending();
        assertThat(r.queued()).hasSize(1);
        assertThat(work()).singleElement().satisfies(w -> {
            assertThat(w.messageIds()).containsExactly("<p1@x>");
            assertThat(w.base().orElseThrow().reason()).isEqualTo(BaseReason.of(
                    BaseReason.Kind.FIRST_CONFIGURED_NO_TRAILER));
        });
        assertThat(store.intake().patches(PatchState.QUEUED)).hasSize(1);
    }

    @Test
    void aBaseCommitTheTreeHasIsTheBase() throws Exception {
        arrives(MiniTree.patch("<p1@x>", "Dev <dev@example.org>", "[PATCH] fsnotify: faster")
                .replace("+int y;\n", "+int y;\n--\nbase-commit: " + baseCommit + "\n"));
        queuer.queuePending();
        assertThat(work().get(0).base().orElseThrow()).satisfies(b -> {
            assertThat(b.rev()).isEqualTo(baseCommit);
            assertThat(b.reason()).isEqualTo(BaseReason.of(BaseReason.Kind.SERIES_BASE_COMMIT));
        });
    }

    @Test
    void aCompleteSeriesIsOneUnitUnderItsCoverLetter() throws Exception {
        arrives(cover("<c@x>", "[PATCH 0/2] fsnotify: a pair"));
        arrives(part("<s1@x>", "[PATCH 1/2] fsnotify: first", "<c@x>", "fs/ext4/inode.c"));
        arrives(part("<s2@x>", "[PATCH 2/2] fsnotify: second", "<c@x>", "fs/notify/mark.c"));
        queuer.queuePending();
        assertThat(work()).singleElement().satisfies(w -> assertThat(w.messageIds()).as("cover first, then parts")
                .containsExactly("<c@x>", "<s1@x>", "<s2@x>"));
    }

    @Test
    void aStrangersFloodWaitsAsPatchesAndAVouchedForAuthorRunsFirst() throws Exception {
        IntakeLedger ledger = store.intake();
        SeriesQueuer bounded = new SeriesQueuer(ledger, store.queue(), new ThreadCompleter(new LoreClient(
                new OkHttpClient(), new ObjectMapper(), reader), Optional.empty(), relevance, ledger),
                new Prerequisites(ledger, reader, new PatchIds(new CommandRunner(), tmp.resolve("scratch2"))),
                new BaseResolver(new Trees(tmp.resolve("cache")), List.of(Base.configured(tmp.resolve("linux")
                        .toString(), "master"))), new SeriesQueuer.Settings(WAIT, java.util.Set.of("mx.x.org"), 2,
                        "jack@suse.cz"::equals), clock);
        for (int i = 0; i < 5; i++) {
            arrives(MiniTree.patch("<flood" + i + "@x>", "Stranger <s@evil.example>", "[PATCH] fsnotify: flood "
                    + i));
        }
        assertThat(bounded.queuePending().queued()).as("two of the stranger's five").hasSize(2);
        assertThat(store.intake().patches(PatchState.PENDING)).as("the rest wait as patches, nothing lost")
                .hasSize(3);
        arrives("Authentication-Results: mx.x.org; dkim=pass header.d=example.org\nReceived: from mail.example.org"
                + " (mail.example.org [192.0.2.7]) by mx.x.org\n" + MiniTree.patch("<author@x>",
                        "Dev <dev@example.org>", "[PATCH] fsnotify: the author's own"));
        assertThat(bounded.queuePending().queued()).as("the author's, not the stranger's third").hasSize(1);
        arrives("Authentication-Results: mx.x.org; dkim=pass header.d=suse.cz\nReceived: from smtp.suse.cz"
                + " (smtp.suse.cz [192.0.2.8]) by mx.x.org\n" + MiniTree.patch("<jack@x>", "Jan Kara <jack@suse.cz>",
                        "[PATCH] fsnotify: the maintainer's own"));
        assertThat(bounded.queuePending().queued()).as("the maintainer's").hasSize(1);
        assertThat(store.queue().claimNext().orElseThrow().messageIds()).as("a maintainer's patch first, queued last")
                .containsExactly("<jack@x>");
        assertThat(store.queue().claimNext().orElseThrow().messageIds()).as("then the author's, ahead of the flood")
                .containsExactly("<author@x>");
        Work first = store.queue().claimNext().orElseThrow();
        assertThat(first.messageIds()).containsExactly("<flood0@x>");
        store.queue().finish(first.id(), org.fsnbot.store.WorkState.DONE, null, "measured");
        assertThat(bounded.queuePending().queued()).as("one of the stranger's once one of theirs ran").hasSize(1);
    }

    /** Greg's review series: the list gets only the fsnotify parts, which are tested each alone, at once. */
    @Test
    void aStableReviewsFsnotifyPartsAreQueuedEachAloneAtOnce() throws Exception {
        arrives(cover("<sr0@x>", "[PATCH 6.12 000/117] 6.12.58-rc1 review"));
        arrives(part("<sr44@x>", "[PATCH 6.12 044/117] fs/notify: call exportfs_encode_fid with s_umount",
                "<sr0@x>", "fs/notify/mark.c"));
        arrives(part("<sr45@x>", "[PATCH 6.12 045/117] ext4: something else", "<sr0@x>", "fs/ext4/inode.c"));
        SeriesQueuer.Result r = queuer.queuePending();
        assertThat(r.queued()).hasSize(1);
        assertThat(work()).singleElement().satisfies(w -> {
            assertThat(w.messageIds()).containsExactly("<sr44@x>");
            assertThat(w.item().title()).isEqualTo("fs/notify: call exportfs_encode_fid with s_umount");
            assertThat(w.base().orElseThrow().reason()).isEqualTo(BaseReason.of(BaseReason.Kind.STABLE_NO_TREE,
                    "6.12"));
        });
        assertThat(store.intake().patches(PatchState.IGNORED)).extracting(sp -> sp.mail().messageId())
                .containsExactlyInAnyOrder("<sr0@x>", "<sr45@x>");
        assertThat(queuer.queuePending().queued()).as("queued once").isEmpty();
    }

    /** A developer's backport ("[PATCH 6.6.y]") is a normal series, on its stable branch. */
    @Test
    void aStableBackportIsASeriesOnItsStableBranch() throws Exception {
        arrives(MiniTree.patch("<bp@x>", "Dev <dev@example.org>", "[PATCH 6.6.y] fsnotify: backport"));
        assertThat(queuer.queuePending().queued()).hasSize(1);
        assertThat(work()).singleElement().satisfies(w -> {
            assertThat(w.item().key()).startsWith("series ");
            assertThat(w.base().orElseThrow().reason()).isEqualTo(BaseReason.of(BaseReason.Kind.STABLE_NO_TREE,
                    "6.6"));
        });
    }

    @Test
    void aSeriesMissingAPartWaitsThenIsRecordedIncompleteNotTested() throws Exception {
        arrives(cover("<c@x>", "[PATCH 0/2] fsnotify: a pair"));
        arrives(part("<s1@x>", "[PATCH 1/2] fsnotify: first", "<c@x>", "fs/notify/mark.c"));
        assertThat(queuer.queuePending().incomplete()).as("still waiting").isZero();
        assertThat(work()).isEmpty();
        clock.advance(WAIT);
        assertThat(queuer.queuePending().incomplete()).isEqualTo(1);
        assertThat(work()).singleElement().satisfies(w -> {
            assertThat(w.state()).isEqualTo(WorkState.INCOMPLETE);
            assertThat(w.detail()).isEqualTo("parts [2] of 2 never arrived");
            assertThat(w.base()).isEmpty();
        });
    }

    @Test
    void aSeriesWithoutAnFsnotifyPartIsIgnored() throws Exception {
        arrives(cover("<c@x>", "[PATCH 0/2] ext4: a pair"));
        arrives(part("<s1@x>", "[PATCH 1/2] ext4: first", "<c@x>", "fs/ext4/inode.c"));
        arrives(part("<s2@x>", "[PATCH 2/2] ext4: second", "<c@x>", "fs/ext4/super.c"));
        assertThat(queuer.queuePending().ignored()).isEqualTo(1);
        assertThat(work()).isEmpty();
        assertThat(store.intake().patches(PatchState.IGNORED)).hasSize(3);
    }

    @Test
    void aNewerRevisionCancelsTheQueuedOlderOne() throws Exception {
        arrives(MiniTree.patch("<v1@x>", "Dev <dev@example.org>", "[PATCH] fsnotify: faster"));
        queuer.queuePending();
        arrives(MiniTree.patch("<v2@x>", "Dev <dev@example.org>", "[PATCH v2] fsnotify: faster"));
        SeriesQueuer.Result r = queuer.queuePending();
        assertThat(r.cancelled()).isEqualTo(1);
        assertThat(work()).extracting(Work::state).containsExactly(WorkState.CANCELLED, WorkState.QUEUED);
        assertThat(work().get(1).item().target()).isInstanceOfSatisfying(WorkTarget.Series.class,
                t -> assertThat(t.revision()).isEqualTo(2));
    }

    @Test
    void anOlderRevisionArrivingLateIsSuperseded() throws Exception {
        arrives(MiniTree.patch("<v2@x>", "Dev <dev@example.org>", "[PATCH v2] fsnotify: faster"));
        queuer.queuePending();
        arrives(MiniTree.patch("<v1@x>", "Dev <dev@example.org>", "[PATCH] fsnotify: faster"));
        assertThat(queuer.queuePending().superseded()).isEqualTo(1);
        assertThat(work()).hasSize(1);
    }

    @Test
    void aPrerequisiteNeverSeenMakesTheSeriesIncompleteAfterTheWait() throws Exception {
        arrives(MiniTree.patch("<p1@x>", "Dev <dev@example.org>", "[PATCH] fsnotify: faster")
                .replace("+int y;\n", "+int y;\n--\nprerequisite-patch-id: " + "ab".repeat(20) + "\n"));
        queuer.queuePending();
        assertThat(work()).isEmpty();
        clock.advance(WAIT);
        queuer.queuePending();
        assertThat(work()).singleElement().satisfies(w -> assertThat(w.detail())
                .startsWith("prerequisite-patch-id [" + "ab".repeat(20) + "] not found"));
    }

    @Test
    void aStrangersHigherRevisionOfTheSameTitleCancelsNothing() throws Exception {
        arrives(MiniTree.patch("<v1@x>", "Dev <dev@example.org>", "[PATCH] fsnotify: faster"));
        queuer.queuePending();
        arrives(MiniTree.patch("<v99@x>", "Mallory <mallory@example.net>", "[PATCH v99] fsnotify: faster"));
        SeriesQueuer.Result r = queuer.queuePending();
        assertThat(r.cancelled()).isZero();
        assertThat(work()).extracting(Work::state).containsExactly(WorkState.QUEUED, WorkState.QUEUED);
    }

    @Test
    void aChangeIdTiesRevisionsWhoseTitleChanged() throws Exception {
        String changeId = "\n--\nchange-id: 20261130-faster-0123456789ab\n";
        arrives(MiniTree.patch("<v1@x>", "Dev <dev@example.org>", "[PATCH] fsnotify: faster")
                .replace("+int y;\n", "+int y;" + changeId));
        queuer.queuePending();
        arrives(MiniTree.patch("<v2@x>", "Dev <dev@example.org>", "[PATCH v2] fsnotify: make it faster")
                .replace("+int y;\n", "+int y;" + changeId));
        arrives(MiniTree.patch("<v3@x>", "Mallory <mallory@example.net>", "[PATCH v3] fsnotify: make it faster")
                .replace("+int y;\n", "+int y;" + changeId));
        SeriesQueuer.Result r = queuer.queuePending();
        assertThat(r.cancelled()).as("v1 by v2 of its author; the stranger's v3 is a series of its own")
                .isEqualTo(1);
        assertThat(work()).extracting(Work::state).containsExactly(WorkState.CANCELLED, WorkState.QUEUED,
                WorkState.QUEUED);
    }
}
