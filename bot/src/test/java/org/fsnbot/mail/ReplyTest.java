package org.fsnbot.mail;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.mail.Session;
import jakarta.mail.internet.MimeMessage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.testing.Repo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplyTest {

    @Test
    void repliesToTheAuthorAndCcsEveryoneElseOnceThreadedUnderThePatch(@TempDir Path dir) throws Exception {
        PatchMail patch = new MboxReader().readSeries(Repo.exampleMbox()).replyTarget();
        Reply r = new ReplyComposer("fsnbot <bot@fsnbot.test>").compose(patch, "Hi,\n\nbody\n");
        assertThat(r.subject()).isEqualTo("Re: " + patch.subject());
        assertThat(r.to()).containsExactly("fsnbot example <fsnbot-example@fsnbot.invalid>");
        assertThat(r.cc()).containsExactly("Fsnotify Maintainer <fsnotify-maintainer@example.org>",
                "Fsnotify Reviewer <fsnotify-reviewer@example.org>", "linux-fsdevel@example.org");
        assertThat(r.inReplyTo()).isEqualTo(patch.messageId());
        assertThat(r.references()).endsWith(patch.messageId());
        assertThat(r.messageId()).endsWith("@fsnbot.test>");

        Path eml = new Outbox(dir).write(r);
        try (var files = Files.list(dir)) {
            assertThat(files.toList()).containsExactly(eml);
        }
        MimeMessage m = new MimeMessage(Session.getInstance(new Properties()),
                new ByteArrayInputStream(Files.readAllBytes(eml)));
        assertThat(m.getMessageID()).isEqualTo(r.messageId());
        assertThat(m.getHeader("In-Reply-To", null)).isEqualTo(patch.messageId());
        assertThat(m.getContentType()).startsWith("text/plain").doesNotContainIgnoringCase("format=flowed");
        assertThat(m.getContent()).isEqualTo("Hi,\n\nbody\n");
    }

    @Test
    void dedupesCcAgainstTheAuthorAndItself() throws Exception {
        PatchMail p = new PatchMail("<a@b>", new PatchMail.Headers("[PATCH] x", "Dev <dev@x.org>", null,
                List.of("Maint <m@x.org>", "dev@x.org"), List.of("M@X.org", "bot@fsnbot.test", "list@x.org"),
                List.of(), null), new PatchMail.Diff(true, false, List.of()), new byte[0]);
        Reply r = new ReplyComposer("bot@fsnbot.test").compose(p, "b\n");
        assertThat(r.cc()).containsExactly("Maint <m@x.org>", "list@x.org");
    }

    @Test
    void aReplyWithoutAVerdictReachesOnlyTheAuthorAndTheLists() throws Exception {
        List<String> ccs = new java.util.ArrayList<>(List.of("linux-fsdevel@vger.kernel.org"));
        for (int i = 0; i < 20; i++) {
            ccs.add("victim" + i + "@example.net");
        }
        PatchMail p = new PatchMail("<a@b>", new PatchMail.Headers("[PATCH] x", "Dev <dev@x.org>",
                "Elsewhere <target@example.net>", List.of("someone@example.net"), ccs, List.of(), null),
                new PatchMail.Diff(true, false, List.of()), new byte[0]);
        ReplyComposer composer = new ReplyComposer("bot@fsnbot.test", MailSettings.Etiquette.DEFAULT);
        Reply failed = composer.composeToAuthorAndLists(p, "b\n", composer.newMessageId());
        assertThat(failed.to()).containsExactly("Dev <dev@x.org>");
        assertThat(failed.cc()).containsExactly("linux-fsdevel@vger.kernel.org");
        Reply verdict = composer.compose(p, "b\n");
        assertThat(verdict.to()).as("a verdict goes where list etiquette sends it").containsExactly(
                "Elsewhere <target@example.net>");
        assertThat(verdict.cc()).hasSize(19);
    }

    @Test
    void refusesBodyLinesMailCannotCarry() {
        assertThatThrownBy(() -> new Reply("<a@b>", "f@b", List.of("t@b"), List.of(),
                new Reply.Threading("s", "<p@b>", List.of()), "x".repeat(999))).hasMessageContaining("over 998");
    }
}
