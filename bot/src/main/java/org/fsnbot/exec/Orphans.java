package org.fsnbot.exec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Finds and kills what a killed fsnbot left running. Every step fsnbot
 * starts carries FSNBOT_OWNER=<OwnerMark> in its environment, which
 * survives into make's and QEMU's children: the home, and the fsnbot
 * process that started it. A marked process is left over only when that
 * process is gone; a live one's steps are never touched, whoever looks
 * (docs/security.md, "A second process on the home"). The sandbox's PID
 * namespace and --die-with-parent already take steps down with fsnbot;
 * this is for what escapes them (sandbox: none, a step started between
 * fork and namespace).
 */
public final class Orphans {

    public static final String VARIABLE = "FSNBOT_OWNER";

    private final String home;

    /** home: the home part of the marks to look at (OwnerMark.home). */
    public Orphans(String home) {
        if (home == null || home.isBlank() || home.contains("\0")) {
            throw new IllegalArgumentException("an owner mark must be a plain string: " + home);
        }
        this.home = home;
    }

    /**
     * Kills every process of this home whose starting fsnbot is gone (and
     * that is not this process's own); returns their pids. A mark that
     * names no starter (an older fsnbot's) is left alone: nothing proves
     * its starter dead.
     */
    public List<Long> reap() throws IOException {
        long self = ProcessHandle.current().pid();
        List<Long> killed = new ArrayList<>();
        for (Map.Entry<Long, String> e : marks().entrySet()) {
            long pid = e.getKey();
            Optional<OwnerMark> mark = OwnerMark.parse(e.getValue());
            if (mark.isEmpty() || mark.get().starterAlive() || descendsFrom(pid, self)) {
                continue;
            }
            ProcessHandle.of(pid).ifPresent(h -> {
                if (h.destroyForcibly()) {
                    killed.add(pid);
                }
            });
        }
        return killed;
    }

    /** Every live process marked with this home but this one, whoever started it. */
    public List<Long> marked() throws IOException {
        return List.copyOf(marks().keySet());
    }

    /**
     * The marked processes of this home that this process started, or
     * whose starter is gone: what "nothing was left" may count, while
     * another live fsnbot on the home goes on with steps of its own.
     */
    public List<Long> markedByThisOrGone() throws IOException {
        long self = ProcessHandle.current().pid();
        List<Long> out = new ArrayList<>();
        for (Map.Entry<Long, String> e : marks().entrySet()) {
            Optional<OwnerMark> mark = OwnerMark.parse(e.getValue());
            if (mark.isEmpty() || mark.get().pid() == self || !mark.get().starterAlive()) {
                out.add(e.getKey());
            }
        }
        return out;
    }

    /** Each marked process of this home and its mark's text. */
    private Map<Long, String> marks() throws IOException {
        long self = ProcessHandle.current().pid();
        Map<Long, String> out = new LinkedHashMap<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(x -> x.getFileName().toString().matches("\\d+")).toList()) {
                long pid = Long.parseLong(p.getFileName().toString());
                if (pid == self) {
                    continue;
                }
                mark(p.resolve("environ")).filter(this::ofThisHome).ifPresent(m -> out.put(pid, m));
            }
        }
        return out;
    }

    private boolean ofThisHome(String mark) {
        return mark.equals(home) || OwnerMark.parse(mark).map(m -> m.home().equals(home)).orElse(false);
    }

    private static Optional<String> mark(Path environ) {
        byte[] env;
        try {
            env = Files.readAllBytes(environ);
        } catch (IOException | SecurityException e) {
            return Optional.empty(); // gone, or not ours to read
        }
        String prefix = VARIABLE + "=";
        int start = 0;
        for (int i = 0; i <= env.length; i++) {
            if (i == env.length || env[i] == 0) {
                String entry = new String(env, start, i - start, StandardCharsets.UTF_8);
                if (entry.startsWith(prefix)) {
                    return Optional.of(entry.substring(prefix.length()));
                }
                start = i + 1;
            }
        }
        return Optional.empty();
    }

    private static boolean descendsFrom(long pid, long ancestor) {
        Optional<ProcessHandle> h = ProcessHandle.of(pid);
        while (h.isPresent()) {
            if (h.get().pid() == ancestor) {
                return true;
            }
            h = h.get().parent();
        }
        return false;
    }
}
