package org.fsnbot.exec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * What every confining sandbox applies beyond its own walls: whom
 * untrusted code runs as (the sandbox user when fsnbot is root), the mark
 * its processes carry (owner), the seccomp filter, the step's cgroup when
 * this host lets fsnbot make one, and the sized spaces steps write into.
 */
public record Confinement(Optional<SandboxUser> user, String owner, SeccompFilter seccomp,
        Optional<StepCgroups> cgroups, Spaces spaces) {

    public Confinement {
        Objects.requireNonNull(user);
        Objects.requireNonNull(owner);
        Objects.requireNonNull(seccomp);
        Objects.requireNonNull(cgroups);
        Objects.requireNonNull(spaces);
    }

    /**
     * This host's: the filter compiled into stateDir (fsnbot's own), the
     * cgroups under /sys/fs/cgroup when fsnbot is root.
     */
    public static Confinement forThisHost(CommandRunner runner, Optional<SandboxUser> user, String owner,
            Path stateDir) throws IOException {
        Optional<StepCgroups> cgroups = SandboxUser.currentUid() == 0
                ? StepCgroups.probe(Path.of("/sys/fs/cgroup")) : Optional.empty();
        return new Confinement(user, owner, SeccompFilter.in(stateDir, runner), cgroups, new Spaces(runner, owner));
    }

    /** One line for the facts: what bounds a step as a whole. */
    public String describeLimits() {
        return cgroups.map(c -> "seccomp, " + c.describe()).orElse("seccomp, rlimits only (no cgroup: fsnbot is"
                + " not root)");
    }
}
