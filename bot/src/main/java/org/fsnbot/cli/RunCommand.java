package org.fsnbot.cli;

import java.io.PrintStream;
import java.util.concurrent.Callable;
import org.fsnbot.app.Application;
import org.fsnbot.app.FleetNode;
import org.fsnbot.app.RunLoop;
import org.fsnbot.schedule.FleetScheduler;
import org.fsnbot.schedule.RunScheduler;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * `fsnbot run`: follow the inboxes and trees, queue, measure, reply to the
 * outbox. On the fleet's shared store (store.url) it is a coordinator:
 * it queues and hands the queue to the runners (docs/fleet.md).
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Follow the configured inboxes and trees; test what is new; write replies to the outbox.")
public final class RunCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions options;

    @Option(names = "--once", description = "One poll, then measure what it queued, then exit.")
    boolean once;

    @Option(names = "--queue-only", description = "Poll and queue, but measure nothing (for a front end without"
            + " a runner, or with --once for a dry look).")
    boolean queueOnly;

    @Option(names = "--health-port", description = "On the fleet's store: serve /healthz, /readyz and the fleet's"
            + " /metrics (Prometheus) on this port (docs/fleet.md \"Running it as a service\"); default: none.")
    Integer healthPort;

    @Override
    @SuppressWarnings("try") // the health endpoint is held open while the node runs, not read
    public Integer call() throws Exception {
        PrintStream err = System.err;
        Application app = Application.open(options.load(), PauseHooks.fromSystemProperties());
        boolean fleet = app.store().shared();
        // In the fleet a coordinator only queues and dispatches: runners measure.
        RunLoop loop = app.runLoop(queueOnly || fleet);
        if (!queueOnly && !fleet) {
            app.readyToMeasure();
        }
        if (fleet && !once) {
            FleetNode.Running running = FleetNode.coordinator(app, loop);
            Runtime.getRuntime().addShutdownHook(new Thread(running::stop, "fsnbot-shutdown"));
            try (AutoCloseable health = HealthOption.serve(app, running.node(), healthPort)) {
                running.awaitStop();
            }
            return ExitCodes.OK;
        }
        BadInput.require(healthPort == null, "--health-port is for a fleet node (store.url): a single machine has no"
                + " fleet to report");
        if (!fleet) {
            // Work a killed fsnbot left running is requeued; in the fleet, Quartz recovers it on a live runner.
            loop.recover();
        }
        Runnable weekly = app.weeklyCatchUp();
        if (!once) {
            RunScheduler.Running running = new RunScheduler(loop.cycle(), new RunScheduler.Weekly(weekly,
                    app.config().mailing().weekly().cron())).start();
            Runtime.getRuntime().addShutdownHook(new Thread(running::stop, "fsnbot-shutdown"));
            running.awaitStop();
            return ExitCodes.OK;
        }
        // Once: the store is closed on the way out, so that a caller in the same JVM (a test, a wrapper)
        // is not left with the database open and its files still written after it returns.
        try {
            RunLoop.PollReport r = loop.poll();
            if (fleet) {
                try (FleetScheduler.Dispatcher d = FleetNode.dispatcher(app)) {
                    d.run();
                }
            }
            err.printf("fsnbot: poll: %d queued, %d superseded, %d older revision(s) cancelled, %d incomplete,"
                    + " %d tree head(s) queued%n", r.series().queued().size(), r.series().superseded(),
                    r.series().cancelled(), r.series().incomplete(), r.trees().size());
            int ran = loop.drain();
            if (!queueOnly) {
                err.printf("fsnbot: measured %d unit(s) of work%n", ran);
            }
            weekly.run();
            return r.errors().isEmpty() ? ExitCodes.OK : ExitCodes.TROUBLE;
        } finally {
            app.close();
        }
    }
}
