package org.fsnbot.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import org.fsnbot.cli.Main;
import org.fsnbot.intake.EpochReader;
import org.fsnbot.intake.LoreClient;
import org.fsnbot.intake.LoreLink;
import org.fsnbot.intake.LoreSeries;
import org.fsnbot.intake.MalformedMailException;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.store.Store;
import org.fsnbot.store.Work;
import org.fsnbot.store.WorkState;
import org.fsnbot.store.WorkTarget;
import org.fsnbot.testing.KernelFixture;
import org.fsnbot.testing.OpenStores;
import org.fsnbot.testing.PublicInbox;
import org.fsnbot.testing.Repo;
import org.fsnbot.testing.SharedKernel;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * `fsnbot run --once` following real public-inbox-httpd inboxes filled
 * with the real lore fixtures: what it queues, what it ignores, a new
 * message, and a purge.
 */
@Tag("shared")
@ExtendWith(SharedKernel.class)
class FollowLoreIT {

    private static final String SERIES_COVER = "<20220629144210.2983229-1-amir73il@gmail.com>";

    @RegisterExtension
    final OpenStores stores = new OpenStores();

    @BeforeAll
    static void needSharedAndPublicInbox() {
        Assumptions.assumeTrue(Repo.haveShared(), "SKIPPED: ../shared/fixtures not found at " + Repo.shared());
        Assumptions.assumeTrue(PublicInbox.installed(), "SKIPPED: public-inbox is not installed (setup.sh does it)");
    }

    /** The manifest's rows: file, category, Message-ID, subject, touches fsnotify. */
    private record Row(String file, String category, String messageId, String subject) {
    }

