package org.fsnbot.commands;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.mail.internet.MimeMessage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.fsnbot.intake.EpochWriter;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.intake.PatchSeries;
import org.fsnbot.mail.DeliveryHooks;
import org.fsnbot.mail.Reply;
import org.fsnbot.pipeline.PatchTestPipeline;
import org.fsnbot.pipeline.RunConfig;
import org.fsnbot.pipeline.RunLoop;
import org.fsnbot.pipeline.StandardStages;
import org.fsnbot.store.WorkQueue;
import org.fsnbot.testing.MailServer;
import org.fsnbot.testing.MiniTree;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * #fsnbot commands end to end over real SMTP and IMAP (GreenMail): a report
 * goes out, people answer it by mail to fsnbot and on the list, and each
 * command gets its answer in the thread; only the allowed ones queue work.
 */
class CommandsByMailTest {

    private static final String PATCH_ID = "<faster-1@example.org>";
    private static final String MAINT = "maint@example.org";
    private static final String AUTHOR = "dev@example.org";
    private static final String LIST = "linux-fsdevel@example.org";

    @TempDir
    Path tmp;
    private MailServer mail;
    private final ByteArrayOutputStream logBytes = new ByteArrayOutputStream();
    private PrintStream log;
    private PatchTestPipeline.Stages stages;
    private RunLoop loop;
    private Path inbox;

    @BeforeEach
    void setUp() throws Exception {
        mail = new MailServer();
        log = new PrintStream(logBytes, true, StandardCharsets.UTF_8);
        Path tree = MiniTree.create(tmp.resolve("linux"));
        inbox = tmp.resolve("fsdevel");
        append(MiniTree.patch(PATCH_ID, "Dev <" + AUTHOR + ">", "[PATCH] fsnotify: make it faster"));
        Path cfg = tmp.resolve("fsnbot.yaml");
        Files.writeString(cfg, String.join("\n",
                "from: \"fsnbot <" + MailServer.BOT + ">\"",
                "inboxes:",
                "  - {name: fsdevel, url: \"" + inbox + "\"}",
                "allInbox: \"\"",
                "bases:",
                "  - {tree: \"" + tree + "\", rev: master}",
                "watch: []",
                "commands: {perSenderPerHour: 2, globalPerHour: 10}",
                mail.mailConfig()));
        RunConfig config = RunConfig.load(Optional.of(cfg));
        Path home = tmp.resolve("home");
        stages = StandardStages.create(home, home.resolve("outbox"), config.from(), config.mail(),
                DeliveryHooks.NONE, log);
        loop = new RunLoop(config, stages, home, true, log);
    }

    @AfterEach
    void tearDown() {
        mail.close();
    }

