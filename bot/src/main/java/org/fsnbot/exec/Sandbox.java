package org.fsnbot.exec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Where every step that handles mail-derived content runs: git am, the
 * kernel's configuration and build, and QEMU booting the result. A step
 * sees only its mounts and the system's read-only directories, has no
 * network, gets only the environment it names, and dies with fsnbot.
 */
public interface Sandbox {

    /** Runs the step confined; its output and exit like CommandRunner's. */
    CommandResult run(SandboxStep step, Consumer<String> onLine) throws IOException;

    /** Gives the sandbox's user the directory (recursively) before a step gets it as a writable mount. */
    void handOver(Path dir) throws IOException;

    /** Takes the directory back: ours again, so no later step can write it even if it were mounted. */
    void takeBack(Path dir) throws IOException;

    /** One line for every report: how untrusted code ran. */
    String describe();

    /** False only for the mode that confines nothing; its reports carry a warning. */
    boolean confines();
}
