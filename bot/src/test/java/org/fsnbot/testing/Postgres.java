package org.fsnbot.testing;

import java.time.Duration;
import java.util.Optional;
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

    public static final String IMAGE = "fsnbot-postgres:bookworm-3";
    public static final String PASSWORD = "fsnbot-test-only";

    private final GenericContainer<?> container;

    private Postgres(GenericContainer<?> container) {
        this.container = container;
    }

    /** A fresh server with up to maxConnections connections. */
    public static Postgres start(int maxConnections) {
        return start(maxConnections, Optional.empty());
    }

    /**
     * A fresh server that takes TLS connections only, with the certificate
     * and key in tls (server.crt, server.key).
     */
    public static Postgres startWithTls(java.nio.file.Path tls) {
        return start(20, Optional.of(tls));
    }

    @SuppressWarnings("resource")
    private static Postgres start(int maxConnections, Optional<java.nio.file.Path> tls) {
        GenericContainer<?> c = new GenericContainer<>(DockerImageName.parse(IMAGE)).withExposedPorts(5432)
                // A port of its own, bound by hand, so that a stopped and started server keeps it (outage).
                .withCreateContainerCmdModifier(cmd -> cmd.getHostConfig().withPortBindings(
                        new com.github.dockerjava.api.model.PortBinding(
                                com.github.dockerjava.api.model.Ports.Binding.bindPort(freePort()),
                                com.github.dockerjava.api.model.ExposedPort.tcp(5432))))
                .withEnv("FSNBOT_PG_PASSWORD", PASSWORD)
                .withEnv("FSNBOT_PG_MAX_CONNECTIONS", Integer.toString(maxConnections))
                .waitingFor(Wait.forLogMessage(".*database system is ready to accept connections.*\\n", 1)
                        .withStartupTimeout(Duration.ofMinutes(2)));
        tls.ifPresent(dir -> {
            for (String f : new String[] {"server.crt", "server.key"}) {
                c.withCopyFileToContainer(org.testcontainers.utility.MountableFile.forHostPath(dir.resolve(f)),
                        "/tls/" + f);
            }
        });
        c.start();
        return new Postgres(c);
    }

    private static int freePort() {
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            return s.getLocalPort();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * Stops the server with a fast shutdown (SIGINT: every session ends at
     * once, as in a restart or a crash of the database host), and returns
     * once it is down.
     */
    public void stopServer() {
        var docker = container.getDockerClient();
        docker.killContainerCmd(container.getContainerId()).withSignal("SIGINT").exec();
        long end = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        while (Boolean.TRUE.equals(docker.inspectContainerCmd(container.getContainerId()).exec().getState()
                .getRunning())) {
            if (System.nanoTime() > end) {
                throw new IllegalStateException("PostgreSQL did not stop within a minute");
            }
            sleep(100);
        }
    }

    /** Starts the stopped server again on its port and returns once it takes connections. */
    public void startServer() {
        container.getDockerClient().startContainerCmd(container.getContainerId()).exec();
        long end = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (true) {
            try (java.sql.Connection c = java.sql.DriverManager.getConnection(url(), user(), password())) {
                if (c.isValid(5)) {
                    return;
                }
            } catch (java.sql.SQLException e) {
                if (System.nanoTime() > end) {
                    throw new IllegalStateException("PostgreSQL did not come back within 2 minutes", e);
                }
                sleep(200);
            }
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** url as another container reaches it: the server's address on Docker's bridge, its own port. */
    public String fromContainers(String url) {
        String ip = container.getContainerInfo().getNetworkSettings().getNetworks().get("bridge").getIpAddress();
        // Docker's bridge on this host: clear text, said as such (store.StoreUrl refuses a silent fallback).
        return url.replaceFirst("//[^/]+/", "//" + ip + ":5432/") + (url.contains("?") ? "&" : "?") + "sslmode=disable";
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

    /** The fleet's two logins as docs/fleet.md has an operator make them: a coordinator and a runner. */
    public static final String COORDINATOR = "fsnbot_coordinator";
    public static final String RUNNER = "fsnbot_runner";
    public static final String COORDINATOR_PASSWORD = "coordinator-test-only";
    public static final String RUNNER_PASSWORD = "runner-test-only";

    /**
     * A new database owned by the coordinator login (so its schema is the
     * coordinator's to migrate), both logins made first when missing; its URL.
     */
    public String fleetDatabase(String name) {
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(url(), user(), password());
                java.sql.Statement st = c.createStatement()) {
            for (String[] login : new String[][] {{COORDINATOR, COORDINATOR_PASSWORD}, {RUNNER, RUNNER_PASSWORD}}) {
                try (java.sql.ResultSet rs = st.executeQuery("SELECT 1 FROM pg_roles WHERE rolname = '" + login[0]
                        + "'")) {
                    if (rs.next()) {
                        continue;
                    }
                }
                st.execute("CREATE ROLE " + login[0] + " LOGIN PASSWORD '" + login[1] + "'");
            }
            st.execute("CREATE DATABASE " + name + " OWNER " + COORDINATOR);
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
        return url().replaceAll("/fsnbot$", "/" + name);
    }

    @Override
    public void close() {
        container.stop();
    }
}