    private void append(String message) throws Exception {
        try (EpochWriter w = new EpochWriter(inbox.resolve("git/0.git"))) {
            w.append(message.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** Plays the measurement the queue-only loop skips: a job and its report reply, sent by fsnbot. */
    private String reportOnTheQueuedPatch() throws Exception {
        loop.poll();
        WorkQueue.Work w = stages.store().queue().all().get(0);
        byte[] raw = stages.store().intake().raw(w.messageIds()).get(0);
        PatchMail patch = new MboxReader().parse(raw);
        long series = stages.store().saveSeries(new PatchSeries(Optional.empty(), List.of(patch)));
        long job = stages.store().createJob(series, w.tree(), w.baseRev(), "quick", "sockets=2,cores=1,nodes=2");
        Reply report = stages.composer().compose(patch, "Hi,\n\nfsnbot measured this patch: REGRESSION\n");
        stages.delivery().post(job, report, "REPORT", false, false);
        stages.store().queue().finish(w.id(), "done", job, "REPORT: regression");
        stages.delivery().flush();
        return report.messageId();
    }

    private String body(MimeMessage m) throws Exception {
        return ((String) m.getContent()).replace("\r\n", "\n");
    }

    private int work() throws Exception {
        return stages.store().queue().all().size();
    }

    @Test
    void commandsByImapAndOnTheListAreAnsweredInThreadAndOnlyAllowedOnesQueueWork() throws Exception {
        String report = reportOnTheQueuedPatch();
        assertThat(mail.inMailbox(LIST, report)).as("the report reached the list once").hasSize(1);
        assertThat(mail.inMailbox(MailServer.BOT, report)).as("and our Bcc copy").hasSize(1);
        MimeMessage sent = mail.inMailbox(AUTHOR, report).get(0);
        assertThat(sent.getHeader("In-Reply-To", null)).isEqualTo(PATCH_ID);
        assertThat(sent.getHeader("Bcc")).as("the Bcc is envelope only").isNull();
        assertThat(work()).isEqualTo(1);

        // A maintainer, by mail to fsnbot (read over IMAP).
        mail.send(MAINT, List.of(MailServer.BOT), "Re: [PATCH] fsnotify: make it faster", "<c1@example.org>",
                report, PATCH_ID + " " + report, "Odd numbers.\n\n#fsnbot rerun runs=5\n");
        loop.poll();
        assertThat(work()).isEqualTo(2);
        WorkQueue.Work rerun = stages.store().queue().all().get(1);
        assertThat(rerun.answerTo()).isEqualTo("<c1@example.org>");
        assertThat(rerun.options()).contains("\"runs\":5");
        assertThat(rerun.messageIds()).containsExactly(PATCH_ID);
        MimeMessage ack = single(mail.repliesTo(MAINT, "<c1@example.org>"));
        assertThat(body(ack)).contains("> #fsnbot rerun runs=5", "Accepted: a rerun of", "5 boots per kernel",
                "Queued as #2, next in line.", "  fsnotify-gate, byte-write,");
        assertThat(ack.getSubject()).isEqualTo("Re: [PATCH] fsnotify: make it faster");

        // The author, on the list (read from the followed inbox), on their own thread.
        append(String.join("\n", "From: Dev <" + AUTHOR + ">", "To: " + LIST, "Subject: Re: [PATCH] fsnotify: x",
                "Message-ID: <c2@example.org>", "In-Reply-To: " + report, "References: " + PATCH_ID + " " + report,
                "", "> fsnbot measured this patch: REGRESSION", "", "#fsnbot rerun workloads=byte-write", ""));
        loop.poll();
        assertThat(work()).isEqualTo(3);
        assertThat(body(single(mail.repliesTo(AUTHOR, "<c2@example.org>")))).contains("Accepted");

        // Someone else: a polite refusal, no work.
        mail.send("stranger@example.org", List.of(MailServer.BOT), "Re: x", "<c3@example.org>", report,
                PATCH_ID + " " + report, "#fsnbot rerun\n");
        loop.poll();
        assertThat(work()).isEqualTo(3);
        assertThat(body(single(mail.repliesTo("stranger@example.org", "<c3@example.org>"))))
                .contains("> #fsnbot rerun", "Sorry, not run");

        // Malformed and unknown: the line quoted back with the help, no work.
        mail.send(MAINT, List.of(MailServer.BOT), "Re: x", "<c4@example.org>", report, PATCH_ID + " " + report,
                "#fsnbot rerun runs=lots\n#fsnbot frobnicate\n");
        loop.poll();
        assertThat(work()).isEqualTo(3);
        assertThat(body(single(mail.repliesTo(MAINT, "<c4@example.org>")))).contains("> #fsnbot rerun runs=lots",
                "wants a number", "> #fsnbot frobnicate", "unknown command", "#fsnbot help       this text");

        // Over the limit: the maintainer's second run is taken, the third is not.
        mail.send(MAINT, List.of(MailServer.BOT), "Re: x", "<c5@example.org>", report, PATCH_ID + " " + report,
                "#fsnbot rerun runs=4\n");
        loop.poll();
        assertThat(work()).isEqualTo(4);
        mail.send(MAINT, List.of(MailServer.BOT), "Re: x", "<c6@example.org>", report, PATCH_ID + " " + report,
                "#fsnbot rerun runs=6\n");
        loop.poll();
        assertThat(work()).isEqualTo(4);
        assertThat(body(single(mail.repliesTo(MAINT, "<c6@example.org>")))).contains("Not run: you already asked"
                + " for 2 runs in the last hour (the limit).\nPlease try again after ");

        // Status and cancel answer without measuring.
        mail.send(MAINT, List.of(MailServer.BOT), "Re: x", "<c7@example.org>", report, PATCH_ID + " " + report,
                "#fsnbot status\n#fsnbot cancel\n");
        loop.poll();
        String statusAndCancel = body(single(mail.repliesTo(MAINT, "<c7@example.org>")));
        assertThat(statusAndCancel).contains("series queued", "Cancelled 3 queued runs of this thread.");
        assertThat(stages.store().queue().list("cancelled")).hasSize(3);

        // Nothing twice: a poll with nothing new sends nothing.
        int before = mail.repliesTo(MAINT, "<c1@example.org>").size();
        loop.poll();
        assertThat(mail.repliesTo(MAINT, "<c1@example.org>")).hasSize(before);

        // The password is in neither the log nor the store.
        assertThat(logBytes.toString(StandardCharsets.UTF_8)).doesNotContain(MailServer.BOT_PASSWORD);
        try (Stream<Path> files = Files.walk(tmp.resolve("home"))) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                assertThat(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1)).as(f.toString())
                        .doesNotContain(MailServer.BOT_PASSWORD);
            }
        }
    }

    @Test
    void anAcceptedRunThatCannotRunIsAnsweredWithTheReason() throws Exception {
        String report = reportOnTheQueuedPatch();
        mail.send(MAINT, List.of(MailServer.BOT), "Re: x", "<t1@example.org>", report, PATCH_ID + " " + report,
                "#fsnbot test /nonexistent/linux.git main\n");
        loop.poll();
        assertThat(body(single(mail.repliesTo(MAINT, "<t1@example.org>")))).contains("Accepted");
        assertThat(stages.store().queue().list("queued")).singleElement()
                .satisfies(w -> assertThat(w.kind()).isEqualTo(WorkQueue.Kind.TREE));
        RunConfig config = RunConfig.load(Optional.of(tmp.resolve("fsnbot.yaml")));
        RunLoop measuring = new RunLoop(config, stages, tmp.resolve("home"), false, log);
        measuring.drain();
        assertThat(stages.store().queue().list("failed")).hasSize(1);
        List<MimeMessage> answers = mail.repliesTo(MAINT, "<t1@example.org>");
        assertThat(answers).hasSize(2);
        assertThat(body(answers.get(1))).contains("> #fsnbot test /nonexistent/linux.git main",
                "it could not run, so there is no", "no such directory");
    }

    private static MimeMessage single(List<MimeMessage> l) {
        assertThat(l).hasSize(1);
        return l.get(0);
    }
}
