package org.fsnbot.commands;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.mail.Session;
import jakarta.mail.internet.MimeMessage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.fsnbot.app.Application;
import org.fsnbot.app.Config;
import org.fsnbot.app.RunLoop;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.intake.PatchSeries;
import org.fsnbot.mail.Delivery;
import org.fsnbot.mail.DeliveryHooks;
import org.fsnbot.mail.Reply;
import org.fsnbot.mail.ReplyKind;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.plan.Topology;
import org.fsnbot.store.JobStore;
import org.fsnbot.store.Store;
import org.fsnbot.store.WorkItem;
import org.fsnbot.store.WorkState;
import org.fsnbot.store.WorkTarget;
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

    /** A command mail; everyone but the stranger is authenticated by the mail server fsnbot trusts. */
    private static String mail(String from, String id, String inReplyTo, String references, String body) {
        String domain = from.replaceAll(".*@([^>]+)>.*", "$1");
        String trace = from.startsWith("Stranger") ? "Received: from somewhere by mx.example.org"
                : "Authentication-Results: mx.example.org; dkim=pass header.d=" + domain
                        + "\nReceived: from mail." + domain + " by mx.example.org";
        return String.join("\n", trace, "From: " + from, "To: fsnbot <" + BOT + ">", "Cc: linux-fsdevel@example.org",
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

    /** fsnbot on a small tree whose MAINTAINERS names the maintainer and reviewer, on the fixed clock. */
    private static Application app(Path tmp) throws Exception {
        Path tree = MiniTree.create(tmp.resolve("linux"));
        Path cfg = Files.writeString(tmp.resolve("fsnbot.yaml"), String.join("\n",
                "home: \"" + tmp.resolve("home") + "\"",
                "from: \"fsnbot <" + BOT + ">\"",
                "inboxes: []",
                "allInbox: \"\"",
                "bases:",
                "  - {tree: \"" + tree + "\", rev: master}",
                "watch: []",
                "mail: {messageIdDomain: fsnbot.test, lists: [linux-fsdevel@example.org]}",
                "commands: {allow: [tester@example.org], measuring: {perSenderPerHour: 2, globalPerHour: 5},",
                "  trust: {archive: [], imap: [mx.example.org]},",
                "  testUrlPrefixes: [\"https://git.example.org/\", \"https://127.0.0.1:1/\"]}",
                ""));
        return Application.open(Config.load(Optional.of(cfg)), DeliveryHooks.NONE, CLOCK);
    }

    /** The tested patch: queued work, done, with fsnbot's report in its thread; returns the report's id. */
    private String testedPatch(Application app) throws Exception {
        PatchMail patch = reader.parse(MiniTree.patch(PATCH, "Dev <dev@example.org>",
                "[PATCH] fsnotify: make it faster").getBytes(StandardCharsets.UTF_8));
        Store store = app.store();
        store.intake().addFetched("fsdevel", patch, true);
        long work = store.queue().enqueue(WorkItem.found("series " + PATCH + " v1", "fsnotify: make it faster",
                new WorkTarget.Series(1, List.of(PATCH), List.of(), "dev@example.org fsnotify: x"),
                new Base("/srv/linux", "v6.12",
                        BaseReason.of(BaseReason.Kind.FIRST_CONFIGURED_NO_TRAILER)))).orElseThrow();
        JobStore jobs = store.jobs();
        long job = jobs.createJob(jobs.saveSeries(new PatchSeries(Optional.empty(), List.of(patch))), "/srv/linux",
                "v6.12", "quick", Topology.DEFAULT.toString());
        store.queue().claimNext();
        store.queue().finish(work, WorkState.DONE, job, "REPORT: regression");
        Reply report = app.composer().compose(patch,
                "Hi,\n\nfsnbot measured this patch against its base: REGRESSION\n");
        app.delivery().post(job, report, ReplyKind.REPORT, new Delivery.Audience(false, false));
        return report.messageId();
    }

    @Test
    void everyAnswerOfTheDesk(@TempDir Path tmp) throws Exception {
        try (Application app = app(tmp)) {
            String report = testedPatch(app);
            String refs = PATCH + " " + report;
            RunLoop loop = app.runLoop(true);
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
                {"test-off-thread", rita, "off", "#fsnbot test https://git.example.org/linux.git main"},
                {"status-off-thread", rita, "off", "#fsnbot status"},
                {"test-accepted", tester, "on", "#fsnbot test https://git.example.org/pub/scm/linux.git topic/faster"},
                {"compare-accepted", tester, "on", "#fsnbot compare v6.12 v6.13-rc1"},
                // The author's rerun counts in the authors' pool: one more of the maintainers' fills theirs.
                {"compare-again", rita, "on", "#fsnbot compare v6.12 v6.13"},
                {"over-the-global-limit", rita, "on", "#fsnbot rerun"},
                {"status-and-cancel", rita, "on", "#fsnbot status\n#fsnbot cancel"},
                {"cancel-nothing", rita, "on", "#fsnbot cancel"},
                {"help", stranger, "on", "#fsnbot help"},
            };
            int n = 0;
            for (String[] step : script) {
                String id = "<cmd-" + (++n) + "@example.org>";
                boolean on = step[2].equals("on");
                app.store().commands().add(id, "imap", mail(step[1], id, on ? report : null, on ? refs : null,
                        "Thanks.\n\n" + step[3]).getBytes(StandardCharsets.UTF_8));
                loop.poll();
                Golden.check("command-" + step[0], text(app.store(), id));
            }
        }
    }

    @Test
    void aBisectionAccepted(@TempDir Path tmp) throws Exception {
        try (Application app = app(tmp)) {
            String report = testedPatch(app);
            String id = "<cmd-bisect@example.org>";
            app.store().commands().add(id, "imap", mail("Jan Maintainer <maint@example.org>", id, report,
                    PATCH + " " + report, "#fsnbot bisect v6.12 v6.13-rc1 workloads=parent-modify-scale")
                    .getBytes(StandardCharsets.UTF_8));
            app.runLoop(true).poll();
            Golden.check("command-bisect-accepted", text(app.store(), id));
            assertThat(app.store().text("SELECT kind FROM work_queue WHERE answer_to = ?", id))
                    .as("a bisection was queued for the command").isEqualTo("BISECT");
        }
    }

    @Test
    void anAcceptedRunThatCouldNotRun(@TempDir Path tmp) throws Exception {
        Application app = app(tmp);
        testedPatch(app);
        String id = "<cmd-failed@example.org>";
        app.store().commands().add(id, "imap", mail("Jan Maintainer <maint@example.org>", id, "<r@fsnbot.test>",
                PATCH + " <r@fsnbot.test>", "#fsnbot test https://127.0.0.1:1/linux.git main")
                .getBytes(StandardCharsets.UTF_8));
        app.runLoop(true).poll();
        assertThat(app.runLoop(false).drain()).as("the accepted run was taken, and failed").isEqualTo(1);
        Golden.check("command-could-not-run", text(app.store(), id));
    }
}
