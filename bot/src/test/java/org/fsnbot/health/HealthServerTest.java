package org.fsnbot.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.store.Store;
import org.fsnbot.store.WorkItem;
import org.fsnbot.store.WorkTarget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A node's health endpoint over real HTTP, its metrics counted from a real store (H2). */
class HealthServerTest {

    private static HttpResponse<String> get(HealthServer h, String path) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                + h.address().getPort() + path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void healthReadinessAndMetricsSayWhatTheNodeAndTheStoreAre(@TempDir Path tmp) throws Exception {
        try (Store store = Store.h2(tmp.resolve("db/fsnbot"))) {
            for (String k : new String[] {"a", "b", "c"}) {
                store.queue().enqueue(WorkItem.found(k, "head " + k, new WorkTarget.Revision("v2"), new Base("/t",
                        "v1", BaseReason.of(BaseReason.Kind.CONFIGURED))));
            }
            store.fleet().dispatched(java.util.List.of(1L), "2s-kvm");
            store.fleet().claim(1, "box-1", false, 3);
            AtomicReference<Optional<String>> notReady = new AtomicReference<>(Optional.empty());
            AtomicReference<Optional<String>> database = new AtomicReference<>(Optional.empty());
            AtomicReference<Boolean> running = new AtomicReference<>(true);
            Node node = new Node("runner", "box-1", running::get, notReady::get);
            try (HealthServer h = HealthServer.start(new InetSocketAddress("127.0.0.1", 0), node, database::get,
                    new FleetMetrics(() -> store.census().count(), node))) {
                assertThat(get(h, "/healthz").statusCode()).isEqualTo(200);
                assertThat(get(h, "/readyz").body()).isEqualTo("ready: runner box-1\n");
                String metrics = get(h, "/metrics").body();
                assertThat(metrics).contains("fsnbot_database_up 1.0", "fsnbot_node_ready{name=\"box-1\",role="
                        + "\"runner\"} 1.0", "fsnbot_queue_units{class=\"\",state=\"queued\"} 2.0",
                        "fsnbot_queue_units{class=\"2s-kvm\",state=\"running\"} 1.0",
                        "fsnbot_units{state=\"queued\"} 2.0", "fsnbot_units{state=\"running\"} 1.0");

                notReady.set(Optional.of("it holds no name"));
                assertThat(get(h, "/readyz")).satisfies(r -> {
                    assertThat(r.statusCode()).isEqualTo(503);
                    assertThat(r.body()).isEqualTo("not ready: it holds no name\n");
                });
                database.set(Optional.of("the database is unreachable"));
                assertThat(get(h, "/readyz").body()).isEqualTo("not ready: the database is unreachable\n");
                assertThat(get(h, "/healthz").statusCode()).as("alive through an outage").isEqualTo(200);
                running.set(false);
                assertThat(get(h, "/healthz").statusCode()).isEqualTo(503);
                assertThat(get(h, "/nope").statusCode()).isEqualTo(404);
            }
        }
    }

    @Test
    void metricsSayTheStoreCouldNotBeReadAndStillAnswer() throws Exception {
        Node node = new Node("coordinator", "c1", () -> true, Optional::empty);
        try (HealthServer h = HealthServer.start(new InetSocketAddress("127.0.0.1", 0), node, Optional::empty,
                new FleetMetrics(() -> {
                    throw new IllegalStateException("no database");
                }, node))) {
            assertThat(get(h, "/metrics").body()).contains("fsnbot_database_up 0.0").doesNotContain("fsnbot_units");
        }
    }
}
