package org.fsnbot.exec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Runs external tools (git, make, qemu) with a bounded time and bounded
 * output. Output is read on a separate thread so a chatty child never
 * blocks on a full pipe while we wait for it, and a child that prints past
 * OutputLimits.stopAfterBytes is killed: what a command prints is the
 * command's to choose, and a patch's build prints what the patch likes.
 */
public final class CommandRunner {

    private static final int CHUNK = 64 * 1024;

    private final OutputLimits limits;

    public CommandRunner() {
        this(OutputLimits.defaults());
    }

    public CommandRunner(OutputLimits limits) {
        this.limits = Objects.requireNonNull(limits);
    }

    /** Runs with our environment plus env. */
    public CommandResult run(List<String> command, Path dir, Map<String, String> env, Duration timeout,
            Consumer<String> onLine) throws IOException {
        return start(new Invocation(command, dir, env, false, timeout), onLine);
    }

    /** Runs with env as the whole environment: nothing of ours (secrets included) reaches the command. */
    public CommandResult runWithOnly(List<String> command, Path dir, Map<String, String> env, Duration timeout,
            Consumer<String> onLine) throws IOException {
        return start(new Invocation(command, dir, env, true, timeout), onLine);
    }

    /** A command, where it runs, its environment (ours plus env, or env alone) and its wall time. */
    public record Invocation(List<String> command, Path dir, Map<String, String> env, boolean onlyEnv,
            Duration timeout) {
        public Invocation {
            command = List.copyOf(command);
            env = Map.copyOf(env);
            Objects.requireNonNull(timeout);
            if (command.isEmpty()) {
                throw new IllegalArgumentException("no command");
            }
        }
    }

    /** What runToFile wrote: the run (stderr as its output), the bytes kept, and whether there were more. */
    public record Copy(CommandResult result, long bytes, boolean cut) {
    }

    /**
     * Runs with its standard output going to out, a file this call creates
     * (it must not exist: nothing is opened through a name someone else
     * made), at most maxBytes of it; a command that prints more is killed
     * and the copy says it was cut. Standard error is the result's output.
     */
    public Copy runToFile(Invocation inv, Path out, long maxBytes) throws IOException {
        ProcessBuilder pb = builder(inv);
        Process p = pb.start();
        p.getOutputStream().close();
        LineCapture errors = new LineCapture(limits, line -> { });
        Thread errReader = reader(p.getErrorStream(), errors, p, new AtomicBoolean(), inv.command().get(0));
        long start = System.nanoTime();
        // The copy below blocks in read() until the process closes its output: one
        // that neither writes nor exits (a reader blocked opening a FIFO) would hold
        // it for ever, so the deadline is kept from beside the copy.
        AtomicBoolean overdue = new AtomicBoolean();
        p.onExit().completeOnTimeout(null, inv.timeout().toMillis(), TimeUnit.MILLISECONDS).thenRun(() -> {
            if (p.isAlive()) {
                overdue.set(true);
                kill(p);
            }
        });
        long written = 0;
        boolean cut = false;
        try (InputStream in = p.getInputStream();
                OutputStream o = Files.newOutputStream(out, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                        LinkOption.NOFOLLOW_LINKS)) {
            byte[] buf = new byte[CHUNK];
            int n;
            while ((n = in.read(buf)) >= 0) {
                int keep = (int) Math.min(n, maxBytes - written);
                o.write(buf, 0, keep);
                written += keep;
                if (keep < n) {
                    cut = true;
                    kill(p);
                    break;
                }
            }
        }
        boolean finished = await(p, inv.timeout().toMillis() - (System.nanoTime() - start) / 1_000_000, errReader,
                inv.command());
        boolean timedOut = !finished || overdue.get();
        CommandResult r = new CommandResult(inv.command(), !timedOut && !cut ? p.exitValue() : -1, timedOut,
                errors.lines(false), (System.nanoTime() - start) / 1_000_000);
        return new Copy(r, written, cut);
    }

    private CommandResult start(Invocation inv, Consumer<String> onLine) throws IOException {
        Objects.requireNonNull(onLine, "onLine");
        ProcessBuilder pb = builder(inv).redirectErrorStream(true);
        long start = System.nanoTime();
        Process p = pb.start();
        p.getOutputStream().close();
        LineCapture capture = new LineCapture(limits, onLine);
        AtomicBoolean stopped = new AtomicBoolean();
        Thread reader = reader(p.getInputStream(), capture, p, stopped, inv.command().get(0));
        boolean finished = await(p, inv.timeout().toMillis(), reader, inv.command());
        long millis = (System.nanoTime() - start) / 1_000_000;
        boolean over = stopped.get();
        List<LimitHit> hits = over ? List.of(new LimitHit(LimitHit.Kind.OUTPUT, limits.stopAfterBytes(),
                capture.total())) : List.of();
        return new CommandResult(inv.command(), finished && !over ? p.exitValue() : -1, !finished,
                capture.lines(over), millis, hits);
    }

    private static ProcessBuilder builder(Invocation inv) {
        ProcessBuilder pb = new ProcessBuilder(inv.command());
        if (inv.dir() != null) {
            pb.directory(inv.dir().toFile());
        }
        if (inv.onlyEnv()) {
            pb.environment().clear();
        }
        pb.environment().putAll(inv.env());
        return pb;
    }

    /** Reads a stream into capture; kills the process (and says so in stopped) once it passes the limit. */
    private static Thread reader(InputStream in, LineCapture capture, Process p, AtomicBoolean stopped,
            String name) {
        Thread t = new Thread(() -> {
            byte[] buf = new byte[CHUNK];
            try (in) {
                int n;
                while ((n = in.read(buf)) >= 0) {
                    if (!capture.accept(buf, 0, n)) {
                        stopped.set(true);
                        kill(p);
                        return;
                    }
                }
            } catch (IOException ignored) {
                // The process went away; what we read so far is the output.
            }
        }, "output-" + name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Waits for the process up to millis, killing it and all it started after that; then for its reader. */
    private static boolean await(Process p, long millis, Thread reader, List<String> command) throws IOException {
        try {
            boolean finished = p.waitFor(Math.max(0, millis), TimeUnit.MILLISECONDS);
            if (!finished) {
                kill(p);
                p.waitFor(10, TimeUnit.SECONDS);
            }
            reader.join(5000);
            return finished;
        } catch (InterruptedException e) {
            kill(p);
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + command.get(0), e);
        }
    }

    private static void kill(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
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
