package org.fsnbot.mail;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.mail.Session;
import jakarta.mail.internet.MimeMessage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.fsnbot.build.ApplyResult;
import org.fsnbot.build.BuildResult;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.report.CommandAnswer;
import org.fsnbot.report.ReplyRenderer;
import org.fsnbot.report.Measurement;
import org.fsnbot.report.ReplyRendererTestAccess;
import org.fsnbot.run.BootRecord;
import org.fsnbot.run.BootResults;
import org.fsnbot.run.Side;
import org.fsnbot.stats.AdaptiveSampling;
import org.fsnbot.boot.BootOutcome;
import org.fsnbot.boot.BootStatus;
import org.junit.jupiter.api.Test;

/**
 * Every template as the mail it becomes: encoded by the outbox, parsed
 * back, and held to the list rules (one text/plain part, no flowed, lines
 * of at most 80 columns, threaded headers, our Message-ID domain).
 */
class TemplatesAsMailTest {

    private final ReplyRenderer renderer = new ReplyRenderer();

    private static PatchMail patch() {
        return new PatchMail("<patch-1@example.org>", new PatchMail.Headers("[PATCH v2 1/2] fsnotify: a change",
                "Dev <dev@example.org>", null, List.of("Jan Kara <jack@example.org>"),
                List.of("linux-fsdevel@example.org", "bot@example.org"), List.of("<cover@example.org>"), null),
                new PatchMail.Diff(true, false, List.of("fs/notify/mark.c")), new byte[0]);
    }

    private Map<String, String> bodies() throws Exception {
        Map<String, String> b = new LinkedHashMap<>();
        b.put("report", renderer.report(ReplyRendererTestAccess.facts(), new Measurement(
                ReplyRendererTestAccess.comparison(), 3, new AdaptiveSampling(3, 3, 0.05), 0, List.of(), List.of())));
        Map<String, Object> rerun = new HashMap<>(Map.of("title", "fsnotify: a change", "base", "v6.12", "profile",
                "quick", "boots", 5, "maxBoots", 5, "topology", "sockets=2,cores=1,threads=1,nodes=2,mem=512M",
                "workloads", List.of("fsnotify-gate", "byte-write")));
        rerun.putAll(Map.of("id", 7L, "ahead", 0, "startMinutes", 0L, "perJob", 10L));
        b.put("rerun acknowledgement", renderer.commandAnswer(new CommandAnswer(List.of(new CommandAnswer.Item(
                "#fsnbot rerun runs=5 workloads=byte-write", CommandAnswer.Outcome.ACCEPTED, "rerun-accepted", rerun)),
                false)));
        b.put("command error", renderer.commandAnswer(new CommandAnswer(List.of(new CommandAnswer.Item(
                "#fsnbot rerun runs=lots", CommandAnswer.Outcome.ERROR, "refused-line",
                Map.of("reason", "RUNS_NOT_A_NUMBER", "got", "lots"))), false)));
        b.put("build failure", renderer.buildFailure(ReplyRendererTestAccess.facts(), BuildResult.failed("patched",
                "2545c8ac2fc9aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", new BuildResult.Cost(3, 1, false),
                List.of("fs/notify/fsnotify.c:265:13: error: 'x' undeclared (first use in this function); did you"
                        + " mean 'y'? and a long tail that a compiler would print " + "x".repeat(60)),
                Path.of("/tmp/log"))));
        b.put("does not apply", renderer.doesNotApply(ReplyRendererTestAccess.facts(), new ApplyResult(
                Optional.empty(), Optional.of("0001 fsnotify: x"), Optional.of("fs/notify/fsnotify.c:256"),
                List.of("error: patch failed: fs/notify/fsnotify.c:256"))));
        b.put("infrastructure failure", renderer.infrastructureFailure(ReplyRendererTestAccess.facts(),
                new BootRecord(Side.PATCHED, 0, 2, new BootOutcome("patched-1-try2", BootStatus.TIMEOUT, "TCG", 300,
                        List.of(), new BootOutcome.Console(Path.of("/tmp/c"),
                                List.of("[  300.1] rcu: INFO: rcu_sched self-detected stall on CPU")),
                        ""), BootResults.NONE), true));
        return b;
    }

    @Test
    void everyTemplateBecomesAWellFormedPlainTextReply() throws Exception {
        ReplyComposer composer = new ReplyComposer("fsnbot <bot@example.org>", "fsnbot.example.org",
                List.of("Jan Kara <JACK@example.org>"));
        Outbox outbox = new Outbox(Path.of("/nonexistent"));
        Session session = Session.getInstance(new Properties());
        for (Map.Entry<String, String> e : bodies().entrySet()) {
            Reply r = composer.compose(patch(), e.getValue());
            byte[] raw = outbox.toBytes(r);
            String text = new String(raw, StandardCharsets.UTF_8);
            MimeMessage m = new MimeMessage(session, new ByteArrayInputStream(raw));
            String what = e.getKey();
            assertThat(m.getContentType()).as(what).matches("(?i)text/plain; charset=(us-ascii|utf-8)");
            assertThat(text).as(what).doesNotContainIgnoringCase("format=flowed");
            assertThat(m.getContent()).as(what + ": one text part").isInstanceOf(String.class);
            assertThat(m.getSubject()).as(what).isEqualTo("Re: [PATCH v2 1/2] fsnotify: a change");
            assertThat(m.getHeader("In-Reply-To", null)).as(what).isEqualTo("<patch-1@example.org>");
            assertThat(m.getHeader("References", null)).as(what).isEqualTo("<cover@example.org> <patch-1@example.org>");
            assertThat(m.getMessageID()).as(what).endsWith("@fsnbot.example.org>");
            assertThat(m.getHeader("To", ",")).as(what).isEqualTo("Dev <dev@example.org>");
            assertThat(m.getHeader("Cc", ",")).as(what + ": list kept; never-Cc and ourselves dropped")
                    .isEqualTo("linux-fsdevel@example.org");
            String body = (String) m.getContent();
            assertThat(body).as(what).startsWith("Hi,\n");
            ReplyRendererTestAccess.assertMailWidth(body);
            for (String line : text.split("\r?\n")) {
                assertThat(line.length()).as("%s: encoded line over 998: %s", what, line).isLessThanOrEqualTo(998);
            }
        }
        assertThat(bodies().get("command error")).contains("> #fsnbot rerun runs=lots", "#fsnbot help");
        assertThat(bodies().get("rerun acknowledgement")).contains("> #fsnbot rerun runs=5", "Accepted:")
                .doesNotContain("#fsnbot help");
    }
}
