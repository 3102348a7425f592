package org.fsnbot.testing;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Real public-inbox v2 inboxes made with Debian's public-inbox tools and
 * served by a real public-inbox-httpd on 127.0.0.1, the way lore serves
 * them. Everything lives under one directory with its own PI_CONFIG.
 */
public final class PublicInbox implements AutoCloseable {

    private final Path dir;
    private final int port;
    private Process httpd;

    public PublicInbox(Path dir) throws IOException {
        this.dir = dir;
        try (ServerSocket s = new ServerSocket(0)) {
            this.port = s.getLocalPort();
        }
        Files.createDirectories(dir);
    }

    public static boolean installed() {
        return Files.isExecutable(Path.of("/usr/bin/public-inbox-httpd"));
    }

    public String url(String inbox) {
        return "http://127.0.0.1:" + port + "/" + inbox + "/";
    }

    public Path inboxDir(String inbox) {
        return dir.resolve(inbox);
    }

    public void create(String inbox) throws IOException {
        run(null, "public-inbox-init", "-V2", "-L", "basic", inbox, inboxDir(inbox).toString(),
                "http://127.0.0.1:" + port + "/" + inbox, inbox + "@example.org");
        run(null, "git", "config", "-f", dir.resolve("config").toString(), "publicinboxmda.spamcheck", "none");
    }

    /** Delivers one raw message as the list's MTA would. */
    public void deliver(String inbox, Path message) throws IOException {
        run(message, "env", "ORIGINAL_RECIPIENT=" + inbox + "@example.org", "public-inbox-mda", "--no-precheck");
    }

    /** Removes a message from the archive, rewriting the epoch's history as lore's admins do. */
    public void purge(String inbox, Path message) throws IOException {
        run(message, "public-inbox-purge", inboxDir(inbox).toString());
    }

    /** Makes an inbox whose epoch 0 is a copy of an existing epoch, then indexes it. */
    public void importEpoch(String inbox, Path epoch) throws IOException {
        create(inbox);
        Path target = inboxDir(inbox).resolve("git/0.git");
        run(null, "rm", "-rf", target.toString());
        run(null, "cp", "-a", epoch.toString(), target.toString());
        run(null, "chmod", "-R", "u+w", target.toString());
        Files.createDirectories(target.resolve("refs/heads"));
        Files.createDirectories(target.resolve("refs/tags"));
        run(null, "public-inbox-index", inboxDir(inbox).toString());
    }

    public String head(String inbox) throws IOException {
        return run(null, "git", "--git-dir=" + inboxDir(inbox).resolve("git/0.git"), "rev-parse", "master").trim();
    }

    /** Starts public-inbox-httpd and waits until it serves every inbox's manifest. */
    public void serve(String... inboxes) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("public-inbox-httpd", "-l", "http://127.0.0.1:" + port)
                .redirectErrorStream(true).redirectOutput(dir.resolve("httpd.log").toFile());
        env(pb.environment());
        httpd = pb.start();
        HttpClient http = HttpClient.newHttpClient();
        for (String inbox : inboxes) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (true) {
                try {
                    HttpResponse<Void> r = http.send(HttpRequest.newBuilder(URI.create(url(inbox)
                            + "manifest.js.gz")).build(), HttpResponse.BodyHandlers.discarding());
                    if (r.statusCode() == 200) {
                        break;
                    }
                } catch (IOException notYet) {
                    // Still starting.
                }
                if (System.nanoTime() > deadline || !httpd.isAlive()) {
                    throw new IOException("public-inbox-httpd did not serve " + inbox + ": "
                            + Files.readString(dir.resolve("httpd.log")));
                }
                Thread.sleep(200);
            }
        }
    }

    private void env(Map<String, String> env) {
        env.put("PI_CONFIG", dir.resolve("config").toString());
        env.put("HOME", dir.toString());
    }

    private String run(Path stdin, String... cmd) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(List.of(cmd))).redirectErrorStream(true);
        env(pb.environment());
        if (stdin != null) {
            pb.redirectInput(stdin.toFile());
        }
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        try {
            if (!p.waitFor(5, TimeUnit.MINUTES) || p.exitValue() != 0) {
                throw new IOException(String.join(" ", cmd) + " failed: " + out);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        return out;
    }

    /**
     * Stops public-inbox-httpd and the workers it forked, and waits until
     * they are gone: a worker that outlives its master can still write
     * into the inbox (SQLite's journal files) while JUnit deletes the
     * test's directory, which then fails as "not empty".
     */
    @Override
    public void close() {
        if (httpd == null) {
            return;
        }
        List<ProcessHandle> all = new ArrayList<>(httpd.descendants().toList());
        all.add(httpd.toHandle());
        all.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (ProcessHandle p : all) {
            try {
                long left = Math.max(1, deadline - System.nanoTime());
                p.onExit().get(left, TimeUnit.NANOSECONDS);
            } catch (TimeoutException | ExecutionException e) {
                p.destroyForcibly();
                p.onExit().join();
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
