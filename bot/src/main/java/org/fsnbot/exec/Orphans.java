package org.fsnbot.exec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Finds and kills what a killed fsnbot left running. Every step fsnbot
 * starts carries FSNBOT_OWNER=<its home> in its environment, which
 * survives into make's and QEMU's children; a process with our mark that
 * is not a descendant of this process was left by an earlier one. The
 * sandbox's PID namespace and --die-with-parent already take steps down
 * with fsnbot; this is for what escapes them (sandbox: none, a step
 * started between fork and namespace).
 */
public final class Orphans {

    public static final String VARIABLE = "FSNBOT_OWNER";

    private final String owner;

    public Orphans(String owner) {
        if (owner == null || owner.isBlank() || owner.contains("\0")) {
            throw new IllegalArgumentException("an owner mark must be a plain string: " + owner);
        }
        this.owner = owner;
    }

    /** Kills every marked process that is not ours; returns their pids. */
    public List<Long> reap() throws IOException {
        long self = ProcessHandle.current().pid();
        List<Long> killed = new ArrayList<>();
        for (long pid : marked()) {
            if (!descendsFrom(pid, self)) {
                ProcessHandle.of(pid).ifPresent(h -> {
                    if (h.destroyForcibly()) {
                        killed.add(pid);
                    }
                });
            }
        }
        return killed;
    }

    /** Every live process with our mark but this one, ours or not. */
    public List<Long> marked() throws IOException {
        byte[] mark = (VARIABLE + "=" + owner).getBytes(StandardCharsets.UTF_8);
        long self = ProcessHandle.current().pid();
        List<Long> out = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(x -> x.getFileName().toString().matches("\\d+")).toList()) {
                long pid = Long.parseLong(p.getFileName().toString());
                if (pid != self && carries(p.resolve("environ"), mark)) {
                    out.add(pid);
                }
            }
        }
        return out;
    }

    private static boolean carries(Path environ, byte[] mark) {
        byte[] env;
        try {
            env = Files.readAllBytes(environ);
        } catch (IOException | SecurityException e) {
            return false; // gone, or not ours to read
        }
        int start = 0;
        for (int i = 0; i <= env.length; i++) {
            if (i == env.length || env[i] == 0) {
                if (i - start == mark.length && java.util.Arrays.equals(env, start, i, mark, 0, mark.length)) {
                    return true;
                }
                start = i + 1;
            }
        }
        return false;
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
