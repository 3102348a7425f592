package org.fsnbot.mail;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.fsnbot.app.Application;
import org.fsnbot.app.Config;
import org.fsnbot.testing.ChildJvm;
import org.fsnbot.testing.MailServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exactly-once delivery under kill -9: a child JVM running `fsnbot send`
 * is killed at an exact step, a second one finishes the job, and the list
 * gets one copy either way.
 */
class DeliveryCrashTest {

    private static final String LIST = "linux-fsdevel@example.org";

    /**
     * A child JVM that opens the store and sends one mail: seconds when the
     * machine is quiet, over 60 s once beside two CPU hogs and a kernel
     * build (2 CPUs); the limit only catches a child that hangs.
     */
    private static final long CHILD_LIMIT_SECONDS = 240;

    @TempDir
    Path tmp;
    private MailServer mail;
    private Path cfg;
    private Application app;

    @BeforeEach
    void setUp() throws Exception {
        mail = new MailServer();
        cfg = tmp.resolve("fsnbot.yaml");
        Files.writeString(cfg, String.join("\n", "home: \"" + tmp.resolve("home") + "\"",
                "from: \"fsnbot <" + MailServer.BOT + ">\"", mail.mailConfig()));
        // This JVM opens the store first, so it serves the H2 file the children use.
        app = Application.open(Config.load(Optional.of(cfg)), DeliveryHooks.NONE);
    }

    @AfterEach
    void tearDown() {
        mail.close();
    }

    private String pendingReply(String n) throws Exception {
        Reply r = new Reply("<fsnbot.crash-" + n + "@fsnbot.test>", "fsnbot <" + MailServer.BOT + ">",
                List.of("Dev <dev@example.org>"), List.of(LIST), new Reply.Threading("Re: [PATCH] fsnotify: x",
                        "<p@example.org>", List.of("<p@example.org>")), "Hi,\n\nfsnbot measured this patch: REGRESSION\n");
        app.delivery().post(null, r, ReplyKind.REPORT, Delivery.Audience.ASKED);
        assertThat(app.store().mail().state(r.messageId())).contains(MailState.PENDING);
        return r.messageId();
    }

    /** Runs `fsnbot send` in a child JVM; with a pause point, kills it with SIGKILL once it gets there. */
    private void send(String pauseAt) throws Exception {
        List<String> cmd = ChildJvm.command();
        if (pauseAt != null) {
            cmd.add("-Dfsnbot.test.pauseAt=" + pauseAt);
        }
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "org.fsnbot.cli.Main", "send", "--config",
                cfg.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        List<String> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                out.add(line);
                if (pauseAt != null && line.equals("FSNBOT-PAUSED " + pauseAt)) {
                    Process kill = new ProcessBuilder("kill", "-9", Long.toString(p.pid())).start();
                    assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
                    break;
                }
            }
        }
        assertThat(p.waitFor(CHILD_LIMIT_SECONDS, TimeUnit.SECONDS)).as("child: %s", out).isTrue();
        if (pauseAt != null) {
            assertThat(p.exitValue()).as("killed by SIGKILL: %s", out).isEqualTo(137);
        } else {
            assertThat(p.exitValue()).as("child: %s", out).isZero();
        }
    }

    @Test
    void killedAfterTheServerAcceptedTheRestartSendsNoSecondCopy() throws Exception {
        String id = pendingReply("accepted");
        send("after-accept");
        assertThat(mail.inMailbox(LIST, id)).as("accepted before the kill").hasSize(1);
        assertThat(app.store().mail().state(id)).as("but not recorded as sent").contains(MailState.SENDING);
        send(null);
        assertThat(mail.inMailbox(LIST, id)).as("no second copy after the restart").hasSize(1);
        assertThat(app.store().mail().state(id)).contains(MailState.SENT);
    }

    @Test
    void killedBeforeSendingExactlyOneCopyArrivesAfterTheRestart() throws Exception {
        String id = pendingReply("before");
        send("before-send");
        assertThat(mail.inMailbox(LIST, id)).as("nothing sent before the kill").isEmpty();
        assertThat(app.store().mail().state(id)).contains(MailState.SENDING);
        send(null);
        assertThat(mail.inMailbox(LIST, id)).as("exactly one copy after the restart").hasSize(1);
        assertThat(app.store().mail().state(id)).contains(MailState.SENT);
        send(null);
        assertThat(mail.inMailbox(LIST, id)).as("a further run changes nothing").hasSize(1);
    }

    /**
     * The state "sending" must be on disk before the attempt: the child owns
     * the database here (nobody serves it), the test kills it from the SMTP
     * server's own thread the moment the list's copy is stored, before the
     * server even says 250. With H2's default write delay the child's
     * "sending" is often still in memory then; the restart finds "pending"
     * and sends a second copy.
     */
    @Test
    void killedTheMomentTheServerStoredTheMailTheRestartSendsNoSecondCopy() throws Exception {
        String id = pendingReply("instant");
        app.close();
        Process[] child = new Process[1];
        mail.onDelivery(LIST, () -> child[0].destroyForcibly());
        child[0] = childSend().start();
        assertThat(child[0].waitFor(CHILD_LIMIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(child[0].exitValue()).as("killed by SIGKILL").isEqualTo(137);
        assertThat(mail.inMailbox(LIST, id)).hasSize(1);
        Process again = childSend().start();
        assertThat(again.waitFor(CHILD_LIMIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(again.exitValue()).isZero();
        assertThat(mail.inMailbox(LIST, id)).as("no second copy after the restart").hasSize(1);
        try (Application reopened = Application.open(Config.load(Optional.of(cfg)), DeliveryHooks.NONE)) {
            assertThat(reopened.store().mail().state(id)).contains(MailState.SENT);
        }
    }

    private ProcessBuilder childSend() {
        return new ProcessBuilder(ChildJvm.command("-cp", System.getProperty("java.class.path"), "org.fsnbot.cli.Main",
                "send", "--config", cfg.toString()))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
    }
}
