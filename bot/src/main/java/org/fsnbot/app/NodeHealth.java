package org.fsnbot.app;

import java.io.IOException;
import java.util.Optional;
import org.fsnbot.health.FleetMetrics;
import org.fsnbot.health.HealthServer;
import org.fsnbot.health.Node;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;

/** A fleet node as its health endpoint sees it (docs/fleet.md "Running it as a service"). */
public final class NodeHealth {

    private NodeHealth() {
    }

    /** A coordinator: ready while its scheduler runs and is not in standby. */
    static Node coordinator(String name, Scheduler s) {
        return new Node("coordinator", name, () -> running(s), () -> standby(s)
                ? Optional.of("its scheduler is in standby") : Optional.empty());
    }

    /** A runner: ready while it holds its name and takes units (not drained, not paused by a refused claim). */
    static Node runner(String name, Scheduler s, RunnerNameHolder held) {
        return new Node("runner", name, () -> running(s), () -> held.session() < 0
                ? Optional.of("it holds no name (the database session that held it ended)")
                : standby(s) ? Optional.of("it takes no units (drained, a claim was refused, or its disk is below its floor)") : Optional.empty());
    }

    /**
     * Serves node's health, readiness and the fleet's metrics on port (all
     * addresses: counts and reasons only); a node is not ready while its
     * database is away or its home's disk is below its floor.
     */
    public static HealthServer serve(Application app, Node node, int port) throws IOException {
        return HealthServer.start(new java.net.InetSocketAddress(port), node, () -> app.store().census().unreachable()
                .or(app.disk()::shortOf),
                new FleetMetrics(() -> app.store().census().count(), node));
    }

    private static boolean running(Scheduler s) {
        try {
            return !s.isShutdown();
        } catch (SchedulerException e) {
            return false;
        }
    }

    private static boolean standby(Scheduler s) {
        try {
            return s.isInStandbyMode();
        } catch (SchedulerException e) {
            return true;
        }
    }
}
