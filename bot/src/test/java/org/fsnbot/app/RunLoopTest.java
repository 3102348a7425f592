package org.fsnbot.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.fsnbot.intake.EpochWriter;
import org.fsnbot.mail.DeliveryHooks;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.store.Store;
import org.fsnbot.store.WorkState;
import org.fsnbot.testing.MiniTree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One poll of `fsnbot run` on local inboxes and a small tree, wired as the application wires it. */
class RunLoopTest {

    @Test
    void aMessageInTwoFollowedInboxesIsQueuedOnce(@TempDir Path tmp) throws Exception {
        Path tree = MiniTree.create(tmp.resolve("linux"));
        String patch = MiniTree.patch("<faster-1@example.org>", "Dev <dev@example.org>",
                "[PATCH] fsnotify: make it faster");
        for (String inbox : List.of("one", "two")) {
            try (EpochWriter w = new EpochWriter(tmp.resolve(inbox).resolve("git/0.git"))) {
                w.append(patch.getBytes(StandardCharsets.UTF_8));
            }
        }
        Path cfg = Files.writeString(tmp.resolve("fsnbot.yaml"), String.join("\n",
                "home: \"" + tmp.resolve("home") + "\"",
                "inboxes:",
                "  - {name: one, url: \"" + tmp.resolve("one") + "\"}",
                "  - {name: two, url: \"" + tmp.resolve("two") + "\"}",
                "allInbox: \"\"",
                "bases:",
                "  - {tree: \"" + tree + "\", rev: master}",
                "watch: []",
                ""));
        try (Application app = Application.open(Config.load(Optional.of(cfg)), DeliveryHooks.NONE)) {
            RunLoop.PollReport r = app.runLoop(true).poll();
            assertThat(r.errors()).isEmpty();
            assertThat(r.series().queued()).hasSize(1);
            Store store = app.store();
            assertThat(store.queue().all()).singleElement().satisfies(w -> {
                assertThat(w.messageIds()).containsExactly("<faster-1@example.org>");
                assertThat(w.state()).as("queue-only: nothing measured").isEqualTo(WorkState.QUEUED);
                assertThat(w.base().orElseThrow().reason()).isEqualTo(BaseReason.of(
                        BaseReason.Kind.FIRST_CONFIGURED_NO_TRAILER));
            });
            assertThat(store.count("seen_messages", "")).isEqualTo(1);
            assertThat(store.count("inbox_epochs", "")).as("both inboxes were read").isEqualTo(2);
            assertThat(app.runLoop(true).poll().series().queued()).as("nothing new the second time").isEmpty();
        }
    }

    @Test
    void anInboxThatCannotBeReadIsAnErrorAndTheOthersAreStillRead(@TempDir Path tmp) throws Exception {
        Path tree = MiniTree.create(tmp.resolve("linux"));
        try (EpochWriter w = new EpochWriter(tmp.resolve("good").resolve("git/0.git"))) {
            w.append(MiniTree.patch("<p@example.org>", "Dev <dev@example.org>", "[PATCH] fsnotify: x")
                    .getBytes(StandardCharsets.UTF_8));
        }
        Path cfg = Files.writeString(tmp.resolve("fsnbot.yaml"), String.join("\n",
                "home: \"" + tmp.resolve("home") + "\"",
                "inboxes:",
                "  - {name: missing, url: \"" + tmp.resolve("missing") + "\"}",
                "  - {name: good, url: \"" + tmp.resolve("good") + "\"}",
                "allInbox: \"\"",
                "bases:",
                "  - {tree: \"" + tree + "\", rev: master}",
                "watch: []",
                ""));
        try (Application app = Application.open(Config.load(Optional.of(cfg)), DeliveryHooks.NONE)) {
            RunLoop.PollReport r = app.runLoop(true).poll();
            assertThat(r.errors()).singleElement().satisfies(e -> assertThat(e).startsWith("missing: "));
            assertThat(r.series().queued()).hasSize(1);
        }
    }

