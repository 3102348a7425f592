package org.fsnbot.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.fsnbot.exec.Orphans;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.exec.Spaces;
import org.fsnbot.store.JobStore;
import org.fsnbot.store.Store;
import org.fsnbot.testing.FleetProcesses;
import org.fsnbot.testing.KernelFixture;
import org.fsnbot.testing.Postgres;
import org.fsnbot.testing.PublicInbox;
import org.fsnbot.testing.Repo;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.fsnbot.testing.SharedKernel;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The fleet for real (docs/fleet.md): PostgreSQL 15 from Debian's
 * packages, coordinators and runners as separate JVMs of the packaged
 * jar, a local public-inbox with patch mails, the 6.12 base, real builds
 * and TCG boots of a small profile. Processes die by kill -9.
 */
@Tag("e2e")
@ExtendWith(SharedKernel.class)
class FleetIT {

    private static final int CHECKIN_SECONDS = 3;
    private static Postgres pg;

    @BeforeAll
    static void server() {
        Assumptions.assumeTrue(PublicInbox.installed(), "SKIPPED: public-inbox is not installed (setup.sh does it)");
        pg = Postgres.start(100);
    }

    @AfterAll
    static void stop() {
        if (pg != null) {
            pg.close();
        }
    }

    /** A database of the test's own on the server, the coordinator login's; runners log in as the runner. */
    private static String database(String name) throws Exception {
        return pg.fleetDatabase(name);
    }

    /** The test's own view of the store: the coordinator's login, as an operator's fsnbot queue would use. */
    private static Store store(String url) {
        return Store.postgres(url, Postgres.COORDINATOR, Postgres.COORDINATOR_PASSWORD, 2, Clock.systemUTC());
    }

    /** What the nodes' configurations name the password by. */
    private static final Map<String, String> PASSWORDS = Map.of("FSNBOT_COORDINATOR_PASSWORD",
            Postgres.COORDINATOR_PASSWORD, "FSNBOT_RUNNER_PASSWORD", Postgres.RUNNER_PASSWORD);

    /** The example patch as a new mail of this run: its own Message-ID and subject. */
    private static Path mail(Path dir, String run, int n) throws Exception {
        String mid = "<fleet-" + run + "-" + n + "@fsnbot.invalid>";
        String text = Files.readString(Repo.exampleMbox(), StandardCharsets.ISO_8859_1)
                .replaceFirst("(?m)^Message-ID: .*$", "Message-ID: " + mid)
                .replaceFirst("(?m)^Subject: \\[PATCH\\] (.*)$", "Subject: [PATCH] $1 (fleet " + run + " #" + n + ")");
        return Files.writeString(dir.resolve("mail-" + n + ".mbox"), text, StandardCharsets.ISO_8859_1);
    }

    private static String messageId(String run, int n) {
        return "<fleet-" + run + "-" + n + "@fsnbot.invalid>";
    }

    /** The configuration every node of one test shares but its runner name. */
    private static Path config(Path tmp, String url, Path inbox, String name, String login, String extra)
            throws Exception {
        Path profile = tmp.resolve("small.json");
        Files.writeString(profile, "{\"name\":\"small\",\"description\":\"fleet test\",\"bootsPerKernel\":2,"
                + "\"bootTimeoutSeconds\":240,\"workloads\":[{\"name\":\"parent-modify-scale\",\"args\":"
                + "[\"--workdir\",\"/dev/shm\",\"--clients\",\"1\",\"--files\",\"1024\",\"--iterations\",\"40000\","
                + "\"--warmup\",\"1000\",\"--reps\",\"2\"],\"verdictMetrics\":[\"avg_client_s\"],\"minEffectPct\":2}]}");
        Path cfg = tmp.resolve(name + ".yaml");
        Files.writeString(cfg, String.join("\n",
                "home: \"" + KernelFixture.home() + "\"",
                "profile: \"" + profile + "\"",
                "pollMinutes: 1",
                "inboxes:", "  - name: fleet", "    url: \"" + inbox + "\"",
                "allInbox: \"\"",
                "bases:", "  - tree: \"" + KernelFixture.tree() + "\"", "    rev: " + KernelFixture.base(),
                "watch: []",
                // Two runner JVMs, a coordinator and PostgreSQL share this machine's 2 CPUs with the guests:
                // on the instruction clock (TCG's default) their load changes no count, so no boot is busy.
                "runner: {name: " + name + ", class: tcg, calibrationPairs: 0}",
                "store: {url: \"" + url + "\", user: " + login + ", passwordEnv: "
                        + (login.equals(Postgres.RUNNER) ? "FSNBOT_RUNNER_PASSWORD" : "FSNBOT_COORDINATOR_PASSWORD")
                        + "}",
                "fleet: {checkinSeconds: " + CHECKIN_SECONDS + "}",
                extra, ""));
        return cfg;
    }

