package org.fsnbot.mail;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.fsnbot.pipeline.PatchTestPipeline;
import org.fsnbot.pipeline.RunConfig;
import org.fsnbot.pipeline.StandardStages;
import org.fsnbot.testing.MailServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What is sent and what only stays in the outbox, over real SMTP (GreenMail). */
class DeliveryTest {

    private static Reply reply(String id, String author) {
        return new Reply("<" + id + "@fsnbot.test>", "fsnbot <" + MailServer.BOT + ">", List.of(author),
                List.of("linux-fsdevel@example.org"), "Re: [PATCH] x", "<p@example.org>", List.of("<p@example.org>"),
                "Hi,\n\nbody\n");
    }

    private static PatchTestPipeline.Stages stages(Path tmp, String extra) throws Exception {
        Files.createDirectories(tmp);
        Path cfg = tmp.resolve("c.yaml");
        Files.writeString(cfg, extra);
        RunConfig c = RunConfig.load(Optional.of(cfg));
        return StandardStages.create(tmp.resolve("home"), tmp.resolve("home/outbox"), "fsnbot <" + MailServer.BOT
                + ">", c.mail(), DeliveryHooks.NONE, new PrintStream(java.io.OutputStream.nullOutputStream()));
    }

    @Test
    void quietFoundNothingOptedOutAuthorsAndDryRunStayInTheOutbox(@TempDir Path tmp) throws Exception {
        try (MailServer mail = new MailServer()) {
            PatchTestPipeline.Stages s = stages(tmp, mail.mailConfig() + "  optOutAuthors: [optout@example.org]\n");
            Delivery d = s.delivery();
            Path eml = d.post(null, reply("found", "Dev <dev@example.org>"), "REPORT", false, false);
            d.post(null, reply("nothing", "Dev <dev@example.org>"), "REPORT", true, false);
            d.post(null, reply("asked", "Dev <dev@example.org>"), "REPORT", true, true);
            d.post(null, reply("optout", "Opt <optout@example.org>"), "REPORT", false, false);
            assertThat(d.flush()).isEqualTo(2);
            assertThat(mail.inMailbox("linux-fsdevel@example.org", "<found@fsnbot.test>")).hasSize(1);
            assertThat(mail.inMailbox("linux-fsdevel@example.org", "<asked@fsnbot.test>")).as("someone asked")
                    .hasSize(1);
            assertThat(mail.inMailbox("linux-fsdevel@example.org", "<nothing@fsnbot.test>")).isEmpty();
            assertThat(mail.inMailbox("optout@example.org", "<optout@fsnbot.test>")).isEmpty();
            assertThat(s.store().mail().state("<nothing@fsnbot.test>")).isEqualTo("quiet");
            assertThat(s.store().mail().state("<optout@fsnbot.test>")).isEqualTo("opted-out");
            assertThat(eml).exists();
            assertThat(Files.list(tmp.resolve("home/outbox")).count()).as("every reply is on disk").isEqualTo(4);
        }
        PatchTestPipeline.Stages dry = stages(tmp.resolve("dry"), "mail: {mode: dry-run}\n");
        dry.delivery().post(null, reply("dry", "Dev <dev@example.org>"), "REPORT", false, false);
        assertThat(dry.delivery().flush()).isZero();
        assertThat(dry.store().mail().state("<dry@fsnbot.test>")).isEqualTo("written");
    }

    @Test
    void aServerThatIsDownDoesNotUseUpTheRetry(@TempDir Path tmp) throws Exception {
        int closed;
        try (java.net.ServerSocket probe = new java.net.ServerSocket(0)) {
            closed = probe.getLocalPort();
        }
        PatchTestPipeline.Stages s = stages(tmp, "mail:\n  mode: smtp\n  smtp: {host: 127.0.0.1, port: " + closed
                + ", starttls: false}\n");
        s.delivery().post(null, reply("down", "Dev <dev@example.org>"), "REPORT", false, false);
        for (int i = 0; i < 3; i++) {
            assertThat(s.delivery().flush()).isZero();
            assertThat(s.store().mail().state("<down@fsnbot.test>")).as("attempt %d", i).isEqualTo("pending");
        }
    }
}