    /**
     * Below the floor of free space nothing new is read or measured, and
     * nothing is lost: the same inbox read with room queues the patch, and
     * a queued unit stays queued while the floor is not met.
     */
    @Test
    void belowTheFloorOfFreeSpaceIntakeAndMeasuringPauseAndNothingIsLost(@TempDir Path tmp) throws Exception {
        Path tree = MiniTree.create(tmp.resolve("linux"));
        try (EpochWriter w = new EpochWriter(tmp.resolve("fsdevel").resolve("git/0.git"))) {
            w.append(MiniTree.patch("<p@example.org>", "Dev <dev@example.org>", "[PATCH] fsnotify: x")
                    .getBytes(StandardCharsets.UTF_8));
        }
        String common = String.join("\n",
                "home: \"" + tmp.resolve("home") + "\"",
                "inboxes:",
                "  - {name: fsdevel, url: \"" + tmp.resolve("fsdevel") + "\"}",
                "allInbox: \"\"",
                "bases:",
                "  - {tree: \"" + tree + "\", rev: master}",
                "watch: []",
                "");
        // A floor of 1 PiB: no test machine has that much free.
        Path full = Files.writeString(tmp.resolve("full.yaml"), common + "disk: {minFreeGiB: 1048576}\n");
        Path room = Files.writeString(tmp.resolve("room.yaml"), common + "disk: {minFreeGiB: 0}\n");
        try (Application app = Application.open(Config.load(Optional.of(full)), DeliveryHooks.NONE)) {
            RunLoop.PollReport r = app.runLoop(true).poll();
            assertThat(r.errors()).singleElement().satisfies(e -> assertThat(e)
                    .startsWith("intake paused: ").contains("below the floor of 1048576.0 GiB"));
            assertThat(app.store().count("seen_messages", "")).as("the inbox was not read").isZero();
            assertThat(app.store().queue().all()).isEmpty();
        }
        try (Application app = Application.open(Config.load(Optional.of(room)), DeliveryHooks.NONE)) {
            RunLoop.PollReport r = app.runLoop(true).poll();
            assertThat(r.errors()).isEmpty();
            assertThat(r.series().queued()).as("read once there was room").hasSize(1);
        }
        try (Application app = Application.open(Config.load(Optional.of(full)), DeliveryHooks.NONE)) {
            assertThat(app.runLoop(false).drain()).as("no unit claimed below the floor").isZero();
            assertThat(app.store().queue().all()).singleElement().satisfies(w -> assertThat(w.state())
                    .isEqualTo(WorkState.QUEUED));
        }
    }

    /**
     * A unit whose hold this process lost while it measured (a fleet
     * runner cut off from the database: job.UnitLease) is neither finished
     * nor answered: it was queued again for another runner, whose result
     * is the one that counts.
     */
    @Test
    void aUnitWhoseHoldWasLostIsNeitherFinishedNorAnswered(@TempDir Path tmp) throws Exception {
        Path tree = MiniTree.create(tmp.resolve("linux"));
        try (EpochWriter w = new EpochWriter(tmp.resolve("fsdevel").resolve("git/0.git"))) {
            w.append(MiniTree.patch("<p@example.org>", "Dev <dev@example.org>", "[PATCH] fsnotify: x")
                    .getBytes(StandardCharsets.UTF_8));
        }
        Path cfg = Files.writeString(tmp.resolve("fsnbot.yaml"), String.join("\n",
                "home: \"" + tmp.resolve("home") + "\"",
                "inboxes:",
                "  - {name: fsdevel, url: \"" + tmp.resolve("fsdevel") + "\"}",
                "allInbox: \"\"",
                "bases:",
                "  - {tree: \"" + tree + "\", rev: master}",
                "watch: []",
                ""));
        try (Application app = Application.open(Config.load(Optional.of(cfg)), DeliveryHooks.NONE)) {
            app.runLoop(true).poll();
            org.fsnbot.store.Work unit = app.store().queue().claimNext().orElseThrow();
            app.lease().begin();
            assertThat(app.lease().lose("cut off, in the test")).isTrue();
            try {
                app.queueWorker().run(unit);
            } finally {
                Thread.interrupted();
            }
            assertThat(app.store().queue().all()).singleElement().satisfies(x -> assertThat(x.state())
                    .as("not finished: another runner's result counts").isEqualTo(WorkState.RUNNING));
            assertThat(app.store().count("outgoing_mail", "")).as("nothing answered").isZero();
        }
    }
}
