package org.fsnbot.exec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A cgroup of its own for every sandboxed step, so its memory, processes
 * and CPU are bounded as a whole (rlimits bound each process: 512
 * processes of 4 GiB each were 2 TiB), and what the step ran into is
 * counted by the kernel. cgroup v2 where the host has it with the memory
 * and pids controllers; else v1's memory, pids and cpu hierarchies
 * (hybrid hosts, such as this project's CI machines, keep those
 * controllers in v1). Groups live under fsnbot/ in each hierarchy and are
 * removed after their step, anything still in them killed first.
 */
public final class StepCgroups {

    private static final String DIR = "fsnbot";
    private static final long PERIOD_US = 100_000;

    private final boolean v2;
    /** v2: the one hierarchy's fsnbot/; v1: fsnbot/ in memory, pids and (when there) cpu. */
    private final List<Path> parents;
    private final AtomicLong next = new AtomicLong();
    private final String prefix = "step-" + ProcessHandle.current().pid() + "-";

    private StepCgroups(boolean v2, List<Path> parents) {
        this.v2 = v2;
        this.parents = List.copyOf(parents);
    }

    /**
     * The cgroups fsnbot can make on this host (mounted at fs, normally
     * /sys/fs/cgroup), or empty when it cannot (not root, or no memory or
     * pids controller to use): then the caller falls back to rlimits.
     */
    public static Optional<StepCgroups> probe(Path fs) {
        try {
            Path controllers = fs.resolve("cgroup.controllers");
            if (Files.isRegularFile(controllers)) {
                List<String> have = List.of(Files.readString(controllers).trim().split("\\s+"));
                if (!have.contains("memory") || !have.contains("pids")) {
                    return Optional.empty();
                }
                String enable = have.contains("cpu") ? "+memory +pids +cpu" : "+memory +pids";
                Path parent = Files.createDirectories(fs.resolve(DIR));
                write(fs.resolve("cgroup.subtree_control"), enable);
                write(parent.resolve("cgroup.subtree_control"), enable);
                StepCgroups c = new StepCgroups(true, List.of(parent));
                c.removeLeftovers();
                return Optional.of(c);
            }
            List<Path> parents = new ArrayList<>();
            for (String c : List.of("memory", "pids", "cpu")) {
                Path h = fs.resolve(c);
                if (Files.isRegularFile(h.resolve("cgroup.procs"))) {
                    parents.add(Files.createDirectories(h.resolve(DIR)));
                } else if (!c.equals("cpu")) {
                    return Optional.empty();
                }
            }
            StepCgroups c = new StepCgroups(false, parents);
            c.removeLeftovers();
            return Optional.of(c);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * Removes the groups of fsnbot processes that are gone (killed with a
     * step running): a group is named by the pid of the fsnbot that made it.
     */
    private void removeLeftovers() throws IOException {
        for (Path parent : parents) {
            List<Path> left;
            try (java.util.stream.Stream<Path> s = Files.list(parent)) {
                left = s.filter(Files::isDirectory).filter(d -> d.getFileName().toString().matches("step-\\d+-\\d+"))
                        .filter(d -> ProcessHandle.of(Long.parseLong(d.getFileName().toString().split("-")[1]))
                                .isEmpty())
                        .toList();
            }
            for (Path d : left) {
                new Group(List.of(d), Limits.reader()).close();
            }
        }
    }

    /** "cgroup v2" or "cgroup v1", for the facts. */
    public String describe() {
        return v2 ? "cgroup v2" : "cgroup v1";
    }

    /** A new group for one step with its limits written; close it after the step. */
    public Group create(Limits l) throws IOException {
        String name = prefix + next.incrementAndGet();
        List<Path> dirs = new ArrayList<>();
        try {
            for (Path p : parents) {
                dirs.add(Files.createDirectory(p.resolve(name)));
            }
            Group g = new Group(dirs, l);
            g.limit();
            return g;
        } catch (IOException | RuntimeException e) {
            for (Path d : dirs) {
                Files.deleteIfExists(d);
            }
            throw new IOException("could not make the step's cgroup " + name + ": " + e.getMessage(), e);
        }
    }

    /** One step's cgroup (in each v1 hierarchy, or the one v2 group). */
    public final class Group implements AutoCloseable {

        private final List<Path> dirs;
        private final Limits limits;

        private Group(List<Path> dirs, Limits limits) {
            this.dirs = List.copyOf(dirs);
            this.limits = limits;
        }

        private void limit() throws IOException {
            long quota = Math.round(limits.cpus() * PERIOD_US);
            if (v2) {
                Path d = dirs.get(0);
                write(d.resolve("memory.max"), Long.toString(limits.memoryBytes()));
                writeIfThere(d.resolve("memory.swap.max"), "0");
                write(d.resolve("pids.max"), Integer.toString(limits.processes()));
                writeIfThere(d.resolve("cpu.max"), quota + " " + PERIOD_US);
                return;
            }
            for (Path d : dirs) {
                if (Files.exists(d.resolve("memory.limit_in_bytes"))) {
                    write(d.resolve("memory.limit_in_bytes"), Long.toString(limits.memoryBytes()));
                    // Raised after the plain limit: the kernel refuses memsw below it.
                    writeIfThere(d.resolve("memory.memsw.limit_in_bytes"), Long.toString(limits.memoryBytes()));
                }
                if (Files.exists(d.resolve("pids.max"))) {
                    write(d.resolve("pids.max"), Integer.toString(limits.processes()));
                }
                if (Files.exists(d.resolve("cpu.cfs_quota_us"))) {
                    write(d.resolve("cpu.cfs_period_us"), Long.toString(PERIOD_US));
                    write(d.resolve("cpu.cfs_quota_us"), Long.toString(quota));
                }
            }
        }

        /** The cgroup.procs files the step's first process writes its pid to before it execs. */
        public List<Path> procs() {
            return dirs.stream().map(d -> d.resolve("cgroup.procs")).toList();
        }

        /** What the step ran into: processes the OOM killer ended at the memory limit, forks refused. */
        public List<LimitHit> hits() throws IOException {
            List<LimitHit> hits = new ArrayList<>();
            long oom = 0;
            long forks = 0;
            for (Path d : dirs) {
                oom += counter(d.resolve(v2 ? "memory.events" : "memory.oom_control"), "oom_kill");
                forks += counter(d.resolve("pids.events"), "max");
            }
            if (oom > 0) {
                hits.add(new LimitHit(LimitHit.Kind.MEMORY, limits.memoryBytes(), oom));
            }
            if (forks > 0) {
                hits.add(new LimitHit(LimitHit.Kind.PROCESSES, limits.processes(), forks));
            }
            return hits;
        }

        /** Kills whatever is left in the group (the sandbox should have), then removes it. */
        @Override
        public void close() throws IOException {
            for (int round = 0; round < 50; round++) {
                List<Long> left = new ArrayList<>();
                for (Path d : dirs) {
                    for (String pid : Files.readAllLines(d.resolve("cgroup.procs"))) {
                        if (!pid.isBlank()) {
                            left.add(Long.parseLong(pid.trim()));
                        }
                    }
                }
                if (left.isEmpty()) {
                    break;
                }
                left.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            IOException failed = null;
            for (Path d : dirs) {
                try {
                    Files.deleteIfExists(d);
                } catch (IOException e) {
                    failed = e;
                }
            }
            if (failed != null) {
                throw new IOException("could not remove the step's cgroup: " + failed.getMessage(), failed);
            }
        }
    }

    /** The value after name in a flat-keyed cgroup file ("oom_kill 3"), 0 when absent. */
    static long counter(Path file, String name) throws IOException {
        if (!Files.exists(file)) {
            return 0;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.US_ASCII)) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 2 && f[0].toLowerCase(Locale.ROOT).equals(name)) {
                return Long.parseLong(f[1]);
            }
        }
        return 0;
    }

    private static void write(Path file, String value) throws IOException {
        Files.writeString(file, value, StandardCharsets.US_ASCII);
    }

    private static void writeIfThere(Path file, String value) throws IOException {
        if (Files.exists(file)) {
            write(file, value);
        }
    }
}
