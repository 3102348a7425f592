package org.fsnbot.exec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Where every step that handles mail-derived content runs: git am, the
 * kernel's configuration and build, QEMU booting the result, and reading
 * back what those left. A step sees only its mounts and the system's
 * read-only directories, has no network, gets only the environment it
 * names, runs under the seccomp filter and in a cgroup of its own, and dies
 * with fsnbot.
 */
public interface Sandbox {

    /** Runs the step confined; its output and exit like CommandRunner's, with the limits it ran into. */
    CommandResult run(SandboxStep step, Consumer<String> onLine) throws IOException;

    /**
     * Runs the step confined with its standard output going to out (a new
     * file, in a directory only fsnbot writes), at most maxBytes.
     */
    CommandRunner.Copy runToFile(SandboxStep step, Path out, long maxBytes) throws IOException;

    /**
     * A directory untrusted code may fill, at most bytes large: a tmpfs
     * of its own mounted at dir (an empty directory fsnbot made) where
     * fsnbot may mount, the plain directory where it may not (then the
     * space says it is unbounded). Closing it unmounts and removes it.
     */
    Space space(Path dir, long bytes) throws IOException;

    /** Gives the sandbox's user the directory (recursively) before a step gets it as a writable mount. */
    void handOver(Path dir) throws IOException;

    /** Takes the directory back: ours again, so no later step can write it even if it were mounted. */
    void takeBack(Path dir) throws IOException;

    /** One line for every report: how untrusted code ran. */
    String describe();

    /** False only for the mode that confines nothing; its reports carry a warning. */
    boolean confines();
}
