package org.fsnbot.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BooleanSupplier;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.store.QueueEntry;
import org.fsnbot.store.RunnerRegistry;
import org.fsnbot.store.Store;
import org.fsnbot.store.WorkItem;
import org.fsnbot.store.WorkTarget;
import org.fsnbot.testing.CutOffProxy;
import org.fsnbot.testing.FleetProcesses;
import org.fsnbot.testing.Postgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fleet's runner lifecycle as an operator meets it at 3 a.m.
 * (docs/fleet.md "Failures, measured"): PostgreSQL 15, a real coordinator
 * and runners as separate JVMs of the packaged jar, simulated units (each
 * held a while and recorded done: nothing is built or booted, every other
 * step is the real one). An audit trigger on work_queue and runners,
 * stamped by the server's clock, records every claim and every drain, so
 * a claim after a drain or a unit measured twice cannot hide. Each drill
 * runs fsnbot.fleet.tries times (2 in CI; scripts/fleet-drills.sh runs 20),
 * and the database outage once, fsnbot.fleet.outageSeconds long.
 */
@Tag("e2e")
class FleetLifecycleIT {

    private static final int CHECKIN_SECONDS = 3;
    private static final int TRIES = Integer.getInteger("fsnbot.fleet.tries", 2);
    /**
     * When the server ends a cut-off runner's sessions: its TCP keepalive
     * gives up after about 30 s with the runner's settings (RunnerNameLock);
     * the drill says 15 s, so the other runner is let in sooner than it
     * would be, and the cut-off one must have stopped before that.
     */
    private static final int SERVER_NOTICES_SECONDS = 15;
    /** The runner's stop bound: deploy/systemd/fsnbot-runner.service's TimeoutStopSec. */
    private static final Duration STOP_BOUND = Duration.ofSeconds(90);
    /** How long the outage drill keeps PostgreSQL stopped (30 s in CI; scripts/fleet-drills.sh: 120). */
    private static final int OUTAGE_SECONDS = Integer.getInteger("fsnbot.fleet.outageSeconds", 30);
    private static final Map<String, String> PASSWORDS = Map.of("FSNBOT_COORDINATOR_PASSWORD",
            Postgres.COORDINATOR_PASSWORD, "FSNBOT_RUNNER_PASSWORD", Postgres.RUNNER_PASSWORD);
    private static Postgres pg;

    @BeforeAll
    static void server() {
        pg = Postgres.start(100);
    }

    @AfterAll
    static void stop() {
        if (pg != null) {
            pg.close();
        }
    }

    /** A node's configuration: simulated work of class sim on the test's database. */
    static Path config(Path tmp, String url, String name, String login) throws Exception {
        boolean runner = login.equals(Postgres.RUNNER);
        return Files.writeString(tmp.resolve(name + ".yaml"), String.join("\n",
                "home: \"" + tmp.resolve("home-" + name) + "\"",
                "pollMinutes: 1",
                "inboxes: []",
                "allInbox: \"\"",
                "watch: []",
                "runner: {name: " + name + ", class: sim, calibrationPairs: 0}",
                "store: {url: \"" + url + "\", user: " + login + ", passwordEnv: "
                        + (runner ? "FSNBOT_RUNNER_PASSWORD" : "FSNBOT_COORDINATOR_PASSWORD") + "}",
                "fleet: {checkinSeconds: " + CHECKIN_SECONDS + ", defaultClass: sim}", ""));
    }

