package org.fsnbot.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import org.fsnbot.testing.Postgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;

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
}
