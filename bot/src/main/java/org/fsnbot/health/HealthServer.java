package org.fsnbot.health;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * A node's health endpoint (docs/fleet.md "Running it as a service"), for
 * a service manager, a load balancer and Prometheus:
 *
 * - /healthz: 200 while the node runs (its scheduler is not shut down),
 *   whatever the database does: restarting a node does not end an outage.
 * - /readyz: 200 when it can take its work now: the database answers and
 *   the node is ready (a runner holds its name, is active, not paused);
 *   503 and the reason otherwise.
 * - /metrics: FleetMetrics in Prometheus' text format.
 *
 * The JDK's own HTTP server: three fixed paths need no framework.
 */
public final class HealthServer implements AutoCloseable {

    private final HttpServer server;
    private final ExecutorService threads = Executors.newFixedThreadPool(2);
    private final Node node;
    private final Supplier<Optional<String>> database;
    private final PrometheusRegistry registry = new PrometheusRegistry();

    private HealthServer(HttpServer server, Node node, Supplier<Optional<String>> database, FleetMetrics metrics) {
        this.server = server;
        this.node = node;
        this.database = database;
        registry.register(metrics);
    }

    /**
     * Serves node's health at address until closed; database says why the
     * store cannot be read now, if it cannot.
     */
    public static HealthServer start(InetSocketAddress address, Node node, Supplier<Optional<String>> database,
            FleetMetrics metrics) throws IOException {
        HealthServer h = new HealthServer(HttpServer.create(address, 0), node, database, metrics);
        h.server.createContext("/", h::handle);
        h.server.setExecutor(h.threads);
        h.server.start();
        return h;
    }

    public InetSocketAddress address() {
        return server.getAddress();
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            if (!ex.getRequestMethod().equals("GET")) {
                send(ex, 405, "text/plain; charset=utf-8", "GET only\n");
                return;
            }
            switch (ex.getRequestURI().getPath()) {
                case "/healthz" -> {
                    boolean runs = node.running().get();
                    send(ex, runs ? 200 : 503, "text/plain; charset=utf-8", (runs ? "ok: " : "") + node.role()
                            + " " + node.name() + (runs ? " runs\n" : " has stopped\n"));
                }
                case "/readyz" -> {
                    Optional<String> why = !node.running().get() ? Optional.of("it has stopped")
                            : database.get().or(() -> node.notReady().get());
                    send(ex, why.isEmpty() ? 200 : 503, "text/plain; charset=utf-8", why.map(w -> "not ready: "
                            + w + "\n").orElse("ready: " + node.role() + " " + node.name() + "\n"));
                }
                case "/metrics" -> {
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    PrometheusTextFormatWriter w = PrometheusTextFormatWriter.create();
                    w.write(out, registry.scrape());
                    sendBytes(ex, 200, w.getContentType(), out.toByteArray());
                }
                default -> send(ex, 404, "text/plain; charset=utf-8", "/healthz, /readyz or /metrics\n");
            }
        }
    }

    private static void send(HttpExchange ex, int status, String type, String body) throws IOException {
        sendBytes(ex, status, type, body.getBytes(StandardCharsets.UTF_8));
    }

    private static void sendBytes(HttpExchange ex, int status, String type, byte[] body) throws IOException {
        ex.getResponseHeaders().set("Content-Type", type);
        ex.sendResponseHeaders(status, body.length);
        ex.getResponseBody().write(body);
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