    /** The fleet of one test: its database (with the audit), a coordinator, and the store as an operator sees it. */
    private record Fleet(Path tmp, String url, FleetProcesses nodes, Store store) implements AutoCloseable {
        static Fleet start(Path tmp) throws Exception {
            String url = pg.fleetDatabase("life_" + UUID.randomUUID().toString().substring(0, 8));
            FleetProcesses nodes = new FleetProcesses(tmp, PASSWORDS);
            nodes.start("coordinator", "run", "--config", config(tmp, url, "coordinator", Postgres.COORDINATOR)
                    .toString());
            await("the coordinator joined", Duration.ofSeconds(90),
                    () -> output(nodes, "coordinator").contains("joined the fleet"));
            Store store = Store.postgres(url, Postgres.COORDINATOR, Postgres.COORDINATOR_PASSWORD, 2,
                    Clock.systemUTC());
            try (Connection c = DriverManager.getConnection(url, Postgres.COORDINATOR, Postgres.COORDINATOR_PASSWORD);
                    Statement st = c.createStatement()) {
                st.execute("CREATE TABLE audit (ts TIMESTAMPTZ NOT NULL, tbl TEXT, id TEXT, runner TEXT, old_state"
                        + " TEXT, new_state TEXT, old_runner TEXT)");
                st.execute("CREATE FUNCTION audit_units() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$"
                        + " BEGIN INSERT INTO audit VALUES (clock_timestamp(), 'work_queue', NEW.id::text, NEW.runner,"
                        + " OLD.state, NEW.state, OLD.runner); RETURN NEW; END $$");
                st.execute("CREATE TRIGGER audit_units AFTER UPDATE ON work_queue FOR EACH ROW EXECUTE FUNCTION"
                        + " audit_units()");
                st.execute("CREATE FUNCTION audit_runners() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$"
                        + " BEGIN INSERT INTO audit VALUES (clock_timestamp(), 'runners', NEW.name, NEW.name,"
                        + " OLD.state, NEW.state, NULL); RETURN NEW; END $$");
                st.execute("CREATE TRIGGER audit_runners AFTER UPDATE ON runners FOR EACH ROW EXECUTE FUNCTION"
                        + " audit_runners()");
            }
            return new Fleet(tmp, url, nodes, store);
        }

        void runner(String name, long holdMs, String... more) throws Exception {
            List<String> args = new java.util.ArrayList<>(List.of("runner", "--config", config(tmp, url, name,
                    Postgres.RUNNER).toString(), "--simulate-ms", Long.toString(holdMs)));
            args.addAll(List.of(more));
            nodes.start(name, args.toArray(String[]::new));
        }

        /** Waits until name takes work (it logs so once its node started). */
        void awaitTaking(String name) throws Exception {
            await(name + " takes work", Duration.ofSeconds(90), () -> {
                assertThat(nodes.alive(name)).as("%s ended:%n%s", name, output(nodes, name)).isTrue();
                return output(nodes, name).contains("takes sim work from the fleet");
            });
        }

        List<Long> queue(String prefix, int n) {
            return java.util.stream.IntStream.range(0, n).mapToObj(i -> store.queue().enqueue(WorkItem.found(
                    prefix + i, prefix + " " + i, new WorkTarget.Revision("v" + i), new Base("/sim", "v0",
                            BaseReason.of(BaseReason.Kind.CONFIGURED)))).orElseThrow()).toList();
        }

        /** Claims as the audit saw them: a unit going to running, or to running on another runner. */
        long claims(String where, Object... args) {
            return store.count("audit", "tbl = 'work_queue' AND new_state = 'running' AND (old_state <> 'running'"
                    + " OR old_runner IS DISTINCT FROM runner)" + (where.isEmpty() ? "" : " AND " + where), args);
        }

        @Override
        public void close() {
            nodes.close();
            store.close();
        }
    }

    private static String output(FleetProcesses nodes, String name) {
        try {
            return nodes.output(name);
        } catch (java.io.IOException e) {
            return "";
        }
    }

