package org.fsnbot.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsnbot.cli.Main;
import org.fsnbot.store.Store;
import org.fsnbot.store.UnparseableMessages;
import org.fsnbot.store.Work;
import org.fsnbot.testing.MiniTree;
import org.fsnbot.testing.PoisonMails;
import org.fsnbot.testing.PublicInbox;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every mail that used to stop fsnbot, delivered with Debian's
 * public-inbox-mda to a real inbox served by public-inbox-httpd, ahead of a
 * valid fsnotify patch: `fsnbot run --once` exits 0 and queues the patch in
 * the same poll, and the next poll starts past all of them.
 */
@Tag("e2e")
class PoisonMailIT {

    private static final String VALID = "<valid-after-poison@example.org>";

    @BeforeAll
    static void needPublicInbox() {
        Assumptions.assumeTrue(PublicInbox.installed(), "SKIPPED: public-inbox is not installed (setup.sh does it)");
    }

    @Test
    void poisonAheadOfAValidPatchLeavesTheInboxFlowing(@TempDir Path tmp) throws Exception {
        Path tree = MiniTree.create(tmp.resolve("linux"));
        try (PublicInbox pi = new PublicInbox(tmp.resolve("pi"))) {
            pi.create("fsdevel");
            int n = 0;
            for (PoisonMails.Poison p : PoisonMails.all()) {
                Path f = Files.writeString(tmp.resolve("poison-" + (n++) + ".eml"), p.text(), StandardCharsets.UTF_8);
                pi.deliver("fsdevel", f);
            }
            pi.deliver("fsdevel", Files.writeString(tmp.resolve("valid.eml"),
                    MiniTree.patch(VALID, "Dev <dev@example.org>", "[PATCH] fsnotify: after the poison")));
            pi.serve("fsdevel");
            Path cfg = Files.writeString(tmp.resolve("fsnbot.yaml"), String.join("\n",
                    "home: \"" + tmp.resolve("home") + "\"",
                    "inboxes:",
                    "  - {name: fsdevel, url: \"" + pi.url("fsdevel") + "\"}",
                    "allInbox: \"\"", "runner: {calibrationPairs: 0}",
                    "bases:",
                    "  - {tree: \"" + tree + "\", rev: master}",
                    "watch: []",
                    ""));

            assertThat(Main.execute("run", "--once", "--queue-only", "--config", cfg.toString())).isZero();

            try (Store store = Store.h2(tmp.resolve("home/db/fsnbot"))) {
                List<Work> work = store.queue().all();
                assertThat(work).as("the valid patch, queued in the same poll")
                        .anySatisfy(w -> assertThat(w.messageIds()).contains(VALID));
                List<UnparseableMessages.Entry> bad = store.unparseable().list();
                assertThat(bad).as("the deep MIME is recorded with its reason")
                        .anySatisfy(u -> assertThat(u.reason()).contains("nested deeper than"));
                assertThat(bad).allSatisfy(u -> assertThat(u.commit()).hasSize(40));
                assertThat(store.intake().seen("<bare-id@example.net>")).as("a bare Message-ID, bracketed").isTrue();
            }
            assertThat(Main.execute("run", "--once", "--queue-only", "--config", cfg.toString()))
                    .as("the next poll starts past them").isZero();
        }
    }
}
