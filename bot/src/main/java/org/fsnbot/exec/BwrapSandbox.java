package org.fsnbot.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The single-machine sandbox: bubblewrap. Each step gets fresh mount, PID,
 * network, IPC and UTS namespaces: the system's /usr read-only, a few
 * files of /etc that hold no secrets, a private /tmp, /var/tmp and /dev
 * (so /dev/shm too), its own mounts and nothing else (no home, database,
 * outbox, config, ccache unless mounted, no /root). The environment is
 * cleared to what the step names. The seccomp filter (SeccompFilter)
 * refuses namespaces, io_uring, keyrings, BPF, perf, ptrace and mounts;
 * the step's cgroup (StepCgroups) bounds its memory, processes and CPU as
 * a whole; prlimit caps CPU time and file size per process. The PID
 * namespace and --die-with-parent make every process of the step die when
 * it ends, times out, or fsnbot dies.
 */
public final class BwrapSandbox implements Sandbox {

    /** The files of /etc a build or a boot reads; none holds a secret (no shadow, no ssh, no fsnbot config). */
    private static final List<Path> ETC = List.of(Path.of("/etc/alternatives"), Path.of("/etc/ld.so.cache"),
            Path.of("/etc/passwd"), Path.of("/etc/group"), Path.of("/etc/nsswitch.conf"), Path.of("/etc/localtime"));
    private static final Set<Path> SYSTEM = Set.of(Path.of("/usr"), Path.of("/etc"), Path.of("/dev"),
            Path.of("/proc"), Path.of("/tmp"), Path.of("/var"), Path.of("/var/tmp"));
    /** Enters the step's cgroups, opens the seccomp program as fd 3 for bwrap, then becomes the step (as root). */
    private static final String ENTER = "bpf=$1; shift; while [ \"$1\" != -- ]; do echo $$ > \"$1\" || {"
            + " echo \"fsnbot-sandbox: could not enter the cgroup $1\" >&2; exit 125; }; shift; done; shift;"
            + " exec 3< \"$bpf\" && exec \"$@\"";

    private final CommandRunner runner;
    private final Confinement confinement;
    private final Ownership ownership;

    public BwrapSandbox(CommandRunner runner, Confinement confinement) throws IOException {
        this.runner = runner;
        this.confinement = confinement;
        this.ownership = new Ownership(runner, confinement.user());
    }

    @Override
    public CommandResult run(SandboxStep step, Consumer<String> onLine) throws IOException {
        try (Grouped g = grouped(step)) {
            CommandResult r = runner.run(g.argv(), null, Map.of(Orphans.VARIABLE, confinement.owner()),
                    step.timeout(), onLine);
            return g.judged(r);
        }
    }

    @Override
    public CommandRunner.Copy runToFile(SandboxStep step, Path out, long maxBytes) throws IOException {
        try (Grouped g = grouped(step)) {
            CommandRunner.Copy c = runner.runToFile(new CommandRunner.Invocation(g.argv(), null,
                    Map.of(Orphans.VARIABLE, confinement.owner()), false, step.timeout()), out, maxBytes);
            return new CommandRunner.Copy(g.judged(c.result()), c.bytes(), c.cut());
        }
    }

    /** The step's command line inside its cgroup (when there is one), and what it ran into, read after it. */
    private Grouped grouped(SandboxStep step) throws IOException {
        for (Mount m : step.mounts()) {
            m.checkSource();
        }
        Optional<StepCgroups.Group> group = Optional.empty();
        if (confinement.cgroups().isPresent()) {
            group = Optional.of(confinement.cgroups().get().create(step.limits()));
        }
        return new Grouped(command(step, group.map(StepCgroups.Group::procs)), group);
    }

    /**
     * The whole command line as root runs it: a shell that enters the
     * cgroups whose procs files are given (none without a cgroup) and opens
     * the seccomp program as fd 3, then prlimit, bwrap and the step.
     */
    List<String> command(SandboxStep step, Optional<List<Path>> procs) {
        List<String> a = new ArrayList<>(List.of("sh", "-c", ENTER, "fsnbot-step",
                confinement.seccomp().bpf().toString()));
        procs.ifPresent(ps -> ps.forEach(p -> a.add(p.toString())));
        a.add("--");
        a.addAll(argv(step, procs.isPresent()));
        return a;
    }

    /** A command line and its cgroup, removed on close. */
    private record Grouped(List<String> argv, Optional<StepCgroups.Group> group) implements AutoCloseable {

        CommandResult judged(CommandResult r) throws IOException {
            if (r.exitCode() == 125 && r.outputText().contains("fsnbot-sandbox: could not enter the cgroup")) {
                throw new IOException("the sandbox could not start its step: " + r.outputText().strip());
            }
            return group.isPresent() ? r.withLimitsHit(group.get().hits()) : r;
        }

