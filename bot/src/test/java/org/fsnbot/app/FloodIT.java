package org.fsnbot.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.fsnbot.intake.EpochWriter;
import org.fsnbot.mail.DeliveryHooks;
import org.fsnbot.store.Store;
import org.fsnbot.store.Work;
import org.fsnbot.store.WorkState;
import org.fsnbot.testing.FloodArchive;
import org.fsnbot.testing.KernelFixture;
import org.fsnbot.testing.Repo;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.fsnbot.testing.SharedKernel;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The flood of issue 40 to the end: FloodArchive's 10,000 strangers'
 * patches, 60 signed strangers' help mails and five authors' reruns, then
 * a maintainer's real fsnotify patch and the maintainer's rerun on it.
 * After one poll the queue's first two units are the maintainer's; they
 * are built and booted on real kernels and both answered with a report
 * (the rerun acknowledged first), while all the flood still waits.
 * FloodTest proves the order on a small tree in the fast tier; this
 * proves the maintainer gets measured answers, not just a place in line.
 */
@Tag("e2e")
@ExtendWith(SharedKernel.class)
class FloodIT {

    private static final String MAINT = "A Maintainer <maintainer@example.org>";

    @Test
    void aMaintainersPatchAndRerunAreMeasuredAndAnsweredBeforeTheFlood(@TempDir Path tmp) throws Exception {
        // The build cache is shared with the other e2e tests (FloodIT keeps its own database):
        // fresh Message-IDs keep the run apart from earlier ones.
        String run = UUID.randomUUID().toString().substring(0, 8);
        String patchId = "<flood-maint-" + run + "@example.org>";
        String cmdId = "<flood-rerun-" + run + "@example.org>";
        String inbox = "flood" + run;
        try (EpochWriter w = new EpochWriter(tmp.resolve(inbox).resolve("git/0.git"))) {
            FloodArchive.write(w);
            w.append(FloodArchive.bytes(maintainersPatch(patchId, run)));
            w.append(FloodArchive.bytes(FloodArchive.command(MAINT, cmdId, patchId,
                    "#fsnbot rerun runs=3 workloads=parent-modify-scale")));
        }
        Path profile = Files.writeString(tmp.resolve("tiny.json"), "{\"name\":\"tiny\",\"description\":\"flood test\","
                + "\"bootsPerKernel\":3,\"bootTimeoutSeconds\":240,\"workloads\":[{\"name\":\"parent-modify-scale\","
                + "\"args\":[\"--workdir\",\"/dev/shm\",\"--clients\",\"1\",\"--files\",\"1024\",\"--iterations\","
                + "\"20000\",\"--warmup\",\"1000\",\"--reps\",\"2\"],\"verdictMetrics\":[\"avg_client_s\"],"
                + "\"minEffectPct\":2}]}");
        Path cfg = Files.writeString(tmp.resolve("fsnbot.yaml"), String.join("\n",
                "profile: \"" + profile + "\"",
                "inboxes:",
                "  - {name: " + inbox + ", url: \"" + tmp.resolve(inbox) + "\"}",
                "allInbox: \"\"", "runner: {calibrationPairs: 0}",
                "bases:",
                "  - {tree: \"" + KernelFixture.tree() + "\", rev: " + KernelFixture.base() + "}",
                "watch: []",
                "commands: {allow: [maintainer@example.org], trust: {archive: [" + FloodArchive.MX + "], imap: []}}",
                "mail:",
                "  lists: [" + FloodArchive.LIST + "]",
                ""));
        Config config = Config.load(Optional.of(cfg)).withHome(Home.at(KernelFixture.home())
                .withState(tmp.resolve("state")).withOutbox(tmp.resolve("outbox")));
        try (Application app = Application.open(config, DeliveryHooks.NONE)) {
            app.readyToMeasure();
            long t0 = System.nanoTime();
            RunLoop.PollReport r = app.runLoop(false).poll();
            Store store = app.store();
            int queued = store.queue().all().size();
            System.out.printf("FloodIT: one poll of %,d mails took %.1f s; %d unit(s) queued%n",
                    FloodArchive.MAILS + 2, (System.nanoTime() - t0) / 1e9, queued);
            assertThat(r.errors()).isEmpty();
            assertThat(queued).as("the flood is in the queue").isGreaterThan(5_000);

            int[] claims = {0};
            long t1 = System.nanoTime();
            int n = app.queueWorker().drain(() -> claims[0]++ < 2);
            System.out.printf("FloodIT: the first %d unit(s) measured in %.1f s%n", n, (System.nanoTime() - t1) / 1e9);

            List<Work> first = store.queue().all().stream().filter(w -> w.state() != WorkState.QUEUED).toList();
            assertThat(first).as("two units ran, and only two").hasSize(2)
                    .allSatisfy(w -> assertThat(w.state()).isEqualTo(WorkState.DONE))
                    .allSatisfy(w -> assertThat(w.detail()).startsWith("REPORT"))
                    .anySatisfy(w -> assertThat(w.messageIds()).containsExactly(patchId))
                    .anySatisfy(w -> assertThat(w.answerTo()).contains(cmdId));
            assertThat(store.texts("SELECT kind FROM outgoing_mail WHERE in_reply_to = ? ORDER BY id", patchId))
                    .as("the maintainer's patch is answered with its measurement").containsExactly("REPORT");
            assertThat(store.texts("SELECT kind FROM outgoing_mail WHERE in_reply_to = ? ORDER BY id", cmdId))
                    .as("the maintainer's rerun acknowledged, then answered with its measurement")
                    .containsExactly("COMMAND", "REPORT");
        }
    }

    /** The example series from the repository, sent by the maintainer through the trusted list server. */
    private static String maintainersPatch(String id, String run) throws java.io.IOException {
        String mbox = Files.readString(Repo.exampleMbox(), StandardCharsets.ISO_8859_1);
        String mail = mbox.substring(mbox.indexOf('\n') + 1)
                .replaceFirst("(?m)^From: .*$", "From: " + MAINT)
                .replaceFirst("(?m)^Message-ID: .*$", "Message-ID: " + id)
                .replaceFirst("(?m)^Subject: \\[PATCH\\] (.*)$", "Subject: [PATCH] $1 (flood " + run + ")");
        return String.join("\n", FloodArchive.signed(MAINT)) + "\n" + mail;
    }
}
