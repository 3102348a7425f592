package org.fsnbot.cli;

import java.util.concurrent.Callable;
import org.fsnbot.app.Application;
import org.fsnbot.store.RunnerRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** `fsnbot drain RUNNER`: the runner finishes its current job, takes no more, and stops. */
@Command(name = "drain", mixinStandardHelpOptions = true,
        description = "Drain a runner: it finishes the job it is running, takes no more work, and stops.")
public final class DrainCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RUNNER", description = "The runner's name (fsnbot runners lists them).")
    String runner;

    @Mixin
    ConfigOptions options;

    @Override
    public Integer call() throws Exception {
        try (Application app = Application.look(options.load())) {
            BadInput.require(app.store().runners().setState(runner, RunnerRegistry.State.DRAINING),
                    "no runner named " + runner + " (fsnbot runners lists them)");
        }
        System.err.println("fsnbot: " + runner + " is drained: it claims no unit from now on, finishes the one it is"
                + " running, then stops");
        return ExitCodes.OK;
    }
}
