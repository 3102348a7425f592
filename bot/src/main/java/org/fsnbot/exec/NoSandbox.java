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
    private final Spaces spaces;

    public NoSandbox(CommandRunner runner, String owner) throws IOException {
        this.runner = runner;
        this.owner = owner;
        this.spaces = new Spaces(runner, owner);
    }

    @Override
    public CommandResult run(SandboxStep step, Consumer<String> onLine) throws IOException {
        return runner.runWithOnly(step.command(), step.workDir(), env(step), step.timeout(), onLine);
    }

    @Override
    public CommandRunner.Copy runToFile(SandboxStep step, Path out, long maxBytes) throws IOException {
        return runner.runToFile(new CommandRunner.Invocation(step.command(), step.workDir(), env(step), true,
                step.timeout()), out, maxBytes);
    }

    private Map<String, String> env(SandboxStep step) {
        Map<String, String> env = new HashMap<>(Map.of("PATH", "/usr/bin:/bin", "HOME", "/tmp", "LANG", "C.UTF-8",
                Orphans.VARIABLE, owner));
        env.putAll(step.env());
        return env;
    }

    @Override
    public Space space(Path dir, long bytes) throws IOException {
        return spaces.make(dir, bytes);
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