    private static void await(String what, Duration limit, BooleanSupplier done) throws InterruptedException {
        await(what, limit, done, () -> "");
    }

    /** Waits for done; a timeout's message ends with shown (what the nodes said, so that CI's log tells why). */
    private static void await(String what, Duration limit, BooleanSupplier done, Supplier<String> shown)
            throws InterruptedException {
        long end = System.nanoTime() + limit.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() >= end) {
                throw new AssertionError("waited " + limit + " for " + what + "\n" + shown.get());
            }
            Thread.sleep(500);
        }
    }

    /** The last lines each of nodes wrote. */
    private static String tails(FleetProcesses all, List<String> nodes) {
        StringBuilder b = new StringBuilder();
        for (String n : nodes) {
            try {
                List<String> lines = all.output(n).lines().toList();
                b.append(n).append(all.alive(n) ? "" : " (exited)").append(":\n  ")
                        .append(String.join("\n  ", lines.subList(Math.max(0, lines.size() - 25), lines.size())))
                        .append('\n');
            } catch (java.io.IOException e) {
                b.append(n).append(": no output: ").append(e.getMessage()).append('\n');
            }
        }
        return b.toString();
    }

    /** Each unit's state, runner and detail: the first line of a failure CI shows. */
    private static String units(Store store) {
        return String.join("; ", store.texts("SELECT CAST(id AS VARCHAR(20)) || ' ' || state || ' on '"
                + " || COALESCE(runner, '-') || ': ' || COALESCE(SUBSTRING(detail FROM 1 FOR 300), '')"
                + " FROM work_queue ORDER BY id"));
    }

    /** The runner of these whose QEMU is running now, if any: its processes carry its home#name mark. */
    private static Optional<String> booting(List<String> runners) throws Exception {
        for (String r : runners) {
            for (long pid : new Orphans(KernelFixture.home() + "#" + r).marked()) {
                Optional<String> cmd = ProcessHandle.of(pid).flatMap(h -> h.info().commandLine());
                if (cmd.isPresent() && cmd.get().contains("qemu-system-x86_64") && !cmd.get().contains("kvm-probe")) {
                    return Optional.of(r);
                }
            }
        }
        return Optional.empty();
    }

    @Test
    void threeUnitsTwoRunnersOneKilledInABootItsUnitFinishedByTheOtherEachUnitOneReply(@TempDir Path tmp)
            throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        String url = database("fleet_" + run);
        try (PublicInbox pi = new PublicInbox(tmp.resolve("pi"));
                FleetProcesses nodes = new FleetProcesses(tmp, PASSWORDS)) {
            pi.create("fleet");
            for (int n = 1; n <= 3; n++) {
                pi.deliver("fleet", mail(tmp, run, n));
            }
            Path inbox = pi.inboxDir("fleet");
            nodes.start("coordinator", "run", "--config", config(tmp, url, inbox, "coord-" + run, Postgres.COORDINATOR, "").toString());
            List<String> runners = List.of("runner-a-" + run, "runner-b-" + run);
            for (String r : runners) {
                nodes.start(r, "runner", "--config", config(tmp, url, inbox, r, Postgres.RUNNER, "").toString());
            }
            try (Store store = store(url)) {
                await("three units dispatched", Duration.ofMinutes(3), () ->
                        store.count("work_queue", "dispatched_at IS NOT NULL AND runner_class = 'tcg'") == 3);
                // The victim is the runner that has a boot of its job in the store and boots again now:
                // its job has boots to discard.
                List<String> victim = new ArrayList<>();
                await("a runner's second boot (a cold base build first, when no other test made it)", Duration.ofMinutes(20), () -> {
                    try {
                        booting(runners).filter(r -> store.count("boots", "job_id IN (SELECT id FROM jobs WHERE"
                                + " runner = ? AND state = 'running')", r) > 0).ifPresent(victim::add);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                    return !victim.isEmpty();
                });
                String dead = victim.get(0);
                String survivor = runners.get(dead.equals(runners.get(0)) ? 1 : 0);
                Thread.sleep(1000);
                nodes.kill(dead);
                // What a restart of the dead runner would unmount (its boot's space), so no test after trips on it.
                // Seen from a process of the dead runner's name that is not the one killed (pid 1 never is).
                new Spaces(new CommandRunner(), new org.fsnbot.exec.OwnerMark(KernelFixture.home() + "#" + dead, 1, 0)
                        .value()).removeLeftovers();
                long discarded = store.count("boots", "job_id IN (SELECT id FROM jobs WHERE runner = ?)", dead);

                await("every unit answered", Duration.ofMinutes(12), () -> {
                    // A unit that ended otherwise never will be: say so now, with why, not after the wait.
                    assertThat(store.count("work_queue", "state NOT IN ('queued', 'running', 'done')"))
                            .as("units that ended without a reply: %s", units(store)).isZero();
                    return store.count("work_queue", "state = 'done'") == 3;
                }, () -> units(store) + "\n" + tails(nodes, runners));

                for (int n = 1; n <= 3; n++) {
                    assertThat(store.count("outgoing_mail", "in_reply_to = ?", messageId(run, n)))
                            .as("unit %d: exactly one reply", n).isEqualTo(1);
                }
                assertThat(store.texts("SELECT runner FROM work_queue ORDER BY id")).as("who measured each unit")
                        .containsOnly(survivor);
                assertThat(store.texts("SELECT j.runner FROM work_queue w JOIN jobs j ON j.id = w.job_id"))
                        .containsOnly(survivor);
                assertThat(store.count("jobs", "runner = ? AND outcome = ?", dead, JobStore.ABANDONED))
                        .as("the killed runner's job is abandoned, not merged").isEqualTo(1);
                assertThat(discarded).as("it had boots when it died").isPositive();
                assertThat(store.count("boots", "job_id IN (SELECT job_id FROM work_queue) AND job_id IN (SELECT id"
                        + " FROM jobs WHERE runner = ?)", dead)).as("none of them in any unit's measurement").isZero();
                assertThat(store.count("boots", "status = 'OK' AND job_id IN (SELECT job_id FROM work_queue)"))
                        .as("2 boots a kernel, 3 units, every one the survivor's").isEqualTo(12);
                assertThat(store.count("jobs", "runner = ? AND outcome <> ?", dead, JobStore.ABANDONED)).isZero();
                assertThat(store.text("SELECT CAST(COUNT(*) AS VARCHAR(20)) FROM verdicts v JOIN jobs j ON j.id ="
                        + " v.job_id WHERE j.runner = ?", dead)).isEqualTo("0");
                assertThat(store.texts("SELECT detail FROM work_queue WHERE detail LIKE 'REPORT%'")).hasSize(3);
                // Taken over by Quartz's recovery on the survivor, or queued again first by the coordinator's
                // sweep (the dead runner's name was freed when it died): whichever came first, said so.
                assertThat(nodes.output(survivor) + nodes.output("coordinator")).containsPattern(
                        "died while measuring it; its boots are discarded|runner " + dead + " died while running it;"
                                + " queued again, ahead of the rest");
                for (String r : runners) {
                    System.err.println("FleetIT: " + r + (r.equals(dead) ? " (killed)" : "") + ":");
                    nodes.output(r).lines().filter(l -> l.contains("FleetWorker") || l.contains("JobRunner")
                            || l.contains("boot ")).forEach(l -> System.err.println("  " + l));
                }
            }
        }
    }

    /** The coordinator whose log says it dispatched a unit, or null. */
    private static String dispatcher(FleetProcesses nodes, List<String> coordinators) {
        for (String c : coordinators) {
            try {
                if (nodes.output(c).contains("to runner class")) {
                    return c;
                }
            } catch (java.io.IOException e) {
                // Its log not readable yet: not the dispatcher so far.
            }
        }
        return null;
    }

    @Test
    void aKilledCoordinatorsPollingGoesOnOnTheOtherAndNoMailIsQueuedTwice(@TempDir Path tmp) throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        String url = database("coord_" + run);
        try (PublicInbox pi = new PublicInbox(tmp.resolve("pi"));
                FleetProcesses nodes = new FleetProcesses(tmp, PASSWORDS)) {
            pi.create("fleet");
            pi.deliver("fleet", mail(tmp, run, 1));
            Path inbox = pi.inboxDir("fleet");
            List<String> coordinators = List.of("coord-1-" + run, "coord-2-" + run);
            for (String c : coordinators) {
                nodes.start(c, "run", "--config", config(tmp, url, inbox, c, Postgres.COORDINATOR, "").toString());
            }
            try (Store store = store(url)) {
                await("the first mail queued", Duration.ofMinutes(3), () -> store.count("work_queue", "") == 1,
                        () -> tails(nodes, coordinators));
                await("both coordinators in the cluster", Duration.ofMinutes(3), () -> coordinators.stream()
                        .allMatch(c -> {
                            try {
                                return nodes.output(c).contains("joined the fleet");
                            } catch (java.io.IOException e) {
                                return false;
                            }
                        }), () -> tails(nodes, coordinators));
                // The one that polled (its log says what it queued) dies; the other must poll from now on.
                // Its dispatch line follows the queue row by a moment (seen: the row, both joined, no line yet).
                await("a coordinator dispatching the first mail", Duration.ofMinutes(1),
                        () -> dispatcher(nodes, coordinators) != null, () -> tails(nodes, coordinators));
                String polled = dispatcher(nodes, coordinators);
                nodes.kill(polled);
                long killed = System.nanoTime();
                pi.deliver("fleet", mail(tmp, run, 2));

                await("the second mail queued by the survivor", Duration.ofMinutes(4), () ->
                        store.count("work_queue", "") == 2, () -> tails(nodes, coordinators));

                double seconds = (System.nanoTime() - killed) / 1e9;
                assertThat(seconds).as("within the check-in interval, Quartz's 7.5 s margin and one poll period")
                        .isLessThan(CHECKIN_SECONDS + 7.5 + 60 + 20);
                for (int n = 1; n <= 2; n++) {
                    assertThat(store.count("work_queue", "message_ids LIKE ?", "%" + messageId(run, n) + "%"))
                            .as("mail %d queued once", n).isEqualTo(1);
                }
                String survivor = coordinators.get(polled.equals(coordinators.get(0)) ? 1 : 0);
                assertThat(nodes.alive(survivor)).isTrue();
                // The survivor queues, then dispatches: its dispatch log line follows the queue row.
                await("the survivor dispatching the second mail", Duration.ofMinutes(1), () -> {
                    try {
                        return nodes.output(survivor).contains("to runner class tcg");
                    } catch (java.io.IOException e) {
                        return false;
                    }
                });
                System.err.printf("FleetIT: the survivor queued a mail %.1f s after the other coordinator died%n",
                        seconds);
            }
        }
    }
}
