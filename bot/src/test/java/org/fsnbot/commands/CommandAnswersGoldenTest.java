package org.fsnbot.commands;

import jakarta.mail.Session;
import jakarta.mail.internet.MimeMessage;
import java.io.ByteArrayInputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.fsnbot.intake.MaintainersPatterns;
import org.fsnbot.intake.MaintainersPeople;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.intake.PatchSeries;
import org.fsnbot.mail.Delivery;
import org.fsnbot.mail.DeliveryHooks;
import org.fsnbot.mail.MailSettings;
import org.fsnbot.mail.Outbox;
import org.fsnbot.mail.Reply;
import org.fsnbot.mail.ReplyComposer;
import org.fsnbot.pipeline.PatchTestPipeline;
import org.fsnbot.pipeline.StandardStages;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;
import org.fsnbot.report.ReplyRenderer;
import org.fsnbot.store.Store;
import org.fsnbot.store.WorkQueue;
import org.fsnbot.testing.Golden;
import org.fsnbot.testing.MiniTree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every kind of answer the command desk gives, byte for byte (see
 * testing.Golden), for one scripted thread: a tested patch, then command
 * mails from its maintainer, its author, a stranger and an allowed tester.
 */
class CommandAnswersGoldenTest {

    private static final String BOT = "fsnbot@fsnbot.test";
    private static final String PATCH = "<faster-1@example.org>";
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-01-01T12:00:00Z"), ZoneOffset.UTC);

    private final MboxReader reader = new MboxReader();

    private static String mail(String from, String id, String inReplyTo, String references, String body) {
        return String.join("\n", "From: " + from, "To: fsnbot <" + BOT + ">", "Cc: linux-fsdevel@example.org",
                "Subject: Re: [PATCH] fsnotify: make it faster", "Message-ID: " + id,
                inReplyTo == null ? "X-No-Reply: none" : "In-Reply-To: " + inReplyTo,
                references == null ? "X-No-References: none" : "References: " + references,
                "Date: Thu, 1 Jan 2026 11:00:00 +0000", "", body, "");
    }

    private static String text(Store store, String commandId) throws Exception {
        String eml = store.text("SELECT eml_path FROM outgoing_mail WHERE in_reply_to = ? ORDER BY id DESC"
                + " FETCH FIRST 1 ROWS ONLY", commandId);
        MimeMessage m = new MimeMessage(Session.getInstance(new Properties()),
                new ByteArrayInputStream(Files.readAllBytes(Path.of(eml))));
        String text = "Subject: " + m.getSubject() + "\nTo: " + m.getHeader("To", ",") + "\nCc: "
                + m.getHeader("Cc", ",") + "\nIn-Reply-To: " + m.getHeader("In-Reply-To", null) + "\nReferences: "
                + m.getHeader("References", null) + "\n\n" + ((String) m.getContent()).replace("\r\n", "\n");
        // Our Message-IDs are random: the golden text names them by shape.
        return text.replaceAll("<fsnbot\\.[0-9a-f]{20}@", "<fsnbot.ID@");
    }

