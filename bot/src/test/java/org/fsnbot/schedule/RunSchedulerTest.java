package org.fsnbot.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.fsnbot.intake.EpochWriter;
import org.fsnbot.pipeline.RunConfig;
import org.fsnbot.pipeline.RunLoop;
import org.fsnbot.pipeline.StandardStages;
import org.fsnbot.store.Store;
import org.fsnbot.store.WorkQueue;
import org.fsnbot.testing.MiniTree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The long-lived loop: Quartz fires the first poll at once, and a message
 * delivered to two followed inboxes is queued once.
 */
class RunSchedulerTest {

    @Test
    void theSchedulerPollsAtOnceAndAMessageInTwoInboxesIsQueuedOnce(@TempDir Path tmp) throws Exception {
        Path tree = MiniTree.create(tmp.resolve("linux"));
        String patch = MiniTree.patch("<faster-1@example.org>", "Dev <dev@example.org>",
                "[PATCH] fsnotify: make it faster");
        for (String inbox : List.of("one", "two")) {
            try (EpochWriter w = new EpochWriter(tmp.resolve(inbox).resolve("git/0.git"))) {
                w.append(patch.getBytes(StandardCharsets.UTF_8));
            }
        }
        Path cfg = tmp.resolve("fsnbot.yaml");
        Files.writeString(cfg, String.join("\n",
                "pollMinutes: 60",
                "inboxes:",
                "  - {name: one, url: \"" + tmp.resolve("one") + "\"}",
                "  - {name: two, url: \"" + tmp.resolve("two") + "\"}",
                "allInbox: \"\"",
                "bases:",
                "  - {tree: \"" + tree + "\", rev: master}",
                "watch: []",
                ""));
        RunConfig config = RunConfig.load(Optional.of(cfg));
        Path home = tmp.resolve("home");
        RunLoop loop = new RunLoop(config, StandardStages.create(home, home.resolve("outbox"), config.from(),
                System.err), home, true, System.err);
        RunScheduler.Running running = new RunScheduler(loop).start();
        Store store = Store.h2(home.resolve("db/fsnbot"));
        List<WorkQueue.Work> work = List.of();
        try {
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (work.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(200);
                work = store.queue().all();
            }
        } finally {
            running.stop();
        }
        assertThat(work).singleElement().satisfies(w -> {
            assertThat(w.messageIds()).containsExactly("<faster-1@example.org>");
            assertThat(w.state()).as("queue-only: nothing measured").isEqualTo("queued");
            assertThat(w.baseReason()).isEqualTo("no base-commit: line in the series; first configured base");
        });
        assertThat(store.count("seen_messages", "")).isEqualTo(1);
        assertThat(store.count("inbox_epochs", "")).as("both inboxes were read").isEqualTo(2);
    }
}
