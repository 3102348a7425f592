package org.fsnbot.commands;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.mail.internet.MimeMessage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.fsnbot.app.Application;
import org.fsnbot.app.Config;
import org.fsnbot.app.RunLoop;
import org.fsnbot.intake.EpochWriter;
import org.fsnbot.intake.LoreLink;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.intake.PatchSeries;
import org.fsnbot.mail.Delivery;
import org.fsnbot.mail.DeliveryHooks;
import org.fsnbot.mail.Reply;
import org.fsnbot.mail.ReplyKind;
import org.fsnbot.store.JobStore;
import org.fsnbot.store.Work;
import org.fsnbot.store.WorkKind;
import org.fsnbot.store.WorkState;
import org.fsnbot.testing.LogCapture;
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
    /** The list's mail server, trusted for the archive; fsnbot's own, trusted for its mailbox. */
    private static final String LIST_MX = "mx.example.org";
    private static final String OWN_MX = "mx.fsnbot.test";

    @TempDir
    Path tmp;
    private MailServer mail;
    private LogCapture log;
    private Application app;
    private RunLoop loop;
    private Path inbox;
    private String report;

    @BeforeEach
    void setUp() throws Exception {
        mail = new MailServer();
        log = new LogCapture();
        Path tree = MiniTree.create(tmp.resolve("linux"));
        inbox = tmp.resolve("fsdevel");
        append(MiniTree.patch(PATCH_ID, "Dev <" + AUTHOR + ">", "[PATCH] fsnotify: make it faster"));
        Path cfg = Files.writeString(tmp.resolve("fsnbot.yaml"), String.join("\n",
                "home: \"" + tmp.resolve("home") + "\"",
                "from: \"fsnbot <" + MailServer.BOT + ">\"",
                "inboxes:",
                "  - {name: fsdevel, url: \"" + inbox + "\"}",
                "allInbox: \"\"",
                "bases:",
                "  - {tree: \"" + tree + "\", rev: master}",
                "watch: []",
                "commands:",
                "  measuring: {perSenderPerHour: 2, globalPerHour: 10}",
                "  trust: {archive: [" + LIST_MX + "], imap: [" + OWN_MX + "]}",
                "  testUrlPrefixes: [\"https://127.0.0.1:1/\", \"https://git.kernel.org/pub/scm/linux/kernel/git/\"]",
                mail.mailConfig(),
                "  lists: [" + LIST + "]"));
        app = Application.open(Config.load(Optional.of(cfg)), DeliveryHooks.NONE);
        loop = app.runLoop(true);
        report = reportOnTheQueuedPatch();
    }

    /** The store closed before the temp dir goes: an open H2 file may still be written while it is deleted. */
    @AfterEach
    void tearDown() {
        app.close();
        log.close();
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
        Work w = app.store().queue().all().get(0);
        PatchMail patch = app.mboxReader().parse(app.store().intake().raw(w.messageIds()).get(0));
        JobStore jobs = app.store().jobs();
        long job = jobs.createJob(jobs.saveSeries(new PatchSeries(Optional.empty(), List.of(patch))),
                w.base().orElseThrow().tree(), w.base().orElseThrow().rev(), "quick", "sockets=2,cores=1,nodes=2");
        Reply r = app.composer().compose(patch, "Hi,\n\nfsnbot measured this patch: REGRESSION\n");
        app.delivery().post(job, r, ReplyKind.REPORT, new Delivery.Audience(false, false));
        app.store().queue().claimNext();
        app.store().queue().finish(w.id(), WorkState.DONE, job, "REPORT: regression");
        app.delivery().flush();
        return r.messageId();
    }

    /**
     * A command mail to fsnbot's own address, answering the report (read over
     * IMAP), its sender authenticated by fsnbot's MTA.
     */
    private void toFsnbot(String from, String id, String body) throws Exception {
        String domain = from.substring(from.indexOf('@') + 1);
        sendRaw(List.of(MailServer.BOT), "Authentication-Results: " + OWN_MX + "; dkim=pass (2048-bit key) header.d="
                + domain, "Received: from mail." + domain + " by " + OWN_MX, "From: " + from, "To: " + MailServer.BOT,
                "Subject: Re: [PATCH] fsnotify: make it faster", "Message-ID: " + id, "In-Reply-To: " + report,
                "References: " + PATCH_ID + " " + report, "", body);
        loop.poll();
    }

    private void sendRaw(List<String> envelopeTo, String... lines) throws Exception {
        String from = java.util.Arrays.stream(lines).filter(l -> l.startsWith("From: ")).findFirst().orElseThrow()
                .replaceAll(".*?<?([^<>\\s]+@[^<>\\s]+)>?$", "$1");
        mail.sendRaw(from, envelopeTo, String.join("\n", lines) + "\n");
    }

    private static String body(MimeMessage m) throws Exception {
        return ((String) m.getContent()).replace("\r\n", "\n");
    }

    private int work() {
        return app.store().queue().all().size();
    }

    private static MimeMessage single(List<MimeMessage> l) {
        assertThat(l).hasSize(1);
        return l.get(0);
    }

    @Test
    void theReportReachesTheListAndTheAuthorOnceThreadedWithOurBccCopy() throws Exception {
        assertThat(mail.inMailbox(LIST, report)).as("the report reached the list once").hasSize(1);
        assertThat(mail.inMailbox(MailServer.BOT, report)).as("and our Bcc copy").hasSize(1);
        MimeMessage sent = mail.inMailbox(AUTHOR, report).get(0);
        assertThat(sent.getHeader("In-Reply-To", null)).isEqualTo(PATCH_ID);
        assertThat(sent.getHeader("Bcc")).as("the Bcc is envelope only").isNull();
        assertThat(work()).isEqualTo(1);
    }

    @Test
    void aMaintainersRerunByMailToFsnbotIsAcknowledgedInThreadAndQueued() throws Exception {
        toFsnbot(MAINT, "<c1@example.org>", "Odd numbers.\n\n#fsnbot rerun runs=5\n");
        assertThat(work()).isEqualTo(2);
        Work rerun = app.store().queue().all().get(1);
        assertThat(rerun.answerTo()).contains("<c1@example.org>");
        assertThat(rerun.item().options().runs()).isEqualTo(5);
        assertThat(rerun.messageIds()).containsExactly(PATCH_ID);
        MimeMessage ack = single(mail.repliesTo(MAINT, "<c1@example.org>"));
        assertThat(body(ack)).contains("> #fsnbot rerun runs=5", "Accepted: a rerun of", "5 boots per kernel",
                "Queued as #2, next in line.", "  fsnotify-gate, byte-write,");
        assertThat(ack.getSubject()).isEqualTo("Re: [PATCH] fsnotify: make it faster");
    }

    @Test
    void theAuthorMayAskForARerunOnTheListOnTheirOwnThread() throws Exception {
        append(String.join("\n", "Authentication-Results: " + LIST_MX + "; dmarc=pass (p=none) header.from=example.org",
                "Received: from mail.example.org by " + LIST_MX, "From: Dev <" + AUTHOR + ">", "To: " + LIST,
                "Subject: Re: [PATCH] fsnotify: x",
                "Message-ID: <c2@example.org>", "In-Reply-To: " + report, "References: " + PATCH_ID + " " + report,
                "", "> fsnbot measured this patch: REGRESSION", "", "#fsnbot rerun workloads=byte-write", ""));
        loop.poll();
        assertThat(work()).isEqualTo(2);
        assertThat(body(single(mail.repliesTo(AUTHOR, "<c2@example.org>")))).contains("Accepted");
    }

    @Test
    void aStrangerIsPolitelyRefusedAndNothingIsQueued() throws Exception {
        toFsnbot("stranger@example.org", "<c3@example.org>", "#fsnbot rerun\n");
        assertThat(work()).isEqualTo(1);
        assertThat(body(single(mail.repliesTo("stranger@example.org", "<c3@example.org>"))))
                .contains("> #fsnbot rerun", "Sorry, not run");
    }

    @Test
    void malformedAndUnknownCommandsAreQuotedBackWithTheHelpAndQueueNothing() throws Exception {
        toFsnbot(MAINT, "<c4@example.org>", "#fsnbot rerun runs=lots\n#fsnbot frobnicate\n");
        assertThat(work()).isEqualTo(1);
        assertThat(body(single(mail.repliesTo(MAINT, "<c4@example.org>")))).contains("> #fsnbot rerun runs=lots",
                "wants a number", "> #fsnbot frobnicate", "unknown command", "#fsnbot help       this text");
    }

    @Test
    void aSendersThirdRunWithinTheHourIsOverTheLimit() throws Exception {
        toFsnbot(MAINT, "<c5@example.org>", "#fsnbot rerun runs=4\n");
        toFsnbot(MAINT, "<c6@example.org>", "#fsnbot rerun runs=5\n");
        assertThat(work()).isEqualTo(3);
        toFsnbot(MAINT, "<c7@example.org>", "#fsnbot rerun runs=6\n");
        assertThat(work()).isEqualTo(3);
        assertThat(body(single(mail.repliesTo(MAINT, "<c7@example.org>")))).contains("Not run: you already asked"
                + " for 2 runs in the last hour (the limit).\nPlease try again after ");
    }

    @Test
    void statusAndCancelAnswerWithoutMeasuring() throws Exception {
        toFsnbot(MAINT, "<c8@example.org>", "#fsnbot rerun runs=4\n");
        toFsnbot(MAINT, "<c9@example.org>", "#fsnbot status\n#fsnbot cancel\n");
        String statusAndCancel = body(single(mail.repliesTo(MAINT, "<c9@example.org>")));
        assertThat(statusAndCancel).contains("#1 series done: REPORT: regression", "series queued",
                "Cancelled 1 queued run of this thread.");
        assertThat(app.store().queue().list(WorkState.CANCELLED)).hasSize(1);
    }

    @Test
    void aPollWithNothingNewSendsNothing() throws Exception {
        toFsnbot(MAINT, "<c10@example.org>", "#fsnbot status\n");
        int before = mail.repliesTo(MAINT, "<c10@example.org>").size();
        loop.poll();
        assertThat(mail.repliesTo(MAINT, "<c10@example.org>")).hasSize(before);
    }

    @Test
    void thePasswordIsInNeitherTheLogNorTheStore() throws Exception {
        toFsnbot(MAINT, "<c11@example.org>", "#fsnbot rerun runs=4\n");
        assertThat(log.text()).as("the log saw the work").contains("<c11@example.org>")
                .doesNotContain(MailServer.BOT_PASSWORD);
        try (Stream<Path> files = Files.walk(tmp.resolve("home"))) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                assertThat(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1)).as(f.toString())
                        .doesNotContain(MailServer.BOT_PASSWORD);
            }
        }
    }

    @Test
    void anAcceptedRunThatCannotRunIsAnsweredWithTheReason() throws Exception {
        toFsnbot(MAINT, "<t1@example.org>", "#fsnbot test https://127.0.0.1:1/linux.git main\n");
        assertThat(body(single(mail.repliesTo(MAINT, "<t1@example.org>")))).contains("Accepted");
        assertThat(app.store().queue().list(WorkState.QUEUED)).singleElement()
                .satisfies(w -> assertThat(w.kind()).isEqualTo(WorkKind.TREE));
        app.runLoop(false).drain();
        assertThat(app.store().queue().list(WorkState.FAILED)).hasSize(1);
        List<MimeMessage> answers = mail.repliesTo(MAINT, "<t1@example.org>");
        assertThat(answers).hasSize(2);
        assertThat(body(answers.get(1))).contains("> #fsnbot test https://127.0.0.1:1/linux.git main",
                "it could not run, so there is no", "the tree https://127.0.0.1:1/linux.git could not be cloned")
                .as("no local path of fsnbot's").doesNotContain(tmp.toString());
    }

    @Test
    void aForgedMaintainersTestIsAStrangersAndTheAuthenticatedOneIsAccepted() throws Exception {
        String command = "#fsnbot test https://git.kernel.org/pub/scm/linux/kernel/git/jack/linux-fs.git fsnotify";
        sendRaw(List.of(MailServer.BOT), "From: Jan Maintainer <" + MAINT + ">", "To: " + MailServer.BOT,
                "Cc: " + LIST, "Subject: Re: [PATCH] fsnotify: make it faster", "Message-ID: <f1@example.org>",
                "In-Reply-To: " + report, "References: " + PATCH_ID + " " + report, "", command);
        loop.poll();
        assertThat(work()).as("nothing queued for a forged From").isEqualTo(1);
        assertThat(mail.repliesTo(MAINT, "<f1@example.org>")).as("no mail to the forged address").isEmpty();
        assertThat(body(single(mail.repliesTo(LIST, "<f1@example.org>")))).contains("Sorry, not run",
                "counts as a\nstranger's");
        toFsnbot(MAINT, "<f2@example.org>", command + "\n");
        assertThat(work()).as("the same with a trusted dkim=pass").isEqualTo(2);
        assertThat(body(single(mail.repliesTo(MAINT, "<f2@example.org>")))).contains("Accepted");
    }

    @Test
    void aTestOfALocalPathOrAnotherTransportIsRefusedWithoutNamingOurPaths() throws Exception {
        toFsnbot(MAINT, "<l1@example.org>", "#fsnbot test /srv/linux main\n#fsnbot test ext::sh%20-c%20id main\n"
                + "#fsnbot test https://evil.example.net/linux.git main\n");
        assertThat(work()).isEqualTo(1);
        String answer = body(single(mail.repliesTo(MAINT, "<l1@example.org>")));
        assertThat(answer).contains("test takes the https:// URL of a public git tree",
                "test takes trees under https://127.0.0.1:1/ or")
                .doesNotContain(tmp.toString());
    }

    @Test
    void aStrangersHelpWithReplyToAndAHundredCcsIsAnsweredOnceOnTheListOnly() throws Exception {
        List<String> ccs = new java.util.ArrayList<>();
        for (int i = 0; i < 100; i++) {
            ccs.add("victim" + i + "@example.net");
        }
        sendRaw(List.of(MailServer.BOT), "From: Mallory <mallory@example.net>", "Reply-To: target@example.net",
                "To: " + LIST, "Cc: " + String.join(", ", ccs), "Subject: Re: [PATCH] fsnotify: make it faster",
                "Message-ID: <h1@example.net>", "In-Reply-To: " + report, "References: " + PATCH_ID + " " + report, "",
                "#fsnbot help BUY CHEAP WATCHES AT example.net");
        loop.poll();
        assertThat(mail.repliesTo("target@example.net", "<h1@example.net>")).as("not to the Reply-To").isEmpty();
        assertThat(mail.repliesTo("mallory@example.net", "<h1@example.net>")).as("not to the From").isEmpty();
        for (String cc : ccs) {
            assertThat(mail.repliesTo(cc, "<h1@example.net>")).as(cc).isEmpty();
        }
        MimeMessage answer = single(mail.repliesTo(LIST, "<h1@example.net>"));
        assertThat(answer.getHeader("Auto-Submitted", null)).isEqualTo("auto-replied");
        assertThat(answer.getAllRecipients()).hasSize(1);
        assertThat(body(answer)).contains("#fsnbot help").doesNotContain("WATCHES");
    }

    @Test
    void syzbotsColonAndAPatchInlineEachQueueAUnit() throws Exception {
        toFsnbot(MAINT, "<s1@example.org>",
                "#fsnbot test: https://git.kernel.org/pub/scm/linux/kernel/git/jack/linux-fs.git fsnotify\n");
        assertThat(work()).as("test: with the colon").isEqualTo(2);
        assertThat(body(single(mail.repliesTo(MAINT, "<s1@example.org>")))).contains("Accepted");
        String diff = String.join("\n", "diff --git a/fs/notify/mark.c b/fs/notify/mark.c",
                "--- a/fs/notify/mark.c", "+++ b/fs/notify/mark.c", "@@ -1 +1,2 @@", " int x;", "+int z;", "");
        toFsnbot(MAINT, "<s2@example.org>", "Does this one do better?\n\n#fsnbot test:\n\n" + diff);
        assertThat(work()).as("and a patch inline").isEqualTo(3);
        Work inline = app.store().queue().all().get(2);
        assertThat(inline.kind()).isEqualTo(WorkKind.SERIES);
        assertThat(inline.messageIds()).containsExactly("<s2@example.org>");
        assertThat(inline.answerTo()).contains("<s2@example.org>");
        assertThat(inline.base().orElseThrow().rev()).isEqualTo(app.store().queue().all().get(0).base()
                .orElseThrow().rev());
        assertThat(body(single(mail.repliesTo(MAINT, "<s2@example.org>")))).contains("Accepted: the patch in this"
                + " mail (1 file)");
        loop.poll();
        assertThat(work()).as("the kept command mail is never queued as a series of its own").isEqualTo(3);
    }

    @Test
    void aStatusOnAPatchPostedInTheSamePollSeesItQueued() throws Exception {
        String patch = "<fresh-1@example.org>";
        append(MiniTree.patch(patch, "Dev <" + AUTHOR + ">", "[PATCH] fsnotify: fresh"));
        append(String.join("\n", "Authentication-Results: " + LIST_MX + "; dkim=pass header.d=example.org",
                "Received: from mail.example.org by " + LIST_MX, "From: Jan Maintainer <" + MAINT + ">",
                "To: " + LIST, "Subject: Re: [PATCH] fsnotify: fresh", "Message-ID: <st1@example.org>",
                "In-Reply-To: " + patch, "References: " + patch, "", "#fsnbot status", ""));
        loop.poll();
        assertThat(body(single(mail.repliesTo(MAINT, "<st1@example.org>")))).as("fsnbot never replied on this"
                + " thread, and the mail is not to fsnbot").containsPattern("#\\d+ series queued");
    }

    /** A command sent off the thread, straight to fsnbot, names its thread by a lore link (or a message-id). */
    @Test
    void anOffThreadCommandNamesItsThreadByLoreLink() throws Exception {
        String domain = MAINT.substring(MAINT.indexOf('@') + 1);
        sendRaw(List.of(MailServer.BOT), "Authentication-Results: " + OWN_MX + "; dkim=pass header.d=" + domain,
                "Received: from mail." + domain + " by " + OWN_MX, "From: " + MAINT, "To: " + MailServer.BOT,
                "Subject: a question", "Message-ID: <off-1@example.org>", "",
                "#fsnbot status " + LoreLink.of(PATCH_ID), "#fsnbot status", "");
        loop.poll();
        String answer = body(single(mail.repliesTo(MAINT, "<off-1@example.org>")));
        assertThat(answer).as("the named thread's work").contains("#1 series done: REPORT: regression");
        assertThat(answer.split("#1 series done", -1)).as("the unnamed status has no thread to report").hasSize(2);
    }
}
