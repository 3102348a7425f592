package org.fsnbot.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.fsnbot.cli.Main;
import org.fsnbot.store.Store;
import org.fsnbot.store.Work;
import org.fsnbot.store.WorkState;
import org.fsnbot.testing.KernelFixture;
import org.fsnbot.testing.PublicInbox;
import org.fsnbot.testing.Repo;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.fsnbot.testing.SharedKernel;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The whole loop on real components: a patch mail delivered to a local
 * public-inbox, `fsnbot run --once` finds it, resolves its base-commit,
 * builds and boots both kernels, and writes the threaded reply.
 */
@Tag("e2e")
@ExtendWith(SharedKernel.class)
class RunLoopIT {

    @Test
    void aMailInTheInboxEndsAsAReplyInTheOutbox(@TempDir Path tmp) throws Exception {
        Assumptions.assumeTrue(PublicInbox.installed(), "SKIPPED: public-inbox is not installed (setup.sh does it)");
        // The build cache is shared with the other e2e tests; a fresh Message-ID and
        // title make this run's mail new to the store that lives beside it.
        String run = UUID.randomUUID().toString().substring(0, 8);
        String mid = "<run-loop-" + run + "@fsnbot.invalid>";
        String mail = Files.readString(Repo.exampleMbox(), StandardCharsets.ISO_8859_1)
                .replaceFirst("(?m)^Message-ID: .*$", "Message-ID: " + mid)
                .replaceFirst("(?m)^Subject: \\[PATCH\\] (.*)$", "Subject: [PATCH] $1 (run " + run + ")");
        Path mbox = tmp.resolve("mail.mbox");
        Files.writeString(mbox, mail, StandardCharsets.ISO_8859_1);
        Path home = KernelFixture.home();
        Path profile = tmp.resolve("tiny.json");
        Files.writeString(profile, "{\"name\":\"tiny\",\"description\":\"run-loop test\",\"bootsPerKernel\":3,"
                + "\"bootTimeoutSeconds\":240,\"workloads\":[{\"name\":\"parent-modify-scale\",\"args\":"
                + "[\"--workdir\",\"/dev/shm\",\"--clients\",\"1\",\"--files\",\"1024\",\"--iterations\",\"20000\","
                + "\"--warmup\",\"1000\",\"--reps\",\"2\"],\"verdictMetrics\":[\"avg_client_s\"],\"minEffectPct\":2}]}");
        try (PublicInbox pi = new PublicInbox(tmp.resolve("pi"))) {
            String inbox = "loop" + run;
            pi.create(inbox);
            pi.deliver(inbox, mbox);
            Path cfg = tmp.resolve("fsnbot.yaml");
            Files.writeString(cfg, String.join("\n",
                    "home: \"" + home + "\"",
                    "profile: \"" + profile + "\"",
                    "inboxes:",
                    "  - name: " + inbox,
                    "    url: \"" + pi.inboxDir(inbox) + "\"",
                    "allInbox: \"\"", "runner: {calibrationPairs: 0}",
                    "bases:",
                    "  - tree: \"" + KernelFixture.tree() + "\"",
                    "    rev: " + KernelFixture.base(),
                    "watch: []",
                    "commands: {allow: [maintainer@example.org], trust: {archive: [mx.example.org], imap: []}}",
                    ""));
            assertThat(Main.execute("run", "--once", "--config", cfg.toString())).isZero();
            Store store = Store.h2(home.resolve("db/fsnbot"));
            String report = store.text("SELECT message_id FROM outgoing_mail WHERE in_reply_to = ?", mid);
            assertThat(report).isNotNull();

            // A maintainer asks on the list for a rerun with fewer workloads: acknowledged, measured, answered.
            // The list's server (trusted for the archive) authenticated them.
            String cmd = "<rerun-" + run + "@example.org>";
            Path command = tmp.resolve("command.eml");
            Files.writeString(command, String.join("\n",
                    "Authentication-Results: mx.example.org; dkim=pass (2048-bit key) header.d=example.org",
                    "Received: from mail.example.org by mx.example.org", "From: A Maintainer <maintainer@example.org>",
                    "To: " + inbox + "@example.org", "Subject: Re: [PATCH] fsnotify: revalidate (run " + run + ")",
                    "Message-ID: " + cmd, "In-Reply-To: " + report, "References: " + mid + " " + report,
                    "Date: Mon, 30 Nov 2026 12:00:00 +0000", "", "> REGRESSION", "",
                    "#fsnbot rerun runs=3 workloads=parent-modify-scale", ""));
            pi.deliver(inbox, command);
            assertThat(Main.execute("run", "--once", "--config", cfg.toString())).isZero();
            List<String> answers = store.texts("SELECT kind FROM outgoing_mail WHERE in_reply_to = ? ORDER BY id", cmd);
            assertThat(answers).as("an acknowledgement, then the rerun's report").containsExactly("COMMAND",
                    "REPORT");
            assertThat(store.queue().all().stream().filter(w -> w.answerTo().filter(cmd::equals).isPresent())
                    .toList()).singleElement().satisfies(w -> assertThat(w.state()).isEqualTo(WorkState.DONE));
            // Closed before the test ends: an open H2 store may still write into the TempDir JUnit deletes.
            store.close();
        }
        List<Work> mine;
        try (Store store = Store.h2(home.resolve("db/fsnbot"))) {
            mine = store.queue().all().stream().filter(w -> w.messageIds().contains(mid) && w.answerTo().isEmpty())
                    .toList();
        }
        assertThat(mine).hasSize(1);
        assertThat(mine.get(0).state()).isEqualTo(WorkState.DONE);
        assertThat(mine.get(0).detail()).startsWith("REPORT");
        String eml;
        try (Stream<Path> files = Files.list(home.resolve("outbox"))) {
            eml = files.map(p -> {
                try {
                    return Files.readString(p);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).filter(t -> t.contains("In-Reply-To: " + mid)).findFirst().orElseThrow();
        }
        assertThat(eml).contains("Subject: Re: [PATCH] fsnotify:");
        // The example's base-commit is the linux-source-6.12 6.12.117 import; where apt gave a newer package the
        // tree has another commit, and the reply must say it fell back to the configured base.
        assertThat(eml.replaceAll("\\s+", " ")).containsPattern("\\(base-commit: given in the series\\)"
                + "|\\(base-commit 19b9592301b6 is in no configured tree; first configured base\\)");
        assertThat(eml).contains("fsnbot measured this patch against its base:");
    }
}