        @Override
        public void close() throws IOException {
            if (group.isPresent()) {
                group.get().close();
            }
        }
    }

    /**
     * The command line from prlimit on: limits, namespaces, mounts,
     * environment, user, then the step's command. With a cgroup bounding
     * memory and processes the per-process limits on those are left out
     * (the cgroup's are the real ones, and say when they struck).
     */
    List<String> argv(SandboxStep step, boolean inCgroup) {
        Limits l = step.limits();
        List<String> a = new ArrayList<>(List.of("prlimit", "--cpu=" + l.cpuSeconds(), "--fsize=" + l.fileSizeBytes(),
                "--core=0"));
        if (!inCgroup) {
            a.addAll(List.of("--as=" + l.addressSpaceBytes(), "--nproc=" + l.processes()));
        }
        a.addAll(List.of("--", "bwrap", "--die-with-parent", "--new-session", "--seccomp", "3"));
        Optional<SandboxUser> user = confinement.user();
        if (user.isPresent()) {
            // As root, no user namespace: the step becomes the sandbox user
            // below, which a namespace mapping only root could not express.
            a.addAll(List.of("--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts",
                    "--unshare-cgroup-try"));
        } else {
            a.add("--unshare-all");
        }
        a.add("--clearenv");
        Map<String, String> env = new TreeMap<>(Map.of("PATH", "/usr/bin:/bin", "HOME", "/tmp", "TMPDIR", "/tmp",
                "LANG", "C.UTF-8", Orphans.VARIABLE, confinement.owner()));
        env.putAll(step.env());
        env.forEach((k, v) -> a.addAll(List.of("--setenv", k, v)));
        a.addAll(List.of("--ro-bind", "/usr", "/usr", "--symlink", "usr/bin", "/bin", "--symlink", "usr/lib", "/lib",
                "--symlink", "usr/lib64", "/lib64", "--symlink", "usr/sbin", "/sbin", "--perms", "0755", "--dir",
                "/etc"));
        for (Path e : ETC) {
            if (Files.exists(e)) {
                a.addAll(List.of("--ro-bind", e.toString(), e.toString()));
            }
        }
        String scratch = Long.toString(l.scratchBytes());
        a.addAll(List.of("--dev", "/dev", "--proc", "/proc", "--perms", "1777", "--size", scratch, "--tmpfs", "/tmp",
                "--perms", "0755", "--dir", "/var", "--perms", "1777", "--size", scratch, "--tmpfs", "/var/tmp"));
        mounts(step.mounts(), a);
        a.addAll(List.of("--chdir", step.workDir().toString(), "--"));
        if (user.isPresent()) {
            SandboxUser u = user.get();
            a.addAll(List.of("setpriv", "--reuid=" + u.uid(), "--regid=" + u.gid(), "--init-groups",
                    "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", "--"));
        }
        a.addAll(step.command());
        return a;
    }

    /**
     * Each mount at its own path, parents first. bwrap makes missing
     * parent directories 0700 and root's, which the sandbox user could not
     * pass through, so every parent is made first, 0755, in the sandbox's
     * own root (the host's directory of that name is not there).
     */
    private static void mounts(List<Mount> mounts, List<String> a) {
        Set<Path> made = new HashSet<>(SYSTEM);
        List<Path> mounted = new ArrayList<>();
        for (Mount m : mounts.stream().sorted(Comparator.comparingInt(m -> m.path().getNameCount())).toList()) {
            Path p = m.path();
            if (p.startsWith("/usr")) {
                continue;
            }
            for (int i = 1; i < p.getNameCount(); i++) {
                Path parent = p.getRoot().resolve(p.subpath(0, i));
                if (made.add(parent) && mounted.stream().noneMatch(parent::startsWith)) {
                    a.addAll(List.of("--perms", "0755", "--dir", parent.toString()));
                }
            }
            String flag = switch (m.access()) {
                case READ_ONLY -> "--ro-bind";
                case WRITABLE -> "--bind";
                case DEVICE -> "--dev-bind";
            };
            a.addAll(List.of(flag, p.toString(), p.toString()));
            mounted.add(p);
        }
    }

    @Override
    public Space space(Path dir, long bytes) throws IOException {
        return confinement.spaces().make(dir, bytes);
    }

    @Override
    public void handOver(Path dir) throws IOException {
        ownership.handOver(dir);
    }

    @Override
    public void takeBack(Path dir) throws IOException {
        ownership.takeBack(dir);
    }

    @Override
    public String describe() {
        return "bubblewrap (no network, only the job's files" + confinement.user().map(u -> ", user " + u.name())
                .orElse("") + ", " + confinement.describeLimits() + ")";
    }

    @Override
    public boolean confines() {
        return true;
    }
}
