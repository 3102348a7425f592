package org.fsnbot.mail;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.fsnbot.app.Application;
import org.fsnbot.app.Config;
import org.fsnbot.testing.MailServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What is sent and what only stays in the outbox, over real SMTP (GreenMail). */
class DeliveryTest {

    private static Reply reply(String id, String author) {
        return new Reply("<" + id + "@fsnbot.test>", "fsnbot <" + MailServer.BOT + ">", List.of(author),
                List.of("linux-fsdevel@example.org"), new Reply.Threading("Re: [PATCH] x", "<p@example.org>",
                        List.of("<p@example.org>")), "Hi,\n\nbody\n");
    }

    private static Application app(Path tmp, String extra) throws Exception {
        Files.createDirectories(tmp);
        Path cfg = Files.writeString(tmp.resolve("c.yaml"), "home: \"" + tmp.resolve("home") + "\"\nfrom: \"fsnbot <"
                + MailServer.BOT + ">\"\n" + extra);
        return Application.open(Config.load(Optional.of(cfg)), DeliveryHooks.NONE);
    }

    private static final Delivery.Audience FOUND = new Delivery.Audience(false, false);

    @Test
    void quietFoundNothingOptedOutAuthorsAndDryRunStayInTheOutbox(@TempDir Path tmp) throws Exception {
        try (MailServer mail = new MailServer();
                Application s = app(tmp, mail.mailConfig() + "  optOutAuthors: [optout@example.org]\n")) {
            Delivery d = s.delivery();
            Path eml = d.post(null, reply("found", "Dev <dev@example.org>"), ReplyKind.REPORT, FOUND);
            d.post(null, reply("nothing", "Dev <dev@example.org>"), ReplyKind.REPORT, new Delivery.Audience(true,
                    false));
            d.post(null, reply("asked", "Dev <dev@example.org>"), ReplyKind.REPORT, new Delivery.Audience(true, true));
            d.post(null, reply("optout", "Opt <optout@example.org>"), ReplyKind.REPORT, FOUND);
            assertThat(d.flush()).isEqualTo(2);
            assertThat(mail.inMailbox("linux-fsdevel@example.org", "<found@fsnbot.test>")).hasSize(1);
            assertThat(mail.inMailbox("linux-fsdevel@example.org", "<asked@fsnbot.test>")).as("someone asked")
                    .hasSize(1);
            assertThat(mail.inMailbox("linux-fsdevel@example.org", "<nothing@fsnbot.test>")).isEmpty();
            assertThat(mail.inMailbox("optout@example.org", "<optout@fsnbot.test>")).isEmpty();
            assertThat(s.store().mail().state("<nothing@fsnbot.test>")).contains(MailState.QUIET);
            assertThat(s.store().mail().state("<optout@fsnbot.test>")).contains(MailState.OPTED_OUT);
            assertThat(eml).exists();
            assertThat(Files.list(tmp.resolve("home/outbox")).count()).as("every reply is on disk").isEqualTo(4);
        }
        try (Application dry = app(tmp.resolve("dry"), "mail: {mode: dry-run}\n")) {
            dry.delivery().post(null, reply("dry", "Dev <dev@example.org>"), ReplyKind.REPORT, FOUND);
            assertThat(dry.delivery().flush()).isZero();
            assertThat(dry.store().mail().state("<dry@fsnbot.test>")).contains(MailState.WRITTEN);
        }
    }

    @Test
    void repliesUnderOneSendersMailsAreBoundedPerHour(@TempDir Path tmp) throws Exception {
        try (MailServer mail = new MailServer();
                Application s = app(tmp, mail.mailConfig() + "  maxRepliesPerSenderHour: 3\n")) {
            Delivery d = s.delivery();
            for (int i = 0; i < 5; i++) {
                d.post(null, reply("flood" + i, "Dev <dev@example.org>"), ReplyKind.DOES_NOT_APPLY,
                        FOUND.answering("Stranger <Stranger@Example.org>"));
            }
            d.post(null, reply("other", "Dev <dev@example.org>"), ReplyKind.REPORT, FOUND.answering("m@x.org"));
            assertThat(d.flush()).as("three for the stranger, one for another sender").isEqualTo(4);
            assertThat(s.store().mail().state("<flood3@fsnbot.test>")).contains(MailState.QUIET);
            assertThat(s.store().mail().state("<flood4@fsnbot.test>")).contains(MailState.QUIET);
            assertThat(s.store().mail().state("<other@fsnbot.test>")).contains(MailState.SENT);
            assertThat(Files.list(tmp.resolve("home/outbox")).count()).as("every reply is on disk").isEqualTo(6);
        }
    }

    @Test
    void aServerThatIsDownDoesNotUseUpTheRetry(@TempDir Path tmp) throws Exception {
        int closed;
        try (java.net.ServerSocket probe = new java.net.ServerSocket(0)) {
            closed = probe.getLocalPort();
        }
        try (Application s = app(tmp, "mail:\n  mode: smtp\n  smtp: {host: 127.0.0.1, port: " + closed
                + ", starttls: false}\n")) {
            s.delivery().post(null, reply("down", "Dev <dev@example.org>"), ReplyKind.REPORT, FOUND);
            for (int i = 0; i < 3; i++) {
                assertThat(s.delivery().flush()).isZero();
                assertThat(s.store().mail().state("<down@fsnbot.test>")).as("attempt %d", i)
                        .contains(MailState.PENDING);
            }
        }
    }
}
