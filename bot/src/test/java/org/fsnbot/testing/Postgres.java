package org.fsnbot.testing;

import java.time.Duration;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * A real PostgreSQL 15 for the fleet's tests: Debian's postgresql-15 in
 * the image scripts/build-pg-image.sh makes (no registry can be reached
 * here), started through Testcontainers on a port of its own. The tests'
 * environment has TESTCONTAINERS_RYUK_DISABLED (bot/pom.xml), so close it.
 */
public final class Postgres implements AutoCloseable {

    public static final String IMAGE = "fsnbot-postgres:bookworm";
    public static final String PASSWORD = "fsnbot-test-only";

    private final GenericContainer<?> container;

    private Postgres(GenericContainer<?> container) {
        this.container = container;
    }

    /** A fresh server with up to maxConnections connections. */
    @SuppressWarnings("resource")
    public static Postgres start(int maxConnections) {
        GenericContainer<?> c = new GenericContainer<>(DockerImageName.parse(IMAGE)).withExposedPorts(5432)
                .withEnv("FSNBOT_PG_PASSWORD", PASSWORD)
                .withEnv("FSNBOT_PG_MAX_CONNECTIONS", Integer.toString(maxConnections))
                .waitingFor(Wait.forLogMessage(".*database system is ready to accept connections.*\\n", 1)
                        .withStartupTimeout(Duration.ofMinutes(2)));
        c.start();
        return new Postgres(c);
    }

    public String url() {
        return "jdbc:postgresql://" + container.getHost() + ":" + container.getMappedPort(5432) + "/fsnbot";
    }

    public String user() {
        return "fsnbot";
    }

    public String password() {
        return PASSWORD;
    }

    @Override
    public void close() {
        container.stop();
    }
}
