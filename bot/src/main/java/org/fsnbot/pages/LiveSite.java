package org.fsnbot.pages;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * `fsnbot serve`: the site live, each page made from the store when it is
 * asked for, and every other file of the site (a job's files, the weekly
 * pages) as it is on disk. Only GET, only paths of plain words, only
 * regular files under the site or the jobs directory; everything a job's
 * untrusted code left is served as plain text that a browser must not
 * sniff into HTML. The JDK's own HTTP server: a read-only page server
 * needs nothing more.
 */
public final class LiveSite implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(LiveSite.class);

    private static final Map<String, String> TYPES = Map.of("html", "text/html; charset=utf-8",
            "json", "application/json", "png", "image/png", "svg", "image/svg+xml");

    private final HttpServer server;
    private final Site site;
    private final Path www;
    private final Path jobs;

    private LiveSite(HttpServer server, Site site, Path www, Path jobs) {
        this.server = server;
        this.site = site;
        this.www = www;
        this.jobs = jobs;
    }

    /** Serving site (its static files from www, jobs' files from jobs) at address, until closed. */
    public static LiveSite start(Site site, Path www, Path jobs, InetSocketAddress address) throws IOException {
        HttpServer server = HttpServer.create(address, 0);
        LiveSite live = new LiveSite(server, site, www, jobs);
        server.createContext("/", live::handle);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.start();
        return live;
    }

    public InetSocketAddress address() {
        return server.getAddress();
    }

    @Override
    public void close() {
        server.stop(0);
        ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            if (!ex.getRequestMethod().equals("GET") && !ex.getRequestMethod().equals("HEAD")) {
                send(ex, 405, "text/plain", "GET only\n".getBytes(StandardCharsets.UTF_8));
                return;
            }
            String path = ex.getRequestURI().getRawPath();
            if (!path.matches("/[A-Za-z0-9._/-]*") || path.contains("..") || path.contains("//")) {
                send(ex, 400, "text/plain", "not a path of this site\n".getBytes(StandardCharsets.UTF_8));
                return;
            }
            String rel = path.substring(1);
            if (rel.isEmpty() || rel.endsWith("/")) {
                rel = rel + "index.html";
            }
            Optional<byte[]> made = made(rel);
            if (made.isPresent()) {
                send(ex, 200, type(rel), made.get());
                return;
            }
            Optional<Path> file = file(rel);
            if (file.isEmpty()) {
                send(ex, 404, "text/plain", "no such page\n".getBytes(StandardCharsets.UTF_8));
                return;
            }
            stream(ex, type(rel), file.get());
        } catch (IOException | RuntimeException e) {
            log.warn("serving {}: {}", ex.getRequestURI(), e.toString());
            throw e;
        }
    }

    /** A page made now (its HTML, or its JSON beside it), when rel names one. */
    private Optional<byte[]> made(String rel) throws IOException {
        if (rel.endsWith(".html")) {
            Optional<Page> p = site.page(rel);
            return p.map(x -> site.html(x).getBytes(StandardCharsets.UTF_8));
        }
        if (rel.endsWith(".json") && !rel.startsWith("jobs/")) {
            Optional<Page> p = site.page(rel.substring(0, rel.length() - ".json".length()) + ".html");
            if (p.isPresent()) {
                return Optional.of(site.json(p.get()).getBytes(StandardCharsets.UTF_8));
            }
        }
        return Optional.empty();
    }

    /** A regular file of the site or of a job, never through a link a job's files hold. */
    private Optional<Path> file(String rel) throws IOException {
        Path root = rel.startsWith("jobs/") ? jobs : www;
        Path f = root.resolve(rel.startsWith("jobs/") ? rel.substring("jobs/".length()) : rel).normalize();
        if (!f.startsWith(root)) {
            return Optional.empty();
        }
        for (Path p = f; p != null && !p.equals(root); p = p.getParent()) {
            if (Files.isSymbolicLink(p)) {
                return Optional.empty();
            }
        }
        return Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS) ? Optional.of(f) : Optional.empty();
    }

    private static String type(String rel) {
        int dot = rel.lastIndexOf('.');
        String ext = dot < 0 ? "" : rel.substring(dot + 1);
        return TYPES.getOrDefault(ext, rel.matches(".*\\.(bzImage|img|gz)") ? "application/octet-stream"
                : "text/plain; charset=utf-8");
    }

    /**
     * A job's file as it is on disk, streamed: a 128 MiB disk image costs
     * a copy buffer, not its size in heap, whoever asks for it how often;
     * HEAD reads nothing but its size.
     */
    private static void stream(HttpExchange ex, String type, Path file) throws IOException {
        headers(ex, type);
        boolean head = ex.getRequestMethod().equals("HEAD");
        try (java.nio.channels.FileChannel in = java.nio.channels.FileChannel.open(file,
                java.nio.file.StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            long size = in.size();
            ex.sendResponseHeaders(200, head ? -1 : size == 0 ? -1 : size);
            if (!head) {
                try (OutputStream out = ex.getResponseBody()) {
                    java.nio.channels.Channels.newInputStream(in).transferTo(out);
                }
            }
        }
    }

    private static void headers(HttpExchange ex, String type) {
        ex.getResponseHeaders().set("Content-Type", type);
        ex.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
        ex.getResponseHeaders().set("Content-Security-Policy", "default-src 'self'; style-src 'unsafe-inline'");
    }

    private static void send(HttpExchange ex, int status, String type, byte[] body) throws IOException {
        headers(ex, type);
        boolean head = ex.getRequestMethod().equals("HEAD");
        ex.sendResponseHeaders(status, head ? -1 : body.length);
        if (!head) {
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        }
    }
}