    @Test
    void everyAnswerOfTheDesk(@TempDir Path tmp) throws Exception {
        PrintStream quiet = new PrintStream(java.io.OutputStream.nullOutputStream());
        Store store = Store.h2(tmp.resolve("db/fsnbot"));
        ReplyComposer composer = new ReplyComposer("fsnbot <" + BOT + ">", "fsnbot.test", List.of());
        Delivery delivery = new Delivery(new Outbox(tmp.resolve("outbox")), store.mail(), MailSettings.dryRun(),
                Optional.empty(), List.of(), DeliveryHooks.NONE, "fsnbot <" + BOT + ">", quiet);
        CommandDesk desk = new CommandDesk(store, reader, MaintainersPeople.parse(MiniTree.MAINTAINERS,
                MaintainersPatterns.FSNOTIFY_ENTRIES), new CommandSettings(List.of("tester@example.org"), false, 2,
                        5, 10), new ReplyRenderer(), composer, delivery, "fsnbot <" + BOT + ">", "/srv/linux",
                Profile.load("quick"), Topology.DEFAULT, CLOCK, quiet);

        // The tested patch: queued work, done, with fsnbot's report in its thread.
        PatchMail patch = reader.parse(MiniTree.patch(PATCH, "Dev <dev@example.org>",
                "[PATCH] fsnotify: make it faster").getBytes(StandardCharsets.UTF_8));
        store.intake().addFetched("fsdevel", patch, true);
        long work = store.queue().enqueueSeries("series " + PATCH + " v1", "fsnotify: make it faster", 1,
                List.of(PATCH), List.of(), "/srv/linux", "v6.12", "no base-commit: line in the series").orElseThrow();
        long job = store.createJob(store.saveSeries(new PatchSeries(Optional.empty(), List.of(patch))), "/srv/linux",
                "v6.12", "quick", Topology.DEFAULT.toString());
        store.queue().finish(work, "done", job, "REPORT: regression");
        Reply report = composer.compose(patch, "Hi,\n\nfsnbot measured this patch against its base: REGRESSION\n");
        delivery.post(job, report, "REPORT", false, false);
        String refs = PATCH + " " + report.messageId();

        String maint = "Jan Maintainer <maint@example.org>";
        String rita = "Rita Reviewer <reviewer@example.org>";
        String tester = "Tess Tester <tester@example.org>";
        String stranger = "Stranger <stranger@example.org>";
        // name, sender, on our thread (else only addressed to fsnbot), body
        String[][] script = {
            {"rerun-accepted", maint, "on", "#fsnbot rerun runs=5"},
            {"rerun-by-author", "Dev <dev@example.org>", "on",
                "#fsnbot rerun workloads=byte-write,parent-modify-scale"},
            {"refused", stranger, "on", "#fsnbot rerun"},
            {"errors-with-help", maint, "on", "#fsnbot rerun runs=lots\n#fsnbot frobnicate"},
            {"second-rerun", maint, "on", "#fsnbot rerun runs=4 profile=quick topology=sockets=1,cores=2,nodes=1"},
            {"over-the-limit", maint, "on", "#fsnbot rerun runs=6"},
            {"rerun-off-thread", rita, "off", "#fsnbot rerun"},
            {"test-off-thread", rita, "off", "#fsnbot test git://git.example.org/linux.git main"},
            {"status-off-thread", rita, "off", "#fsnbot status"},
            {"test-accepted", tester, "on", "#fsnbot test https://git.example.org/pub/scm/linux.git topic/faster"},
            {"compare-accepted", tester, "on", "#fsnbot compare v6.12 v6.13-rc1"},
            {"over-the-global-limit", rita, "on", "#fsnbot rerun"},
            {"status-and-cancel", rita, "on", "#fsnbot status\n#fsnbot cancel"},
            {"cancel-nothing", rita, "on", "#fsnbot cancel"},
            {"help", stranger, "on", "#fsnbot help"},
        };
        int n = 0;
        for (String[] step : script) {
            String id = "<cmd-" + (++n) + "@example.org>";
            boolean on = step[2].equals("on");
            store.commands().add(id, "imap", mail(step[1], id, on ? report.messageId() : null, on ? refs : null,
                    "Thanks.\n\n" + step[3]).getBytes(StandardCharsets.UTF_8));
            desk.answerPending();
            Golden.check("command-" + step[0], text(store, id));
        }
    }

    @Test
    void anAcceptedRunThatCouldNotRun(@TempDir Path tmp) throws Exception {
        PrintStream quiet = new PrintStream(java.io.OutputStream.nullOutputStream());
        PatchTestPipeline.Stages stages = StandardStages.create(tmp, tmp.resolve("outbox"), "fsnbot <" + BOT + ">",
                quiet);
        String id = "<cmd-failed@example.org>";
        PatchMail command = reader.parse(mail("Jan Maintainer <maint@example.org>", id, "<r@fsnbot.test>",
                PATCH + " <r@fsnbot.test>", "#fsnbot test /nonexistent/linux.git main")
                .getBytes(StandardCharsets.UTF_8));
        new PatchTestPipeline(stages, tmp, quiet).answerFailure(command, "#fsnbot test /nonexistent/linux.git main",
                "--tree: no such directory and not a URL: /nonexistent/linux.git");
        Golden.check("command-could-not-run", text(stages.store(), id));
    }
}
