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
 * files of /etc that hold no secrets, a private /tmp and /var/tmp, its own
 * mounts and nothing else (no home, database, outbox, config, ccache
 * unless mounted, no /root). The environment is cleared to what the step
 * names. prlimit caps CPU time, address space, processes and file size;
 * the PID namespace and --die-with-parent make every process of the step
 * die when it ends, times out, or fsnbot dies.
 */
public final class BwrapSandbox implements Sandbox {

    /** The files of /etc a build or a boot reads; none holds a secret (no shadow, no ssh, no fsnbot config). */
    private static final List<Path> ETC = List.of(Path.of("/etc/alternatives"), Path.of("/etc/ld.so.cache"),
            Path.of("/etc/passwd"), Path.of("/etc/group"), Path.of("/etc/nsswitch.conf"), Path.of("/etc/localtime"));
    private static final Set<Path> SYSTEM = Set.of(Path.of("/usr"), Path.of("/etc"), Path.of("/dev"),
            Path.of("/proc"), Path.of("/tmp"), Path.of("/var"), Path.of("/var/tmp"));

    private final CommandRunner runner;
    private final Optional<SandboxUser> user;
    private final String owner;
    private final Ownership ownership;

    /**
     * user: whom untrusted code runs as; required when fsnbot runs as root,
     * absent otherwise (then an unprivileged user namespace confines it).
     * owner: the value of FSNBOT_OWNER every sandboxed process carries, so a
     * restarted fsnbot can find what a killed one left running.
     */
    public BwrapSandbox(CommandRunner runner, Optional<SandboxUser> user, String owner) throws IOException {
        this.runner = runner;
        this.user = user;
        this.owner = owner;
        this.ownership = new Ownership(runner, user);
    }

    @Override
    public CommandResult run(SandboxStep step, Consumer<String> onLine) throws IOException {
        return runner.run(argv(step), null, Map.of(Orphans.VARIABLE, owner), step.timeout(), onLine);
    }

    /** The whole command line: limits, namespaces, mounts, environment, user, then the step's command. */
    List<String> argv(SandboxStep step) {
        Limits l = step.limits();
        List<String> a = new ArrayList<>(List.of("prlimit", "--cpu=" + l.cpuSeconds(), "--as=" + l.addressSpaceBytes(),
                "--nproc=" + l.processes(), "--fsize=" + l.fileSizeBytes(), "--core=0", "--",
                "bwrap", "--die-with-parent", "--new-session"));
        if (user.isPresent()) {
            // As root, no user namespace: the step becomes the sandbox user
            // below, which a namespace mapping only root could not express.
            a.addAll(List.of("--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts",
                    "--unshare-cgroup-try"));
            if (step.handles() == SandboxStep.Handles.UNTRUSTED_DATA) {
                a.addAll(List.of("--cap-drop", "ALL"));
            }
        } else {
            a.add("--unshare-all");
        }
        a.add("--clearenv");
        Map<String, String> env = new TreeMap<>(Map.of("PATH", "/usr/bin:/bin", "HOME", "/tmp", "TMPDIR", "/tmp",
                "LANG", "C.UTF-8", Orphans.VARIABLE, owner));
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
        if (user.isPresent() && step.handles() == SandboxStep.Handles.UNTRUSTED_CODE) {
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
    public void handOver(Path dir) throws IOException {
        ownership.handOver(dir);
    }

    @Override
    public void takeBack(Path dir) throws IOException {
        ownership.takeBack(dir);
    }

    @Override
    public String describe() {
        return "bubblewrap (no network, only the job's files" + user.map(u -> ", user " + u.name()).orElse("") + ")";
    }

    @Override
    public boolean confines() {
        return true;
    }
}
