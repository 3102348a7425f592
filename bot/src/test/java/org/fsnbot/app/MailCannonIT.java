package org.fsnbot.app;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.mail.Address;
import jakarta.mail.Message;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.fsnbot.intake.EpochWriter;
import org.fsnbot.mail.DeliveryHooks;
import org.fsnbot.store.WorkState;
import org.fsnbot.testing.MailServer;
import org.fsnbot.testing.MiniTree;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The mail cannon of issue 40, through whole jobs over real SMTP
 * (GreenMail): a stranger posts eight patches that do not apply, each
 * with a Reply-To and 20 Cc's of people nobody asked. Every patch is
 * tried (three of the stranger's at a time: the cap), every failure is
 * answered, but only to the patch's author and the list, and at most
 * mail.maxRepliesPerSenderHour (6) of them go out; the rest stay in the
 * outbox.
 */
@Tag("e2e")
class MailCannonIT {

    private static final String LIST = "linux-fsdevel@example.org";
    private static final String CANNON = "cannon@evil.example";

    @Test
    void aStrangersFailingPatchesReachOnlyTheListAndTheAuthorAndAtMostSixAnHour(@TempDir Path tmp) throws Exception {
        Path tree = MiniTree.create(tmp.resolve("linux"));
        Set<String> patches = new HashSet<>();
        try (EpochWriter w = new EpochWriter(tmp.resolve("fsdevel").resolve("git/0.git"))) {
            for (int i = 0; i < 8; i++) {
                String id = "<cannon-" + i + "@evil.example>";
                patches.add(id);
                w.append(patch(id, i).getBytes(StandardCharsets.UTF_8));
            }
        }
        try (MailServer mail = new MailServer()) {
            Path cfg = Files.writeString(tmp.resolve("fsnbot.yaml"), String.join("\n",
                    "home: \"" + tmp.resolve("home") + "\"",
                    "from: \"fsnbot <" + MailServer.BOT + ">\"",
                    "inboxes:",
                    "  - {name: fsdevel, url: \"" + tmp.resolve("fsdevel") + "\"}",
                    "allInbox: \"\"", "runner: {calibrationPairs: 0}",
                    "bases:",
                    "  - {tree: \"" + tree + "\", rev: master}",
                    "watch: []",
                    mail.mailConfig(),
                    "  lists: [" + LIST + "]",
                    "  bccSelf: false",
                    ""));
            try (Application app = Application.open(Config.load(Optional.of(cfg)), DeliveryHooks.NONE)) {
                app.readyToMeasure();
                RunLoop loop = app.runLoop(false);
                for (int round = 0; round < 4; round++) {
                    loop.poll();
                    loop.drain();
                }
                assertThat(app.store().queue().all()).as("every patch tried").hasSize(8)
                        .allSatisfy(u -> assertThat(u.state()).isIn(WorkState.DONE, WorkState.FAILED));
                Set<String> replies = new TreeSet<>();
                Set<String> reached = new TreeSet<>();
                for (MimeMessage m : mail.all()) {
                    String inReplyTo = m.getHeader("In-Reply-To", null);
                    if (inReplyTo == null || !patches.contains(inReplyTo)) {
                        continue;
                    }
                    replies.add(m.getMessageID());
                    for (Message.RecipientType t : List.of(Message.RecipientType.TO, Message.RecipientType.CC,
                            Message.RecipientType.BCC)) {
                        Address[] as = m.getRecipients(t);
                        for (Address a : as == null ? new Address[0] : as) {
                            reached.add(((InternetAddress) a).getAddress().toLowerCase(java.util.Locale.ROOT));
                        }
                    }
                }
                System.out.printf("MailCannonIT: %d failure replies sent for 8 patches, to %s%n", replies.size(),
                        reached);
                assertThat(replies).as("at most six replies an hour under one sender's mails").hasSize(6);
                assertThat(reached).as("the author and the list, no one the mail chose").containsExactlyInAnyOrder(
                        CANNON, LIST);
                assertThat(mail.mailboxes()).as("no victim's mailbox got anything").noneMatch(a -> a.startsWith(
                        "victim"));
                try (var eml = Files.list(tmp.resolve("home/outbox"))) {
                    assertThat(eml.filter(p -> p.toString().endsWith(".eml")).count())
                            .as("every failure answered in the outbox, sent or kept quiet").isGreaterThanOrEqualTo(8);
                }
            }
        }
    }

    /** A patch to fs/notify/mark.c whose context is not in the tree: it does not apply. */
    private static String patch(String id, int n) {
        List<String> cc = new ArrayList<>();
        for (int v = 1; v <= 20; v++) {
            cc.add("victim" + v + "@example.net");
        }
        return String.join("\n",
                "From: Cannon <" + CANNON + ">",
                "Reply-To: victim0@example.net",
                "To: " + LIST,
                "Cc: " + String.join(", ", cc),
                "Subject: [PATCH] fsnotify: does not apply " + n,
                "Message-ID: " + id,
                "Date: Mon, 30 Nov 2026 10:00:00 +0000",
                "",
                "Buy now.",
                "",
                "Signed-off-by: Cannon <" + CANNON + ">",
                "---",
                " fs/notify/mark.c | 1 +",
                " 1 file changed, 1 insertion(+)",
                "",
                "diff --git a/fs/notify/mark.c b/fs/notify/mark.c",
                "--- a/fs/notify/mark.c",
                "+++ b/fs/notify/mark.c",
                "@@ -1 +1,2 @@",
                " int not_in_the_tree_" + n + ";",
                "+int y;",
                "");
    }
}
