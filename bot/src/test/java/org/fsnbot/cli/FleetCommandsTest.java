package org.fsnbot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.store.RunnerRegistry;
import org.fsnbot.store.Store;
import org.fsnbot.store.WorkItem;
import org.fsnbot.store.WorkTarget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The operators' commands on a home: queue, runners, drain; runner refuses to start without the fleet's store. */
class FleetCommandsTest {

    private static String stdout(String... args) {
        PrintStream old = System.out;
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(text, true, StandardCharsets.UTF_8));
            assertThat(Main.execute(args)).as("exit of %s", String.join(" ", args)).isZero();
        } finally {
            System.setOut(old);
        }
        return text.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theQueueShowsWhatWaitsAndWhatRunsWhereAndRunnersAreListedAndDrained(@TempDir Path tmp) throws Exception {
        Path home = tmp.resolve("home");
        try (Store store = Store.h2(home.resolve("db/fsnbot"))) {
            long a = store.queue().enqueue(WorkItem.found("k1", "fsnotify head 1", new WorkTarget.Revision("v2"),
                    new Base("/t", "v1", BaseReason.of(BaseReason.Kind.NAMED_IN_COMMAND)))).orElseThrow();
            store.queue().enqueue(WorkItem.found("k2", "fsnotify head 2", new WorkTarget.Revision("v3"),
                    new Base("/t", "v1", BaseReason.of(BaseReason.Kind.NAMED_IN_COMMAND))));
            store.fleet().dispatched(java.util.List.of(a), "2s-kvm");
            store.fleet().claim(a, "box-17", false, 3);
        }
        assertThat(stdout("queue", "--home", home.toString())).contains("#1 TREE fsnotify head 1: running on box-17",
                "#2 TREE fsnotify head 2: waiting (not dispatched yet)");
        assertThat(stdout("runners", "--home", home.toString())).contains("Single-machine mode (H2)");
        try (Store store = Store.h2(home.resolve("db/fsnbot"))) {
            store.runners().register("box-17", "2s-kvm", "{\"cpu\":\"AMD EPYC\",\"sockets\":2,\"cores\":64,"
                    + "\"cpus\":128,\"numa\":[{},{}],\"memory_mib\":262144,\"kvm\":true,\"qemu\":\"QEMU 7.2\","
                    + "\"kernel\":\"Linux 6.1\"}");
        }
        assertThat(stdout("runners", "--home", home.toString())).contains("box-17 (class 2s-kvm): active",
                "AMD EPYC; 2 socket(s), 64 cores, 128 CPUs, 2 NUMA node(s), 262144 MiB, KVM",
                "A/A noise: not calibrated");
        stdout("drain", "box-17", "--home", home.toString());
        try (Store store = Store.h2(home.resolve("db/fsnbot"))) {
            assertThat(store.runners().get("box-17")).hasValueSatisfying(e ->
                    assertThat(e.state()).isEqualTo(RunnerRegistry.State.DRAINING));
        }
        assertThat(Main.execute("drain", "nobody", "--home", home.toString())).isEqualTo(ExitCodes.BAD_INPUT);
    }

    @Test
    void aRunnerNeedsTheFleetsStore(@TempDir Path tmp) throws Exception {
        Path cfg = Files.writeString(tmp.resolve("c.yaml"), "home: \"" + tmp.resolve("home") + "\"\n");
        assertThat(Main.execute("runner", "--config", cfg.toString())).isEqualTo(ExitCodes.BAD_INPUT);
        Path bad = Files.writeString(tmp.resolve("b.yaml"), "store: {url: \"jdbc:mysql://x/y\"}\n");
        assertThat(Main.execute("runner", "--config", bad.toString())).isEqualTo(ExitCodes.BAD_INPUT);
    }

    @Test
    void anOperatorFailsRequeuesAndSubmitsUnitsWithoutMail(@TempDir Path tmp) throws Exception {
        Path home = tmp.resolve("home");
        String h = home.toString();
        long stuck;
        try (Store store = Store.h2(home.resolve("db/fsnbot"))) {
            stuck = store.queue().enqueue(WorkItem.found("k1", "fsnotify head 1", new WorkTarget.Revision("v2"),
                    new Base("/t", "v1", BaseReason.of(BaseReason.Kind.NAMED_IN_COMMAND)))).orElseThrow();
        }
        assertThat(Main.execute("fail", "#" + stuck, "--why", "two\nlines", "--home", h))
                .isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(Main.execute("fail", "#" + stuck, "--why", "the tree moved; resubmitted", "--home", h)).isZero();
        assertThat(Main.execute("fail", "#" + stuck, "--why", "again", "--home", h)).as("failed already")
                .isEqualTo(ExitCodes.BAD_INPUT);
        try (Store store = Store.h2(home.resolve("db/fsnbot"))) {
            assertThat(store.text("SELECT detail FROM work_queue WHERE id = ?", stuck))
                    .isEqualTo("failed by the operator: the tree moved; resubmitted");
        }
        assertThat(Main.execute("requeue", Long.toString(stuck), "--home", h)).isZero();
        assertThat(Main.execute("requeue", Long.toString(stuck), "--home", h)).as("queued already")
                .isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(stdout("queue", "--home", h)).contains("#" + stuck + " TREE fsnotify head 1: waiting");

        String tree = "https://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git";
        assertThat(stdout("submit", "--tree", tree, "--base", "v6.12", "--head", "v6.13-rc1", "--home", h))
                .contains("v6.12..v6.13-rc1: queued");
        assertThat(Main.execute("submit", "--tree", tree, "--base", "v6.12", "--head", "v6.13-rc1", "--home", h))
                .as("submitted before").isEqualTo(ExitCodes.BAD_INPUT);
        String mbox = org.fsnbot.testing.Repo.root().resolve("examples/fsnotify-revalidate-children.mbox")
                .toString();
        assertThat(stdout("submit", "--tree", tree, "--base", "v6.12", "--mbox", mbox, "--home", h)).contains(": queued");
        assertThat(Main.execute("submit", "--tree", tree, "--base", "v6.12", "--head", "v6.13", "--mbox", mbox,
                "--home", h)).as("a head and a patch").isEqualTo(ExitCodes.BAD_INPUT);
        try (Store store = Store.h2(home.resolve("db/fsnbot"))) {
            assertThat(store.queue().list(org.fsnbot.store.WorkState.QUEUED)).extracting(w -> w.kind().name(),
                    w -> w.base().orElseThrow().rev()).containsExactly(org.assertj.core.groups.Tuple.tuple("TREE",
                            "v1"), org.assertj.core.groups.Tuple.tuple("TREE", "v6.12"),
                            org.assertj.core.groups.Tuple.tuple("SERIES", "v6.12"));
            assertThat(store.intake().patches(org.fsnbot.store.PatchState.PENDING)).as("no poll queues the"
                    + " submitted mails again").isEmpty();
            assertThat(store.intake().patches(org.fsnbot.store.PatchState.QUEUED)).isNotEmpty();
        }
    }

    @Test
    void healthSaysWhatNeedsTheOperatorAndExitsFourForIt(@TempDir Path tmp) throws Exception {
        Path home = tmp.resolve("home");
        String h = home.toString();
        StringWriter none = new StringWriter();
        assertThat(Main.execute(new PrintWriter(none, true), "health", "--home", h)).as("a home that is not there")
                .isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(none.toString()).startsWith("fsnbot: no fsnbot home at " + h);
        assertThat(home).as("health made no home").doesNotExist();
        Store.h2(home.resolve("db/fsnbot")).close();
        assertThat(stdout("health", "--home", h)).contains("queue: 0 waiting", "healthy");
        try (Store store = Store.h2(home.resolve("db/fsnbot"))) {
            long id = store.queue().enqueue(WorkItem.found("k1", "fsnotify head 1", new WorkTarget.Revision("v2"),
                    new Base("/t", "v1", BaseReason.of(BaseReason.Kind.NAMED_IN_COMMAND)))).orElseThrow();
            for (String r : new String[] {"r0", "r1", "r2", "r3"}) {
                store.fleet().claim(id, r, !r.equals("r0"), 3);
            }
        }
        PrintStream old = System.out;
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(text, true, StandardCharsets.UTF_8));
            assertThat(Main.execute("health", "--home", h)).isEqualTo(ExitCodes.TROUBLE);
        } finally {
            System.setOut(old);
        }
        assertThat(text.toString(StandardCharsets.UTF_8)).contains("NEEDS YOU: 1 dead-letter unit(s)",
                "not healthy: 1 finding(s)");
        assertThat(Main.execute("requeue", "1", "--home", h)).isZero();
        assertThat(stdout("health", "--home", h)).contains("queue: 1 waiting", "healthy");
    }
}
