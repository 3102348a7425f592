package org.fsnbot.cli;

import java.util.Optional;
import java.util.concurrent.Callable;
import org.fsnbot.app.Application;
import org.fsnbot.app.Config;
import org.fsnbot.app.FleetNode;
import picocli.CommandLine.Command;
import org.fsnbot.store.Work;
import org.fsnbot.store.WorkState;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** `fsnbot runner`: this host as a runner of the fleet, measuring its class's units one at a time. */
@Command(name = "runner", mixinStandardHelpOptions = true,
        description = "Join the fleet on the shared store (store.url) as runner.name of runner.class and measure"
                + " that class's queued units, one at a time, until stopped or drained (docs/fleet.md).")
public final class RunnerCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions options;

    @Option(names = "--simulate-ms", hidden = true, description = "scripts/bench-fleet.sh: instead of building and"
            + " booting, hold each unit this long and record it done; every other step is the real one.")
    long simulateMs;

    @Option(names = "--health-port", description = "Serve /healthz, /readyz and the fleet's /metrics (Prometheus) on"
            + " this port (docs/fleet.md \"Running it as a service\"); default: none.")
    Integer healthPort;

    private void simulate(Application app, Work w) {
        try {
            Thread.sleep(simulateMs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (!app.lease().settle()) {
            System.err.println("work #" + w.id() + ": stopped measuring it (this runner lost its hold on it: "
                    + app.lease().lost().orElse("") + "); its simulated result is dropped");
            return;
        }
        if (!app.store().queue().finish(w.id(), app.runnerName().name(), WorkState.DONE, null, "simulated")) {
            System.err.println("work #" + w.id() + " is no longer this runner's: its simulated result is discarded");
        }
    }

    @Override
    @SuppressWarnings("try") // the health endpoint is held open while the node runs, not read
    public Integer call() throws Exception {
        Config cfg = options.load();
        BadInput.require(cfg.deployment().store().shared(), "fsnbot runner needs the fleet's store: set store.url to"
                + " a jdbc:postgresql:// URL (docs/fleet.md)");
        Application app = Application.open(cfg, PauseHooks.fromSystemProperties());
        // The name first: a twin is refused before it reaps, mounts or claims anything.
        Optional<FleetNode.Running> started = FleetNode.runner(app, simulateMs > 0 ? w -> simulate(app, w)
                : FleetNode.measuring(app), simulateMs > 0 ? () -> { } : app::readyToMeasure);
        if (started.isEmpty()) {
            app.close();
            throw new BadInput("another fsnbot runner named " + app.runnerName().name() + " is running (it holds"
                    + " the name in the store): two cannot share a name; stop it, or set runner.name");
        }
        FleetNode.Running running = started.get();
        Runtime.getRuntime().addShutdownHook(new Thread(running::stop, "fsnbot-shutdown"));
        try (AutoCloseable health = HealthOption.serve(app, running.node(), healthPort)) {
            running.awaitStop();
        }
        app.close();
        return ExitCodes.OK;
    }
}
