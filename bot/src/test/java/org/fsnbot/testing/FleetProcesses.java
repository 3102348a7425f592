package org.fsnbot.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * fsnbot processes of a fleet test, each its own JVM running the jar
 * Maven packaged (bot/target/fsnbot.jar), its output in dir/NAME.log.
 * kill(name) is kill -9; close() kills whatever is left.
 */
public final class FleetProcesses implements AutoCloseable {

    private final Path dir;
    private final Map<String, String> env;
    private final Map<String, Process> running = new LinkedHashMap<>();

    public FleetProcesses(Path dir, Map<String, String> env) {
        this.dir = dir;
        this.env = Map.copyOf(env);
    }

    public static Path jar() {
        return Repo.root().resolve("bot/target/fsnbot.jar");
    }

    /** Starts `fsnbot ARGS` as name. */
    public Process start(String name, String... args) throws IOException {
        List<String> cmd = ChildJvm.command("-Xmx384m", "-jar", jar().toString());
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log(name).toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        running.put(name, p);
        return p;
    }

    public Path log(String name) {
        return dir.resolve(name + ".log");
    }

    public String output(String name) throws IOException {
        return Files.exists(log(name)) ? Files.readString(log(name)) : "";
    }

    /** kill -9, as a machine that dies does it. */
    public void kill(String name) throws InterruptedException {
        Process p = running.get(name);
        p.destroyForcibly();
        p.waitFor(30, TimeUnit.SECONDS);
    }

    /** SIGTERM, as systemctl stop does, and waits for the process to end; its exit code. */
    public int stop(String name) throws InterruptedException {
        Process p = running.get(name);
        p.destroy();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            throw new IllegalStateException(name + " did not end within 60 s of SIGTERM");
        }
        return p.exitValue();
    }

    public Process process(String name) {
        return running.get(name);
    }

    public boolean alive(String name) {
        return running.get(name).isAlive();
    }

    @Override
    public void close() {
        for (Process p : running.values()) {
            p.destroyForcibly();
        }
        for (Process p : running.values()) {
            try {
                p.waitFor(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