    private static void await(String what, Duration limit, BooleanSupplier done) throws InterruptedException {
        long end = System.nanoTime() + limit.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() >= end) {
                throw new AssertionError("waited " + limit + " for " + what);
            }
            Thread.sleep(100);
        }
    }

    @Test
    void twoRunnersStartedTogetherUnderOneNameAreNeverBothAdmittedAndACleanRestartIsImmediate(@TempDir Path tmp)
            throws Exception {
        try (Fleet f = Fleet.start(tmp)) {
            for (int t = 0; t < TRIES; t++) {
                String a = "twin-a" + t;
                String b = "twin-b" + t;
                Path cfg = config(tmp, f.url(), "twin", Postgres.RUNNER);
                f.nodes().start(a, "runner", "--config", cfg.toString(), "--simulate-ms", "100");
                f.nodes().start(b, "runner", "--config", cfg.toString(), "--simulate-ms", "100");
                await("one of the twins refused", Duration.ofSeconds(90),
                        () -> !f.nodes().alive(a) || !f.nodes().alive(b));
                String lost = f.nodes().alive(a) ? b : a;
                String won = lost.equals(a) ? b : a;
                assertThat(f.nodes().process(lost).exitValue()).as(output(f.nodes(), lost)).isEqualTo(2);
                assertThat(output(f.nodes(), lost)).contains("another fsnbot runner named twin is running")
                        .doesNotContain("\tat ", "Exception");
                f.awaitTaking(won);
                Thread.sleep(CHECKIN_SECONDS * 1000L);
                assertThat(f.nodes().alive(won)).as("the twin that holds the name stays").isTrue();
                if (t == 0) {
                    aMeasuringTwinIsRefusedBeforeItTouchesAnything(f, cfg);
                }

                // A clean stop (SIGTERM), then the same name again at once: admitted.
                assertThat(f.nodes().stop(won)).as("SIGTERM: the JVM's own exit").isIn(0, 143);
                String again = "twin-again" + t;
                Instant restart = Instant.now();
                f.nodes().start(again, "runner", "--config", cfg.toString(), "--simulate-ms", "100");
                f.awaitTaking(again);
                System.err.printf(Locale.ROOT, "FleetLifecycleIT: try %d: %s refused (exit 2), restart after a clean"
                        + " stop took work %.1f s after it started%n", t + 1, lost,
                        Duration.between(restart, Instant.now()).toMillis() / 1000.0);
                assertThat(f.nodes().stop(again)).isIn(0, 143);
            }
            // A wrong password: exit 2 and one sentence naming the login, not a stack trace.
            try (FleetProcesses wrong = new FleetProcesses(Files.createDirectories(tmp.resolve("wrong")), Map.of("FSNBOT_RUNNER_PASSWORD",
                    "not-the-password"))) {
                Process p = wrong.start("queue", "queue", "--config", config(tmp, f.url(), "twin", Postgres.RUNNER)
                        .toString());
                assertThat(p.waitFor(90, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
                assertThat(p.exitValue()).as(output(wrong, "queue")).isEqualTo(2);
                assertThat(output(wrong, "queue")).contains("refused user " + Postgres.RUNNER + ": FATAL: password"
                        + " authentication failed").doesNotContain("\tat ", "Exception");
            }
        }
    }

    /**
     * A measuring twin (no --simulate-ms: it would reap what a killed
     * predecessor left, mount and probe) started while the name is held:
     * refused before any of it. The plant carries the mark a dead process
     * of runner "twin" on that home would have left, so a twin that reaped
     * before it held the name would kill it.
     */
    private static void aMeasuringTwinIsRefusedBeforeItTouchesAnything(Fleet f, Path cfg) throws Exception {
        String home = f.tmp().resolve("home-twin").toAbsolutePath().normalize() + "#twin";
        ProcessBuilder pb = new ProcessBuilder("sleep", "600.313");
        pb.environment().put(org.fsnbot.exec.Orphans.VARIABLE, new org.fsnbot.exec.OwnerMark(home, 4_194_000,
                1).value());
        Process plant = pb.start();
        try {
            Process twin = f.nodes().start("twin-measuring", "runner", "--config", cfg.toString());
            assertThat(twin.waitFor(90, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
            assertThat(twin.exitValue()).as(output(f.nodes(), "twin-measuring")).isEqualTo(2);
            assertThat(output(f.nodes(), "twin-measuring")).contains("another fsnbot runner named twin is running")
                    .doesNotContain("killed");
            assertThat(plant.isAlive()).as("what the runner's dead predecessor left is not the twin's to reap")
                    .isTrue();
        } finally {
            plant.destroyForcibly();
        }
    }

    @Test
    void aDrainedRunnerClaimsNothingAfterTheDrainAndEveryUnitIsDoneOnce(@TempDir Path tmp) throws Exception {
        try (Fleet f = Fleet.start(tmp)) {
            f.runner("steady", 200);
            f.awaitTaking("steady");
            int queued = 0;
            for (int t = 0; t < TRIES; t++) {
                String name = "drained";
                String proc = name + t;
                f.nodes().start(proc, "runner", "--config", config(tmp, f.url(), name, Postgres.RUNNER).toString(),
                        "--simulate-ms", "300");
                f.awaitTaking(proc);
                f.queue("try" + t + "-", 40);
                queued += 40;
                long before = f.claims("runner = ?", name);
                await(name + " claims a unit of this try", Duration.ofSeconds(60),
                        () -> f.claims("runner = ?", name) > before);
                Thread.sleep(ThreadLocalRandom.current().nextInt(0, 400));
                assertThat(f.store().runners().setState(name, RunnerRegistry.State.DRAINING)).isTrue();
                await(proc + " stops after its unit", Duration.ofSeconds(60), () -> !f.nodes().alive(proc));
                assertThat(f.nodes().process(proc).exitValue()).isZero();
                String drainedAt = "(SELECT MAX(ts) FROM audit WHERE tbl = 'runners' AND id = '" + name
                        + "' AND new_state = 'draining')";
                assertThat(f.claims("runner = ? AND ts > " + drainedAt, name)).as("claims by %s after its drain, try"
                        + " %d", name, t + 1).isZero();
                System.err.printf(Locale.ROOT, "FleetLifecycleIT: drain try %d: %d claim(s) by %s in all before its"
                        + " drain, none after; %d unit(s) fired on it after the drain, handed back%n", t + 1,
                        f.claims("runner = ?", name), name, output(f.nodes(), proc).lines()
                                .filter(l -> l.contains("is draining: work #")).count());
            }
            int all = queued;
            await("every unit done", Duration.ofMinutes(3), () -> f.store().count("work_queue", "state = 'done'")
                    == all);
            assertThat(f.store().count("audit", "tbl = 'work_queue' AND new_state = 'done' AND old_state = 'done'"))
                    .as("no unit finished twice").isZero();
            assertThat(f.store().count("work_queue", "id IN (SELECT CAST(id AS BIGINT) FROM audit WHERE tbl ="
                    + " 'work_queue' AND new_state = 'done' GROUP BY id HAVING COUNT(*) > 1)")).isZero();
        }
    }

    @Test
    void aKilledRunnersUnitIsMarkedGoneAndTakenFirstByAnotherRunner(@TempDir Path tmp) throws Exception {
        try (Fleet f = Fleet.start(tmp)) {
            f.runner("victim", 600_000);
            f.awaitTaking("victim");
            long held = f.queue("held-", 1).get(0);
            await("the victim runs its unit", Duration.ofSeconds(60),
                    () -> f.store().fleet().runningOn(held).filter("victim"::equals).isPresent());
            f.runner("survivor", 4000);
            f.awaitTaking("survivor");
            List<Long> waiting = f.queue("waiting-", 7);
            await("the survivor busy with a waiting unit", Duration.ofSeconds(60),
                    () -> f.claims("runner = 'survivor'") > 0);
            // The coordinator stopped first: the queue shows the dead runner's unit as such until one sweeps.
            assertThat(f.nodes().stop("coordinator")).isIn(0, 143);
            Instant killed = Instant.now();
            f.nodes().kill("victim");
            await("fsnbot queue marks the unit of the dead runner", Duration.ofSeconds(10),
                    () -> f.store().fleet().open().stream().anyMatch(e -> e.id() == held && e.runnerGone()));
            f.nodes().start("look", "runners", "--config", config(tmp, f.url(), "coordinator", Postgres.COORDINATOR)
                    .toString()).waitFor();
            assertThat(output(f.nodes(), "look")).as("fsnbot runners judges by the name lock").contains(
                    "victim (class sim): active but gone (no process holds its name)").containsPattern(
                    "survivor \\(class sim\\): active, last check-in");
            f.nodes().start("coordinator-2", "run", "--config", config(tmp, f.url(), "coordinator",
                    Postgres.COORDINATOR).toString());
            Duration limit = Duration.ofSeconds(CHECKIN_SECONDS + 30);
            await("the dead runner's unit claimed by the survivor", limit,
                    () -> f.store().fleet().runningOn(held).filter("survivor"::equals).isPresent()
                            || f.claims("runner = 'survivor' AND id = '" + held + "'") > 0);
            double took = Duration.between(killed, Instant.now()).toMillis() / 1000.0;
            await("every unit done", Duration.ofMinutes(2), () -> f.store().count("work_queue", "state = 'done'")
                    == 1 + waiting.size());
            String claimedAt = "(SELECT MIN(ts) FROM audit WHERE tbl = 'work_queue' AND id = '" + held
                    + "' AND runner = 'survivor' AND new_state = 'running')";
            long after = f.claims("runner = 'survivor' AND id <> '" + held + "' AND ts > " + claimedAt);
            System.err.printf(Locale.ROOT, "FleetLifecycleIT: the killed runner's unit claimed by the survivor %.1f s"
                    + " after the kill, ahead of %d of the %d waiting units%n", took, after, waiting.size());
            assertThat(after).as("waiting units claimed after the dead runner's: it went first").isPositive();
            assertThat(f.store().fleet().open()).extracting(QueueEntry::id).isEmpty();
        }
    }

    /** "STATUS body" of a GET to a node's health port on this host; "" when it does not answer. */
    private static String http(int port, String path) {
        try {
            java.net.http.HttpResponse<String> r = java.net.http.HttpClient.newHttpClient().send(
                    java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:" + port + path))
                            .timeout(Duration.ofSeconds(10)).build(), java.net.http.HttpResponse.BodyHandlers.ofString());
            return r.statusCode() + " " + r.body();
        } catch (java.io.IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    /** A count that reads as -1 while the database is away (the test's own pool reconnects after). */
    private static long countOr(Fleet f, String table, String where) {
        try {
            return f.store().count(table, where);
        } catch (RuntimeException e) {
            return -1;
        }
    }

    @Test
    void aDatabaseOutageUnderLoadEndsWithEveryUnitDoneOnceNoneStuckAndDrainStillWorks(@TempDir Path tmp)
            throws Exception {
        try (Fleet f = Fleet.start(tmp)) {
            int port;
            try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
                port = free.getLocalPort();
            }
            f.runner("out-a", 1500, "--health-port", Integer.toString(port));
            f.runner("out-b", 1500);
            f.awaitTaking("out-a");
            f.awaitTaking("out-b");
            await("out-a ready", Duration.ofSeconds(30), () -> http(port, "/readyz").startsWith("200 ready: runner"));
            List<Long> units = f.queue("load-", 24);
            await("units done and running before the outage", Duration.ofSeconds(90),
                    () -> f.store().count("work_queue", "state = 'done'") >= 2
                            && f.store().count("work_queue", "state = 'running'") >= 1);
            long doneBefore = f.store().count("work_queue", "state = 'done'");
            pg.stopServer();
            await("out-a says the database is away", Duration.ofSeconds(20),
                    () -> http(port, "/readyz").startsWith("503 not ready:"));
            assertThat(http(port, "/healthz")).as("alive through the outage").startsWith("200 ok");
            assertThat(http(port, "/metrics")).contains("fsnbot_database_up 0.0");
            Thread.sleep(OUTAGE_SECONDS * 1000L);
            pg.startServer();
            Instant up = Instant.now();
            await("every unit done after the outage", Duration.ofMinutes(5),
                    () -> countOr(f, "work_queue", "state = 'done'") == units.size());
            double settled = Duration.between(up, Instant.now()).toMillis() / 1000.0;
            for (String node : List.of("coordinator", "out-a", "out-b")) {
                assertThat(f.nodes().alive(node)).as("%s outlived the outage:%n%s", node, output(f.nodes(), node))
                        .isTrue();
            }
            assertThat(f.store().count("audit", "tbl = 'work_queue' AND new_state = 'done' AND old_state = 'done'"))
                    .as("no unit finished twice").isZero();
            assertThat(f.store().count("work_queue", "id IN (SELECT CAST(id AS BIGINT) FROM audit WHERE tbl ="
                    + " 'work_queue' AND new_state = 'done' GROUP BY id HAVING COUNT(*) > 1)")).isZero();
            assertThat(f.store().fleet().open()).as("nothing left running or waiting").isEmpty();
            await("out-a ready again", Duration.ofSeconds(30), () -> http(port, "/readyz").startsWith("200 ready"));
            assertThat(http(port, "/metrics")).contains("fsnbot_database_up 1.0", "fsnbot_units{state=\"done\"} "
                    + units.size() + ".0");
            long retried = output(f.nodes(), "out-a").lines().filter(l -> l.contains("trying again in")).count()
                    + output(f.nodes(), "out-b").lines().filter(l -> l.contains("trying again in")).count();

            assertThat(f.store().runners().setState("out-a", RunnerRegistry.State.DRAINING)).isTrue();
            await("out-a stops after the outage's drain", Duration.ofSeconds(60), () -> !f.nodes().alive("out-a"));
            assertThat(f.nodes().process("out-a").exitValue()).isZero();
            List<Long> after = f.queue("after-", 6);
            await("the units queued after the drain done", Duration.ofMinutes(2),
                    () -> f.store().count("work_queue", "state = 'done'") == units.size() + after.size());
            String drainedAt = "(SELECT MAX(ts) FROM audit WHERE tbl = 'runners' AND id = 'out-a' AND new_state ="
                    + " 'draining')";
            assertThat(f.claims("runner = 'out-a' AND ts > " + drainedAt)).as("claims after the drain").isZero();
            System.err.printf(Locale.ROOT, "FleetLifecycleIT: PostgreSQL stopped %d s with %d of %d units done;"
                    + " every unit done once %.1f s after it was back; %d waits said so; the drain after it held%n",
                    OUTAGE_SECONDS, doneBefore, units.size(), settled, retried);
        }
    }

    /** The test's fleet database, reached through proxy (the same database, another port). */
    private static String through(CutOffProxy proxy, String url) {
        return url.replaceFirst("//([^/:]+):(\\d+)/", "//127.0.0.1:" + proxy.port() + "/");
    }

    private static CutOffProxy proxyTo(String url) throws java.io.IOException {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("//([^/:]+):(\\d+)/").matcher(url);
        assertThat(m.find()).as(url).isTrue();
        return CutOffProxy.to(m.group(1), Integer.parseInt(m.group(2)));
    }

    private static long lines(Fleet f, String node, String containing) {
        return output(f.nodes(), node).lines().filter(l -> l.contains(containing)).count();
    }

    /** When unit first went to running on runner, by the server's clock (the audit's). */
    private static Instant claimedAt(Fleet f, long unit, String runner) {
        try (Connection c = DriverManager.getConnection(f.url(), Postgres.COORDINATOR, Postgres.COORDINATOR_PASSWORD);
                java.sql.PreparedStatement ps = c.prepareStatement("SELECT MIN(ts) FROM audit WHERE tbl ="
                        + " 'work_queue' AND id = ? AND runner = ? AND new_state = 'running'")) {
            ps.setString(1, Long.toString(unit));
            ps.setString(2, runner);
            try (java.sql.ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getTimestamp(1).toInstant();
            }
        } catch (java.sql.SQLException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aRunnerCutOffPastItsLimitStopsMeasuringAndItsUnitIsMeasuredOnceByAnother(@TempDir Path tmp)
            throws Exception {
        try (Fleet f = Fleet.start(tmp); CutOffProxy proxy = proxyTo(f.url())) {
            f.nodes().start("cut", "runner", "--config", config(tmp, through(proxy, f.url()), "cut", Postgres.RUNNER)
                    .toString(), "--simulate-ms", "600000");
            f.awaitTaking("cut");
            for (int t = 0; t < TRIES; t++) {
                long unit = f.queue("cut" + t + "-", 1).get(0);
                await("the cut-off runner measures its unit", Duration.ofSeconds(90),
                        () -> f.store().fleet().runningOn(unit).filter("cut"::equals).isPresent());
                String other = "other" + t;
                f.nodes().start(other, "runner", "--config", config(tmp, f.url(), "other", Postgres.RUNNER)
                        .toString(), "--simulate-ms", "1000");
                f.awaitTaking(other);
                long stoppedBefore = lines(f, "cut", "stopping that measuring now");
                long againBefore = lines(f, "cut", "holds its name again");
                Instant cutAt = Instant.now();
                proxy.cut();
                await("the cut-off runner says it stopped measuring", Duration.ofSeconds(40),
                        () -> lines(f, "cut", "stopping that measuring now") > stoppedBefore);
                Instant stoppedAt = Instant.now();
                Thread.sleep(Math.max(0, SERVER_NOTICES_SECONDS * 1000L - Duration.between(cutAt, Instant.now())
                        .toMillis()));
                proxy.serverNotices();
                await("the unit measured by the other runner", Duration.ofSeconds(120),
                        () -> f.store().count("work_queue", "id = ? AND state = 'done' AND runner = 'other'", unit)
                                == 1);
                Instant otherClaimed = claimedAt(f, unit, "other");
                proxy.heal();
                await("the cut-off runner finds the unit no longer its", Duration.ofSeconds(90),
                        () -> output(f.nodes(), "cut").contains("work #" + unit + " is no longer cut's"));
                await("the cut-off runner holds its name again", Duration.ofSeconds(30),
                        () -> lines(f, "cut", "holds its name again") > againBefore);
                assertThat(stoppedAt).as("the cut-off runner stopped before the other began").isBefore(otherClaimed);
                assertThat(f.store().count("audit", "tbl = 'work_queue' AND id = ? AND new_state = 'done'",
                        Long.toString(unit))).as("measured to its end once").isEqualTo(1);
                assertThat(f.store().count("audit", "tbl = 'work_queue' AND id = ? AND new_state = 'done' AND"
                        + " runner = 'cut'", Long.toString(unit))).isZero();
                assertThat(output(f.nodes(), "cut")).doesNotContain("work #" + unit + " done");
                assertThat(f.nodes().alive("cut")).as("the cut-off runner outlived it").isTrue();
                System.err.printf(Locale.ROOT, "FleetLifecycleIT: lease try %d: cut off; it stopped measuring %.1f s"
                        + " after the cut, the other runner took the unit %.1f s after it (the server ended the"
                        + " sessions at %d s); measured once, by the other%n", t + 1,
                        Duration.between(cutAt, stoppedAt).toMillis() / 1000.0,
                        Duration.between(cutAt, otherClaimed).toMillis() / 1000.0, SERVER_NOTICES_SECONDS);
                assertThat(f.nodes().stop(other)).isIn(0, 143);
            }
        }
    }

    @Test
    void aRunnerStoppedDuringAnOutageEndsWithinItsStopBound(@TempDir Path tmp) throws Exception {
        try (Fleet f = Fleet.start(tmp); CutOffProxy proxy = proxyTo(f.url())) {
            Path cfg = config(tmp, through(proxy, f.url()), "halt", Postgres.RUNNER);
            for (int t = 0; t < TRIES; t++) {
                String proc = "halt" + t;
                f.nodes().start(proc, "runner", "--config", cfg.toString(), "--simulate-ms", "600000");
                f.awaitTaking(proc);
                long unit = f.queue("halt" + t + "-", 1).get(0);
                await("the runner measures a unit", Duration.ofSeconds(90),
                        () -> f.store().fleet().runningOn(unit).filter("halt"::equals).isPresent());
                proxy.cut();
                // Stopped at a random point of the outage: measuring, or waiting on the database after its hold ended.
                Thread.sleep(ThreadLocalRandom.current().nextInt(500, 9000));
                Process p = f.nodes().process(proc);
                Instant term = Instant.now();
                p.destroy();
                boolean ended = p.waitFor(STOP_BOUND.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
                double took = Duration.between(term, Instant.now()).toMillis() / 1000.0;
                if (!ended) {
                    // What holds it, for whoever reads the failure.
                    new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                            Long.toString(p.pid()), "Thread.print").inheritIO().start().waitFor();
                }
                assertThat(ended).as("%s ended within %s of SIGTERM in an outage:%n%s", proc, STOP_BOUND,
                        output(f.nodes(), proc)).isTrue();
                assertThat(p.exitValue()).isIn(0, 143);
                proxy.serverNotices();
                proxy.heal();
                System.err.printf(Locale.ROOT, "FleetLifecycleIT: stop try %d: SIGTERM during an outage, the runner"
                        + " ended %.1f s after it (bound %d s)%n", t + 1, took, STOP_BOUND.toSeconds());
                assertThat(f.store().overrides().fail(unit, "the stop drill is done with it").done()).isTrue();
            }
        }
    }
}
