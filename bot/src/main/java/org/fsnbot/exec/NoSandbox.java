package org.fsnbot.exec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * sandbox: none. The step runs as fsnbot itself, with fsnbot's rights,
 * network and secrets; only its environment is still cleared to what it
 * names. For a machine whose every patch source is trusted; every report
 * says it ran unconfined.
 */
public final class NoSandbox implements Sandbox {

    private final CommandRunner runner;
    private final String owner;

    public NoSandbox(CommandRunner runner, String owner) {
        this.runner = runner;
        this.owner = owner;
    }

    @Override
    public CommandResult run(SandboxStep step, Consumer<String> onLine) throws IOException {
        Map<String, String> env = new HashMap<>(Map.of("PATH", "/usr/bin:/bin", "HOME", "/tmp", "LANG", "C.UTF-8",
                Orphans.VARIABLE, owner));
        env.putAll(step.env());
        return runner.runWithOnly(step.command(), step.workDir(), env, step.timeout(), onLine);
    }

    @Override
    public void handOver(Path dir) {
    }

    @Override
    public void takeBack(Path dir) {
    }

    @Override
    public String describe() {
        return "NONE: untrusted code ran with fsnbot's own rights, network and files";
    }

    @Override
    public boolean confines() {
        return false;
    }
}
