package org.fsnbot.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.fsnbot.intake.EpochWriter;
import org.fsnbot.mail.DeliveryHooks;
import org.fsnbot.store.Store;
import org.fsnbot.store.Work;
import org.fsnbot.testing.MiniTree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The flood of issue 40, through the whole intake as `fsnbot run` wires
 * it, from one followed inbox: 10,000 strangers' patches (half from one
 * sender, half from 5,000 senders), 60 `#fsnbot help` mails from
 * DKIM-signed webmail strangers, five authors rerunning their own series
 * past their pool, then a maintainer's patch and a maintainer's command,
 * last in the archive. One poll: the maintainer's command is answered and
 * accepted, and the maintainer's two units are the first two claimed.
 */
class FloodTest {

    private static final String MX = "mx.example.org";
    private static final String LIST = "linux-fsdevel@example.org";
    private static final String MAINT = "Jan Maintainer <maint@example.org>";

    @Test
    void aMaintainersPatchAndCommandAreAnsweredAndRunFirstAfterAFlood(@TempDir Path tmp) throws Exception {
        Path tree = MiniTree.create(tmp.resolve("linux"));
        Set<String> authors = new HashSet<>();
        try (EpochWriter w = new EpochWriter(tmp.resolve("fsdevel").resolve("git/0.git"))) {
            for (int i = 0; i < 10_000; i++) {
                String from = i < 5_000 ? "Flood <flood@evil.example>" : "S" + i + " <s" + i + "@evil" + (i % 50)
                        + ".example>";
                w.append(bytes(patch("<flood-" + i + "@evil.example>", from, i, false)));
            }
            for (int i = 0; i < 60; i++) {
                w.append(bytes(command("W" + i + " <w" + i + "@webmail.example>", "<help-" + i + "@webmail.example>",
                        "<flood-" + (5_000 + i) + "@evil.example>", "#fsnbot help")));
            }
            for (int a = 0; a < 5; a++) {
                String own = "<own-" + a + "@dev.example>";
                authors.add(own);
                w.append(bytes(patch(own, "Author " + a + " <author" + a + "@dev.example>", 20_000 + a, true)));
                for (int r = 0; r < 5; r++) {
                    w.append(bytes(command("Author " + a + " <author" + a + "@dev.example>", "<rerun-" + a + "-" + r
                            + "@dev.example>", own, "#fsnbot rerun")));
                }
            }
            w.append(bytes(patch("<maint-patch@example.org>", MAINT, 30_000, true)));
            w.append(bytes(command(MAINT, "<maint-cmd@example.org>", "<own-0@dev.example>", "#fsnbot rerun")));
        }
        Path cfg = Files.writeString(tmp.resolve("fsnbot.yaml"), String.join("\n",
                "home: \"" + tmp.resolve("home") + "\"",
                "inboxes:",
                "  - {name: fsdevel, url: \"" + tmp.resolve("fsdevel") + "\"}",
                "allInbox: \"\"",
                "bases:",
                "  - {tree: \"" + tree + "\", rev: master}",
                "watch: []",
                "commands:",
                "  trust: {archive: [" + MX + "], imap: []}",
                "mail:",
                "  lists: [" + LIST + "]",
                ""));
        try (Application app = Application.open(Config.load(Optional.of(cfg)), DeliveryHooks.NONE)) {
            long t0 = System.nanoTime();
            RunLoop.PollReport r = app.runLoop(true).poll();
            System.out.printf("FloodTest: one poll of 10,146 mails took %.1f s; %d unit(s) queued%n",
                    (System.nanoTime() - t0) / 1e9, app.store().queue().all().size());
            assertThat(r.errors()).isEmpty();
            long t1 = System.nanoTime();
            RunLoop.PollReport again = app.runLoop(true).poll();
            System.out.printf("FloodTest: the next poll, nothing new (4,997 of one stranger's patches held), took"
                    + " %.1f s%n", (System.nanoTime() - t1) / 1e9);
            assertThat(again.series().queued()).as("nothing new").isEmpty();
            Store store = app.store();
            System.out.println("FloodTest: commands by outcome " + store.texts("SELECT outcome || ' ' || COUNT(*)"
                    + " FROM command_log GROUP BY outcome ORDER BY outcome"));
            assertThat(store.count("outgoing_mail", "in_reply_to = ?", "<maint-cmd@example.org>"))
                    .as("the maintainer's command is answered").isEqualTo(1);
            assertThat(store.texts("SELECT outcome FROM command_log WHERE sender = 'maint@example.org'"))
                    .as("accepted in the maintainers' pool, and answered").containsExactlyInAnyOrder("accepted", "answered");
            assertThat(store.count("command_log", "outcome = ?", "accepted-author")).as("the authors' pool filled")
                    .isEqualTo(20);
            assertThat(store.count("command_log", "outcome = ?", "answered-signed"))
                    .as("the webmail strangers filled their answers' pool").isEqualTo(60);
            assertThat(store.count("command_log", "outcome = ?", "answered-author"))
                    .as("and every author was answered on their own thread, from a pool of their own").isEqualTo(25);
            assertThat(store.queue().all().stream().filter(w -> w.messageIds().stream().anyMatch(id -> id.matches(
                    "<flood-[0-9]+@evil.example>") && Integer.parseInt(id.replaceAll("\\D", "")) < 5_000)))
                    .as("the one stranger's units waiting: at most its cap").hasSizeLessThanOrEqualTo(3);
            List<Work> first = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                first.add(store.queue().claimNext().orElseThrow());
            }
            assertThat(first.subList(0, 2)).as("the maintainer's patch and command run first")
                    .anySatisfy(w -> assertThat(w.messageIds()).containsExactly("<maint-patch@example.org>"))
                    .anySatisfy(w -> assertThat(w.answerTo()).contains("<maint-cmd@example.org>"));
            assertThat(first.get(2).messageIds()).as("then an author's own").containsAnyElementsOf(authors);
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** The trusted list server's trace: its Received line and its DKIM verdict on the sender's domain. */
    private static List<String> signed(String from) {
        String domain = from.replaceAll(".*@([^>]+)>.*", "$1");
        return List.of("Authentication-Results: " + MX + "; dkim=pass header.d=" + domain,
                "Received: from mail." + domain + " (mail." + domain + " [192.0.2.7]) by " + MX
                + " with ESMTPS id x1; Mon, 30 Nov 2026 10:00:00 +0000");
    }

    private static String patch(String id, String from, int n, boolean signed) {
        List<String> lines = new ArrayList<>(signed ? signed(from) : List.of());
        lines.addAll(List.of("From: " + from, "To: " + LIST, "Subject: [PATCH] fsnotify: change " + n,
                "Message-ID: " + id, "Date: Mon, 30 Nov 2026 10:00:00 +0000", "", "A change.", "",
                "Signed-off-by: " + from, "---", " fs/notify/mark.c | 1 +", " 1 file changed, 1 insertion(+)", "",
                "diff --git a/fs/notify/mark.c b/fs/notify/mark.c", "--- a/fs/notify/mark.c",
                "+++ b/fs/notify/mark.c", "@@ -1 +1,2 @@", " int x;", "+int y" + n + ";", ""));
        return String.join("\n", lines);
    }

    private static String command(String from, String id, String inReplyTo, String body) {
        List<String> lines = new ArrayList<>(signed(from));
        lines.addAll(List.of("From: " + from, "To: " + LIST, "Subject: Re: [PATCH] fsnotify: a change",
                "Message-ID: " + id, "In-Reply-To: " + inReplyTo, "References: " + inReplyTo,
                "Date: Mon, 30 Nov 2026 10:05:00 +0000", "", body, ""));
        return String.join("\n", lines);
    }
}
