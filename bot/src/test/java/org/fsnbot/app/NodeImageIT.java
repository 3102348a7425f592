package org.fsnbot.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.store.Store;
import org.fsnbot.store.WorkItem;
import org.fsnbot.store.WorkTarget;
import org.fsnbot.testing.FleetProcesses;
import org.fsnbot.testing.Postgres;
import org.fsnbot.testing.Repo;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.images.builder.Transferable;
import org.testcontainers.utility.DockerImageName;

/**
 * The fleet-node image as an operator runs it (docs/fleet.md "Running it
 * as a service"): scripts/build-node-image.sh makes it from Debian
 * packages and this build's jar; a coordinator and a simulated runner
 * start from it on PostgreSQL 15, the coordinator's /readyz says ready,
 * the runner does the units queued, the coordinator's /metrics count
 * them, and SIGTERM ends the runner with the JVM's 143 or 0.
 */
@Tag("e2e")
class NodeImageIT {

    private static final String IMAGE = "fsnbot-node:bookworm";

    @SuppressWarnings("resource")
    private static GenericContainer<?> node(Path config, String password, String... command) {
        return new GenericContainer<>(DockerImageName.parse(IMAGE))
                .withCopyToContainer(Transferable.of(readAll(config), 0644), "/etc/fsnbot/node.yaml")
                .withEnv("FSNBOT_COORDINATOR_PASSWORD", Postgres.COORDINATOR_PASSWORD)
                .withEnv("FSNBOT_RUNNER_PASSWORD", password).withCommand(command);
    }

    private static byte[] readAll(Path p) {
        try {
            return Files.readAllBytes(p);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String get(GenericContainer<?> c, int port, String path) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://"
                + c.getHost() + ":" + c.getMappedPort(port) + path)).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
        return r.statusCode() + " " + r.body();
    }

    @Test
    void aCoordinatorAndARunnerFromTheImageDoTheQueueAndReportIt(@TempDir Path tmp) throws Exception {
        Process build = new ProcessBuilder("bash", "scripts/build-node-image.sh", FleetProcesses.jar().toString())
                .directory(Repo.root().toFile()).redirectErrorStream(true).redirectOutput(tmp.resolve("image.log")
                        .toFile()).start();
        assertThat(build.waitFor()).as(Files.readString(tmp.resolve("image.log"))).isZero();
        try (Postgres pg = Postgres.start(40)) {
            String url = pg.fleetDatabase("node_" + UUID.randomUUID().toString().substring(0, 8));
            String inside = pg.fromContainers(url);
            Path coordinator = FleetLifecycleIT.config(tmp, inside, "coordinator", Postgres.COORDINATOR);
            Path runner = FleetLifecycleIT.config(tmp, inside, "node-runner", Postgres.RUNNER);
            try (GenericContainer<?> c = node(coordinator, "", "run", "--config", "/etc/fsnbot/node.yaml",
                    "--health-port", "9465").withExposedPorts(9465).waitingFor(Wait.forHttp("/readyz")
                            .forPort(9465).forStatusCode(200).withStartupTimeout(Duration.ofMinutes(2)))) {
                c.start();
                assertThat(get(c, 9465, "/readyz")).isEqualTo("200 ready: coordinator coordinator\n");
                try (GenericContainer<?> r = node(runner, Postgres.RUNNER_PASSWORD, "runner", "--config",
                        "/etc/fsnbot/node.yaml", "--simulate-ms", "300").waitingFor(Wait.forLogMessage(
                                ".*takes sim work from the fleet.*", 1).withStartupTimeout(Duration.ofMinutes(2)));
                        Store store = Store.postgres(url, Postgres.COORDINATOR, Postgres.COORDINATOR_PASSWORD, 2,
                                Clock.systemUTC())) {
                    r.start();
                    for (int i = 0; i < 3; i++) {
                        store.queue().enqueue(WorkItem.found("img" + i, "image " + i, new WorkTarget.Revision("v"
                                + i), new Base("/sim", "v0", BaseReason.of(BaseReason.Kind.CONFIGURED))));
                    }
                    long end = System.nanoTime() + Duration.ofMinutes(2).toNanos();
                    while (store.count("work_queue", "state = 'done' AND runner = 'node-runner'") < 3) {
                        assertThat(System.nanoTime()).as("units done by the runner in the image").isLessThan(end);
                        Thread.sleep(200);
                    }
                    assertThat(get(c, 9465, "/metrics")).contains("fsnbot_units{state=\"done\"} 3.0",
                            "fsnbot_runners{state=\"active\"} 1.0", "fsnbot_database_up 1.0");
                    r.getDockerClient().stopContainerCmd(r.getContainerId()).withTimeout(60).exec();
                    Long exit = r.getDockerClient().inspectContainerCmd(r.getContainerId()).exec().getState()
                            .getExitCodeLong();
                    assertThat(exit).as("SIGTERM: the JVM's own exit (the units' SuccessExitStatus)").isIn(0L, 143L);
                }
            }
        }
    }
}
