package org.fsnbot.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.fsnbot.testing.Postgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseReason;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The store's contract on a real PostgreSQL 15 (the fleet's store): the
 * same migrations (translated as Flyway sends them), the same queries,
 * Quartz's tables beside them. Each test gets a database of its own.
 */
@Tag("e2e")
class PostgresStoreIT extends StoreContract {

    private static Postgres pg;
    private final Map<Path, String> databases = new HashMap<>();

    @BeforeAll
    static void server() {
        pg = Postgres.start(100);
    }

    @AfterAll
    static void stop() {
        pg.close();
    }

    @Override
    Store open(Path dir) {
        String db = databases.computeIfAbsent(dir, d -> {
            String name = "t" + Integer.toHexString(d.toString().hashCode()).replace('-', 'm');
            try (Connection c = DriverManager.getConnection(pg.url(), pg.user(), pg.password());
                    Statement st = c.createStatement()) {
                st.execute("CREATE DATABASE " + name);
            } catch (java.sql.SQLException e) {
                throw new IllegalStateException(e);
            }
            return name;
        });
        return Store.postgres(pg.url().replaceAll("/fsnbot$", "/" + db), pg.user(), pg.password(), 4,
                Clock.systemUTC());
    }

    @Test
    void aRunnerNameIsOneSessionsAndAUnitOfARunnerHoldingNoneIsQueuedAgainFirst(@TempDir Path dir) {
        try (Store store = open(dir)) {
            RunnerNameLock first = store.holdRunnerName("box-9").orElseThrow();
            assertThat(store.holdRunnerName("box-9")).as("a second process under the name").isEmpty();
            assertThat(store.runners().nameHeld("box-9")).isTrue();
            long id = store.queue().enqueue(WorkItem.found("k", "t", new WorkTarget.Revision("v2"), new Base("/t",
                    "v1", BaseReason.of(BaseReason.Kind.CONFIGURED)))).orElseThrow();
            assertThat(store.fleet().claim(id, new FleetQueue.Claimant("box-9", first.session() + 1), false, 3))
                    .as("another session's claim under the name").isInstanceOf(FleetQueue.Claim.Refused.class);
            assertThat(store.fleet().claim(id, new FleetQueue.Claimant("box-9", first.session()), false, 3))
                    .isInstanceOf(FleetQueue.Claim.Run.class);
            assertThat(store.deadRunners().orphans()).isEmpty();
            assertThat(store.deadRunners().requeueOrphan(id, 3)).contains("no longer running on a dead runner");

            first.close();
            // The server frees the lock when the closed connection's backend ends: milliseconds later.
            long end = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
            while (store.runners().nameHeld("box-9") && System.nanoTime() < end) {
                Thread.onSpinWait();
            }
            assertThat(store.runners().nameHeld("box-9")).as("freed with its connection").isFalse();
            assertThat(store.deadRunners().orphans()).containsExactly(id);
            assertThat(store.fleet().open()).singleElement().satisfies(e -> assertThat(e.where())
                    .isEqualTo("running on box-9, which is gone: a coordinator queues it again"));
            assertThat(store.deadRunners().requeueOrphan(id, 3)).contains("runner box-9 died while running it");
            assertThat(store.fleet().waiting()).singleElement().satisfies(w -> assertThat(w.ranBefore()).isTrue());
            try (RunnerNameLock again = store.holdRunnerName("box-9").orElseThrow()) {
                assertThat(again.session()).isPositive();
                assertThat(store.deadRunners().orphans()).isEmpty();
            }
        }
    }

    /*
     * A CI run lost a coordinator to "tuple concurrently updated": two
     * coordinators started together granted the runner role its rights at
     * the same moment. Every round here opens one fleet database from four
     * coordinators released by one barrier; each must open.
     */
    @Test
    void coordinatorsOpeningOneDatabaseAtOnceAllOpen() throws Exception {
        String url = pg.fleetDatabase("grants_race");
        int coordinators = 4;
        ExecutorService pool = Executors.newFixedThreadPool(coordinators);
        try {
            for (int round = 0; round < 8; round++) {
                CyclicBarrier together = new CyclicBarrier(coordinators);
                List<Future<?>> opened = new ArrayList<>();
                for (int i = 0; i < coordinators; i++) {
                    opened.add(pool.submit(() -> {
                        together.await(1, TimeUnit.MINUTES);
                        Store.postgres(url, Postgres.COORDINATOR, Postgres.COORDINATOR_PASSWORD, 2, Clock.systemUTC())
                                .close();
                        return null;
                    }));
                }
                for (Future<?> f : opened) {
                    f.get(3, TimeUnit.MINUTES);
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
