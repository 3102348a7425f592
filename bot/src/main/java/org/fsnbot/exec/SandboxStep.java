package org.fsnbot.exec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One command that handles mail-derived content, with everything it may
 * see: its mounts, the environment it gets (nothing else of ours), its
 * limits and its wall time. What it handles decides who it runs as.
 */
public record SandboxStep(List<String> command, Path workDir, Map<String, String> env, List<Mount> mounts,
        Handles handles, Limits limits, Duration timeout) {

    private static final Pattern ENV_NAME = Pattern.compile("[A-Z][A-Z0-9_]*");

    /** What of the mail the step handles. */
    public enum Handles {
        /**
         * Runs code that came with the mail or a tree it named (make, the
         * kernel under QEMU): as the sandbox's own unprivileged user.
         */
        UNTRUSTED_CODE,
        /**
         * Only reads mail-derived data with a trusted program (git am, git
         * checkout of a named revision): as our own user without
         * capabilities, so it can write the checkout it applies to.
         */
        UNTRUSTED_DATA
    }

    public SandboxStep {
        command = List.copyOf(command);
        env = Map.copyOf(env);
        mounts = List.copyOf(mounts);
        Objects.requireNonNull(handles);
        Objects.requireNonNull(limits);
        Objects.requireNonNull(timeout);
        if (command.isEmpty()) {
            throw new IllegalArgumentException("a sandbox step needs a command");
        }
        if (workDir == null || mounts.stream().noneMatch(m -> workDir.startsWith(m.path()))) {
            throw new IllegalArgumentException("the step's directory must be one of its mounts: " + workDir);
        }
        for (String name : env.keySet()) {
            if (!ENV_NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("not an environment variable name: " + name);
            }
        }
    }
}