    private static List<Row> manifest() throws Exception {
        Path dir = Repo.shared().resolve("fixtures/mail");
        List<Row> rows = new ArrayList<>();
        List<String> lines = Files.readAllLines(dir.resolve("MANIFEST.tsv"));
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split("\t");
            rows.add(new Row(f[0], f[1], f[2], f[4]));
        }
        return rows;
    }

    private static Path config(Path tmp, PublicInbox pi, String inbox) throws Exception {
        Path cfg = tmp.resolve("fsnbot.yaml");
        Files.writeString(cfg, String.join("\n",
                "home: \"" + tmp.resolve("home") + "\"",
                "inboxes:",
                "  - name: " + inbox,
                "    url: \"" + pi.url(inbox) + "\"",
                "allInbox: \"" + pi.url("all") + "\"", "runner: {calibrationPairs: 0}",
                "bases:",
                "  - tree: \"" + KernelFixture.tree() + "\"",
                "    rev: " + KernelFixture.base(),
                "watch: []",
                ""));
        return cfg;
    }

    @Test
    void queuesExactlyTheFsnotifyPatchesAndSeriesThenOnlyWhatIsNewAndSurvivesAPurge(@TempDir Path tmp)
            throws Exception {
        Path mail = Repo.shared().resolve("fixtures/mail");
        List<Row> rows = manifest();
        try (PublicInbox pi = new PublicInbox(tmp.resolve("pi"))) {
            pi.create("fsdevel");
            pi.create("all");
            for (Row r : rows) {
                pi.deliver("all", mail.resolve(r.file()));
                // The list got every part but 2/3, as when a part is Cc'd elsewhere.
                if (!r.file().equals("019.eml")) {
                    pi.deliver("fsdevel", mail.resolve(r.file()));
                }
            }
            pi.serve("fsdevel", "all");
            Path cfg = config(tmp, pi, "fsdevel");

            assertThat(Main.execute("run", "--once", "--queue-only", "--config", cfg.toString())).isZero();
            @SuppressWarnings("resource")
            Store store = stores.h2(tmp.resolve("home/db/fsnbot"));
            List<Work> work = store.queue().all();

            Set<String> singles = new HashSet<>();
            for (Row r : rows) {
                if (r.category().equals("a")) {
                    singles.add(r.messageId());
                }
            }
            List<Work> queuedSingles = work.stream().filter(w -> w.messageIds().size() == 1).toList();
            assertThat(queuedSingles).extracting(w -> w.messageIds().get(0))
                    .as("every single fsnotify patch, and nothing else").containsExactlyInAnyOrderElementsOf(singles);
            Work series = work.stream().filter(w -> w.messageIds().contains(SERIES_COVER)).findFirst()
                    .orElseThrow();
            assertThat(series.messageIds()).as("complete, 2/3 fetched from the all inbox as t.mbox.gz")
                    .containsExactly(SERIES_COVER, "<20220629144210.2983229-2-amir73il@gmail.com>",
                            "<20220629144210.2983229-3-amir73il@gmail.com>",
                            "<20220629144210.2983229-4-amir73il@gmail.com>");
            assertThat(series.item().target()).isInstanceOfSatisfying(WorkTarget.Series.class,
                    t -> assertThat(t.revision()).isEqualTo(3));
            assertThat(work).as("11 units: 10 single patches and one series").hasSize(11);
            assertThat(work).allMatch(w -> w.state() == WorkState.QUEUED);
            String base = KernelFixture.base();
            assertThat(work).allMatch(w -> w.base().orElseThrow().rev().equals(base));
            Set<String> negatives = new HashSet<>();
            rows.stream().filter(r -> !r.category().equals("a") && !r.category().equals("b"))
                    .forEach(r -> negatives.add(r.messageId()));
            for (Work w : work) {
                assertThat(w.messageIds()).doesNotContainAnyElementsOf(negatives);
            }
            assertThat(store.intake().trailers(List.of("<20211025192746.66445-12-krisman@collabora.com>")))
                    .as("026's review, collected for the patch it answers")
                    .containsExactly("Reviewed-by: Jan Kara <jack@suse.cz>");
            assertThat(store.intake().trailers(List.of("<20230614074907.1943007-3-amir73il@gmail.com>")))
                    .containsExactly("Acked-by: Jan Kara <jack@suse.cz>");
            long seen = store.count("seen_messages", "");
            assertThat(seen).as("every fixture seen once (019 via the thread fetch)").isEqualTo(rows.size());

            // A new message: only it is read and queued.
            pi.deliver("fsdevel", Repo.exampleMbox());
            assertThat(Main.execute("run", "--once", "--queue-only", "--config", cfg.toString())).isZero();
            assertThat(store.count("seen_messages", "")).isEqualTo(seen + 1);
            PatchMail example = new MboxReader().read(Repo.exampleMbox()).get(0);
            List<Work> after = store.queue().all();
            assertThat(after).hasSize(12);
            assertThat(after.get(11).messageIds()).containsExactly(example.messageId());

            // A purge rewrites the epoch: the follower notices and processes nothing twice.
            pi.purge("fsdevel", mail.resolve("007.eml"));
            assertThat(Main.execute("run", "--once", "--queue-only", "--config", cfg.toString())).isZero();
            assertThat(store.count("seen_messages", "")).isEqualTo(seen + 1);
            assertThat(store.queue().all()).hasSize(12);
            assertThat(store.text("SELECT head FROM inbox_epochs WHERE inbox = 'fsdevel' AND epoch = '0'"))
                    .as("the cursor moved to the rewritten head").isEqualTo(pi.head("fsdevel"));

            // test-patch --msgid / --lore: the series fetched by any of its ids, as b4 am does.
            LoreSeries byId = new LoreSeries(new LoreClient(new OkHttpClient(), new ObjectMapper(),
                    new MboxReader()), HttpUrl.parse(pi.url("all")));
            String part2 = "<20220629144210.2983229-3-amir73il@gmail.com>";
            LoreSeries.Found whole = byId.fetch(part2).orElseThrow();
            assertThat(whole.partAlone()).isFalse();
            assertThat(whole.series().replyTarget().messageId()).isEqualTo(SERIES_COVER);
            assertThat(whole.series().patches()).hasSize(3);
            assertThat(byId.fetch(LoreLink.messageId(LoreLink.of(example.messageId())).orElseThrow())).isEmpty();
            assertThat(byId.fetch("<no-such-message@example.org>")).isEmpty();
        }
    }

    @Test
    void theRealUnionfsEpochYieldsExactlyItsTwentyThreeFsnotifyPatchesOverHttpAndDirectly(@TempDir Path tmp)
            throws Exception {
        Path epoch = Repo.shared().resolve("fixtures/lore/linux-unionfs/git/0.git");
        try (PublicInbox pi = new PublicInbox(tmp.resolve("pi"))) {
            pi.importEpoch("unionfs", epoch);
            pi.serve("unionfs");
            Set<String> distinct = new HashSet<>();
            MboxReader reader = new MboxReader();
            new EpochReader().walk(pi.inboxDir("unionfs").resolve("git/0.git"), null, e -> {
                if (e.message().isPresent()) {
                    try {
                        distinct.add(reader.parse(e.message().get()).messageId());
                    } catch (MalformedMailException unreadable) {
                        // The follower skips these too.
                    }
                }
            });
            Set<String> overHttp = relevantAfterOnePoll(tmp.resolve("http"), pi.url("unionfs"), distinct.size());
            Set<String> direct = relevantAfterOnePoll(tmp.resolve("direct"), pi.inboxDir("unionfs").toString(),
                    distinct.size());
            assertThat(overHttp).as("20 git-format patches and 3 quilt-style stable reviews").hasSize(23);
            assertThat(direct).isEqualTo(overHttp);
        }
    }

    private Set<String> relevantAfterOnePoll(Path tmp, String url, int distinct) throws Exception {
        Files.createDirectories(tmp);
        Path cfg = tmp.resolve("fsnbot.yaml");
        Files.writeString(cfg, String.join("\n",
                "home: \"" + tmp.resolve("home") + "\"",
                "inboxes:",
                "  - name: unionfs",
                "    url: \"" + url + "\"",
                "allInbox: \"\"", "runner: {calibrationPairs: 0}",
                "stableTree: \"\"",
                "bases:",
                "  - tree: \"" + KernelFixture.tree() + "\"",
                "    rev: " + KernelFixture.base(),
                "watch: []",
                ""));
        assertThat(Main.execute("run", "--once", "--queue-only", "--config", cfg.toString())).isZero();
        @SuppressWarnings("resource")
        Store store = stores.h2(tmp.resolve("home/db/fsnbot"));
        assertThat(store.count("seen_messages", "")).as("each distinct Message-ID of the 8,481 messages, once")
                .isEqualTo(distinct);
        // The three stable review parts (6.6 79/84, 6.12 044/117, 6.17 061/184) touching fs/notify are
        // queued, each alone; backports such as "[PATCH 6.6.y]" are series of their own.
        List<Work> review = store.queue().all().stream().filter(w -> w.item().key().startsWith("stable ")).toList();
        assertThat(review).extracting(w -> w.item().key().split(" ")[1]).containsExactlyInAnyOrder("6.6", "6.12",
                "6.17");
        assertThat(review).allSatisfy(w -> {
            assertThat(w.messageIds()).hasSize(1);
            assertThat(w.item().title()).isEqualTo("fs/notify: call exportfs_encode_fid with s_umount");
            assertThat(w.state()).isEqualTo(WorkState.QUEUED);
            assertThat(w.base().orElseThrow().reason().kind().name()).startsWith("STABLE_");
            assertThat(w.base().orElseThrow().reason().args().get(0)).startsWith("6.");
        });
        Set<String> ids = new HashSet<>();
        for (String id : store.texts("SELECT message_id FROM seen_messages WHERE relevant")) {
            ids.add(id);
        }
        return ids;
    }
}
