package org.fsnbot.app;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.fsnbot.exec.BwrapSandbox;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.exec.Confinement;
import org.fsnbot.exec.ContainerSandbox;
import org.fsnbot.exec.NoSandbox;
import org.fsnbot.exec.Sandbox;
import org.fsnbot.exec.SandboxUser;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The sandbox the configuration names, made for this process (root or not). */
final class SandboxChoice {

    private static final Logger log = LoggerFactory.getLogger(SandboxChoice.class);

    private SandboxChoice() {
    }

    /** stateDir: fsnbot's own directory for the compiled seccomp filter. */
    static Sandbox of(Config.Sandboxing s, CommandRunner runner, String owner, Path stateDir) throws IOException {
        if (s.mode() == Config.Sandboxing.Mode.NONE) {
            log.warn("sandbox.mode is none: code from mail runs with fsnbot's own rights, network and files;"
                    + " every reply will say so");
            return new NoSandbox(runner, owner);
        }
        Optional<SandboxUser> user = SandboxUser.currentUid() == 0 ? Optional.of(SandboxUser.lookup(s.user(), runner))
                : Optional.empty();
        Confinement c = Confinement.forThisHost(runner, user, owner, stateDir);
        if (c.cgroups().isEmpty()) {
            log.warn("no cgroup for sandboxed steps (fsnbot is not root, or the host has no memory and pids"
                    + " controllers to use): memory and processes are bounded per process only");
        }
        List<Path> left = c.spaces().removeLeftovers();
        if (!left.isEmpty()) {
            log.warn("unmounted {} space(s) a previous fsnbot on {} left: {}", left.size(), owner, left);
        }
        return s.mode() == Config.Sandboxing.Mode.CONTAINER ? new ContainerSandbox(runner, s.image(), c)
                : new BwrapSandbox(runner, c);
    }
}
