package org.fsnbot.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.fsnbot.intake.EpochWriter;
import org.fsnbot.mail.DeliveryHooks;
import org.fsnbot.store.Store;
import org.fsnbot.store.Work;
import org.fsnbot.testing.FloodArchive;
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

    private static final String MX = FloodArchive.MX;
    private static final String LIST = FloodArchive.LIST;
    private static final String MAINT = "Jan Maintainer <maint@example.org>";

    @Test
    void aMaintainersPatchAndCommandAreAnsweredAndRunFirstAfterAFlood(@TempDir Path tmp) throws Exception {
        Path tree = MiniTree.create(tmp.resolve("linux"));
        Set<String> authors;
        try (EpochWriter w = new EpochWriter(tmp.resolve("fsdevel").resolve("git/0.git"))) {
            authors = FloodArchive.write(w);
            w.append(FloodArchive.bytes(FloodArchive.patch("<maint-patch@example.org>", MAINT, 30_000, true)));
            w.append(FloodArchive.bytes(FloodArchive.command(MAINT, "<maint-cmd@example.org>", "<own-0@dev.example>",
                    "#fsnbot rerun")));
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
            System.out.printf("FloodTest: one poll of %,d mails took %.1f s; %d unit(s) queued%n",
                    FloodArchive.MAILS + 2, (System.nanoTime() - t0) / 1e9, app.store().queue().all().size());
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
            assertThat(store.queue().all().stream().filter(w -> w.messageIds().stream().anyMatch(
                    FloodArchive::fromTheOneStranger)))
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
}
