package org.fsnbot.exec;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs external tools (git, make, qemu) with a bounded time and captured
 * output. Output is read on a separate thread so a chatty child never
 * blocks on a full pipe while we wait for it.
 */
public final class CommandRunner {

    private final int keepLines;

    public CommandRunner() {
        this(20000);
    }

    public CommandRunner(int keepLines) {
        this.keepLines = keepLines;
    }

    /** Runs with our environment plus env. */
    public CommandResult run(List<String> command, Path dir, Map<String, String> env, Duration timeout,
            Consumer<String> onLine) throws IOException {
        return start(command, dir, env, false, timeout, onLine);
    }

    /** Runs with env as the whole environment: nothing of ours (secrets included) reaches the command. */
    public CommandResult runWithOnly(List<String> command, Path dir, Map<String, String> env, Duration timeout,
            Consumer<String> onLine) throws IOException {
        return start(command, dir, env, true, timeout, onLine);
    }

    private CommandResult start(List<String> command, Path dir, Map<String, String> env, boolean onlyEnv,
            Duration timeout, Consumer<String> onLine) throws IOException {
        Objects.requireNonNull(onLine, "onLine");
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        if (dir != null) {
            pb.directory(dir.toFile());
        }
        if (onlyEnv) {
            pb.environment().clear();
        }
        pb.environment().putAll(env);
        long start = System.nanoTime();
        Process p = pb.start();
        p.getOutputStream().close();
        List<String> lines = new ArrayList<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    synchronized (lines) {
                        lines.add(line);
                        if (lines.size() > keepLines) {
                            lines.remove(0);
                        }
                    }
                    onLine.accept(line);
                }
            } catch (IOException ignored) {
                // The process went away; what we read so far is the output.
            }
        }, "output-" + command.get(0));
        reader.setDaemon(true);
        reader.start();
        boolean finished;
        try {
            finished = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (!finished) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor(10, TimeUnit.SECONDS);
            }
            reader.join(5000);
        } catch (InterruptedException e) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + command.get(0), e);
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        synchronized (lines) {
            return new CommandResult(command, finished ? p.exitValue() : -1, !finished, new ArrayList<>(lines), millis);
        }
    }

    public CommandResult run(List<String> command, Path dir, Duration timeout) throws IOException {
        return run(command, dir, Map.of(), timeout, line -> { });
    }

    /** Runs and throws when the command fails: for steps whose failure is a bug in our setup. */
    public CommandResult check(List<String> command, Path dir, Duration timeout) throws IOException {
        CommandResult r = run(command, dir, timeout);
        if (!r.ok()) {
            throw new IOException(String.join(" ", command) + (r.timedOut() ? " timed out" : " exited " + r.exitCode())
                    + ":\n" + String.join("\n", r.tail(20)));
        }
        return r;
    }
}
